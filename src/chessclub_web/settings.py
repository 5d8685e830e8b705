"""Django settings of the chessclub web layer.

Everything comes from the environment (read with django-environ), with defaults for a local
installation: ``make run`` needs none of these. A variable set to an empty value counts as unset.

Local installation and database:

- ``CHESSCLUB_DATA_DIR`` — where the SQLite database, the generated secret key and the
  collected static files live (created if missing). Default, whatever the current directory:
  the ``data/`` folder of the source checkout when running from one (the folder holding
  chessclub's ``pyproject.toml`` above this package), else a per-user folder,
  ``$XDG_DATA_HOME/chessclub`` or ``~/.local/share/chessclub``.
- ``DATABASE_URL`` — any database URL django-environ understands (``postgres://user@host:5432/
  name``); when unset, SQLite at ``<data dir>/chessclub.sqlite3``. With a URL, connections are
  kept ``CHESSCLUB_CONN_MAX_AGE`` seconds (default 60, 0: one per request), checked before
  reuse (``CONN_HEALTH_CHECKS``), and PostgreSQL gives up connecting after 5 s
  (``connect_timeout``, unless the URL sets it). ``CHESSCLUB_PGBOUNCER=1`` behind PgBouncer's
  transaction pooling: no server-side cursors, no prepared statements.

Secrets and hosts:

- ``CHESSCLUB_SECRET_KEY`` (or ``SECRET_KEY``), or ``CHESSCLUB_SECRET_KEY_FILE`` (a file
  holding it). Without either: the local embedded SQLite installation (no ``DATABASE_URL``)
  creates a random key once in ``<data dir>/secret_key`` (mode 0600) and reuses it; a server
  (``DATABASE_URL`` set) with ``DEBUG`` off refuses to start (ImproperlyConfigured).
- ``CHESSCLUB_DEBUG`` — ``1``/``0`` (default ``0``: no traceback is ever shown to a visitor;
  errors show the site's own 400/403/404/500/503 pages). ``1`` only to develop, never on a network.
- ``CHESSCLUB_ALLOWED_HOSTS`` — comma-separated host names (default: the local host names).
- ``CHESSCLUB_CSRF_TRUSTED_ORIGINS`` — comma-separated origins (``https://club.example.org``)
  whose form posts are accepted (needed when the proxy changes the scheme or the host).

HTTPS (``CHESSCLUB_HTTPS=1``, for a site served over HTTPS only):

- plain HTTP is redirected to HTTPS (except ``/health/``, probed on the app server itself), the
  session, CSRF and language cookies are sent over HTTPS only, and HSTS asks browsers to use
  HTTPS for ``CHESSCLUB_HSTS_SECONDS`` (default one year, 31536000), with subdomains when
  ``CHESSCLUB_HSTS_INCLUDE_SUBDOMAINS=1`` and the preload flag when ``CHESSCLUB_HSTS_PRELOAD=1``
  (both off by default: they bind every subdomain, and preloading is hard to undo).
- ``CHESSCLUB_PROXY_COUNT`` — the number of reverse proxies in front of the site (default 0):
  behind one HTTPS proxy, 1, so that the client's address is read from ``X-Forwarded-For``
  (chessclub_web/throttle.py) and the request's scheme from ``X-Forwarded-Proto`` (the proxy
  must set it, overwriting the client's).

Every page carries a strict Content-Security-Policy (django-csp): scripts only from the site's
own files, no framing, forms posted to the site only (see ``CONTENT_SECURITY_POLICY``).

Caches, mail, static files, logs:

- ``CHESSCLUB_CACHE_URL`` — ``redis://host:6379/N`` (or ``rediss://``): the standings,
  explanations and password-reset counters in Redis, shared by every worker process (Django's
  own Redis backend); default: each process's own memory.
- ``CHESSCLUB_EMAIL_URL`` — e.g. ``smtp+tls://user:password@mail.example.org:587``
  (``smtp://``, ``smtp+ssl://``, ``consolemail://``…, django-environ's e-mail URLs);
  ``CHESSCLUB_EMAIL_BACKEND`` — a backend's dotted path, which wins over the URL's scheme
  (default without either: mails printed on the console). ``CHESSCLUB_FROM_EMAIL`` — the
  sender of the site's mails and of the error mails (``DEFAULT_FROM_EMAIL``, ``SERVER_EMAIL``).
- ``CHESSCLUB_STATIC_MANIFEST=1`` — static files with hashed names and compressed
  (WhiteNoise's ``CompressedManifestStaticFilesStorage``), served from ``<data dir>/static``:
  run ``chessclub manage collectstatic --noinput`` after each install or upgrade. Default: the
  files are served from the apps' folders, nothing to collect.
- ``CHESSCLUB_LOG_FORMAT`` — ``text`` (default) or ``json``: one line per request
  (chessclub_web/logs.py) and the errors, on standard error.
- ``CHESSCLUB_TASKS`` — ``immediate`` (default: background jobs run in the web process) or
  ``database`` (queued in the database, run by ``chessclub worker``; chessclub_web/background).
  ``CHESSCLUB_JOB_STALE_SECONDS`` (default 120): a job whose worker wrote no heartbeat for that
  long is run again. ``CHESSCLUB_MEDIA_DIR`` (default ``<data dir>/files``): where an upload
  waits for its job (a folder shared by the servers and the workers).
- ``CHESSCLUB_TIME_ZONE`` — the time zone of the pages, the history and the logs (default
  ``Europe/Brussels``).
- ``CHESSCLUB_PAIRING_TIMEOUT`` — FIDE's engine's time limit in seconds (default 120);
  ``CHESSCLUB_PAIRING_PYTHON`` — the interpreter that runs it (default: the app's own).

Site rules:

- ``CHESSCLUB_CLUB_CREATION`` — who may create a club: ``open`` (default: any logged-in
  account) or ``staff`` (site staff only); any other value stops the start-up.
- Logins and password resets are throttled (chessclub_web/throttle.py):
  ``CHESSCLUB_LOGIN_FAILURE_LIMIT`` wrong passwords for one account (default 5) or
  ``CHESSCLUB_LOGIN_IP_FAILURE_LIMIT`` from one client address (default 20) block logging in
  for ``CHESSCLUB_LOGIN_COOLOFF_MINUTES`` (default 15); at most
  ``CHESSCLUB_RESET_MAILS_PER_EMAIL`` password-reset mails per e-mail address (default 3) and
  ``CHESSCLUB_RESET_MAILS_PER_IP`` per client address (default 10) go out per hour.
- The JSON API (chessclub_web/api, docs/api.md) is throttled: ``CHESSCLUB_API_RATE_ADDRESS``
  calls without a token per client address (default ``300/min``), ``CHESSCLUB_API_RATE_TOKEN``
  per personal token (default ``1200/min``); a rate is ``N/s``, ``N/min``, ``N/hour`` or
  ``N/day``, anything else stops the start-up. Beyond it: 429 with ``Retry-After``.
- ``CHESSCLUB_FSE_TABLE`` — a JSON evaluation table for the Swiss ranking-list forecast
  (chessclub_web/fse/services.py).
"""

