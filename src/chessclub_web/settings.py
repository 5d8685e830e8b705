"""Django settings of the chessclub web layer.

Everything a local installation needs comes from the environment, with defaults for local use:

- ``CHESSCLUB_DATA_DIR`` — where the SQLite database lives (created if missing). Default, whatever
  the current directory: the ``data/`` folder of the source checkout when running from one (the
  folder holding chessclub's ``pyproject.toml`` above this package), else a per-user folder,
  ``$XDG_DATA_HOME/chessclub`` or ``~/.local/share/chessclub``.
- ``DATABASE_URL`` — any database dj-database-url understands (``postgres://…``); when unset,
  SQLite at ``<data dir>/chessclub.sqlite3``.
- ``CHESSCLUB_SECRET_KEY`` (or ``SECRET_KEY``) — a development key is used when unset.
- ``CHESSCLUB_DEBUG`` — ``1``/``0`` (default ``0``: no traceback is ever shown to a visitor;
  errors show the site's own 400/403/404/500 pages). ``1`` only to develop, never on a network.
- ``CHESSCLUB_ALLOWED_HOSTS`` — comma-separated host names (default: the local host names).
- ``CHESSCLUB_CLUB_CREATION`` — who may create a club: ``open`` (default: any logged-in
  account) or ``staff`` (site staff only); any other value stops the start-up.
- Logins and password resets are throttled (chessclub_web/throttle.py):
  ``CHESSCLUB_LOGIN_FAILURE_LIMIT`` wrong passwords for one account (default 5) or
  ``CHESSCLUB_LOGIN_IP_FAILURE_LIMIT`` from one client address (default 20) block logging in
  for ``CHESSCLUB_LOGIN_COOLOFF_MINUTES`` (default 15); at most
  ``CHESSCLUB_RESET_MAILS_PER_EMAIL`` password-reset mails per e-mail address (default 3) and
  ``CHESSCLUB_RESET_MAILS_PER_IP`` per client address (default 10) go out per hour.
  ``CHESSCLUB_PROXY_COUNT`` — the number of reverse proxies in front of the site (default 0):
  behind one HTTPS proxy, 1, so that the client's address is read from ``X-Forwarded-For``.
"""

from __future__ import annotations

import os
import tomllib
from collections.abc import Mapping
from datetime import timedelta
from pathlib import Path

import dj_database_url
from django.core.exceptions import ImproperlyConfigured
from django.utils.translation import gettext_lazy as _

PACKAGE_DIR = Path(__file__).resolve().parent


def _flag(name: str, default: bool) -> bool:
    value = os.environ.get(name)
    if value is None or not value.strip():
        return default
    return value.strip().lower() in {"1", "true", "yes", "on"}


def _count(name: str, default: int, minimum: int = 1) -> int:
    """The whole number in the environment variable ``name`` (``default`` when unset or
    empty); anything else, or a number below ``minimum``, stops the start-up."""
    value = os.environ.get(name, "").strip()
    if not value:
        return default
    try:
        number = int(value)
    except ValueError:
        number = minimum - 1
    if number < minimum:
        raise ImproperlyConfigured(f"{name} must be a whole number >= {minimum}, not {value!r}")
    return number


def _source_checkout(package_dir: Path) -> Path | None:
    """The source checkout holding ``package_dir``: the nearest folder above it with a
    ``pyproject.toml`` naming the project ``chessclub``; ``None`` for an installed package."""
    for folder in package_dir.parents:
        pyproject = folder / "pyproject.toml"
        if pyproject.is_file():
            try:
                name = tomllib.loads(pyproject.read_text(encoding="utf-8"))["project"]["name"]
            except (OSError, ValueError, KeyError, TypeError):
                return None
            return folder if name == "chessclub" else None
    return None


