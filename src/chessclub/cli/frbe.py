"""chessclub frbe …: Belgian federation commands (spec ``frbe.md`` B1–B6).

* ``chessclub frbe rating-run --players PLAYER.DBF FILE… [--format text|json]``: B5, the
  national rating run over the period's results files in import order;
* ``chessclub frbe export TOURNAMENT_FILE --club 618 [--id OPE --division 1 --series A]
  [-o OUT]``: B1–B3, the results file named per B2 (blocking problems listed, exit 1), from a
  Belgian results file or the TRF-like variant (a FIDE TRF has no matricules);
* ``chessclub frbe fictitious FILE``: B4, the fictitious Elo of the file's unrated players.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from chessclub.cli import EXIT_FAILURE, EXIT_INVALID_INPUT, EXIT_OK

_RATING_RUN_HELP = """\
Compute the federation's national rating over one period (spec B5, the federation's CalcElo):
the player list (PLAYER.DBF, or a CSV export of it) and the period's results files, processed
in the order given (import order, not by date). Run 1: games of unrated players against rated
players (performance rating; rated at 20 games). Run 2: games of the newly rated against the
still unrated, repeated until no one more is rated. Run 3: games between rated players,
Rn = Ro + K x (W - We), K 32 / 24 / 16 / 12 / 10, boundary formula at 2000 and 2200, floor 1150,
rating difference capped at 350. Games too short for the ratings (B6) and forfeits are left
out. The output names the rule set and gives each player's individual sheet.
"""

_EXPORT_HELP = """\
Write a tournament as the federation's results file (spec B1-B3): current layout, Latin-1,
CR LF, named per B2 (e.g. 625OPE1A.618: month in hex, day, identifier, division, series,
sending club). The tournament file is a Belgian results file or the federation's TRF-like
variant (the .trfx download of the Export tab), which carry each player's matricule; a FIDE
TRF has no matricule field, so it cannot be sent. Every blocking problem (missing name, dates,
arbiter, time control, round dates, results or matricules) is listed and nothing is written
(exit code 1). The identifier is OPE for an open and GRI for a closed group; the reserved
identifiers INT, 24L and ELO are refused. With --players, matricules are checked against the
federation's list, players not affiliated have their games turned into 0F-0F and unrated
players get a fictitious Elo (B4).
"""

_FICTITIOUS_HELP = """\
Compute the fictitious Elo of the unrated players of a results file (spec B4): closed groups
(round robins) get one global performance, opens iterated individual performances until no
value changes; only when the group has at least 2 unrated and 2 rated players. Without
--players, a player is unrated when the file marks them *** or gives no Elo. Without --method,
a header naming the OPE identifier (e.g. "(00OPE$$)") or the word OPEN means an open, GRI a
closed group, else a round robin is a closed group and any other system an open.
"""


def register(sub: Any) -> None:
    """Add ``chessclub frbe`` and its subcommands to the ``chessclub`` parser's subparsers
    ``sub``. Each subcommand sets ``func`` (taking the parsed ``argparse.Namespace``, returning
    the exit code); errors are turned into exit codes by ``chessclub.cli.run``."""
    frbe = sub.add_parser(
        "frbe",
        help="Belgian federation: rating run, results-file export, fictitious Elo",
        description="Belgian federation (FRBE-KBSB) commands (spec frbe.md B1-B6).",
    )
    frbe_sub = frbe.add_subparsers(dest="frbe_command", required=True, metavar="COMMAND")

    p = frbe_sub.add_parser(
        "rating-run",
        help="national rating run over a period (B5)",
        description=_RATING_RUN_HELP,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument(
        "--players", required=True, metavar="PLAYER.DBF", help="player list (.DBF or .csv)"
    )
    p.add_argument("files", nargs="+", metavar="FILE", help="results files in import order")
    p.add_argument("--format", choices=("text", "json"), default="text", help="output format")
    p.add_argument(
        "--rules",
        default="frbe-art10",
        metavar="KEY|FILE.json",
        help="rule set: a known key (default frbe-art10, the 2008 text) or a JSON file with "
        'key, version and the constants to change (e.g. {"key": "frbe-2026", '
        '"version": "1", "floor": 1000})',
    )
    p.set_defaults(func=_invalid_list(cmd_rating_run))

    p = frbe_sub.add_parser(
        "export",
        help="write the federation's results file (B1-B3)",
        description=_EXPORT_HELP,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument(
        "file",
        metavar="TOURNAMENT_FILE",
        help="a Belgian results file or the TRF-like variant (.trfx); not a FIDE TRF",
    )
    p.add_argument("--club", required=True, help="the sending club's number (file extension)")
    p.add_argument("--id", dest="identifier", help="chars 4-6: OPE (open) or GRI (closed group)")
    p.add_argument("--division", default="1", help="char 7: 1-9 or $ (default 1)")
    p.add_argument("--series", default="A", help="char 8: A-Z or $ (default A)")
    p.add_argument("--players", metavar="PLAYER.DBF", help="check matricules against this list")
    p.add_argument("--fide-rated", action="store_true", help="the event is FIDE-rated")
    p.add_argument(
        "-o",
        "--output",
        help="output file or folder (default: the B2 name in the current folder; - for stdout)",
    )
    p.set_defaults(func=_invalid_list(cmd_export))

    p = frbe_sub.add_parser(
        "fictitious",
        help="fictitious Elo of unrated players (B4)",
        description=_FICTITIOUS_HELP,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("file", metavar="FILE", help="a Belgian results file")
    p.add_argument("--players", metavar="PLAYER.DBF", help="take game counts from this list")
    p.add_argument("--method", choices=("closed", "open"), help="default: closed for a round robin")
    p.set_defaults(func=_invalid_list(cmd_fictitious))


class _BadPlayerList(Exception):
    """The player list cannot be read (exit code 3, like any invalid input file)."""


class _BadRuleSet(Exception):
    """A ``--rules`` JSON file that cannot be used (exit code 3, an invalid input file)."""


def _player_list(path: str) -> Any:
    from chessclub.formats.frbe_players import PlayerListError, read_player_csv, read_player_dbf

    data = Path(path).read_bytes()
    try:
        if path.lower().endswith(".csv") or data[:1] not in (b"\x03", b"\x83", b"\x30", b"\x8b"):
            return read_player_csv(data, source=Path(path).name)
        return read_player_dbf(data)
    except PlayerListError as error:
        raise _BadPlayerList(str(error)) from error


def _invalid_list(func: Any) -> Any:
    """Print a player list's problems (record and field) and return exit code 3."""

    def run(args: argparse.Namespace) -> int:
        try:
            result: int = func(args)
        except _BadPlayerList as error:
            print(f"chessclub: cannot read the player list:\n{error}", file=sys.stderr)
            return EXIT_INVALID_INPUT
        except _BadRuleSet as error:
            print(f"chessclub: cannot read the rule set:\n{error}", file=sys.stderr)
            return EXIT_INVALID_INPUT
        return result

    return run


