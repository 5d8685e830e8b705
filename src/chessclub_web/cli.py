"""The ``chessclub`` console script: the core's command line (``chessclub.cli``) with the web
layer's database commands added to it.

The core offers the parser, its extension hook and the one table of exit codes; this module
adds ``import``, ``user add``, ``user federation-data``, ``lists import``, ``lists import-fide``,
``lists rollback``,
``club add``, ``demo``, ``document``, ``serve`` and ``manage`` (:func:`register`) and runs the
whole through the core's error handler (:func:`main`, the ``[project.scripts]`` entry point).
Each command imports :mod:`chessclub_web.commands` (and so Django) only when it runs:
``chessclub standings`` and the other core commands never load Django.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from chessclub import cli as core
from chessclub.cli import EXIT_FAILURE, EXIT_INVALID_INPUT, EXIT_OK, EXIT_USAGE


def cmd_import(args: argparse.Namespace) -> int:
    from chessclub_web import commands

    commands.setup()
    tournament_id, url = commands.import_file(
        args.file,
        args.club,
        kind=args.kind,
        time_control_category=args.time_control,
        allow_duplicate=args.allow_duplicate,
        user=args.user,
    )
    print(f"Imported tournament {tournament_id}: {url}")
    return EXIT_OK


def cmd_user_add(args: argparse.Namespace) -> int:
    from chessclub_web import commands

    if args.password_stdin:
        password = sys.stdin.readline().rstrip("\n")
    else:
        import getpass

        password = getpass.getpass(f"Password for {args.username}: ")
        if password != getpass.getpass("Password (again): "):
            print("chessclub: the two passwords differ", file=sys.stderr)
            return EXIT_USAGE
    commands.setup()
    commands.create_user(args.username, password, email=args.email)
    print(f"Created user {args.username}")
    return EXIT_OK


def cmd_user_federation_data(args: argparse.Namespace) -> int:
    from chessclub_web import commands

    commands.setup()
    print(commands.set_federation_data_manager(args.username, manager=not args.revoke))
    return EXIT_OK


def cmd_lists_import(args: argparse.Namespace) -> int:
    from chessclub_web import commands

    commands.setup()
    try:
        message = commands.import_federation_list(
            args.kind, args.file, list_date=args.list_date, again=args.again, username=args.user
        )
    except commands.FederationListRefused as exc:
        print("chessclub: the list was not imported:", file=sys.stderr)
        for line in exc.lines:
            print(f"  {line}", file=sys.stderr)
        return EXIT_INVALID_INPUT if exc.invalid else EXIT_FAILURE
    print(message)
    return EXIT_OK


def cmd_lists_import_fide(args: argparse.Namespace) -> int:
    from chessclub_web import commands

    commands.setup()
    try:
        message, notes = commands.import_fide_list(
            args.file,
            time_control=args.time_control or "",
            list_date=args.list_date,
            again=args.again,
            username=args.user,
        )
    except commands.FederationListRefused as exc:
        print("chessclub: the FIDE list was not imported:", file=sys.stderr)
        for line in exc.lines:
            print(f"  {line}", file=sys.stderr)
        return EXIT_INVALID_INPUT if exc.invalid else EXIT_FAILURE
    print(message)
    if notes:
        print("chessclub: warnings:", file=sys.stderr)
        for line in notes:
            print(f"  {line}", file=sys.stderr)
    return EXIT_OK


def cmd_lists_rollback(args: argparse.Namespace) -> int:
    from chessclub_web import commands

    commands.setup()
    try:
        message = commands.roll_back_federation_list(args.kind, to=args.to)
    except commands.FederationListRefused as exc:
        print(f"chessclub: {exc}", file=sys.stderr)
        return EXIT_FAILURE
    print(message)
    return EXIT_OK


def cmd_club_add(args: argparse.Namespace) -> int:
    from chessclub_web import commands

    commands.setup()
    url = commands.create_club(args.number, args.name, public=not args.private, owner=args.owner)
    print(f"Created club {args.number}: {url}")
    return EXIT_OK


def cmd_demo(args: argparse.Namespace) -> int:
    from chessclub_web import commands

    commands.setup()
    print(commands.load_demo())
    return EXIT_OK


#: The documents ``chessclub document`` makes of a tournament file (the individual ones of
#: ``chessclub_web.documents.kinds``; listed here so that the parser loads no Django).
FILE_DOCUMENTS = (
    "start-list",
    "start-list-alphabetical",
    "start-list-by-rating",
    "check-in",
    "pairings",
    "pairings-alphabetical",
    "results",
    "result-slips",
    "standings",
    "crosstable",
    "player-cards",
)

#: The languages of the documents (the site's).
LANGUAGES = ("fr", "nl", "de", "en")


def _output_problem(path: str) -> str | None:
    """Why the document cannot be written to ``path`` (checked before it is drawn), or
    ``None``."""
    if not path.strip():
        return "-o needs a file name"
    target = Path(path)
    folder = target.parent
    if target.is_dir():
        return f"{path} is a folder, not a file"
    if not folder.exists():
        return f"the folder {folder} does not exist"
    if not folder.is_dir():
        return f"{folder} is a file, not a folder"
    return None


def cmd_document(args: argparse.Namespace) -> int:
    from chessclub_web import commands

    problem = _output_problem(args.output)
    if problem:
        print(f"chessclub: cannot write the document: {problem}", file=sys.stderr)
        return EXIT_FAILURE
    commands.setup()
    data, pages = commands.make_document(
        args.kind,
        args.file,
        round_number=args.round,
        language=args.language,
        player=args.player,
        html=args.output.lower().endswith((".html", ".htm")),
    )
    try:
        with open(args.output, "wb") as out:
            out.write(data)
    except OSError as exc:
        print(f"chessclub: cannot write {args.output}: {exc.strerror or exc}", file=sys.stderr)
        return EXIT_FAILURE
    what = f"{pages} page(s)" if pages else "HTML"
    print(f"Wrote {args.output} ({what})")
    return EXIT_OK


def cmd_serve(args: argparse.Namespace) -> int:
    from chessclub_web import commands

    commands.setup()
    commands.serve(args.host, args.port)
    return EXIT_OK


def cmd_worker(args: argparse.Namespace) -> int:
    from chessclub_web import commands

    commands.setup()
    try:
        commands.worker(interval=args.interval, batch=args.batch, max_tasks=args.max_tasks)
    except commands.WorkerNotNeededError as exc:
        print(f"chessclub: {exc}", file=sys.stderr)
        return EXIT_USAGE
    return EXIT_OK


def cmd_manage(args: argparse.Namespace) -> int:
    from chessclub_web import commands

    commands.setup()
    status: int = commands.manage(list(args.argv))
    return status


def register(sub: Any) -> None:
    """Add the database commands to the ``chessclub`` parser's sub-parsers ``sub`` (a
    :data:`chessclub.cli.Extension`)."""
    p = sub.add_parser(
        "import",
        help="import a Belgian results file or TRF into a club (database)",
        description="Import a tournament file into the club with this federation number. "
        "A malformed file is refused with every problem (line, column) and nothing is stored.",
    )
    p.add_argument("file")
    p.add_argument("--club", required=True, metavar="NUMBER", help="club federation number")
    p.add_argument(
        "--kind",
        choices=("club", "independent"),
        default="club",
        help="club tournament (counts for the club Elo) or independent (default: club)",
    )
    p.add_argument(
        "--time-control",
        choices=("standard", "rapid", "blitz"),
        default="standard",
        help="time-control category (default: standard)",
    )
    p.add_argument(
        "--allow-duplicate",
        action="store_true",
        help="import even if the same file was already imported into this club",
    )
    p.add_argument("--user", help="username recorded as the tournament's creator")
    p.set_defaults(func=cmd_import)

    p = sub.add_parser("user", help="manage user accounts")
    user_sub = p.add_subparsers(dest="user_command", required=True, metavar="ACTION")
    p = user_sub.add_parser(
        "add",
        help="create an ordinary user account",
        description="Create an ordinary (non-staff) account. It has no rights of its own: a "
        "club owner gives it a role (administrator, arbiter) on the club's Membres page, or "
        "names it with 'chessclub club add … --owner USERNAME'. The password is asked twice, "
        "or read from the first line of standard input with --password-stdin.",
    )
    p.add_argument("username")
    p.add_argument("--email", default="")
    p.add_argument("--password-stdin", action="store_true")
    p.set_defaults(func=cmd_user_add)
    p = user_sub.add_parser(
        "federation-data",
        help="give or take the site role 'federation data manager'",
        description="A federation data manager imports, replaces and rolls back the site's "
        "federation lists (FRBE PLAYER, FSE ranking list, FIDE's list) on the Federation "
        "lists page (/lists/); it gives no right inside any club. --revoke takes the role back.",
    )
    p.add_argument("username")
    p.add_argument("--revoke", action="store_true", help="take the role back")
    p.set_defaults(func=cmd_user_federation_data)

    p = sub.add_parser(
        "lists", help="the site's federation lists (import, import FIDE's, roll back)"
    )
    lists_sub = p.add_subparsers(dest="lists_command", required=True, metavar="ACTION")
    p = lists_sub.add_parser(
        "import",
        help="import a new version of a federation list",
        description="Import FILE as the new current version of the site's federation list "
        "KIND: frbe (the Belgian federation's PLAYER file, dBase or CSV) or fse (the Swiss "
        "ranking list CSV that 'chessclub fse rating-run --list' reads). The file is read "
        "first: a bad file changes nothing (exit code 3, each problem printed). The same file "
        "as the current version is refused unless --again. Every club sees the new version.",
    )
    p.add_argument("kind", choices=("frbe", "fse"))
    p.add_argument("file")
    p.add_argument("--list-date", default="", metavar="YYYY-MM-DD", help="the list's date")
    p.add_argument("--again", action="store_true", help="import the current file again")
    p.add_argument("--user", help="username recorded as the importer")
    p.set_defaults(func=cmd_lists_import)
    p = lists_sub.add_parser(
        "import-fide",
        help="import FIDE's rating list (combined, or one time control's)",
        description="Import FILE, one of FIDE's downloadable lists (ratings.fide.com/"
        "download_lists.phtml), as the new version of the site's FIDE list: the combined list "
        "(players_list.zip, its players_list_foa.txt, or players_list_xml.zip) or the list of "
        "one time control (standard_, rapid_ or blitz_rating_list.zip, TXT or XML), zipped or "
        "not. The file is read as a stream, never whole, in one transaction. The list is "
        "updated in place: the combined list rewrites every player and removes those it no "
        "longer lists; a list of one time control changes only that time control's rating, "
        "games, K and inactivity. Lines that cannot be read are left out and printed on "
        "standard error (line, column, why); a file whose header is not FIDE's, or with too "
        "many such lines, changes nothing (exit code 3, each problem printed). The same file "
        "as the current version is refused unless --again.",
    )
    p.add_argument("file", help="the zip, TXT or XML as FIDE publishes it")
    p.add_argument(
        "--time-control",
        choices=("standard", "rapid", "blitz"),
        help="the time control of a list of one time control whose file name does not start "
        "with standard_, rapid_ or blitz_ (refused for the combined list, or against the name)",
    )
    p.add_argument(
        "--list-date",
        default="",
        metavar="YYYY-MM-DD",
        help="the list's date, for the combined list (a list of one time control gives its "
        "month in its header, which wins)",
    )
    p.add_argument("--again", action="store_true", help="import the current file again")
    p.add_argument(
        "--user", help="username recorded as the importer (staff or a federation data manager)"
    )
    p.set_defaults(func=cmd_lists_import_fide)
    p = lists_sub.add_parser(
        "rollback",
        help="make an earlier version current again",
        description="Make the version before the current one (or version --to N) of the "
        "site's federation list KIND current again. Only the last versions keep their records. "
        "The FIDE list has no roll-back: each import updates it in place (import the earlier "
        "file again instead); 'rollback fide' says so and changes nothing (exit code 1).",
    )
    p.add_argument("kind", choices=("frbe", "fse", "fide"))
    p.add_argument("--to", type=int, metavar="N", help="the version's number")
    p.set_defaults(func=cmd_lists_rollback)

    p = sub.add_parser("club", help="manage clubs")
    club_sub = p.add_subparsers(dest="club_command", required=True, metavar="ACTION")
    p = club_sub.add_parser(
        "add",
        help="create a club",
        description="Create a club with its federation number (e.g. 618) and name; it is "
        "public unless --private. --owner names an existing user who becomes its owner.",
    )
    p.add_argument("number", help="federation club number, e.g. 618")
    p.add_argument("name", help="the club's name")
    p.add_argument("--private", action="store_true", help="hide the club from outsiders")
    p.add_argument("--owner", metavar="USERNAME", help="an existing user, made owner")
    p.set_defaults(func=cmd_club_add)

    p = sub.add_parser("demo", help="load the demo club and its tournament (idempotent)")
    p.set_defaults(func=cmd_demo)

    p = sub.add_parser(
        "document",
        help="print a document of a Belgian results file or TRF as PDF (no database)",
        description="Make the document KIND of the tournament in FILE (a Belgian results "
        "file or a TRF, detected from its content) as the web app prints it: A4, a header "
        "with the tournament, the document, its round and date on every page, the page "
        "number. KIND: start-list (by pairing number), start-list-alphabetical, "
        "start-list-by-rating, check-in (Paid and Owed columns to fill), pairings (by board), "
        "pairings-alphabetical, results (by board, filled), result-slips (six per page), "
        "standings (after the round, the system's default tiebreaks), crosstable (the square "
        "table of a round robin), player-cards. The standings rank under the rule era of the "
        "file's start date, as 'chessclub standings' does. An OUT ending in .html gets the "
        "page's HTML instead of the PDF.",
        epilog="Exit codes: 0 ok, 1 failure, 2 usage, 3 invalid input file, 4 not found "
        "(file, round, player).",
    )
    p.add_argument("kind", choices=FILE_DOCUMENTS, metavar="KIND", help="the document")
    p.add_argument("file", help="a Belgian results file or a TRF")
    p.add_argument(
        "--round",
        type=int,
        metavar="N",
        help="the round (pairings, slips) or the standings after it (default: the last)",
    )
    p.add_argument("--player", type=int, metavar="N", help="player-cards: this player's only")
    p.add_argument(
        "--language", choices=LANGUAGES, default="fr", help="the document's language (default fr)"
    )
    p.add_argument("-o", "--output", required=True, metavar="OUT.pdf", help="the file written")
    p.set_defaults(func=cmd_document)

    p = sub.add_parser("serve", help="serve the web app")
    p.add_argument("--host", default="127.0.0.1")
    p.add_argument("--port", type=int, default=8000)
    p.set_defaults(func=cmd_serve)

    p = sub.add_parser(
        "worker",
        help="run the background jobs (pairing, closing, list imports) queued by the web servers",
        description="Run the background jobs that the web servers queue when CHESSCLUB_TASKS="
        "database: pairing a round, closing a tournament, a correction's recompute, importing "
        "a rating list. Run several (one per core) beside the web servers, with the same "
        "environment. Jobs whose worker was killed are run again (each stores its result "
        "once), at most three times, then reported interrupted. SIGTERM lets the running job "
        "finish. With CHESSCLUB_TASKS=immediate (the default) jobs run in the web process and "
        "this command exits with status 2.",
    )
    p.add_argument(
        "--interval",
        type=float,
        default=1.0,
        metavar="SECONDS",
        help="how long to wait before looking again when no job is waiting (default 1)",
    )
    p.add_argument("--batch", action="store_true", help="stop when no job is waiting")
    p.add_argument("--max-tasks", type=int, metavar="N", help="stop after N jobs")
    p.set_defaults(func=cmd_worker)

    p = sub.add_parser(
        "manage",
        help="run a Django management command (migrate, createsuperuser, …)",
        prefix_chars="\0",
    )
    p.add_argument("argv", nargs=argparse.REMAINDER)
    p.set_defaults(func=cmd_manage)


EXTENSIONS: tuple[core.Extension, ...] = (register,)
"""What the console script adds to the core's parser."""


def build_parser() -> argparse.ArgumentParser:
    """The whole ``chessclub`` parser: the core's sub-commands, then the web layer's."""
    return core.build_parser(EXTENSIONS)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ``chessclub`` command (every sub-command); returns the exit code (the table of
    ``chessclub.cli``)."""
    return core.main(argv, extensions=EXTENSIONS)


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
