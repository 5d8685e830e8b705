"""The printed documents' PDFs: a 300-player round's pairing list, a 1,000-player crosstable.

Usage: ``python -m benchmarks documents`` (``make bench``) or ``python benchmarks/documents.py
[--repeat 5]``. The tournaments are generated Swiss events (tests/core/tiebreaks/tb_generator.py,
seed 7): 300 players over 5 rounds (the pairing list of round 5: 150 boards and the byes) and
1,000 players over 11 rounds (the crosstable after round 11, the Swiss default tiebreaks). Each
document is made as the web page and ``chessclub document`` make it: the template rendered in
French, then WeasyPrint's PDF. The standings themselves are timed apart (the web pages take them
from the cache). Targets: the pairing list under 1 s, the crosstable under 3 s, judged on the
median CPU time (the wall-clock median is printed too: on a shared machine it counts the
other processes); then the PDF's size and pages.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "core" / "tiebreaks"))

from tb_generator import swiss  # noqa: E402


def _median(action: Callable[[], object], repeat: int) -> tuple[float, float, object]:
    """Median CPU seconds (``time.process_time``: the other processes of a shared machine do
    not count) and median wall-clock seconds of ``repeat`` runs after one warm-up, and the
    last result."""
    result = action()
    cpu, wall = [], []
    for _ in range(repeat):
        start, start_wall = time.process_time(), time.perf_counter()
        result = action()
        cpu.append(time.process_time() - start)
        wall.append(time.perf_counter() - start_wall)
    return statistics.median(cpu), statistics.median(wall), result


def main(argv: list[str] | None = None) -> None:
    """Run from ``make bench`` (defaults) or ``python benchmarks/documents.py [options]``."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args([] if argv is None else argv)
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "chessclub_web.settings")
    import django

    django.setup()
    from django.utils import translation

    from chessclub_web.documents import kinds, rendering

    translation.activate("fr")
    cases = (
        ("pairing list PDF (round 5)", swiss(7, 300, 5), "pairings", 5, 1.0),
        ("crosstable PDF (after round 11)", swiss(7, 1000, 11), "crosstable", 11, 3.0),
    )
    for label, tournament, slug, round_number, target in cases:
        source = kinds.file_source(tournament)
        kind = kinds.BY_SLUG[slug]
        standings_s, _wall, _ = _median(
            lambda source=source, n=round_number: source.standings(n), 1
        )
        cached = source.standings(round_number)
        quick = kinds.Source(
            tournament, lambda _n, c=cached: c, source.standings_rounds, era=source.era
        )

        def make(
            kind: kinds.Kind = kind, quick: kinds.Source = quick, n: int = round_number
        ) -> tuple[bytes, int]:
            return rendering.pdf_and_count([rendering.html(kinds.build(kind, quick, n))])

        seconds, wall, result = _median(make, args.repeat)
        data, pages = result  # type: ignore[misc]
        size = f"{len(tournament.players)} players, {len(tournament.rounds)} rounds"
        verdict = "ok" if seconds < target else "over"
        print(
            f"  {label:<34} {size:<26} median {seconds * 1000:6.0f} ms CPU "
            f"({wall * 1000:.0f} ms wall; target {target:.0f} s: {verdict}), "
            f"{len(data) / 1024:.0f} KiB, {pages} pages"
        )
        if slug == "crosstable":
            print(
                f"  {'  its standings (not cached)':<34} {'':<26} {standings_s * 1000:6.0f} ms CPU"
            )


if __name__ == "__main__":
    main(sys.argv[1:])
