"""``chessclub pair``, ``check`` and ``berger``: the FIDE Dutch system through FIDE's reference
engine (spec P1–P3) and FIDE's Berger tables (C.05 Annex 1)."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from chessclub.cli import EXIT_FAILURE, EXIT_OK, EXIT_USAGE, print_warnings
from chessclub.formats import Problem

MAX_BERGER_PLAYERS = 500
"""Largest round robin ``chessclub berger`` prints (a double table of 500 is 249,500 boards)."""


def cmd_pair(args: argparse.Namespace) -> int:
    from chessclub.pairing import pair_trf

    warnings: list[Problem] = []
    text = pair_trf(Path(args.file).read_bytes(), source=args.file, warnings=warnings)
    print_warnings(warnings, source=args.file)
    if args.output and args.output != "-":
        Path(args.output).write_text(text, encoding="utf-8")
    else:
        sys.stdout.write(text)
    return EXIT_OK


def cmd_check(args: argparse.Namespace) -> int:
    """``chessclub check``: pairings and standings of a Swiss TRF (FIDE VCL4THP.13 Q19–Q21).
    Exit 0 when the file conforms, 1 when something was found, 3 for a file that cannot be
    read (:func:`chessclub.cli.run`)."""
    from chessclub.pairing.checker import check_file

    warnings: list[Problem] = []
    report = check_file(
        Path(args.file).read_bytes(), source=args.file, workers=args.workers, warnings=warnings
    )
    print_warnings(warnings, source=args.file)
    if args.json:
        sys.stdout.write(json.dumps({"file": args.file, **report.as_json()}, indent=2) + "\n")
    else:
        sys.stdout.write(report.as_text())
    return EXIT_OK if report.conforms else EXIT_FAILURE


def cmd_berger(args: argparse.Namespace) -> int:
    from chessclub.pairing import berger_table, format_berger_table

    if not 2 <= args.players <= MAX_BERGER_PLAYERS:
        print(f"chessclub: a Berger table needs 2 to {MAX_BERGER_PLAYERS} players", file=sys.stderr)
        return EXIT_USAGE
    sys.stdout.write(format_berger_table(berger_table(args.players, double=args.double)))
    return EXIT_OK


def register(sub: Any) -> None:
    """Add ``pair``, ``check`` and ``berger`` to the ``chessclub`` parser's sub-parsers
    ``sub``."""
    p = sub.add_parser(
        "pair",
        help="pair the next round of a TRF with the FIDE Dutch system",
        description="Pair the next round of a Swiss TRF (FIDE Dutch system, C.04.3, through "
        "FIDE's reference engine gacrux) and print it in bbpPairings' output format: the "
        "number of pairs, then one 'white black' line per board, the pairing-allocated bye "
        "as 'N 0'. Requested byes and absences of that round are read from the file (record "
        "240, '0000 - H' cells); a '0000 - U' cell already in that round is kept: that player "
        "has the pairing-allocated bye and the others are paired (a second 'U', or one that "
        "leaves an odd number to pair, or one given to a player who already had the "
        "pairing-allocated bye, is refused with its line, exit 3: FIDE C.04.1). Players are "
        "paired on the points of their rounds: a points field (cols 81-84) that counts the "
        "rounds with or without the player's bye already written in the round to pair "
        "agrees; any other is a warning and the rounds' points pair. Deviations the reader "
        "accepts (old round dates, '0000 - =', points fields) are printed on standard error "
        "as warnings. Exit 1 with 'cannot pair: …' when no legal pairing exists.",
    )
    p.add_argument("file", help="the TRF (TRF-16 with XXR/XXC, or TRF-2026 records)")
    p.add_argument("-o", "--output", help="output file (default: standard output)")
    p.set_defaults(func=cmd_pair)

    p = sub.add_parser(
        "check",
        help="check the pairings and the standings of a Swiss TRF (FIDE pairing and tie-break "
        "checker)",
        description="Check a Swiss TRF round by round (FIDE Dutch system, C.04.3; FIDE's "
        "checklist VCL4THP.13 Q19-Q21). Each round is re-paired from the rounds before it "
        "and compared with the round as played, pair by pair (a TRF has no board numbers): "
        "'round R: played W-B, not paired by the engine'; 'round R: engine W-B, not played'; "
        "'round R: played W-B, engine B-W (colours)'; 'round R: pairing-allocated bye: played "
        "N, engine M' ('none' when a side gives no bye); 'round R: cannot pair: ...'. The "
        "absolute rules the round as played breaks are named too: 'round R: players A and B "
        "meet again (FIDE C.04.3 C1: no rematch)', 'round R: player N gets the "
        "pairing-allocated bye after ...', colours (C3), forbidden pairs (record 260). Then "
        "the standings: the ranks of the player lines (cols 86-89) against the file's "
        "tie-break list (record 202, else 212 without PTS; none: points only): 'standings: "
        "player N (P points) is ranked K; the tie-break list ranks him J' (players the list "
        "leaves tied may share a rank or be in any order among their places). A last line "
        "sums up. --json prints the same as one JSON object.",
        epilog="Exit codes: 0 the file conforms, 1 discrepancies found, 3 invalid file "
        "(each problem with line and column), 4 no such file.",
    )
    p.add_argument("file", help="the TRF (TRF-16 with XXR/XXC, or TRF-2026 records)")
    p.add_argument("--workers", type=int, default=2, help="rounds re-paired in parallel")
    p.add_argument("--json", action="store_true", help="print the report as JSON")
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
