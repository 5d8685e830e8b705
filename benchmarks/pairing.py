"""Pairing time per round, and our wrapper's overhead over calling gacrux directly.

Usage: ``python benchmarks/pairing.py [TRF …]`` (default: the generated tournaments of
``tests/fixtures/pairing/generated``). For every round of every file: the time of
``GacruxDutchEngine().pair`` (engine input written by our TRF writer, worker process, answer
read back) and the time of gacrux's own command line (``python -m gacrux.pairingchecker -p``)
on the same input. Prints the median per field size and the overhead in per cent.
"""

from __future__ import annotations

import statistics
import subprocess
import sys
import tempfile
import time
from collections import defaultdict
from dataclasses import replace
from pathlib import Path

from chessclub.formats.trf import read_trf, to_tournament, write_trf
from chessclub.pairing.engine import GacruxDutchEngine, engine_input
from chessclub.pairing.request import options_from_trf

ROOT = Path(__file__).resolve().parents[1]
DEFAULT = sorted((ROOT / "tests" / "fixtures" / "pairing" / "generated").glob("*.trf"))


def main(paths: list[Path] | None = None) -> None:
    paths = paths or DEFAULT
    ours: dict[int, list[float]] = defaultdict(list)
    direct: dict[int, list[float]] = defaultdict(list)
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
            start = time.perf_counter()
            engine.pair(tournament, rnd.number, options=options)
            ours[size].append(time.perf_counter() - start)
            data = write_trf(engine_input(tournament, rnd.number, options))
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
                        str(rnd.number),
                    ],
                    capture_output=True,
                    check=True,
                )
                direct[size].append(time.perf_counter() - start)
    print(
        f"{'players':>8} {'rounds':>7} {'ours (median s)':>16} {'gacrux CLI':>11} {'overhead':>9}"
    )
    for size in sorted(ours):
        a = statistics.median(ours[size])
        b = statistics.median(direct[size])
        print(f"{size:>8} {len(ours[size]):>7} {a:>16.3f} {b:>11.3f} {100 * (a - b) / b:>8.1f}%")


if __name__ == "__main__":
    main([Path(p) for p in sys.argv[1:]] or DEFAULT)