def default_data_dir(
    environ: Mapping[str, str] = os.environ, package_dir: Path = PACKAGE_DIR
) -> Path:
    """``CHESSCLUB_DATA_DIR`` if set; else the checkout's ``data/`` folder; else the per-user
    data folder (``$XDG_DATA_HOME/chessclub``, ``~/.local/share/chessclub``). Never relative
    to the current directory."""
    configured = environ.get("CHESSCLUB_DATA_DIR", "").strip()
    if configured:
        return Path(configured).expanduser().resolve()
    checkout = _source_checkout(package_dir)
    if checkout is not None:
        return checkout / "data"
    xdg = environ.get("XDG_DATA_HOME", "").strip()
    base = Path(xdg) if xdg and Path(xdg).is_absolute() else Path.home() / ".local" / "share"
    return base / "chessclub"


DATA_DIR = default_data_dir()
DATA_DIR.mkdir(parents=True, exist_ok=True)

DEBUG = _flag("CHESSCLUB_DEBUG", False)
SECRET_KEY = (
    os.environ.get("CHESSCLUB_SECRET_KEY")
    or os.environ.get("SECRET_KEY")
    or "django-insecure-chessclub-local-development-key-change-me-in-production"
)
ALLOWED_HOSTS = [
    host.strip()
    for host in os.environ.get("CHESSCLUB_ALLOWED_HOSTS", "localhost,127.0.0.1,[::1]").split(",")
    if host.strip()
]

# Who may create a club (*Créer un club*): "open", any logged-in account (default), or
# "staff", the site's staff only.
CLUB_CREATION_CHOICES = ("open", "staff")
CHESSCLUB_CLUB_CREATION = os.environ.get("CHESSCLUB_CLUB_CREATION", "").strip().lower() or "open"
if CHESSCLUB_CLUB_CREATION not in CLUB_CREATION_CHOICES:
    raise ImproperlyConfigured(
        "CHESSCLUB_CLUB_CREATION must be 'open' (any logged-in account creates clubs) or "
        f"'staff' (site staff only), not {os.environ['CHESSCLUB_CLUB_CREATION']!r}"
    )

INSTALLED_APPS = [
    "whitenoise.runserver_nostatic",
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "chessclub_web",
    "chessclub_web.audit",
    "chessclub_web.clubs",
    "chessclub_web.tournaments",
    "chessclub_web.pairings",
    "chessclub_web.results",
    "chessclub_web.closing",
    "chessclub_web.federation",
    "chessclub_web.frbe",
    "chessclub_web.fse",
    "chessclub_web.fide",
    "chessclub_web.teams",
    "chessclub_web.documents",
    "chessclub_web.background",
    "django_tasks",
    "django_tasks_db",
    "axes",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "chessclub_web.middleware.DatabaseBusyMiddleware",
    "chessclub_web.refusals.RefusalMiddleware",
    # Last: turns a login refused for too many failures into the lockout page (django-axes).
    "axes.middleware.AxesMiddleware",
]

ROOT_URLCONF = "chessclub_web.urls"
WSGI_APPLICATION = "chessclub_web.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
]

SQLITE_TIMEOUT = 20  # seconds a writer waits for SQLite's write lock
_database_url = os.environ.get("DATABASE_URL", "").strip()
if _database_url:
    DATABASES = {"default": dj_database_url.parse(_database_url, conn_max_age=60)}
else:
    # Several writers at once (two imports, an import and a login…): each transaction takes the
    # write lock when it begins (IMMEDIATE) and waits up to 20 s for it; readers never wait for
    # writers (WAL journal). A write still locked out after that answers 503 "try again"
    # (chessclub_web.middleware), not 500.
    DATABASES = {
        "default": {
            "ENGINE": "django.db.backends.sqlite3",
            "NAME": DATA_DIR / "chessclub.sqlite3",  # type: ignore[typeddict-item]  # a path works
            "OPTIONS": {
                "transaction_mode": "IMMEDIATE",
                "timeout": SQLITE_TIMEOUT,
                "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
            },
        }
    }
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# Background tasks (chessclub_web.background): CHESSCLUB_TASKS=immediate (default) runs each job
# in the process that asks for it, with no other service; "database" queues it in the database
# (django_tasks_db), where `chessclub worker` processes take it.
CHESSCLUB_TASKS = os.environ.get("CHESSCLUB_TASKS", "").strip().lower() or "immediate"
_TASK_BACKENDS = {
    "immediate": "django_tasks.backends.immediate.ImmediateBackend",
    "database": "django_tasks_db.DatabaseBackend",
}
if CHESSCLUB_TASKS not in _TASK_BACKENDS:
    raise ImproperlyConfigured(
        "CHESSCLUB_TASKS must be 'immediate' (jobs run in the web process) or 'database' "
        f"(jobs run by `chessclub worker`), not {os.environ['CHESSCLUB_TASKS']!r}"
    )