def _read(path: str) -> Any:
    from chessclub.cli import read_tournament_file

    return read_tournament_file(path)


def _rules(text: str) -> Any:
    """A B5 rule set: a known key, or a JSON file (``NationalRules.from_mapping``)."""
    from chessclub.ratings.frbe import NationalRules, national_rules

    if text.lower().endswith(".json"):
        raw = Path(text).read_bytes()
        try:
            data = json.loads(raw.decode("utf-8-sig"))
        except UnicodeDecodeError as error:
            raise _BadRuleSet(f"{text}: not UTF-8 text (byte {error.start + 1})") from error
        except json.JSONDecodeError as error:
            raise _BadRuleSet(f"{text}: not JSON ({error})") from error
        except RecursionError as error:
            raise _BadRuleSet(f"{text}: JSON nested too deeply") from error
        if not isinstance(data, dict):
            raise _BadRuleSet(f"{text}: a JSON object is needed")
        try:
            return NationalRules.from_mapping(data)
        except ValueError as error:
            raise _BadRuleSet(f"{text}: {error}") from error
    return national_rules(text)


def cmd_rating_run(args: argparse.Namespace) -> int:
    from chessclub.ratings.frbe import ListedPlayer, period_games, rating_run

    listed = _player_list(args.players)
    players = {
        p.matricule: ListedPlayer(p.matricule, p.name, p.rating, p.games, p.club) for p in listed
    }
    files = [(Path(f).name, _read(f)) for f in args.files]
    games, skipped = period_games(files)
    run = rating_run(players, games, _rules(args.rules))
    outcomes = sorted(run.players.values(), key=lambda o: o.matricule)
    if args.format == "json":
        data = {
            "rules": run.rules,
            "promoted": list(run.promoted),
            "players": [
                {
                    "matricule": o.matricule,
                    "name": o.name,
                    "old_rating": o.old_rating,
                    "old_games": o.old_games,
                    "new_rating": o.new_rating,
                    "new_games": o.new_games,
                    "status": o.status.value,
                    "formula": o.formula,
                    "performance": o.performance,
                    "sheet": [
                        {
                            "game": line.game,
                            "file": line.source,
                            "round": line.round,
                            "opponent": line.opponent,
                            "opponent_name": line.opponent_name,
                            "opponent_rating": line.opponent_rating,
                            "result": float(line.score),
                            "expected": float(line.expected) if line.expected is not None else None,
                            "k": line.k,
                            "run": int(line.run),
                        }
                        for line in o.sheet
                    ],
                }
                for o in outcomes
            ],
            "skipped": [
                {"game": s.game, "file": s.source, "round": s.round, "white": s.white,
                 "black": s.black, "reason": s.reason}
                for s in [*skipped, *run.skipped]
            ],
        }  # fmt: skip
        sys.stdout.write(json.dumps(data, ensure_ascii=False, indent=1) + "\n")
        return EXIT_OK
    left_out = len(skipped) + len(run.skipped)
    counted = len(games) - len(run.skipped)
    out = [f"Rule set: {run.rules}", f"Games: {counted} counted, {left_out} left out", ""]
    for o in outcomes:
        old = "-" if o.old_rating is None else str(o.old_rating)
        new = "-" if o.new_rating is None else str(o.new_rating)
        out.append(
            f"{o.matricule:>6} {o.name[:28]:<28} {old:>5} ({o.old_games:>3}) -> {new:>5} "
            f"({o.new_games:>3})  {o.status.value}, {o.formula}"
        )
        for line in o.sheet:
            we = f"{float(line.expected):.2f}" if line.expected is not None else "   -"
            k = f"{line.k:>2}" if line.k is not None else " -"
            out.append(
                f"         #{line.game:<5} {line.source[:16]:<16} r{line.round:<2} "
                f"{line.opponent:>6} {line.opponent_name[:22]:<22} {line.opponent_rating:>5} "
                f"{_score(line.score):>3} We {we} K {k} run {int(line.run)}"
            )
    for s in [*skipped, *run.skipped]:
        out.append(f"left out: #{s.game} {s.source} r{s.round} {s.white}-{s.black}: {s.reason}")
    sys.stdout.write("\n".join(out) + "\n")
    return EXIT_OK


