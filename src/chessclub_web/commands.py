"""What the ``chessclub`` console script's database commands do (imported lazily by
:mod:`chessclub_web.cli`, which adds those commands to the core's command line).

- :func:`setup` — configure Django (``chessclub_web.settings`` unless already chosen);
- :func:`manage` — any Django management command (``manage(["migrate", "--noinput"])``);
- :func:`load_demo` — the demo club, its tournament and a local demo account (idempotent);
- :func:`create_club` — create a club (optionally owned by an existing user);
- :func:`import_file` — import a Belgian results file or a TRF into a club;
- :func:`import_federation_list`, :func:`import_fide_list`, :func:`roll_back_federation_list` —
  the site's federation lists (``chessclub lists``);
- :func:`make_document` — a printed document of a tournament file (no database);
- :func:`serve` — serve the app locally.

Call :func:`setup` before the others. The functions that write to the database
(:func:`load_demo`, :func:`create_club`, :func:`import_file`) first apply any pending migration,
so that they also work on a fresh database.
"""

from __future__ import annotations

import logging
import os
from pathlib import Path
from typing import Any

from chessclub_web.clubs.errors import ClubError, ClubNumberTakenError
from chessclub_web.tournaments.errors import (
    DuplicateImportError,
    FileTooLargeError,
    ImportRefusedError,
    InvalidImportOptionError,
)

__all__ = [
    "ClubError",
    "ClubNumberTakenError",
    "DuplicateImportError",
    "FileTooLargeError",
    "ImportRefusedError",
    "InvalidImportOptionError",
    "UnknownClubError",
    "UnknownUserError",
    "create_club",
    "ensure_migrated",
    "import_file",
    "load_demo",
    "make_document",
    "manage",
    "serve",
    "setup",
    "worker",
]

DEMO_DIR = Path(__file__).resolve().parent / "demo"
DEMO_FILE = DEMO_DIR / "elite-2000-16p-7r.txt"
DEMO_CLUB_NUMBER = "618"
DEMO_CLUB_NAME = "Cercle d'échecs de démonstration"
#: A local demo account, owner of the demo club. For a local installation only: anyone who
#: reads this source knows the password. Delete the account (or change its password) before
#: exposing the app on a network.
DEMO_USERNAME = "demo"
DEMO_PASSWORD = "demo-chessclub"


class UnknownClubError(LookupError):
    """No club has the federation number given (message in the current language)."""

    def __init__(self, number: str) -> None:
        from django.utils.translation import gettext as _

        self.number = number
        super().__init__(_("no club with federation number “%(number)s”") % {"number": number})


class UnknownUserError(LookupError):
    """No user has the username given (message in the current language)."""

    def __init__(self, username: str) -> None:
        from django.utils.translation import gettext as _

        self.username = username
        super().__init__(_("no user with username “%(username)s”") % {"username": username})


def setup() -> None:
    """Select ``chessclub_web.settings`` (unless ``DJANGO_SETTINGS_MODULE`` is set) and set up
    Django."""
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "chessclub_web.settings")
    import django

    django.setup()


def ensure_migrated() -> None:
    """Apply the pending database migrations, if any (quietly)."""
    from django.core.management import call_command
    from django.db import DEFAULT_DB_ALIAS, connections
    from django.db.migrations.executor import MigrationExecutor

    executor = MigrationExecutor(connections[DEFAULT_DB_ALIAS])
    if executor.migration_plan(executor.loader.graph.leaf_nodes()):
        call_command("migrate", interactive=False, verbosity=0)


def manage(argv: list[str]) -> int:
    """Run the Django management command ``argv`` (``["migrate", "--noinput"]``); returns its
    exit status (0 on success)."""
    from django.core.management import execute_from_command_line

    try:
        execute_from_command_line(["chessclub manage", *argv])
    except SystemExit as exc:
        code = exc.code
        if code is None:
            return 0
        return code if isinstance(code, int) else 1
    return 0