TASKS = {"default": {"BACKEND": _TASK_BACKENDS[CHESSCLUB_TASKS]}}
# A running job whose worker has not written its heartbeat (every 5 s) for this long was lost
# (killed, machine gone): queued again, at most three starts in all (seconds).
CHESSCLUB_JOB_STALE_SECONDS = _count("CHESSCLUB_JOB_STALE_SECONDS", 120, minimum=10)
# Uploaded files that a background job reads (a rating list) wait in the site's file storage:
# on a site of several servers, a folder they share.
MEDIA_ROOT = Path(os.environ.get("CHESSCLUB_MEDIA_DIR", "").strip() or DATA_DIR / "files")
# The pairing engine's time limit (seconds): past it, "cannot pair: no pairing found within …".
CHESSCLUB_PAIRING_TIMEOUT = float(_count("CHESSCLUB_PAIRING_TIMEOUT", 120))
# The Python interpreter that runs FIDE's pairing engine (default: the app's own).
CHESSCLUB_PAIRING_PYTHON = os.environ.get("CHESSCLUB_PAIRING_PYTHON", "").strip()

# The computed standings of each tournament are cached (keyed by the tournament's revision, so
# never stale): in the process's memory by default. The explanations of tiebreak values (one
# entry per player and code, small) have their own cache: a visitor opening many of them never
# pushes the standings out.
CACHES = {
    "default": {
        "BACKEND": "django.core.cache.backends.locmem.LocMemCache",
        "LOCATION": "chessclub",
        "OPTIONS": {"MAX_ENTRIES": 200},
    },
    "explanations": {
        "BACKEND": "django.core.cache.backends.locmem.LocMemCache",
        "LOCATION": "chessclub-explanations",
        "OPTIONS": {"MAX_ENTRIES": 2000},
    },
    # Password-reset mail counters (chessclub_web/throttle.py): their own cache, so that no
    # page cached meanwhile pushes them out. In the process's memory: each worker process
    # counts on its own (under gunicorn's N workers, up to N times the caps per hour).
    "throttle": {
        "BACKEND": "django.core.cache.backends.locmem.LocMemCache",
        "LOCATION": "chessclub-throttle",
        "OPTIONS": {"MAX_ENTRIES": 10000},
    },
}

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
# The throttling backend first: it refuses any login attempt (site or admin) while the account
# or the client's address is locked out, before the password is even checked.
AUTHENTICATION_BACKENDS = [
    "chessclub_web.throttle.LoginThrottleBackend",
    "django.contrib.auth.backends.ModelBackend",
]
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "home"
LOGOUT_REDIRECT_URL = "home"
# Password reset mails: printed on the console by default (a local
# installation sends no mail); set CHESSCLUB_EMAIL_BACKEND (e.g.
# django.core.mail.backends.smtp.EmailBackend) to send real mail.
EMAIL_BACKEND = os.environ.get(
    "CHESSCLUB_EMAIL_BACKEND", "django.core.mail.backends.console.EmailBackend"
)

