"""The ``chessclub`` command: the core's operations from a shell, and the web app's entry points.

Exit codes (one table for every sub-command):

====  ==========================================================
0     success
1     unexpected failure
2     usage error (unknown option, missing argument)
3     invalid input file (each problem printed with line and column)
4     something named does not exist (file, club)
====  ==========================================================

Sub-commands that need the database (``import``, ``user``, ``club``, ``lists``, ``demo``,
``serve``, ``manage``) import the
Django layer lazily; ``standings`` and ``convert`` use the pure core only.
"""

from __future__ import annotations

import argparse
import csv
import io
import json
import sys
from collections.abc import Sequence
from fractions import Fraction
from pathlib import Path

from chessclub import cli_frbe, cli_fse, cli_rating
from chessclub.formats import ExportError, FormatError, read_tournament
from chessclub.model import ByeKind, PairingNumber, RoundEntry, Tournament, format_points
from chessclub.model.points import format_points_decimal
from chessclub.standings import StandingRow, compute_standings
from chessclub.tiebreaks import (
    RuleEra,
    TiebreakCodeError,
    TiebreakValue,
    default_era,
    default_tiebreaks,
    explain,
    format_value,
    parse_tiebreaks,
)

EXIT_OK = 0
EXIT_FAILURE = 1
EXIT_USAGE = 2
EXIT_INVALID_INPUT = 3
EXIT_NOT_FOUND = 4

MAX_BERGER_PLAYERS = 500
"""Largest round robin ``chessclub berger`` prints (a double table of 500 is 249,500 boards)."""


def _read_file(path: str) -> Tournament:
    data = Path(path).read_bytes()
    return read_tournament(data, source=path)


def _cell(entry: RoundEntry) -> str:
    """A crosstable cell: ``12w1``, ``5b½``, ``3w+`` (forfeit), or the bye letter."""
    if entry.opponent is None:
        assert entry.bye is not None
        return {
            ByeKind.PAIRING_ALLOCATED: "PAB",
            ByeKind.HALF_POINT: "H",
            ByeKind.FULL_POINT: "F",
            ByeKind.ZERO_POINT: "Z",
            ByeKind.ABSENT: "-",
        }[entry.bye]
    colour = entry.colour.value if entry.colour else "?"
    assert entry.result is not None
    if not entry.result.is_entered:
        mark = "?"
    elif entry.result.is_forfeit:
        mark = "+" if entry.points > 0 else "-"
    else:
        mark = format_points(entry.points, half_sign="½")
    return f"{entry.opponent}{colour}{mark}"


def _standings_json(rows: list[StandingRow]) -> str:
    payload = [
        {
            "rank": row.rank,
            "shared_rank": row.shared,
            "start_no": int(row.player.pairing_number),
            "name": row.player.name,
            "rating": row.player.rating,
            "fictitious_rating": row.player.fictitious_rating,
            "points": float(row.points),
            "points_exact": str(row.points),
            "games_played": row.games_played,
            "tiebreaks": {code: _json_number(v) for code, v in row.tiebreaks.items()},
            "tiebreaks_exact": {
                code: None if v is None else str(v) for code, v in row.tiebreaks.items()
            },
            "lot": row.lot,
            "rounds": [_cell(e) for e in row.entries],
        }
        for row in rows
    ]
    return json.dumps(payload, ensure_ascii=False, indent=2)


def _json_number(value: TiebreakValue) -> float | int | None:
    """A tiebreak value for JSON: counts and ratings as integers, points as numbers."""
    if value is None or isinstance(value, int):
        return value
    return value.numerator if value.denominator == 1 else float(value)


def _standings_csv(rows: list[StandingRow]) -> str:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    rounds = len(rows[0].entries) if rows else 0
    codes = list(rows[0].tiebreaks) if rows else []
    writer.writerow(
        ["rank", "shared_rank", "start_no", "name", "rating", "points"]
        + codes
        + [f"r{i}" for i in range(1, rounds + 1)]
    )
    for row in rows:
        writer.writerow(
            [
                row.rank,
                "yes" if row.shared else "no",
                int(row.player.pairing_number),
                row.player.name,
                row.player.rating if row.player.rating is not None else "",
                format_points_decimal(row.points),
                *(format_value(row.tiebreaks[c]) for c in codes),
                *(_cell(e) for e in row.entries),
            ]
        )
    return out.getvalue()