from __future__ import annotations

import base64
import contextlib
import hashlib
import os
import secrets
import tempfile
import tomllib
from collections.abc import Mapping
from datetime import timedelta
from pathlib import Path
from typing import Any

import environ  # type: ignore[import-untyped]  # django-environ ships no types
from csp.constants import NONE, SELF, UNSAFE_HASHES, UNSAFE_INLINE
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


def _rate(name: str, default: str) -> str:
    """A throttle rate ``N/period`` (period ``s``, ``sec``, ``m``, ``min``, ``h``, ``hour``, ``d``
    or ``day``; ``N`` at least 1) from the environment variable ``name`` (``default`` when unset
    or empty); anything else stops the start-up."""
    value = os.environ.get(name, "").strip() or default
    number, _slash, period = value.partition("/")
    if not (number.isdigit() and int(number) >= 1 and period in _RATE_PERIODS):
        raise ImproperlyConfigured(
            f"{name} must be a rate such as 300/min (N/s, N/min, N/hour or N/day), not {value!r}"
        )
    return value


_RATE_PERIODS = frozenset({"s", "sec", "m", "min", "h", "hour", "d", "day"})


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


def _list(name: str, default: str = "") -> list[str]:
    """The comma-separated values of ``name`` (``default`` when unset or empty), stripped."""
    value = os.environ.get(name, "").strip() or default
    return [part.strip() for part in value.split(",") if part.strip()]


