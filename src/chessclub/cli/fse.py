"""chessclub fse …: Swiss federation commands (the ranking list, spec W1–W9)."""

from __future__ import annotations

import argparse
import datetime
import sys
from pathlib import Path
from typing import Any

from chessclub.cli import EXIT_INVALID_INPUT, EXIT_OK, EXIT_USAGE

MAX_VALUE = 3500  # as the list file's points (chessclub.ratings.fse.listfile.MAX_POINTS)


def _date_option(text: str) -> datetime.date:
    """argparse ``type`` of ``--date``/``--list-date``: a bad date is a usage error (exit 2)
    naming the option, not a failure deep in the calculation."""
    from chessclub.ratings.fse.listfile import parse_date

    try:
        return parse_date(text)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def _value_option(text: str) -> int:
    """argparse ``type`` of ``--unrated-value``: a whole number 0…3500 (a list value)."""
    if not text.strip().isdigit() or not 0 <= int(text) <= MAX_VALUE:
        raise argparse.ArgumentTypeError(f"expected a whole number 0…{MAX_VALUE}, found {text!r}")
    return int(text)


def cmd_fse_rating_run(args: argparse.Namespace) -> int:
    """``chessclub fse rating-run``: print the period (text, JSON or the next list's CSV).

    A ``--table`` file that cannot be used is an invalid input file (exit 3, the problem
    named). Other errors (``FormatError``, ``LookupError``, ``ValueError``, ``OSError``) are
    turned into exit codes by ``chessclub.cli.run``.
    """
    from chessclub.ratings.fse import TableError

    try:
        return _rating_run(args)
    except TableError as exc:
        print(f"chessclub: cannot use the evaluation table:\n{exc}", file=sys.stderr)
        return EXIT_INVALID_INPUT


def _rating_run(args: argparse.Namespace) -> int:
    from chessclub.ratings.fse import run_cli, run_period, write_list_csv
    from chessclub.ratings.fse.report import header_lines

    for name in args.national or ():
        if name not in args.files:
            print(f"chessclub: --national {name}: not one of the FILE arguments", file=sys.stderr)
            return EXIT_USAGE
    files = [(name, Path(name).read_bytes()) for name in args.files]
    table = Path(args.table).read_bytes() if args.table else None
    options: dict[str, Any] = {
        "rules": args.rules,
        "period_end": args.date,
        "list_date": args.list_date,
        "time_control": args.time_control,
        "table": table,
        "list_source": args.list,
        "table_source": args.table or "table.json",
        "national": args.national or (),
        "unrated_value": args.unrated_value,
    }
    list_csv = Path(args.list).read_bytes()
    if args.format == "csv":
        # the next list in the input's layout on stdout; the rule set and table on stderr
        result = run_period(list_csv, files, **options)
        sys.stdout.write(write_list_csv(result.new_list))
        for line in header_lines(result):
            print(line, file=sys.stderr)
        return EXIT_OK
    sys.stdout.write(run_cli(list_csv, files, fmt=args.format, **options))
    return EXIT_OK


def register(sub: Any) -> None:
    """Add ``fse`` and its actions to the ``chessclub`` parser's subparsers ``sub``.

    Each subcommand sets ``func`` (taking the parsed ``argparse.Namespace``, returning the
    exit code); errors are turned into exit codes by ``chessclub.cli.run``.
    """
    p = sub.add_parser("fse", help="Swiss federation (FSE/SSB) calculations")
    fse_sub = p.add_subparsers(dest="fse_command", required=True, metavar="ACTION")
    p = fse_sub.add_parser(
        "rating-run",
        help="compute the next FSE ranking list (liste de classement) for one period",
        description="Compute the Swiss federation's ranking list for one period (spec W1–W9): "
        "from the previous list (CSV: id,name,points,games,entry_date,birth_date and optional "
        "last_active,fide_id,foreign_rating,pending_games,pending_opponents,pending_score) and "
        "the period's tournament files (Belgian results files or TRF), each player's old value, "
        "games, development coefficient, sum of gains W and new value, with a per-game sheet. "
        "Every output names the rule set and evaluation table used.",
    )
    p.add_argument("--list", required=True, metavar="PREVIOUS.csv", help="the previous list")
    p.add_argument("files", nargs="+", metavar="FILE", help="the period's tournament files")
    p.add_argument("--rules", choices=("1998", "current"), default="current")
    p.add_argument(
        "--format",
        choices=("text", "json", "csv"),
        default="text",
        help="csv writes the next list in the input's layout",
    )
    p.add_argument(
        "--date",
        type=_date_option,
        help="closing date of the period, YYYY-MM-DD (default: the latest tournament date)",
    )
    p.add_argument(
        "--list-date",
        type=_date_option,
        help="date of the previous list, YYYY-MM-DD (decides the 2025 uplift)",
    )
    p.add_argument(
        "--time-control", help="time control of files that do not state one, e.g. '90+30'"
    )
    p.add_argument(
        "--table",
        metavar="TABLE.json",
        help="an evaluation table replacing the one derived from FIDE's tables",
    )
    p.add_argument(
        "--national",
        action="append",
        metavar="FILE",
        help="a FILE that is a national team, cup or individual championship (W4: all games "
        "count; W5 not applied); may be repeated",
    )
    p.add_argument(
        "--unrated-value",
        type=_value_option,
        metavar="N",
        help="value of unrated players in the --national files (fixed by the list commission)",
    )
    p.set_defaults(func=cmd_fse_rating_run)


__all__ = ["cmd_fse_rating_run", "register"]