def _standings_text(tournament: Tournament, rows: list[StandingRow], era: RuleEra) -> str:
    width = max((len(r.player.name) for r in rows), default=4)
    codes = list(rows[0].tiebreaks) if rows else []
    widths = [max(len(c), 5) for c in codes]
    head = "".join(f"  {c:>{w}}" for c, w in zip(codes, widths, strict=True))
    lines = [tournament.name]
    if codes:
        lines.append(f"Tiebreaks: {', '.join(codes)} (FIDE C.07, rules {era.value})")
    lines.append("")
    lines.append(f"{'Rk':>3}  {'No':>3}  {'Name':<{width}}  {'Elo':>4}  {'Pts':>4}{head}")
    for row in rows:
        rating = str(row.player.rating) if row.player.rating is not None else ""
        rank = f"{row.rank}" + ("=" if row.shared else "")
        values = "".join(
            f"  {_tiebreak_text(row.tiebreaks[c]):>{w}}" for c, w in zip(codes, widths, strict=True)
        )
        lines.append(
            f"{rank:>3}  {row.player.pairing_number:>3}  {row.player.name:<{width}}  "
            f"{rating:>4}  {format_points(row.points, half_sign='½'):>4}{values}  "
            + " ".join(f"{_cell(e):>5}" for e in row.entries)
        )
    return "\n".join(lines) + "\n"


def _tiebreak_text(value: TiebreakValue) -> str:
    """A tiebreak value as the points column writes it: halves as ``27½``, other fractions
    in decimals (``16.75``)."""
    if isinstance(value, Fraction) and value.denominator == 2:
        return format_points(value, half_sign="½")
    return format_value(value)


def _tiebreak_codes(text: str | None, tournament: Tournament) -> tuple[str, ...]:
    """The ``--tiebreaks`` option: codes in order; absent → spec S4 defaults; "" or "none" →
    points only. Raises ``TiebreakCodeError`` (a ``ValueError``) naming an unknown code."""
    if text is None:
        return default_tiebreaks(tournament)
    if text.strip().lower() in ("", "none"):
        return ()
    return tuple(spec.code for spec in parse_tiebreaks(text, individual=True))


def cmd_standings(args: argparse.Namespace) -> int:
    tournament = _read_file(args.file)
    codes = _tiebreak_codes(args.tiebreaks, tournament)
    era = RuleEra.parse(args.rules) if args.rules else default_era(tournament.start_date)
    if args.explain is not None:
        return _explain(tournament, codes, era, args.explain, args.format)
    rows = compute_standings(tournament, codes, era=era, lots_seed=args.lots_seed)
    if args.format == "json":
        sys.stdout.write(_standings_json(rows) + "\n")
    elif args.format == "csv":
        sys.stdout.write(_standings_csv(rows))
    else:
        sys.stdout.write(_standings_text(tournament, rows, era))
    return EXIT_OK


def _explain(
    tournament: Tournament, codes: tuple[str, ...], era: RuleEra, start_no: int, fmt: str
) -> int:
    """Print how each tiebreak value of player ``start_no`` was made (issue 3, item 4)."""
    player = PairingNumber(start_no)
    try:
        tournament.player(player)
    except KeyError:
        print(f"chessclub: no player with start number {start_no}", file=sys.stderr)
        return EXIT_NOT_FOUND
    explanations = [
        explain(tournament, player, code, preceding=codes[:i], era=era)
        for i, code in enumerate(codes)
    ]
    if fmt == "json":
        payload = [e.as_dict() for e in explanations]
        sys.stdout.write(json.dumps(payload, ensure_ascii=False, indent=2) + "\n")
    else:
        name = tournament.player(player).name
        sys.stdout.write(f"{start_no} {name}\n\n")
        sys.stdout.write("\n".join(e.as_text() for e in explanations) + "\n")
    return EXIT_OK


def cmd_convert(args: argparse.Namespace) -> int:
    tournament = _read_file(args.file)
    if args.to == "trf":
        from chessclub.formats import trf

        data = trf.write_tournament(tournament)
    else:
        from chessclub.formats import frbe

        data = frbe.write_tournament(tournament)
    for warning in _conversion_losses(tournament, read_tournament(data)):
        print(f"chessclub: warning: {warning}", file=sys.stderr)
    if args.output and args.output != "-":
        Path(args.output).write_bytes(data)
    else:
        sys.stdout.buffer.write(data)
    return EXIT_OK


def _conversion_losses(before: Tournament, after: Tournament) -> list[str]:
    """What a conversion could not carry: players whose points differ once the written file is
    read back (e.g. byes, which the Belgian file writes as rounds without a game, spec B3)."""
    old, new = before.scores(), after.scores()
    losses = []
    for player in before.players:
        pn = player.pairing_number
        converted = new.get(pn)
        if old[pn] != converted:
            shown = format_points(converted) if converted is not None else "no line"
            losses.append(
                f"player {pn} ({player.name}): {format_points(old[pn])} points in the source, "
                f"{shown} once converted (the target format cannot hold some of their rounds)"
            )
    return losses