SECRET_KEY_FILE_NAME = "secret_key"
"""The generated key's file in the data folder (local SQLite installations only)."""


def load_secret_key(
    environ: Mapping[str, str], data_dir: Path, *, server: bool, debug: bool
) -> str:
    """The secret key: ``CHESSCLUB_SECRET_KEY`` (or ``SECRET_KEY``); else the content of the file
    ``CHESSCLUB_SECRET_KEY_FILE`` (stripped); else, unless ``server`` (a ``DATABASE_URL``) with
    ``debug`` off, a random key kept in ``data_dir/secret_key`` (mode 0600), created on the
    first start and reused after. Raises ImproperlyConfigured for a server with DEBUG off and
    no key, and for a key file that cannot be read or is empty."""
    key = environ.get("CHESSCLUB_SECRET_KEY", "").strip() or environ.get("SECRET_KEY", "").strip()
    if key:
        return key
    key_file = environ.get("CHESSCLUB_SECRET_KEY_FILE", "").strip()
    if key_file:
        try:
            key = Path(key_file).expanduser().read_text(encoding="utf-8").strip()
        except (OSError, UnicodeDecodeError) as exc:
            raise ImproperlyConfigured(
                f"CHESSCLUB_SECRET_KEY_FILE: cannot read {key_file} ({exc})"
            ) from exc
        if not key:
            raise ImproperlyConfigured(f"CHESSCLUB_SECRET_KEY_FILE: {key_file} is empty")
        return key
    if server and not debug:
        raise ImproperlyConfigured(
            "No secret key: set CHESSCLUB_SECRET_KEY to a long random value (for example the "
            "output of: python3 -c 'import secrets; print(secrets.token_urlsafe(50))') or "
            "CHESSCLUB_SECRET_KEY_FILE to a file holding it. A server (DATABASE_URL is set) "
            "with DEBUG off never makes up a key of its own."
        )
    return _local_secret_key(data_dir / SECRET_KEY_FILE_NAME)


def _local_secret_key(path: Path) -> str:
    """The key in ``path``, created (random, mode 0600) when missing. Two processes starting at
    once agree: the file appears whole (linked from a finished temporary file) or not at all."""
    try:
        key = path.read_text(encoding="utf-8").strip()
    except FileNotFoundError:
        key = ""
    if key:
        return key
    descriptor, temporary = tempfile.mkstemp(dir=path.parent, prefix=".secret_key-")  # 0600
    try:
        with os.fdopen(descriptor, "w", encoding="utf-8") as handle:
            handle.write(secrets.token_urlsafe(50) + "\n")
        with contextlib.suppress(FileExistsError):  # another process made it first: use theirs
            os.link(temporary, path)
    finally:
        os.unlink(temporary)
    return path.read_text(encoding="utf-8").strip()


_env = environ.Env()
_database_url = os.environ.get("DATABASE_URL", "").strip()

DEBUG = _flag("CHESSCLUB_DEBUG", False)
SECRET_KEY = load_secret_key(os.environ, DATA_DIR, server=bool(_database_url), debug=DEBUG)
ALLOWED_HOSTS = _list("CHESSCLUB_ALLOWED_HOSTS", "localhost,127.0.0.1,[::1]")
CSRF_TRUSTED_ORIGINS = _list("CHESSCLUB_CSRF_TRUSTED_ORIGINS")

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
    "chessclub_web.keizer",
    "chessclub_web.cups",
    "chessclub_web.scheveningen",
    "chessclub_web.documents",
    "chessclub_web.background",
    "chessclub_web.accounts",
    "chessclub_web.reports",
    "ninja",
    "django_tasks",
    "django_tasks_db",
    "axes",
    "csp",
]

