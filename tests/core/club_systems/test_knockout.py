"""Knockout cups (docs/rules/club-systems.md K14–K19): a 16-place bracket with byes, seeded
and drawn, and matches decided by main games, blitz tie-breaks, Armageddon and the Berliner
count."""

from __future__ import annotations

from fractions import Fraction

import pytest

from chessclub.club_systems.knockout import (
    MatchGame,
    Stage,
    bracket_size,
    decide,
    decide_team,
    drawn_bracket,
    next_round,
    seeded_bracket,
)


def test_k14_bracket_size_is_the_next_power_of_two():
    assert [bracket_size(n) for n in (2, 3, 8, 9, 13, 16, 17)] == [2, 4, 8, 16, 16, 16, 32]
    with pytest.raises(ValueError):
        bracket_size(1)


def test_k15_eight_seeds_first_round_as_published():
    # SSB online championship: 1–8, 2–7, 3–6, 4–5 (in chart order 1–8, 4–5, 2–7, 3–6).
    first = seeded_bracket(8)
    assert sorted(first) == [(1, 8), (2, 7), (3, 6), (4, 5)]
    assert first == [(1, 8), (4, 5), (2, 7), (3, 6)]


def test_k14_k15_thirteen_entrants_byes_to_the_top_three_and_1_meets_2_only_in_the_final():
    first = seeded_bracket(13)
    assert len(first) == 8
    byes = sorted(a for a, b in first if b is None)
    assert byes == [1, 2, 3]
    assert (4, 13) in first and (8, 9) in first
    # Top seeds always win: round by round the survivors are the best seeds.
    winners = [min(a, b or a) for a, b in first]
    quarter = next_round(winners)
    assert quarter == [(1, 8), (4, 5), (2, 7), (3, 6)]
    semi = next_round([min(pair) for pair in quarter])
    assert semi == [(1, 4), (2, 3)]
    assert next_round([min(pair) for pair in semi]) == [(1, 2)]


def test_k16_drawn_bracket_is_reproducible_with_byes_one_per_match():
    first = drawn_bracket(13, seed=2026)
    assert first == drawn_bracket(13, seed=2026)
    assert first != drawn_bracket(13, seed=2027)
    players = [p for match in first for p in match if p is not None]
    assert sorted(players) == list(range(1, 14))
    assert sum(1 for _, b in first if b is None) == 3


GRENCHEN = [
    Stage("games", 1, time_control="90'"),
    Stage("games", 1, repeat=True, time_control="5+3"),
]
SSB = [
    Stage("games", 2, time_control="main"),
    Stage("armageddon", time_control="W 4+2 / B 3+2"),
]


def test_k17_main_game_decides():
    outcome = decide(GRENCHEN, [MatchGame(0, 1, "1-0")])
    assert (outcome.winner, outcome.stage) == (1, 0)


def test_k17_k19_sudden_death_blitz_with_reversed_colours_until_decided():
    games = [MatchGame(0, 1, "=")]
    state = decide(GRENCHEN, games, first_white=1)
    # Tied: the blitz stage is next, player 1 has White in its first game (the cup's rule).
    assert state.winner is None and state.stage == 1 and state.next_white == 1
    games += [MatchGame(1, 1, "=")]
    state = decide(GRENCHEN, games)
    assert state.winner is None and state.next_white == 2  # colours alternate
    games += [MatchGame(1, 2, "1-0")]  # player 2, White, wins the second blitz game
    assert decide(GRENCHEN, games).winner == 2
    with pytest.raises(ValueError, match="after"):
        decide(GRENCHEN, [*games, MatchGame(1, 1, "1-0")])


def test_k17_armageddon_draw_goes_to_black():
    drawn = [MatchGame(0, 1, "1-0"), MatchGame(0, 2, "1-0")]  # 1–1 after the two main games
    state = decide(SSB, drawn)
    assert state.winner is None and state.stage == 1 and state.next_white is None
    assert decide(SSB, [*drawn, MatchGame(1, 2, "=")]).winner == 1  # player 1 had Black
    assert decide(SSB, [*drawn, MatchGame(1, 2, "1-0")]).winner == 2


def test_k17_best_of_five_first_to_two_and_a_half():
    thun = [Stage("games", 5, first_to=Fraction(5, 2)), Stage("armageddon")]
    games = [MatchGame(0, 1 + i % 2, r) for i, r in enumerate(["1-0", "0-1", "1-0"])]
    # Player 1 won the first (White) and the second (Black: 0-1) and the third: 3 > 2½.
    assert decide(thun, games).winner == 1
    level = [MatchGame(0, 1 + i % 2, r) for i, r in enumerate(["1-0", "1-0", "=", "=", "="])]
    state = decide(thun, level)
    assert state.winner is None and state.stage == 1 and state.points == (0, 0)


def test_k17_lot_decides_last():
    chain = [Stage("games", 1), Stage("lot")]
    assert decide(chain, [MatchGame(0, 1, "=")]).winner is None
    assert decide(chain, [MatchGame(0, 1, "=")], lot=2).winner == 2


def test_k18_team_cup_berliner_count_then_highest_board():
    assert decide_team(["1-0", "=", "=", "0-1"]) == 1  # 2–2; Berliner 4 against 1
    assert decide_team(["0-1", "1-0", "1-0", "="]) == 1  # 2½–1½ on game points
    assert decide_team(["1-0", "0-1", "0-1", "1-0"]) == 1  # 2–2, Berliner 5–5, board 1
    assert decide_team(["=", "=", "=", "="]) is None  # the chain's next stage decides