def cmd_pair(args: argparse.Namespace) -> int:
    from chessclub.pairing import pair_trf

    text = pair_trf(Path(args.file).read_bytes(), source=args.file)
    if args.output and args.output != "-":
        Path(args.output).write_text(text, encoding="utf-8")
    else:
        sys.stdout.write(text)
    return EXIT_OK


def cmd_check(args: argparse.Namespace) -> int:
    from chessclub.pairing import check_trf, format_differences

    differences = check_trf(Path(args.file).read_bytes(), source=args.file, workers=args.workers)
    if differences:
        sys.stdout.write(format_differences(differences))
        return EXIT_FAILURE
    print("Every round is paired as the FIDE Dutch system pairs it.")
    return EXIT_OK


def cmd_berger(args: argparse.Namespace) -> int:
    from chessclub.pairing import berger_table, format_berger_table

    if not 2 <= args.players <= MAX_BERGER_PLAYERS:
        print(f"chessclub: a Berger table needs 2 to {MAX_BERGER_PLAYERS} players", file=sys.stderr)
        return EXIT_USAGE
    sys.stdout.write(format_berger_table(berger_table(args.players, double=args.double)))
    return EXIT_OK


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


def cmd_serve(args: argparse.Namespace) -> int:
    from chessclub_web import commands

    commands.setup()
    commands.serve(args.host, args.port)
    return EXIT_OK