def load_demo() -> str:
    """Create the demo club (public, number 618), import the demo tournament and create the
    local demo account (owner of the club). Running it again changes nothing.

    Returns a message naming the tournament page's URL path (last line) and the account.
    """
    from django.contrib.auth import get_user_model
    from django.db import transaction

    from chessclub_web.clubs.models import Club, Membership, Role
    from chessclub_web.tournaments import services
    from chessclub_web.tournaments.models import TimeControlCategory
    from chessclub_web.tournaments.views import tournament_url

    ensure_migrated()
    with transaction.atomic():
        club, _ = Club.objects.get_or_create(
            number=DEMO_CLUB_NUMBER, defaults={"name": DEMO_CLUB_NAME, "public": True}
        )
        user_model = get_user_model()
        user = user_model.objects.filter(username=DEMO_USERNAME).first()
        if user is None:
            user = user_model.objects.create_user(DEMO_USERNAME, password=DEMO_PASSWORD)
        Membership.objects.get_or_create(user=user, club=club, defaults={"role": Role.OWNER})
        data = DEMO_FILE.read_bytes()
        row = services.previous_import(club, services.file_digest(data))
        if row is None:
            row = club.tournaments.filter(source_filename=DEMO_FILE.name).first()
        if row is None:
            row = services.import_tournament(
                club,
                data,
                DEMO_FILE.name,
                user,
                time_control_category=TimeControlCategory.STANDARD,
            )
    url = tournament_url(row)
    return (
        f"Demo club {club.number} « {club.name} », tournament « {row.name} ».\n"
        f"Local demo account (owner of the club; for local use only): "
        f"username {DEMO_USERNAME!r}, password {DEMO_PASSWORD!r}.\n"
        f"{url}"
    )


def create_club(number: str, name: str, *, public: bool = True, owner: str | None = None) -> str:
    """Create the club with federation number ``number`` and name ``name`` (public unless
    ``public=False``); ``owner``, the username of an existing user, becomes its owner.

    Returns the URL path of the club's page. Raises :class:`ClubNumberTakenError` (a
    ``ValueError``) if the number is taken, :class:`ClubError` (a ``ValueError``) for a
    malformed number or an empty name, and :class:`UnknownUserError` (a ``LookupError``) for
    an unknown owner; nothing is created then.
    """
    from django.contrib.auth import get_user_model
    from django.urls import reverse

    from chessclub_web.clubs import services

    ensure_migrated()
    user = None
    if owner is not None:
        user = get_user_model().objects.filter(username=owner).first()
        if user is None:
            raise UnknownUserError(owner)
    club = services.create_club(number, name, public=public, owner=user)
    return reverse("club", kwargs={"number": club.number})


class UserError(ValueError):
    """A user account that cannot be created (name taken, password refused by the validators)."""


def create_user(username: str, password: str, *, email: str = "") -> None:
    """Create an ordinary (non-staff) account; it gets rights only through club roles.

    The password goes through Django's password validators. Raises :class:`UserError` (a
    ``ValueError``) naming the problem when the username is taken or the password refused.
    """
    from django.contrib.auth import get_user_model
    from django.contrib.auth.password_validation import validate_password
    from django.core.exceptions import ValidationError

    ensure_migrated()
    users = get_user_model()
    if not username.strip():
        raise UserError("the username is empty")
    if users.objects.filter(username=username).exists():
        raise UserError(f"the username {username!r} is taken")
    candidate = users(username=username, email=email)
    try:
        validate_password(password, candidate)
    except ValidationError as exc:
        raise UserError(" ".join(str(m) for m in exc.messages)) from exc
    candidate.set_password(password)
    candidate.save()