MIDDLEWARE = [
    # First: one log line per request, whatever answered it (chessclub_web/logs.py).
    "chessclub_web.logs.RequestLogMiddleware",
    "django.middleware.security.SecurityMiddleware",
    "csp.middleware.CSPMiddleware",
    # Before everything that reads the database (sessions, accounts, login throttling): a
    # database that cannot be reached, or is locked, answers the 503 page, not 500.
    "chessclub_web.middleware.DatabaseUnavailableMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    # Under /api/: Django's own 404, 405 and 500 answers in the API's JSON error shape.
    "chessclub_web.api.middleware.JsonApiErrorsMiddleware",
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
POSTGRESQL_CONNECT_TIMEOUT = 5  # seconds before an unreachable PostgreSQL answers 503
if _database_url:
    _database: dict[str, Any] = dict(_env.db_url_config(_database_url))
    # Connections are kept between requests, and checked before each reuse: a connection the
    # server closed meanwhile (restart, failover) is replaced, never handed to a request.
    _database["CONN_MAX_AGE"] = _count("CHESSCLUB_CONN_MAX_AGE", 60, minimum=0)
    _database["CONN_HEALTH_CHECKS"] = True
    if _database["ENGINE"] == "django.db.backends.postgresql":
        _database.setdefault("OPTIONS", {}).setdefault(
            "connect_timeout", POSTGRESQL_CONNECT_TIMEOUT
        )
        if _flag("CHESSCLUB_PGBOUNCER", False):
            # PgBouncer in transaction pooling hands each transaction to any server
            # connection: a cursor or a prepared statement of an earlier one may be gone.
            _database["DISABLE_SERVER_SIDE_CURSORS"] = True
            _database["OPTIONS"]["prepare_threshold"] = None
    DATABASES = {"default": _database}
else:
    # Several writers at once (two imports, an import and a login…): each transaction takes the
    # write lock when it begins (IMMEDIATE) and waits up to 20 s for it; readers never wait for
    # writers (WAL journal). A write still locked out after that answers 503 "try again"
    # (chessclub_web.middleware), not 500.
    DATABASES = {
        "default": {
            "ENGINE": "django.db.backends.sqlite3",
            "NAME": DATA_DIR / "chessclub.sqlite3",
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
# never stale). The explanations of tiebreak values (one entry per player and code, small) have
# their own cache: a visitor opening many of them never pushes the standings out. The
# password-reset mail counters (chessclub_web/throttle.py) have theirs too, so that no page
# cached meanwhile pushes them out.
CACHE_SIZES = {"default": 200, "explanations": 2000, "throttle": 10000}
"""Entries each local-memory cache keeps (Redis evicts by its own ``maxmemory`` policy)."""


def cache_settings(url: str) -> dict[str, dict[str, Any]]:
    """``CACHES`` for ``CHESSCLUB_CACHE_URL`` = ``url``. Empty: each process's memory (under
    gunicorn's N workers, each counts the password-reset mails on its own, up to N times the
    caps). ``redis://`` or ``rediss://``: the three caches in that Redis database (Django's
    own backend), each under its own key prefix, shared by every process. Any other scheme
    raises ImproperlyConfigured."""
    if not url:
        return {
            alias: {
                "BACKEND": "django.core.cache.backends.locmem.LocMemCache",
                "LOCATION": "chessclub" if alias == "default" else f"chessclub-{alias}",
                "OPTIONS": {"MAX_ENTRIES": size},
            }
            for alias, size in CACHE_SIZES.items()
        }
    if not url.startswith(("redis://", "rediss://")):
        raise ImproperlyConfigured(
            f"CHESSCLUB_CACHE_URL must be a redis:// or rediss:// URL, not {url.split(':')[0]!r}"
        )
    # A Redis that cannot be reached is a cache miss for the pages' values (chessclub_web/
    # cache.py); the password-reset counters keep Django's backend, which raises then.
    return {
        alias: {
            "BACKEND": "django.core.cache.backends.redis.RedisCache"
            if alias == "throttle"
            else "chessclub_web.cache.TolerantRedisCache",
            "LOCATION": url,
            "KEY_PREFIX": "chessclub" if alias == "default" else f"chessclub-{alias}",
        }
        for alias in CACHE_SIZES
    }


CACHES = cache_settings(os.environ.get("CHESSCLUB_CACHE_URL", "").strip())

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
# Password reset mails: printed on the console by default (a local installation sends no mail);
# CHESSCLUB_EMAIL_URL (smtp+tls://user:password@host:587…) sends real mail, and
# CHESSCLUB_EMAIL_BACKEND (a dotted path) chooses the backend, the URL's or the console's.
_email_url = os.environ.get("CHESSCLUB_EMAIL_URL", "").strip()
_email: dict[str, Any] = dict(_env.email_url_config(_email_url)) if _email_url else {}
EMAIL_BACKEND = os.environ.get("CHESSCLUB_EMAIL_BACKEND", "").strip() or _email.get(
    "EMAIL_BACKEND", "django.core.mail.backends.console.EmailBackend"
)
EMAIL_HOST = _email.get("EMAIL_HOST") or "localhost"
EMAIL_PORT = int(_email.get("EMAIL_PORT") or 25)
EMAIL_HOST_USER = _email.get("EMAIL_HOST_USER", "")
EMAIL_HOST_PASSWORD = _email.get("EMAIL_HOST_PASSWORD", "")
EMAIL_USE_TLS = bool(_email.get("EMAIL_USE_TLS", False))
EMAIL_USE_SSL = bool(_email.get("EMAIL_USE_SSL", False))
if _email.get("EMAIL_FILE_PATH"):
    EMAIL_FILE_PATH = _email["EMAIL_FILE_PATH"]
EMAIL_TIMEOUT = 10  # seconds: a mail server that does not answer never holds a worker longer
_from_email = os.environ.get("CHESSCLUB_FROM_EMAIL", "").strip()
if _from_email:
    DEFAULT_FROM_EMAIL = SERVER_EMAIL = _from_email

# Login throttling (django-axes, chessclub_web/throttle.py). Failed attempts are stored in the
# database (shared by every worker process); a lock ends by itself CHESSCLUB_LOGIN_COOLOFF_MINUTES
# after the last failure, or earlier when staff reset it (the admin's *Access attempts*, or
# `chessclub manage axes_reset_username NAME` / `axes_reset_ip ADDRESS` / `axes_reset`).
CHESSCLUB_LOGIN_FAILURE_LIMIT = _count("CHESSCLUB_LOGIN_FAILURE_LIMIT", 5)
CHESSCLUB_LOGIN_IP_FAILURE_LIMIT = _count("CHESSCLUB_LOGIN_IP_FAILURE_LIMIT", 20)
CHESSCLUB_LOGIN_COOLOFF_MINUTES = _count("CHESSCLUB_LOGIN_COOLOFF_MINUTES", 15)
CHESSCLUB_PROXY_COUNT = _count("CHESSCLUB_PROXY_COUNT", 0, minimum=0)
# The JSON API's throttles (chessclub_web/api/throttles.py, read at each call).
CHESSCLUB_API_RATE_ADDRESS = _rate("CHESSCLUB_API_RATE_ADDRESS", "300/min")
CHESSCLUB_API_RATE_TOKEN = _rate("CHESSCLUB_API_RATE_TOKEN", "1200/min")
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
# Password reset mails per hour (chessclub_web/throttle.py), counted in their own cache: per
# process by default, by every process together with CHESSCLUB_CACHE_URL (Redis).
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
# The time of the pages, the history and the logs: CHESSCLUB_TIME_ZONE (default Brussels, the
# same as Zurich's); the database stores UTC.
TIME_ZONE = os.environ.get("CHESSCLUB_TIME_ZONE", "").strip() or "Europe/Brussels"
USE_TZ = True

# Static files: served by WhiteNoise. By default from the apps' folders (no collectstatic needed
# locally), with DEBUG off as well as on (WHITENOISE_USE_FINDERS: the files are found at
# start-up). CHESSCLUB_STATIC_MANIFEST=1: names with a hash of the content, gzip and Brotli
# copies, cached by browsers for ever, from STATIC_ROOT (`chessclub manage collectstatic`).
STATIC_URL = "static/"
STATIC_ROOT = DATA_DIR / "static"
STATIC_ROOT.mkdir(parents=True, exist_ok=True)
STATIC_MANIFEST = _flag("CHESSCLUB_STATIC_MANIFEST", False)
WHITENOISE_USE_FINDERS = not STATIC_MANIFEST
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": "whitenoise.storage.CompressedManifestStaticFilesStorage"
        if STATIC_MANIFEST
        else "django.contrib.staticfiles.storage.StaticFilesStorage"
    },
}

# HTTPS (CHESSCLUB_HTTPS=1): HTTP redirected to HTTPS, cookies over HTTPS only, HSTS.
HTTPS = _flag("CHESSCLUB_HTTPS", False)
if CHESSCLUB_PROXY_COUNT:
    # Behind the proxy, the request reaches gunicorn over HTTP: the proxy says which scheme the
    # client used (it must overwrite any X-Forwarded-Proto the client sent).
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
if HTTPS:
    SECURE_SSL_REDIRECT = True
    SECURE_REDIRECT_EXEMPT = [r"^health/$"]  # probed over HTTP on the app server itself
    SESSION_COOKIE_SECURE = True
    CSRF_COOKIE_SECURE = True
    LANGUAGE_COOKIE_SECURE = True
    SECURE_HSTS_SECONDS = _count("CHESSCLUB_HSTS_SECONDS", 365 * 24 * 60 * 60, minimum=0)
    SECURE_HSTS_INCLUDE_SUBDOMAINS = _flag("CHESSCLUB_HSTS_INCLUDE_SUBDOMAINS", False)
    SECURE_HSTS_PRELOAD = _flag("CHESSCLUB_HSTS_PRELOAD", False)


def _csp_hash(source: str) -> str:
    digest = base64.b64encode(hashlib.sha256(source.encode()).digest()).decode()
    return f"'sha256-{digest}'"


CSP_EVENT_HANDLERS = ("window.print()", "window.print(); return false;")
"""The only inline event handlers of the pages (the *Imprimer* link of the standings and
crosstable, the button of a document's page): allowed by their hash ('unsafe-hashes'), so that
no other inline script or handler can run."""

# Content-Security-Policy (django-csp) on every page: scripts only from the site's own files
# and the two print handlers above, never inline; no plug-ins; the site in no frame; forms
# posted to the site only; images from the site or data: URLs. Inline styles are allowed
# (styles only): each printed document's page carries its own <style> (its A4 page size and
# the running heads with the tournament's name, written into the page for WeasyPrint), which
# no fixed hash can cover. Styles cannot run code.
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": [SELF],
        "script-src": [SELF, UNSAFE_HASHES, *map(_csp_hash, CSP_EVENT_HANDLERS)],
        "style-src": [SELF, UNSAFE_INLINE],
        "img-src": [SELF, "data:"],
        "object-src": [NONE],
        "base-uri": [NONE],
        "frame-ancestors": [NONE],
        "form-action": [SELF],
    }
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

