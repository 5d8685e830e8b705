"""``chessclub generate``: the random tournament generator (FIDE VCL4THP.13 Q22–Q32), over
:mod:`chessclub.generator`."""

from __future__ import annotations

import argparse
import datetime
import sys
from pathlib import Path
from typing import Any

from chessclub.cli import EXIT_OK, EXIT_USAGE


def _date(text: str) -> datetime.date:
    try:
        return datetime.date.fromisoformat(text)
    except ValueError:
        raise ValueError(f"--start-date {text!r} is not a date YYYY-MM-DD") from None


def cmd_generate(args: argparse.Namespace) -> int:
    from chessclub.generator import (
        GeneratorError,
        GeneratorSettings,
        fresh_seed,
        generate,
        generated_trf,
        parse_plan,
        parse_ratings,
    )
    from chessclub.model import Colour

    try:
        settings = GeneratorSettings(
            players=args.players,
            rounds=args.rounds,
            ratings=parse_ratings(args.ratings) if args.ratings else None,
            full_byes=parse_plan(args.full_byes) if args.full_byes is not None else None,
            half_byes=parse_plan(args.half_byes) if args.half_byes is not None else None,
            zero_byes=parse_plan(args.zero_byes) if args.zero_byes is not None else None,
            forfeits=parse_plan(args.forfeits) if args.forfeits is not None else None,
            unusual=parse_plan(args.unusual) if args.unusual is not None else None,
            baku=args.baku,
            tiebreaks=tuple(c for c in args.tiebreaks.split(",") if c.strip())
            if args.tiebreaks is not None
            else None,
            initial_colour=Colour.WHITE
            if args.initial_colour == "white"
            else Colour.BLACK
            if args.initial_colour == "black"
            else None,
            start_date=_date(args.start_date) if args.start_date else None,
        )
    except (GeneratorError, ValueError) as exc:
        print(f"chessclub: {exc}", file=sys.stderr)
        return EXIT_USAGE
    seed = args.seed if args.seed is not None else fresh_seed()
    # Q30: the seed goes to standard error, so that a run can be repeated with --seed
    print(f"chessclub: seed {seed} (repeat with --seed {seed})", file=sys.stderr)
    try:
        generated = generate(settings, seed=seed)
    except GeneratorError as exc:
        print(f"chessclub: {exc}", file=sys.stderr)
        return EXIT_USAGE
    data = generated_trf(generated)
    if args.output and args.output != "-":
        Path(args.output).write_bytes(data)
    else:
        sys.stdout.write(data.decode("utf-8"))
    return EXIT_OK


def register(sub: Any) -> None:
    """Add ``generate`` to the ``chessclub`` parser's sub-parsers ``sub``."""
    p = sub.add_parser(
        "generate",
        help="generate a random Swiss tournament as a TRF-2026 (FIDE random tournament generator)",
        description="Generate a random Swiss tournament (FIDE's checklist VCL4THP.13 Q22-Q32): "
        "the rounds paired one by one by the FIDE Dutch system (C.04.3, FIDE's reference "
        "engine gacrux), results drawn from FIDE's expected-score table (B.02 table 8.1.2: "
        "win = E - d/2, draw d = 0.3 x min(E, 1-E)/0.5, loss = 1 - E - d/2), the final "
        "standings ranked by the tie-break list, written as a TRF-2026 (records 142, 152, "
        "192, 202, 250, ranks in the player lines; a '###' line repeats the settings). Every "
        "option left out gets a random value. Byes and forfeits take a count or a "
        "percentage, for the whole tournament or per round: '3', '5%%', '2:1,5:10%%' (1 in "
        "round 2, 10%% of the players in round 5); byes count player-rounds, forfeits games. "
        "A fresh seed each run unless --seed; the seed is printed on standard error.",
        epilog="Exit codes: 0 ok, 1 a round without legal pairing (too many rounds), 2 usage "
        "(settings that cannot be honoured).",
    )
    p.add_argument("-o", "--output", help="output file (default: standard output)")
    p.add_argument("-s", "--seed", type=int, help="the seed (default: a fresh one)")
    p.add_argument("-p", "--players", type=int, help="number of players (2-999)")
    p.add_argument("-n", "--rounds", type=int, help="number of rounds (1-30)")
    p.add_argument(
        "-r",
        "--ratings",
        help="ratings: a list '2400,2210,1985' (one per player) or 'min:max:step' "
        "'1500:2400:50' (drawn at random); default random 1400-2800",
    )
    p.add_argument("--full-byes", metavar="PLAN", help="full-point byes (F): count or %%")
    p.add_argument("--half-byes", metavar="PLAN", help="half-point byes (H): count or %%")
    p.add_argument("--zero-byes", metavar="PLAN", help="zero-point byes (Z): count or %%")
    p.add_argument("--forfeits", metavar="PLAN", help="forfeited games (1F-0F, 0F-1F)")
    p.add_argument(
        "--unusual",
        metavar="PLAN",
        help="unusual results (1/2-0, 0-1/2, 0-0): only 0 for now (the core cannot read them)",
    )
    p.add_argument(
        "--baku",
        action=argparse.BooleanOptionalAction,
        default=None,
        help="Baku acceleration (FIDE C.04.7); default random",
    )
    p.add_argument(
        "-t",
        "--tiebreaks",
        help="tie-break list, FIDE C.07 codes: 'BH/C1,BH,SB,DE,WIN'; default 3-5 random codes",
    )
    p.add_argument("--initial-colour", choices=("white", "black"), help="default random")
    p.add_argument("--start-date", metavar="YYYY-MM-DD", help="default random in 2026")
    p.set_defaults(func=cmd_generate)
