"""FIDE VCL4THP.13 Q31, Q33 (docs/rules/fide-endorsement.md): our generator and checker
cross-tested against gacrux's generator and checkers, both ways (``benchmarks/cross_test.py``).

``make test`` runs one small tournament each way (a few seconds); ``make test-full`` 25 each way.
FIDE's acceptance asks for 50,000 each way: ``python -m benchmarks.cross_test -n 50000``.
"""

from __future__ import annotations

import pytest
from benchmarks.cross_test import cross_test, gacrux_pairing_check, gacrux_tiebreaks


def test_q31_q33_one_tournament_each_way_agrees() -> None:
    outcome = cross_test(1, seed=33, small=True)
    assert outcome.tournaments == 2
    assert outcome.discrepancies == []


@pytest.mark.slow
def test_q31_q33_twenty_five_tournaments_each_way_agree() -> None:
    outcome = cross_test(25, seed=3300)
    assert outcome.tournaments == 50
    assert outcome.discrepancies == []


def test_q33_gacrux_s_checkers_are_not_trivially_passing(tmp_path) -> None:
    """A generated file passes gacrux's pairing and tie-break checkers; with the first two
    ranks exchanged the tie-break checker fails it, with one board's colours exchanged in the
    last round the pairing checker does."""
    from dataclasses import replace

    from chessclub.formats.trf import PlayerRecord, read_trf, write_trf
    from chessclub.generator import GeneratorSettings, generate, generated_trf
    from chessclub.model import Colour

    quiet = {"full_byes": {}, "half_byes": {}, "zero_byes": {}, "forfeits": {}}
    settings = GeneratorSettings(players=8, rounds=3, tiebreaks=("BH", "SB"), **quiet)
    data = generated_trf(generate(settings, seed=44))
    good = tmp_path / "good.trf"
    good.write_bytes(data)
    assert gacrux_pairing_check(good) is True
    assert gacrux_tiebreaks(good).get("check") is True
    doc = read_trf(data)
    by_rank = {p.rank: p.starting_rank for p in doc.players()}
    first, second = by_rank[1], by_rank.get(2)
    assert second is not None  # two players alone on the first two places
    top = next(p for p in doc.players() if p.starting_rank == first)
    board = {top.starting_rank, top.cells[2].opponent}

    def flip(cell):
        colour = Colour.WHITE if cell.colour is Colour.BLACK else Colour.BLACK
        return replace(cell, colour=colour, text=None)

    ranks, colours = [], []
    for record in doc.records:
        if isinstance(record, PlayerRecord):
            if record.starting_rank in (first, second):
                ranks.append(replace(record, rank=1 if record.starting_rank == second else 2))
            else:
                ranks.append(record)
            if record.starting_rank in board:
                colours.append(replace(record, cells=(*record.cells[:2], flip(record.cells[2]))))
            else:
                colours.append(record)
        else:
            ranks.append(record)
            colours.append(record)
    swapped = tmp_path / "ranks.trf"
    swapped.write_bytes(write_trf(replace(doc, records=ranks)))
    assert gacrux_tiebreaks(swapped).get("check") is False
    flipped = tmp_path / "colours.trf"
    flipped.write_bytes(write_trf(replace(doc, records=colours)))
    assert gacrux_pairing_check(flipped) is False