def import_file(
    path: str,
    club_number: str,
    *,
    kind: str = "club",
    time_control_category: str = "standard",
    allow_duplicate: bool = False,
    user: Any = None,
) -> tuple[int, str]:
    """Import the file at ``path`` into the club with federation number ``club_number``.

    ``kind`` is ``club`` or ``independent``; ``time_control_category`` is ``standard``,
    ``rapid`` or ``blitz``; ``user`` (a username or a user) is recorded as the creator.

    Returns ``(tournament id, URL path of its page)``. Raises, and stores nothing then:

    - :class:`InvalidImportOptionError` (a ``ValueError``) for a bad ``kind`` or
      ``time_control_category``;
    - :class:`UnknownClubError` (a ``LookupError``) for an unknown club,
      :class:`UnknownUserError` (a ``LookupError``) for an unknown username;
    - ``FileNotFoundError`` for a missing file;
    - :class:`FileTooLargeError` (a ``ValueError``) for a file larger than the web form takes
      (5 MB), naming both sizes;
    - :class:`DuplicateImportError` (a ``ValueError``) if the same file was already imported
      into the club, unless ``allow_duplicate=True`` (its message names the command line's
      ``--allow-duplicate``);
    - :class:`chessclub.formats.FormatError` for a malformed file.
    """
    from django.contrib.auth import get_user_model

    from chessclub_web.clubs.models import Club
    from chessclub_web.tournaments import services
    from chessclub_web.tournaments.views import tournament_url
    from chessclub_web.uploads import MAX_UPLOAD_SIZE

    services.validate_options(kind, time_control_category)
    ensure_migrated()
    club = Club.objects.filter(number__iexact=club_number).first()
    if club is None:
        raise UnknownClubError(club_number)
    if isinstance(user, str):
        username = user
        user = get_user_model().objects.filter(username=username).first()
        if user is None:
            raise UnknownUserError(username)
    file = Path(path)
    size = file.stat().st_size
    if size > MAX_UPLOAD_SIZE:
        raise FileTooLargeError(size, MAX_UPLOAD_SIZE)
    data = file.read_bytes()
    if len(data) > MAX_UPLOAD_SIZE:  # grew meanwhile (or a special file)
        raise FileTooLargeError(len(data), MAX_UPLOAD_SIZE)
    try:
        row = services.import_tournament(
            club,
            data,
            file.name,
            user,
            kind=kind,
            time_control_category=time_control_category,
            allow_duplicate=allow_duplicate,
        )
    except DuplicateImportError as exc:
        raise DuplicateImportError(exc.existing, exc.url, force="--allow-duplicate") from None
    return row.pk, tournament_url(row)


class FederationListRefused(Exception):
    """A federation list file or roll-back was refused; ``lines``: what to print, ``invalid``:
    the file itself is bad (exit code 3) rather than the list's state (exit code 1)."""

    def __init__(self, lines: list[str], *, invalid: bool) -> None:
        super().__init__("\n".join(lines))
        self.lines = lines
        self.invalid = invalid


def _list_user(username: str | None) -> Any:
    from django.contrib.auth import get_user_model

    if not username:
        return None
    user = get_user_model().objects.filter(username=username).first()
    if user is None:
        raise UnknownUserError(username)
    return user


def import_federation_list(
    kind: str,
    path: str,
    *,
    list_date: str = "",
    again: bool = False,
    username: str | None = None,
) -> str:
    """Import a new version of the site's federation list ``kind`` (``frbe``, ``fse``) from
    the file at ``path``, as the site's operator (``username``: recorded as the importer).
    Returns the message to print. Raises :class:`FederationListRefused`,
    :class:`UnknownUserError`, ``OSError``."""
    version = _import_list(kind, path, list_date=list_date, again=again, username=username)
    return _imported(kind, version)


