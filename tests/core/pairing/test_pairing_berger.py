"""Berger tables (FIDE C.05 Annex 1) and pairing numbers by lot or by rating."""

from __future__ import annotations

from collections import Counter
from itertools import combinations

import pytest

from chessclub.model import PairingNumber, Player
from chessclub.pairing.berger import (
    BergerRound,
    berger_table,
    draw_pairing_numbers,
    format_berger_table,
    pairing_numbers_by_rating,
)


def _parse(text: str) -> list[list[tuple[int, int]]]:
    """``"R1 1-4 2-3 | R2 4-3 1-2"`` (fide.md §4.4 notation) → boards per round."""
    rounds = []
    for part in text.split("|"):
        cells = part.split()[1:]
        rounds.append([(int(a), int(b)) for a, b in (c.split("-") for c in cells)])
    return rounds


# fide.md §4.4 (C.05 Annex 1), White first.
PUBLISHED = {
    4: "R1 1-4 2-3 | R2 4-3 1-2 | R3 2-4 3-1",
    6: "R1 1-6 2-5 3-4 | R2 6-4 5-3 1-2 | R3 2-6 3-1 4-5 | R4 6-5 1-4 2-3 | R5 3-6 4-2 5-1",
    8: (
        "R1 1-8 2-7 3-6 4-5 | R2 8-5 6-4 7-3 1-2 | R3 2-8 3-1 4-7 5-6 | R4 8-6 7-5 1-4 2-3 | "
        "R5 3-8 4-2 5-1 6-7 | R6 8-7 1-6 2-5 3-4 | R7 4-8 5-3 6-2 7-1"
    ),
}


@pytest.mark.parametrize("n", sorted(PUBLISHED))
def test_published_tables(n: int) -> None:
    table = berger_table(n)
    assert [list(r.boards) for r in table] == _parse(PUBLISHED[n])
    assert all(r.bye is None for r in table)
    assert [r.number for r in table] == list(range(1, n))


@pytest.mark.parametrize("n", [3, 5, 7])
def test_odd_field_is_the_even_table_without_the_dummy(n: int) -> None:
    even = berger_table(n + 1)
    odd = berger_table(n)
    for e, o in zip(even, odd, strict=True):
        dummy_board = [b for b in e.boards if n + 1 in b]
        assert len(dummy_board) == 1
        (white, black) = dummy_board[0]
        assert o.bye == (black if white == n + 1 else white)
        assert list(o.boards) == [b for b in e.boards if n + 1 not in b]


def _colours(table: tuple[BergerRound, ...], n: int) -> dict[int, str]:
    seq = {p: "" for p in range(1, n + 1)}
    for rnd in table:
        for white, black in rnd.boards:
            seq[white] += "W"
            seq[black] += "B"
        if rnd.bye is not None:
            seq[rnd.bye] += "-"
    return seq


