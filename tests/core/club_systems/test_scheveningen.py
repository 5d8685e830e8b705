"""Scheveningen matches (docs/rules/club-systems.md K10–K13): the 4-board table of our
club-systems specification (§2) and the 6-board table as published (Wikipedia's *Scheveningen
system*, standard tables), round by round and colour by colour."""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest

from chessclub.club_systems.scheveningen import TABLES, result, rounds

#: The specification's 4-board table (club-systems.md §2), White first.
SPEC_4 = [
    "A1-B1 A2-B2 B3-A3 B4-A4",
    "B2-A1 B1-A2 A3-B4 A4-B3",
    "A1-B3 A2-B4 B1-A3 B2-A4",
    "B4-A1 B3-A2 A3-B2 A4-B1",
]
#: The published 6-board table (Wikipedia, "Match on 6 Boards").
PUBLISHED_6 = [
    "A1-B1 B2-A2 B3-A3 A4-B4 B5-A5 A6-B6",
    "B2-A1 A2-B3 A3-B5 B6-A4 A5-B4 B1-A6",
    "A1-B3 B5-A2 B1-A3 A4-B2 A5-B6 B4-A6",
    "B4-A1 B6-A2 A3-B2 A4-B1 B3-A5 A6-B5",
    "A1-B5 A2-B4 A3-B6 B3-A4 B1-A5 B2-A6",
    "B6-A1 A2-B1 B4-A3 B5-A4 A5-B2 A6-B3",
]


def _written(match) -> list[str]:
    return [
        " ".join(f"{g.white[0]}{g.white[1]}-{g.black[0]}{g.black[1]}" for g in games)
        for games in match
    ]


def test_k10_four_boards_equal_the_specifications_table():
    assert _written(rounds(4)) == SPEC_4


def test_k10_six_boards_equal_the_published_table():
    assert _written(rounds(6)) == PUBLISHED_6


@pytest.mark.parametrize("boards", sorted(TABLES))
def test_k10_every_table_meets_everyone_once_with_balanced_colours(boards):
    match = rounds(boards)
    assert len(match) == boards
    met = [(g.a_player, g.b_player) for games in match for g in games]
    assert sorted(met) == [(a, b) for a in range(1, boards + 1) for b in range(1, boards + 1)]
    for number, games in enumerate(match, start=1):
        a1 = next(g for g in games if g.a_player == 1)
        assert a1.b_player == number  # round n: A1 meets Bn
        sides = [g.white for g in games] + [g.black for g in games]
        assert len(set(sides)) == 2 * boards  # nobody twice in a round
    assert all(g.a_player == g.b_player for g in match[0])
    colours: dict[tuple[str, int], list[bool]] = {}
    for games in match:
        for g in games:
            colours.setdefault(g.white, []).append(True)
            colours.setdefault(g.black, []).append(False)
    for side, history in colours.items():
        assert abs(history.count(True) - history.count(False)) <= 1, side
    a1 = colours[("A", 1)]
    assert all(x != y for x, y in itertools.pairwise(a1))  # A1 alternates


def test_k11_double_scheveningen_reverses_every_colour():
    double = rounds(4, double=True)
    assert len(double) == 8
    for first, second in zip(double[:4], double[4:], strict=True):
        assert [(g.black, g.white) for g in first] == [(g.white, g.black) for g in second]
    assert [g.round for g in double[5]] == [6, 6, 6, 6]


def test_k12_k13_scores_game_points_match_points_and_players():
    match = rounds(2)
    # Round 1: A1-B1 1-0, A2-B2 = → A 1½–½ (2 MP to A); round 2: B2-A1 1-0 (B2 wins),
    # B1-A2 = → B 1½–½ (2 MP to B). Game points 2–2: no winner; match points 2–2.
    outcome = result(match, {(1, 1): "1-0", (1, 2): "=", (2, 1): "1-0", (2, 2): "="})
    assert outcome.game_points == {"A": 2, "B": 2}
    assert outcome.match_points == {"A": 2, "B": 2}
    assert outcome.winner is None
    assert outcome.players[("A", 1)] == 1 and outcome.players[("B", 2)] == Fraction(3, 2)
    # A forfeit win counts 1, a double forfeit nothing; an unplayed round gives no match points.
    later = result(match, {(1, 1): "+-", (1, 2): "--"})
    assert later.game_points == {"A": 1, "B": 0}
    assert later.match_points == {"A": 2, "B": 0}
    assert later.winner == "A"


def test_k10_k12_refusals():
    with pytest.raises(ValueError, match="2 to 8 boards"):
        rounds(9)
    with pytest.raises(ValueError, match="round 1, board 1"):
        result(rounds(2), {(1, 1): "2-0"})
