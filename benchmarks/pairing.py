"""Pairing time per round, and our wrapper's overhead over calling gacrux directly.

``make bench`` (``main()``) plays seeded synthetic Swiss tournaments of 50 and 300 players
(and 1,000 players) round by round: each round is paired by ``GacruxDutchEngine().pair``
(engine input written by our TRF writer, worker process, answer read back and checked), then
given random results (stronger player favoured, draws, seeded). For every round it also times
gacrux's own command line (``python -m gacrux.pairingchecker -p``) on the same input.
Printed: the median per field size (wall clock, and CPU seconds of the process and its
workers, which a busy machine does not inflate), and the overhead in per cent. Targets
(issue 4): 300 players under 1 s, 1,000 under 10 s, overhead under 20 %.

The 1,000-player field pairs 3 rounds by default (about half a minute in all);
``CHESSCLUB_BENCH_FULL=1`` pairs 7. ``python benchmarks/pairing.py FILE.trf …`` times every
round of the given TRF files instead (e.g. the generated reference tournaments).
"""

from __future__ import annotations

import os
import random
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from collections import defaultdict
from dataclasses import replace
from pathlib import Path

from chessclub.formats.trf import read_trf, to_tournament, write_trf
from chessclub.model import (
    Bye,
    ByeKind,
    Colour,
    GameResult,
    PairingNumber,
    Player,
    Round,
    RoundNumber,
    Tournament,
)
from chessclub.pairing.engine import GacruxDutchEngine, PairingOptions, engine_input
from chessclub.pairing.request import options_from_trf

ROOT = Path(__file__).resolve().parents[1]
DEFAULT = sorted((ROOT / "tests" / "fixtures" / "pairing" / "generated").glob("*.trf"))

#: (players, rounds paired) of the synthetic fields.
FIELDS = ((50, 7), (300, 5), (1000, 7 if os.environ.get("CHESSCLUB_BENCH_FULL") else 3))


def _cpu() -> float:
    """CPU seconds of this process and its finished children (load-independent)."""
    own = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def _gacrux_cli(data: bytes, round_number: int) -> tuple[float, float]:
    with tempfile.NamedTemporaryFile(suffix=".trf") as handle:
        handle.write(data)
        handle.flush()
        cpu = _cpu()
        start = time.perf_counter()
        subprocess.run(
            [
                sys.executable,
                "-m",
                "gacrux.pairingchecker",
                "-p",
                "-i",
                handle.name,
                "-b",
                "utf-8",
                "-n",
                str(round_number),
            ],
            capture_output=True,
            check=True,
        )
        return time.perf_counter() - start, _cpu() - cpu


def _result(rng: random.Random, white: Player, black: Player) -> GameResult:
    gap = ((white.rating or 0) - (black.rating or 0)) / 400
    expected = 1 / (1 + 10 ** (-gap))
    draw = 0.25
    roll = rng.random()
    if roll < draw:
        return GameResult.DRAW
    return GameResult.WHITE_WINS if rng.random() < expected else GameResult.BLACK_WINS


def synthetic(players: int, rounds: int, *, seed: int = 2026):
    """Yield ``(round number, (seconds, CPU seconds) ours, (seconds, CPU seconds) gacrux
    CLI)`` for each round of a seeded synthetic Swiss of ``players`` players."""
    rng = random.Random(seed + players)
    ratings = sorted((rng.randint(1000, 2600) for _ in range(players)), reverse=True)
    field = tuple(
        Player(PairingNumber(i), f"Player{i:04}, Bench", r) for i, r in enumerate(ratings, 1)
    )
    tournament = Tournament("bench", field, (), planned_rounds=rounds)
    engine = GacruxDutchEngine()
    options = PairingOptions(initial_colour=Colour.WHITE)
    for number in range(1, rounds + 1):
        cpu = _cpu()
        start = time.perf_counter()
        pairing = engine.pair(tournament, number, options=options)
        ours = (time.perf_counter() - start, _cpu() - cpu)
        direct = _gacrux_cli(write_trf(engine_input(tournament, number, options)), number)
        yield number, ours, direct
        games = tuple(
            replace(g, result=_result(rng, tournament.player(g.white), tournament.player(g.black)))
            for g in pairing.to_round().games
        )
        byes = (Bye(pairing.bye, ByeKind.PAIRING_ALLOCATED),) if pairing.bye else ()
        played = Round(RoundNumber(number), games, byes)
        tournament = replace(tournament, rounds=(*tournament.rounds, played))


Times = dict[int, list[tuple[float, float]]]


def _print(ours: Times, direct: Times) -> None:
    """Medians per field size: wall-clock seconds, then CPU seconds (the fair comparison on a
    loaded machine), and our overhead over gacrux's command line on each."""
    print(
        f"{'players':>8} {'rounds':>7} {'ours s':>8} {'gacrux s':>9} {'overhead':>9}"
        f" {'ours CPU s':>11} {'gacrux CPU s':>13} {'CPU overhead':>13}"
    )
    for size in sorted(ours):
        a, b = (statistics.median(t[0] for t in x[size]) for x in (ours, direct))
        c, d = (statistics.median(t[1] for t in x[size]) for x in (ours, direct))
        print(
            f"{size:>8} {len(ours[size]):>7} {a:>8.3f} {b:>9.3f} {100 * (a - b) / b:>8.1f}%"
            f" {c:>11.3f} {d:>13.3f} {100 * (c - d) / d:>12.1f}%"
        )


def main(paths: list[Path] | None = None) -> None:
    """Synthetic fields (``paths`` None) or every round of the given TRF files."""
    ours: Times = defaultdict(list)
    direct: Times = defaultdict(list)
    if paths is None:
        for players, rounds in FIELDS:
            for _number, a, b in synthetic(players, rounds):
                ours[players].append(a)
                direct[players].append(b)
        _print(ours, direct)
        return
    engine = GacruxDutchEngine()
    for path in paths:
        doc = read_trf(path.read_bytes(), source=path.name)
        tournament = to_tournament(doc, source=path.name)
        size = len(tournament.players)
        for rnd in tournament.rounds:
            if not rnd.games:
                continue
            present = set(rnd.participants())
            options = options_from_trf(doc, rnd.number)
            missing = {p.pairing_number for p in tournament.players} - present
            options = replace(options, absent=options.absent | frozenset(missing))
            cpu = _cpu()
            start = time.perf_counter()
            engine.pair(tournament, rnd.number, options=options)
            ours[size].append((time.perf_counter() - start, _cpu() - cpu))
            data = write_trf(engine_input(tournament, rnd.number, options))
            direct[size].append(_gacrux_cli(data, rnd.number))
    _print(ours, direct)


if __name__ == "__main__":
    main([Path(p) for p in sys.argv[1:]] or None)
