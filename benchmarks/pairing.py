"""Pairing time per round, and our wrapper's overhead over the engine alone.

``make bench`` (``main()``) plays seeded synthetic Swiss tournaments of 10, 50, 300 and 1,000
players round by round: each round is paired by ``GacruxDutchEngine().pair`` (engine input
written by our TRF writer, a warm worker process — gacrux imported once and reused —, answer
read back and checked), then given random results (stronger player favoured, draws, seeded).
For every round, on the same input, it also times

- **the engine alone**: gacrux's own reader and Dutch engine called in this process, imports
  done (the same work as our worker's, without our process boundary and our checks); our
  overhead is measured against it (issue 20: at most 5 % at every size);
- gacrux's command line (``python -m gacrux.pairingchecker -p``), a whole process, as an
  arbiter's script would run it.

Printed: medians of wall-clock seconds per field size (rounds interleaved, so a busy machine
slows both sides alike), our overhead over the engine alone and our ratio to the command line.
Targets (issue 4): 300 players under 1 s, 1,000 under 10 s.

The 1,000-player field pairs 3 rounds by default (about half a minute in all);
``CHESSCLUB_BENCH_FULL=1`` pairs 7. ``python benchmarks/pairing.py FILE.trf …`` times every
round of the given TRF files instead (e.g. the generated reference tournaments).
"""

from __future__ import annotations

import contextlib
import io
import os
import random
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
from chessclub.pairing import _gacrux_worker
from chessclub.pairing.engine import GacruxDutchEngine, PairingOptions, engine_input
from chessclub.pairing.request import options_from_trf

ROOT = Path(__file__).resolve().parents[1]
DEFAULT = sorted((ROOT / "tests" / "fixtures" / "pairing" / "generated").glob("*.trf"))

#: (players, rounds paired) of the synthetic fields.
FIELDS = ((10, 5), (50, 7), (300, 5), (1000, 7 if os.environ.get("CHESSCLUB_BENCH_FULL") else 3))


def _gacrux_cli(data: bytes, round_number: int) -> float:
    """Wall-clock seconds of gacrux's command line pairing ``round_number`` of ``data``."""
    with tempfile.NamedTemporaryFile(suffix=".trf") as handle:
        handle.write(data)
        handle.flush()
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
        return time.perf_counter() - start


def _engine_alone(data: bytes, round_number: int) -> float:
    """Wall-clock seconds of gacrux's reader and Dutch engine in this process (the calls the
    worker makes, ``_gacrux_worker._pair``), its output kept off the terminal."""
    saved = sys.stdin
    sys.stdin = io.TextIOWrapper(io.BytesIO(data), encoding="utf-8")
    try:
        with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
            start = time.perf_counter()
            code, _answer = _gacrux_worker._pair(round_number)
            seconds = time.perf_counter() - start
    finally:
        sys.stdin = saved
    assert code == 0, _answer
    return seconds


def _result(rng: random.Random, white: Player, black: Player) -> GameResult:
    gap = ((white.rating or 0) - (black.rating or 0)) / 400
    expected = 1 / (1 + 10 ** (-gap))
    draw = 0.25
    roll = rng.random()
    if roll < draw:
        return GameResult.DRAW
    return GameResult.WHITE_WINS if rng.random() < expected else GameResult.BLACK_WINS


def synthetic(players: int, rounds: int, *, seed: int = 2026):
    """Yield ``(round number, (seconds ours, seconds engine alone, seconds gacrux CLI))`` for
    each round of a seeded synthetic Swiss of ``players`` players."""
    rng = random.Random(seed + players)
    ratings = sorted((rng.randint(1000, 2600) for _ in range(players)), reverse=True)
    field = tuple(
        Player(PairingNumber(i), f"Player{i:04}, Bench", r) for i, r in enumerate(ratings, 1)
    )
    tournament = Tournament("bench", field, (), planned_rounds=rounds)
    engine = GacruxDutchEngine()
    options = PairingOptions(initial_colour=Colour.WHITE)
    engine.warm_up()
    for number in range(1, rounds + 1):
        data = write_trf(engine_input(tournament, number, options))
        alone = _engine_alone(data, number)
        start = time.perf_counter()
        pairing = engine.pair(tournament, number, options=options)
        ours = time.perf_counter() - start
        yield number, (ours, alone, _gacrux_cli(data, number))
        games = tuple(
            replace(g, result=_result(rng, tournament.player(g.white), tournament.player(g.black)))
            for g in pairing.to_round().games
        )
        byes = (Bye(pairing.bye, ByeKind.PAIRING_ALLOCATED),) if pairing.bye else ()
        played = Round(RoundNumber(number), games, byes)
        tournament = replace(tournament, rounds=(*tournament.rounds, played))


Times = dict[int, list[tuple[float, float, float]]]


def _print(times: Times) -> None:
    """Medians per field size, in seconds: ours, the engine alone, gacrux's command line; our
    overhead over the engine alone and our ratio to the command line."""
    print(
        f"{'players':>8} {'rounds':>7} {'ours s':>8} {'alone s':>8} {'overhead':>9}"
        f" {'gacrux CLI s':>13} {'CLI / ours':>11}"
    )
    for size in sorted(times):
        ours, alone, cli = (statistics.median(t[i] for t in times[size]) for i in range(3))
        print(
            f"{size:>8} {len(times[size]):>7} {ours:>8.3f} {alone:>8.3f}"
            f" {100 * (ours - alone) / alone:>8.1f}% {cli:>13.3f} {cli / ours:>10.2f}x"
        )


def main(paths: list[Path] | None = None) -> None:
    """Synthetic fields (``paths`` None) or every round of the given TRF files."""
    times: Times = defaultdict(list)
    if paths is None:
        for players, rounds in FIELDS:
            for _number, measured in synthetic(players, rounds):
                times[players].append(measured)
        _print(times)
        return
    engine = GacruxDutchEngine()
    engine.warm_up()
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
            data = write_trf(engine_input(tournament, rnd.number, options))
            alone = _engine_alone(data, rnd.number)
            start = time.perf_counter()
            engine.pair(tournament, rnd.number, options=options)
            ours = time.perf_counter() - start
            times[size].append((ours, alone, _gacrux_cli(data, rnd.number)))
    _print(times)


if __name__ == "__main__":
    main([Path(p) for p in sys.argv[1:]] or None)