# With DEBUG off Django logs nothing by default: one line per request (chessclub_web/logs.py),
# server errors (500) and refused requests go to the console (standard error), where
# `chessclub serve` and WSGI servers keep them; CHESSCLUB_LOG_FORMAT=json writes each as a JSON
# object (python-json-logger), for a log collector.
LOG_FORMATS = ("text", "json")
LOG_FORMAT = os.environ.get("CHESSCLUB_LOG_FORMAT", "").strip().lower() or "text"
if LOG_FORMAT not in LOG_FORMATS:
    raise ImproperlyConfigured(
        f"CHESSCLUB_LOG_FORMAT must be 'text' or 'json', not {os.environ['CHESSCLUB_LOG_FORMAT']!r}"
    )
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "formatters": {
        "text": {"format": "%(asctime)s %(levelname)s %(name)s %(message)s"},
        "json": {
            "()": "pythonjsonlogger.json.JsonFormatter",
            "format": "%(asctime)s %(levelname)s %(name)s %(message)s",
            "rename_fields": {"asctime": "time", "levelname": "level", "name": "logger"},
        },
    },
    "handlers": {"console": {"class": "logging.StreamHandler", "formatter": LOG_FORMAT}},
    "loggers": {
        "chessclub_web.requests": {"handlers": ["console"], "level": "INFO", "propagate": False},
        "django.request": {"handlers": ["console"], "level": "ERROR", "propagate": False},
        "django.security": {"handlers": ["console"], "level": "WARNING", "propagate": False},
        # Failed logins and lockouts (django-axes; names and addresses masked) and capped
        # password-reset mails.
        "axes": {"handlers": ["console"], "level": "WARNING", "propagate": False},
        "chessclub_web.throttle": {"handlers": ["console"], "level": "WARNING", "propagate": False},
        "chessclub_web.middleware": {
            "handlers": ["console"],
            "level": "WARNING",
            "propagate": False,
        },
        # Background jobs: one line when a job starts and one when it ends (its id, kind,
        # title, status), and the queue's own worker lines, in the same format.
        "chessclub_web.background": {"handlers": ["console"], "level": "INFO", "propagate": False},
        "django_tasks": {"handlers": ["console"], "level": "WARNING", "propagate": False},
        "django_tasks_db": {"handlers": ["console"], "level": "WARNING", "propagate": False},
    },
}