def import_fide_list(
    path: str,
    *,
    time_control: str = "",
    list_date: str = "",
    again: bool = False,
    username: str | None = None,
) -> tuple[str, list[str]]:
    """Import FIDE's list from the file at ``path`` (zipped or not, TXT or XML; read as a
    stream, never whole), as the site's operator. ``time_control``: ``standard``, ``rapid`` or
    ``blitz`` for a list of one time control whose name does not say it. Returns the message
    to print (with what was imported) and the import's warnings (its lines left out, with
    why, and the reader's notes). Raises
    :class:`FederationListRefused`, :class:`UnknownUserError`, ``OSError``."""
    from chessclub_web.fide import services

    version = _import_list(
        "fide",
        path,
        list_date=list_date,
        again=again,
        username=username,
        options={"time_control": time_control},
    )
    return f"{_imported('fide', version)}\n{services.summary(version)}", services.warnings(version)


def _imported(kind: str, version: Any) -> str:
    return (
        f"Imported version {version.number} of the {kind} list: {version.records} records, "
        f"{version.created} new, {version.updated} changed, {version.removed} removed "
        f"(SHA-256 {version.sha256[:12]})"
    )


def _import_list(
    kind: str,
    path: str,
    *,
    list_date: str,
    again: bool,
    username: str | None,
    options: dict[str, str] | None = None,
) -> Any:
    import datetime

    from chessclub_web.federation import services
    from chessclub_web.federation.registry import importer_for

    ensure_migrated()
    importer = importer_for(kind)
    if importer is None:
        raise FederationListRefused([f"no importer for the list {kind!r}"], invalid=False)
    date = None
    if list_date:
        try:
            date = datetime.date.fromisoformat(list_date)
        except ValueError:
            raise FederationListRefused(
                [f"--list-date {list_date!r} is not a date (YYYY-MM-DD)"], invalid=False
            ) from None
    importer_user = _list_user(username)
    if importer_user is not None:
        from chessclub_web.clubs.permissions import SiteAction, site_allowed

        if not site_allowed(importer_user, SiteAction.MANAGE_FEDERATION_LISTS):
            raise FederationListRefused(
                [f"{username} is neither staff nor a federation data manager"], invalid=False
            )
    with open(path, "rb") as stream:
        try:
            return services.import_list(
                kind,
                stream if importer.read_stream is not None else stream.read(),
                Path(path).name,
                importer_user,
                list_date=date,
                again=again,
                operator=True,
                options=options,
            )
        except importer.errors as error:
            raise FederationListRefused(importer.describe(error), invalid=True) from None
        except services.ListRefused as refusal:
            raise FederationListRefused([str(refusal)], invalid=False) from None


def roll_back_federation_list(kind: str, *, to: int | None = None) -> str:
    """Make an earlier version of the site's list ``kind`` current again (``to``: its
    number; by default the one before the current). Raises :class:`FederationListRefused`."""
    from chessclub_web.federation import services

    ensure_migrated()
    try:
        target = services.roll_back(kind, None, to=to, operator=True)
    except services.ListRefused as refusal:
        raise FederationListRefused([str(refusal)], invalid=False) from None
    return f"Version {target.number} ({target.source}) is the current {kind} list again"


def set_federation_data_manager(username: str, *, manager: bool = True) -> str:
    """Give (or, with ``manager=False``, take) the site role *federation data manager*."""
    from chessclub_web.federation import services

    ensure_migrated()
    user = _list_user(username)
    services.set_manager(user, manager)
    if manager:
        return f"{username} is a federation data manager"
    return f"{username} is no longer a federation data manager"


