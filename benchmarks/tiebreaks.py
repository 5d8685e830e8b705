"""All catalogue tiebreaks on a large Swiss: our engine beside gacrux (FIDE's reference).

Usage: ``python benchmarks/tiebreaks.py [--players 1000] [--rounds 11] [--repeat 5] [TRF]``.
Without a file, a Swiss is generated (tests/core/tiebreaks/tb_generator.py, seed 7). Both
engines get the same tournament and the same ordered list of every individual catalogue
tiebreak (with their modifiers); the median CPU time (``time.process_time``, so that other
processes on the machine do not count) of ``--repeat`` runs is printed for each, with the
ratio. gacrux is timed in-process, TRF parsing included (our side includes building the
tiebreak context; reading our TRF is not timed).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "core" / "tiebreaks"))

from tb_differential import VALUE_CODES  # noqa: E402
from tb_gacrux import run_gacrux  # noqa: E402
from tb_generator import swiss  # noqa: E402

from chessclub.formats.trf import read_tournament  # noqa: E402
from chessclub.model import Tournament  # noqa: E402
from chessclub.tiebreaks import RuleEra, compute_tiebreaks  # noqa: E402

CODES = [*VALUE_CODES, "DE"]


def _median(action: object, repeat: int) -> float:
    times = []
    for _ in range(repeat):
        start = time.process_time()
        action()  # type: ignore[operator]
        times.append(time.process_time() - start)
    return statistics.median(times)


def main(argv: list[str] | None = None) -> None:
    """Run from ``make bench`` (defaults) or ``python benchmarks/tiebreaks.py [options]``."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("trf", nargs="?", type=Path)
    parser.add_argument("--players", type=int, default=1000)
    parser.add_argument("--rounds", type=int, default=11)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args([] if argv is None else argv)
    tournament: Tournament
    if args.trf:
        tournament = read_tournament(args.trf.read_bytes(), source=args.trf.name)
    else:
        tournament = swiss(7, args.players, args.rounds)
    era = RuleEra.C07_2023
    ours = _median(lambda: compute_tiebreaks(tournament, CODES, era=era), args.repeat)
    theirs = _median(
        lambda: run_gacrux(tournament, CODES, era=era, pre_determined=False), args.repeat
    )
    size = f"{len(tournament.players)} players, {len(tournament.rounds)} rounds"
    print(f"{len(CODES)} tiebreaks, {size}, median of {args.repeat}")
    print(f"  chessclub.tiebreaks  {ours * 1000:9.1f} ms")
    print(f"  gacrux 1.11.65       {theirs * 1000:9.1f} ms")
    print(f"  ratio                {theirs / ours:9.2f}x")


if __name__ == "__main__":
    main(sys.argv[1:])