# Login throttling (django-axes, chessclub_web/throttle.py). Failed attempts are stored in the
# database (shared by every worker process); a lock ends by itself CHESSCLUB_LOGIN_COOLOFF_MINUTES
# after the last failure, or earlier when staff reset it (the admin's *Access attempts*, or
# `chessclub manage axes_reset_username NAME` / `axes_reset_ip ADDRESS` / `axes_reset`).
CHESSCLUB_LOGIN_FAILURE_LIMIT = _count("CHESSCLUB_LOGIN_FAILURE_LIMIT", 5)
CHESSCLUB_LOGIN_IP_FAILURE_LIMIT = _count("CHESSCLUB_LOGIN_IP_FAILURE_LIMIT", 20)
CHESSCLUB_LOGIN_COOLOFF_MINUTES = _count("CHESSCLUB_LOGIN_COOLOFF_MINUTES", 15)
CHESSCLUB_PROXY_COUNT = _count("CHESSCLUB_PROXY_COUNT", 0, minimum=0)
AXES_ENABLED = True
AXES_HANDLER = "chessclub_web.throttle.LoginThrottleHandler"
AXES_FAILURE_LIMIT = CHESSCLUB_LOGIN_FAILURE_LIMIT  # per account; per address: the handler
AXES_LOCKOUT_PARAMETERS = ["username", "ip_address"]  # either one locks
AXES_COOLOFF_TIME = timedelta(minutes=CHESSCLUB_LOGIN_COOLOFF_MINUTES)
AXES_RESET_ON_SUCCESS = True  # a successful login forgets that account's failures
AXES_LOCKOUT_CALLABLE = "chessclub_web.throttle.lockout_response"
AXES_CLIENT_IP_CALLABLE = "chessclub_web.throttle.client_ip"
AXES_HTTP_RESPONSE_CODE = 429
AXES_DISABLE_ACCESS_LOG = True  # no record of every successful login (addresses) kept forever
AXES_VERBOSE = False
# Password reset mails per hour (chessclub_web/throttle.py), counted in their own cache.
CHESSCLUB_RESET_MAILS_PER_EMAIL = _count("CHESSCLUB_RESET_MAILS_PER_EMAIL", 3)
CHESSCLUB_RESET_MAILS_PER_IP = _count("CHESSCLUB_RESET_MAILS_PER_IP", 10)

# Internationalisation: French first, then Dutch, German and English (spec: Clubs, people).
LANGUAGE_CODE = "fr"
LANGUAGES = [
    ("fr", _("French")),
    ("nl", _("Dutch")),
    ("de", _("German")),
    ("en", _("English")),
]
LOCALE_PATHS = [PACKAGE_DIR / "locale"]
# Dates day first in every language, English too (chessclub_web/formats/en).
FORMAT_MODULE_PATH = ["chessclub_web.formats"]
# The language chosen in the selector is kept for a year (not only for the browser session).
LANGUAGE_COOKIE_AGE = 365 * 24 * 60 * 60
LANGUAGE_COOKIE_SAMESITE = "Lax"
USE_I18N = True
TIME_ZONE = "Europe/Brussels"
USE_TZ = True

# Static files: served by WhiteNoise, from the apps' folders (no collectstatic needed locally),
# with DEBUG off as well as on (WHITENOISE_USE_FINDERS: the files are found at start-up).
STATIC_URL = "static/"
STATIC_ROOT = DATA_DIR / "static"
STATIC_ROOT.mkdir(parents=True, exist_ok=True)
WHITENOISE_USE_FINDERS = True
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
}

# An uploaded tournament file is small: 5 MB at most (chessclub_web/uploads.py drops larger
# files as they arrive and the form says so). Smaller ones stay in memory.
DATA_UPLOAD_MAX_MEMORY_SIZE = 5 * 1024 * 1024
FILE_UPLOAD_MAX_MEMORY_SIZE = 5 * 1024 * 1024
FILE_UPLOAD_HANDLERS = [
    "chessclub_web.uploads.SizeLimitUploadHandler",
    "django.core.files.uploadhandler.MemoryFileUploadHandler",
    "django.core.files.uploadhandler.TemporaryFileUploadHandler",
]

# With DEBUG off Django logs nothing by default: server errors (500) and refused requests go to
# the console (standard error), where `chessclub serve` and WSGI servers keep them.
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "loggers": {
        "django.request": {"handlers": ["console"], "level": "ERROR", "propagate": False},
        "django.security": {"handlers": ["console"], "level": "WARNING", "propagate": False},
        # Failed logins and lockouts (django-axes; names and addresses masked) and capped
        # password-reset mails.
        "axes": {"handlers": ["console"], "level": "WARNING", "propagate": False},
        "chessclub_web.throttle": {"handlers": ["console"], "level": "WARNING", "propagate": False},
    },
}