@pytest.mark.parametrize("n", range(3, 17))
def test_every_pair_meets_once_and_colours_are_balanced(n: int) -> None:
    table = berger_table(n)
    even = n + n % 2
    assert len(table) == even - 1
    met = Counter(frozenset(b) for r in table for b in r.boards)
    assert set(met) == {frozenset(p) for p in combinations(range(1, n + 1), 2)}
    assert set(met.values()) == {1}
    for rnd in table:
        seen = [p for b in rnd.boards for p in b] + ([rnd.bye] if rnd.bye else [])
        assert sorted(seen) == list(range(1, n + 1))
        assert len(rnd.boards) == n // 2
    assert sum(1 for r in table if r.bye is not None) == (n if n % 2 else 0)
    # The table's colour balance: in an even field half the players have one White more
    # than Black and the other half one Black more (n − 1 games each, an odd number).
    seq = _colours(table, n)
    diffs = Counter(s.count("W") - s.count("B") for s in seq.values())
    if n % 2 == 0:
        assert diffs == Counter({1: n // 2, -1: n // 2})
    else:
        assert set(diffs) <= {-1, 0, 1}
    # No player has the same colour three times running within a cycle.
    for s in seq.values():
        played = s.replace("-", "")
        assert "WWW" not in played and "BBB" not in played


@pytest.mark.parametrize("n", range(3, 17))
def test_double_round_robin(n: int) -> None:
    table = berger_table(n, double=True)
    single = berger_table(n)
    rounds = len(single)
    assert len(table) == 2 * rounds
    assert [r.number for r in table] == list(range(1, 2 * rounds + 1))
    # Second cycle: the single cycle with colours reversed.
    for second, original in zip(table[rounds:], single, strict=True):
        assert second.boards == tuple((b, w) for w, b in original.boards)
        assert second.bye == original.bye
    # First cycle: the single cycle with its last two rounds swapped (C.05 Annex 1).
    assert [r.boards for r in table[:rounds]] == [
        r.boards for r in (*single[:-2], single[-1], single[-2])
    ]
    # Each pair meets twice, once with each colour.
    games = Counter(b for r in table for b in r.boards)
    assert set(games.values()) == {1}
    assert all((b, w) in games for w, b in games)
    # Colours: each player has as many Whites as Blacks over both cycles.
    for s in _colours(table, n).values():
        assert s.count("W") == s.count("B")


def test_double_round_robin_swap_avoids_three_colours_running() -> None:
    for n in range(4, 17):
        for s in _colours(berger_table(n, double=True), n).values():
            played = s.replace("-", "")
            assert "WWW" not in played and "BBB" not in played, (n, s)


def test_gacrux_reference_tables_agree() -> None:
    """FIDE TEC's reference implementation computes the same tables (an independent oracle)."""
    gacrux_berger = pytest.importorskip("gacrux.berger")
    for n in range(3, 17):
        reference = gacrux_berger.bergertables(n)["pairing"]
        even = n + n % 2
        ours = berger_table(even)
        for rnd in ours:
            boards = reference[rnd.number]
            assert [(boards[b]["white"], boards[b]["black"]) for b in sorted(boards)] == list(
                rnd.boards
            )


def test_bad_sizes() -> None:
    with pytest.raises(ValueError, match="2 to"):
        berger_table(1)
    with pytest.raises(ValueError):
        berger_table(10_000)


def test_format() -> None:
    assert format_berger_table(berger_table(3)) == (
        "Round 1: 2-3 bye 1\nRound 2: 1-2 bye 3\nRound 3: 3-1 bye 2\n"
    )


def _players() -> list[Player]:
    return [
        Player(PairingNumber(1), "Zed, Anna", 1800),
        Player(PairingNumber(2), "Adams, Bob", 2100, title="FM"),
        Player(PairingNumber(3), "Brown, Carl", 2100, title="IM"),
        Player(PairingNumber(4), "Clark, Dora", None),
        Player(PairingNumber(5), "Able, Eve", 2100, title="FM"),
        Player(PairingNumber(6), "Baker, Finn", 1800, title="WCM"),
    ]


def test_pairing_numbers_by_rating_then_title_then_name() -> None:
    ranked = pairing_numbers_by_rating(_players())
    assert [p.name for p in ranked] == [
        "Brown, Carl",
        "Able, Eve",
        "Adams, Bob",
        "Baker, Finn",
        "Zed, Anna",
        "Clark, Dora",
    ]
    assert [p.pairing_number for p in ranked] == [1, 2, 3, 4, 5, 6]


def test_pairing_numbers_by_lot_are_reproducible() -> None:
    players = _players()
    first = draw_pairing_numbers(players, seed="club-42/2026-03-01")
    again = draw_pairing_numbers(list(reversed(players)), seed="club-42/2026-03-01")
    assert [p.name for p in first] == [p.name for p in again]
    assert [p.pairing_number for p in first] == [1, 2, 3, 4, 5, 6]
    assert sorted(p.name for p in first) == sorted(p.name for p in players)
    draws = {tuple(p.name for p in draw_pairing_numbers(players, seed=s)) for s in range(20)}
    assert len(draws) > 1


def test_berger_engine_maps_table_numbers_to_pairing_numbers() -> None:
    from chessclub.model import Tournament, TournamentSystem
    from chessclub.pairing.berger import BergerEngine
    from chessclub.pairing.engine import PairingError

    players = tuple(Player(PairingNumber(n), f"P{n}") for n in (3, 5, 7, 9, 11))
    t = Tournament("rr", players, system=TournamentSystem.ROUND_ROBIN)
    first = BergerEngine().pair(t, 1)
    # Table for 5: round 1 is 2-5 3-4, bye 1 → pairing numbers 5-11 7-9, bye 3.
    assert [(b.white, b.black) for b in first.boards] == [(5, 11), (7, 9)]
    assert first.bye == 3
    with pytest.raises(PairingError, match="has 5 rounds, not 6"):
        BergerEngine().pair(t, 6)
    double = Tournament("drr", players, system=TournamentSystem.DOUBLE_ROUND_ROBIN)
    assert BergerEngine().pair(double, 10).round == 10