def cmd_manage(args: argparse.Namespace) -> int:
    from chessclub_web import commands

    commands.setup()
    status: int = commands.manage(list(args.argv))
    return status


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="chessclub",
        description="chessclub: tournaments, standings and federation files for chess clubs.",
        epilog="Exit codes: 0 ok, 1 failure, 2 usage, 3 invalid input file, 4 not found.",
    )
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    p = sub.add_parser(
        "standings",
        help="print the standings of a Belgian results file or a TRF",
        description=(
            "Print the standings (rank, start number, name, rating, points, one cell per round) "
            "of a Belgian results file (FRBE-KBSB, spec B3) or a FIDE TRF; the format is "
            "detected from the content. JSON gives a list of objects with rank, start_no, name, "
            "rating, fictitious_rating, points (a number), points_exact (a fraction such as "
            "'9/2'), games_played, tiebreaks ({code: value}), tiebreaks_exact, lot and rounds."
        ),
    )
    p.add_argument("file", help="the results file (Belgian .txt / FIDE .trf)")
    p.add_argument("--format", choices=("text", "json", "csv"), default="text")
    p.add_argument(
        "--tiebreaks",
        metavar="CODES",
        help="FIDE C.07 tiebreak codes in order, comma separated, e.g. 'BH/C1,BH,SB,DE,WIN' "
        "(default per spec S4: round robin 'DE,SB,WIN,KS', Swiss 'BH/C1,BH,SB,DE,WIN'; "
        "'none' for points only)",
    )
    p.add_argument(
        "--rules",
        choices=("2009", "2023", "2026"),
        help="tiebreak rules for unplayed rounds: 2009 (virtual opponent), 2023 (C.07 Art. 16), "
        "2026 (Art. 16.4 caps); default: the rules in force at the tournament's start date",
    )
    p.add_argument(
        "--explain",
        type=int,
        metavar="START_NO",
        help="instead of the standings, show how each tiebreak value of this player was made",
    )
    p.add_argument(
        "--lots-seed",
        type=int,
        metavar="SEED",
        help="order players tied after every tiebreak by a reproducible drawing of lots",
    )
    p.set_defaults(func=cmd_standings)

    p = sub.add_parser(
        "convert",
        help="convert a Belgian results file or TRF to TRF or to the Belgian layout",
        description="Read a Belgian results file or a TRF and write it as TRF-16 or as a "
        "Belgian results file in the federation's current layout (Latin-1, CR LF).",
    )
    p.add_argument("file")
    p.add_argument("--to", choices=("trf", "frbe"), required=True)
    p.add_argument("-o", "--output", help="output file (default: standard output)")
    p.set_defaults(func=cmd_convert)

    p = sub.add_parser(
        "pair",
        help="pair the next round of a TRF with the FIDE Dutch system",
        description="Pair the next round of a Swiss TRF (FIDE Dutch system, C.04.3, through "
        "FIDE's reference engine gacrux) and print it in bbpPairings' output format: the "
        "number of pairs, then one 'white black' line per board, the pairing-allocated bye "
        "as 'N 0'. Requested byes and absences of that round are read from the file (record "
        "240, '0000 - H' cells). Exit 1 with 'cannot pair: …' when no legal pairing exists.",
    )
    p.add_argument("file", help="the TRF (TRF-16 with XXR/XXC, or TRF-2026 records)")
    p.add_argument("-o", "--output", help="output file (default: standard output)")
    p.set_defaults(func=cmd_pair)

    p = sub.add_parser(
        "check",
        help="re-pair every round of a Swiss TRF and report the pairs that differ",
        description="Re-pair every round of a Swiss TRF from the rounds before it (FIDE Dutch "
        "system) and compare it with the round as played, pair by pair (a TRF has no board "
        "numbers). One line per difference, each once, by round, then by lowest pairing "
        "number, the bye last: 'round R: played W-B, not paired by the engine'; 'round R: "
        "engine W-B, not played'; 'round R: played W-B, engine B-W (colours)'; 'round R: "
        "pairing-allocated bye: played N, engine M' ('none' when a side gives no bye); "
        "'round R: cannot pair: ...'. Exit 0 when every round agrees, 1 otherwise.",
    )
    p.add_argument("file", help="the TRF (TRF-16 with XXR/XXC, or TRF-2026 records)")
    p.add_argument("--workers", type=int, default=2, help="rounds re-paired in parallel")
    p.set_defaults(func=cmd_check)

    p = sub.add_parser(
        "berger",
        help="print the Berger table for N players",
        description="Print FIDE's Berger table (C.05 Annex 1) for N players, one round a line; "
        "an odd N plays with a bye. --double gives the double round robin.",
    )
    p.add_argument("players", type=int, metavar="N")
    p.add_argument("--double", action="store_true")
    p.set_defaults(func=cmd_berger)

    cli_frbe.register(sub)
    cli_fse.register(sub)
    cli_rating.register(sub)

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
        "federation lists (FRBE PLAYER, FSE ranking list) on the Federation lists page "
        "(/lists/); it gives no right inside any club. --revoke takes the role back.",
    )
    p.add_argument("username")
    p.add_argument("--revoke", action="store_true", help="take the role back")
    p.set_defaults(func=cmd_user_federation_data)

    p = sub.add_parser("lists", help="the site's federation lists (import, roll back)")
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
        "rollback",
        help="make an earlier version current again",
        description="Make the version before the current one (or version --to N) of the "
        "site's federation list KIND current again. Only the last versions keep their records.",
    )
    p.add_argument("kind", choices=("frbe", "fse"))
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

    p = sub.add_parser("serve", help="serve the web app")
    p.add_argument("--host", default="127.0.0.1")
    p.add_argument("--port", type=int, default=8000)
    p.set_defaults(func=cmd_serve)

    p = sub.add_parser(
        "manage",
        help="run a Django management command (migrate, createsuperuser, …)",
        prefix_chars="\0",
    )
    p.add_argument("argv", nargs=argparse.REMAINDER)
    p.set_defaults(func=cmd_manage)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ``chessclub`` command; returns the exit code (see the module docstring)."""
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        result: int = args.func(args)
        return result
    except FormatError as exc:
        print(f"chessclub: cannot read the file:\n{exc}", file=sys.stderr)
        return EXIT_INVALID_INPUT
    except TiebreakCodeError as exc:
        print(f"chessclub: {exc}", file=sys.stderr)
        return EXIT_USAGE
    except ExportError as exc:
        print(f"chessclub: cannot write:\n{exc}", file=sys.stderr)
        return EXIT_FAILURE
    except FileNotFoundError as exc:
        print(f"chessclub: no such file: {exc.filename}", file=sys.stderr)
        return EXIT_NOT_FOUND
    except IsADirectoryError as exc:
        print(f"chessclub: {exc.filename} is a folder, not a file", file=sys.stderr)
        return EXIT_NOT_FOUND
    except PermissionError as exc:
        print(f"chessclub: cannot open {exc.filename}: permission denied", file=sys.stderr)
        return EXIT_FAILURE
    except LookupError as exc:
        if isinstance(exc, KeyError):  # a programming error, not a name the user gave
            raise
        print(f"chessclub: {exc}", file=sys.stderr)
        return EXIT_NOT_FOUND
    except BrokenPipeError:
        return EXIT_OK
    except ValueError as exc:
        # PairingError ("cannot pair: …") and other refusals of valid-looking input
        print(f"chessclub: {exc}", file=sys.stderr)
        return EXIT_FAILURE


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