def make_document(
    kind: str,
    path: str,
    *,
    round_number: int | None = None,
    language: str = "fr",
    player: int | None = None,
    html: bool = False,
) -> tuple[bytes, int]:
    """The document ``kind`` (a slug of ``chessclub_web.documents.kinds``) of the tournament
    file at ``path`` (Belgian results file or TRF), of round ``round_number`` (the last when
    ``None``), in ``language``, as the web app prints it; no database. Returns ``(PDF bytes,
    number of pages)``, or ``(HTML as UTF-8, 0)`` when ``html``.

    Raises ``FileNotFoundError``; :class:`chessclub.formats.FormatError` for a malformed file;
    ``LookupError`` (``kinds.NoSuchRound``, ``kinds.NoSuchPlayer``) for a round or player the
    file does not have; ``ValueError`` for a document a file cannot give (a team event's)."""
    from django.utils import translation

    from chessclub.cli import read_tournament_file
    from chessclub_web.documents import kinds, rendering

    document = kinds.BY_SLUG.get(kind)
    if document is None or document.scope == kinds.TEAM:
        raise ValueError(f"no document {kind!r} for a tournament file")
    tournament = read_tournament_file(path)  # its reader's warnings on standard error
    with translation.override(language):
        built = kinds.build(document, kinds.file_source(tournament), round_number, player=player)
        page = rendering.html(built)
        if html:
            return page.encode("utf-8"), 0
        return rendering.pdf_and_count([page])


class WorkerNotNeededError(RuntimeError):
    """``chessclub worker`` with ``CHESSCLUB_TASKS=immediate``: jobs run in the web process."""


def worker(*, interval: float, batch: bool, max_tasks: int | None) -> None:
    """Run background jobs (``chessclub_web.background``) until stopped: the queue's database
    worker (``django_tasks_db``), after queueing again, or reporting *interrupted*, the jobs
    whose worker was lost (``background.services.sweep``, again every minute meanwhile, or
    every half of ``CHESSCLUB_JOB_STALE_SECONDS`` when shorter).
    ``batch``: stop when no job is waiting; ``max_tasks``: stop after that many. SIGTERM or
    Ctrl-C lets the running job finish first (a second one stops it: its transaction is
    rolled back, the next worker runs it again). Raises :class:`WorkerNotNeededError` when
    jobs run in process (``CHESSCLUB_TASKS=immediate``)."""
    import threading

    from django.core.management import call_command
    from django.db import connection

    from chessclub_web.background import services

    if services.runs_in_process():
        raise WorkerNotNeededError(
            "CHESSCLUB_TASKS is 'immediate': background jobs run in the web process; set "
            "CHESSCLUB_TASKS=database on the web servers and the workers to queue them"
        )
    ensure_migrated()
    services.sweep()
    # FIDE's engine imported ahead of the first pairing job (a warm worker process, reused).
    from chessclub_web.pairings.services.common import swiss_engine

    warm_up = getattr(swiss_engine(), "warm_up", None)
    if warm_up is not None:
        warm_up()
    stop = threading.Event()
    period = min(60.0, services.stale_seconds() / 2)

    def sweep_every_minute() -> None:
        try:
            while not stop.wait(period):
                try:
                    services.sweep()
                except Exception:  # the database away for a moment: the next minute tries
                    logging.getLogger("chessclub_web.background").warning("sweep failed")
        finally:
            connection.close()

    threading.Thread(target=sweep_every_minute, name="sweep", daemon=True).start()
    options: dict[str, object] = {"interval": interval, "batch": batch, "reload": False}
    if max_tasks is not None:
        options["max_tasks"] = max_tasks
    try:
        call_command("db_worker", **options)
    finally:
        stop.set()


def serve(host: str, port: int) -> None:
    """Serve the app on ``host:port`` with Django's ``runserver`` (no autoreload; static files
    by WhiteNoise, DEBUG on or off). For local use; a public installation runs
    ``chessclub_web.wsgi`` under a WSGI server instead."""
    from django.conf import settings
    from django.core.management import call_command

    addr = f"[{host}]" if ":" in host and not host.startswith("[") else host
    # DEBUG is off: Django answers 400 to a Host it does not know. The local names are allowed
    # by default; the address served is allowed too (``--host 192.168.1.5``).
    allowed = settings.ALLOWED_HOSTS
    if host not in {"0.0.0.0", "::"} and "*" not in allowed and addr not in allowed:
        allowed.append(addr)
    call_command("runserver", f"{addr}:{port}", use_reloader=False, use_threading=True)