def _score(value: Any) -> str:
    return {1: "1", 0: "0"}.get(value, "½")


def cmd_export(args: argparse.Namespace) -> int:
    from chessclub.formats.frbe_export import RESULTS_FILE, check_export, results_file
    from chessclub.formats.frbe_name import default_identifier, frbe_file_name

    tournament = _read(args.file)
    listed = None
    if args.players:
        listed = _player_list(args.players).by_matricule
    check = check_export(tournament, players=listed, fide_rated=args.fide_rated)
    for issue in check.warnings:
        print(f"chessclub: warning: {issue.text}", file=sys.stderr)
    for verdict in check.ineligible:
        print(
            f"chessclub: left out (B6, {check.eligibility_rules}): round {verdict.round} "
            f"{verdict.white}-{verdict.black}: {verdict.message}",
            file=sys.stderr,
        )
    if not check.ok_for(RESULTS_FILE):
        print("chessclub: cannot export, blocking problems:", file=sys.stderr)
        blocking = check.blocking_for(RESULTS_FILE)
        for issue in blocking:
            print(f"  - {issue.text}", file=sys.stderr)
        if any(i.kind == "missing_matricule" for i in blocking) and _is_fide_trf(args.file):
            print(f"chessclub: {FIDE_TRF_HINT}", file=sys.stderr)
        return EXIT_FAILURE
    assert tournament.end_date is not None
    identifier = args.identifier or default_identifier(tournament.system)
    name = frbe_file_name(
        tournament.end_date, identifier, args.division, args.series, sender_club=args.club
    )
    data = results_file(tournament, check)
    if args.output == "-":
        sys.stdout.buffer.write(data)
        return EXIT_OK
    target = Path(args.output) if args.output else Path(name)
    if target.is_dir():
        target = target / name
    target.write_bytes(data)
    print(target)
    return EXIT_OK


