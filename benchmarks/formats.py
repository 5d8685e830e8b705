"""Reading files and computing standings (issue 2): TRF and Belgian files of real sizes."""

from __future__ import annotations

from pathlib import Path

from benchmarks._timing import median_ms, report
from chessclub.formats import frbe, read_tournament, trf
from chessclub.standings import compute_standings

FIXTURES = Path(__file__).resolve().parent.parent / "tests" / "fixtures"


def _large_swiss() -> bytes:
    """A generated Swiss of 1,000 players × 11 rounds as TRF bytes (issue 20's size)."""
    import sys

    sys.path.insert(0, str(FIXTURES.parent / "core" / "tiebreaks"))
    from tb_generator import swiss

    return trf.write_tournament(swiss(7, 1000, 11))


def _large_belgian() -> bytes:
    """The same kind of Swiss as a Belgian results file: 999 players (its layout's most)."""
    from tb_generator import swiss

    return frbe.write_tournament(swiss(7, 999, 11))


def main() -> None:
    large = _large_swiss()
    report(
        "TRF read (document + model; target 100 ms)",
        "1000 players, 11 rounds",
        median_ms(lambda: read_tournament(large)),
    )
    belgian = _large_belgian()
    report(
        "Belgian file read (target 100 ms)",
        "999 players, 11 rounds",
        median_ms(lambda: read_tournament(belgian)),
    )
    big = (FIXTURES / "trf" / "fide-trf16-example-284p.trf").read_bytes()
    elite = (FIXTURES / "frbe" / "elite-2000-16p-7r.txt").read_bytes()
    t_big = read_tournament(big)
    t_elite = read_tournament(elite)
    size_big = f"{len(t_big.players)} players, {len(t_big.rounds)} rounds"
    size_elite = f"{len(t_elite.players)} players, {len(t_elite.rounds)} rounds"
    report("TRF read (document + model)", size_big, median_ms(lambda: read_tournament(big)))
    report(
        "TRF exact round trip (read_trf + write_trf)",
        size_big,
        median_ms(lambda: trf.write_trf(trf.read_trf(big))),
    )
    report("TRF write from model", size_big, median_ms(lambda: trf.write_tournament(t_big)))
    report("standings (points)", size_big, median_ms(lambda: compute_standings(t_big)))
    report("Belgian file read", size_elite, median_ms(lambda: read_tournament(elite)))
    report("Belgian file write", size_elite, median_ms(lambda: frbe.write_tournament(t_elite)))