FIDE_TRF_HINT = (
    "a FIDE TRF has no matricule field: export from the Belgian results file, or from the "
    "federation's TRF-like variant (the .trfx download of the Export tab), which carry the "
    "matricules"
)
"""What ``frbe export`` adds when a FIDE TRF's players have no matricule (B3: the results
file's cols 31–35, the TRF-like variant's cols 64–68; TRF-16 has no such field)."""


def _is_fide_trf(path: str) -> bool:
    """Whether ``path`` holds a FIDE TRF, not the Belgian TRF-like variant (whose ``001``
    lines hold the matricule, ``chessclub.formats.trf.is_belgian_variant``)."""
    from chessclub.formats import FileFormat, detect_format
    from chessclub.formats.trf import read_trf
    from chessclub.formats.trf.convert import is_belgian_variant

    data = Path(path).read_bytes()
    if detect_format(data) is not FileFormat.TRF:
        return False
    try:
        return not is_belgian_variant(read_trf(data, source=path))
    except ValueError:
        return False


def _method_from_header(path: str) -> Any:
    """The B4 method a Belgian file's header names: an ``OPE`` identifier (``(00OPE$$)``) or
    the word OPEN → open; a ``GRI`` identifier → closed; else ``None`` (the system decides)."""
    import re

    from chessclub.formats.frbe import read_results_file
    from chessclub.ratings.frbe import FictitiousMethod

    try:
        doc = read_results_file(Path(path).read_bytes(), source=path)
    except ValueError:
        return None
    header = "\n".join(doc.header_lines)
    if re.search(r"\(\d\dOPE|\bOPEN\b", header, re.IGNORECASE):
        return FictitiousMethod.OPEN
    if re.search(r"\(\d\dGRI", header, re.IGNORECASE):
        return FictitiousMethod.CLOSED
    return None


def cmd_fictitious(args: argparse.Namespace) -> int:
    from chessclub.ratings.frbe import FictitiousMethod, fictitious_elo

    tournament = _read(args.file)
    counts: dict[Any, int] = {}
    if args.players:
        listed = _player_list(args.players).by_matricule
        for p in tournament.players:
            m = p.matricule.strip()
            if m.isascii() and m.isdigit() and int(m) in listed:
                counts[p.pairing_number] = listed[int(m)].games
    for p in tournament.players:
        if p.pairing_number not in counts:
            unrated = p.fictitious_rating or not p.rating
            counts[p.pairing_number] = 0 if unrated else 20
    method = FictitiousMethod(args.method) if args.method else _method_from_header(args.file)
    result = fictitious_elo(tournament, counts, method)
    print(f"Rule set: {result.rules}; method: {result.method.value}; {result.status.value}")
    for number in result.unrated:
        player = next(p for p in tournament.players if p.pairing_number == number)
        value = result.values.get(number)
        print(f"{number:>3} {player.name:<25} {value if value is not None else '-'}")
    for step in result.passes:
        for perf in step.performances:
            who = ",".join(str(n) for n in perf.players)
            print(
                f"  pass {step.number}: {who}: {perf.score} / {perf.games} against "
                f"{perf.rating_sum}/{perf.games} = {perf.mean}, p {perf.p_hundredths}%, "
                f"dp {perf.dp:+d} -> {perf.value}"
            )
    return EXIT_OK
