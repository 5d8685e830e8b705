"""Spec E10: a roster player without an initial Elo gets a first club rating by FIDE's
first-rating method (B.02 8.2: two hypothetical 1800 draws, at least 5 counting games against
rated players, pooled over the club's closed tournaments; at most 2200, published from 1400;
a zero score in the first tournament disregarded). Every figure is worked by hand below with
tables 8.1.1 / 8.1.2 (fide.md §3.2–3.3).
"""

from __future__ import annotations

from fractions import Fraction

from chessclub.model import GameResult
from chessclub.ratings.club_elo import (
    ClubTournament,
    EloGame,
    InitialRating,
    PoolGame,
    TimeControl,
    first_rating,
    rate_history_with_first_ratings,
    recompute_from,
)

STD = TimeControl.STANDARD
F = Fraction
W, D, B = GameResult.WHITE_WINS, GameResult.DRAW, GameResult.BLACK_WINS


def pool(*games: tuple[int, int, Fraction]) -> list[PoolGame]:
    """(tournament, opponent rating, score) → pool games against opponents 101, 102, …"""
    return [PoolGame(t, 100 + i, r, s) for i, (t, r, s) in enumerate(games, start=1)]


def test_e10_worked_check_five_wins_against_1800_give_2109() -> None:
    # p = (5 + 1) / (5 + 2) = 0.857 → 0.86 → dp 309; Ra = 1800 → 2109.
    found = first_rating(9, STD, 1, pool(*[(1, 1800, F(1))] * 5))
    assert found is not None
    assert (found.score, found.count, found.ra, found.p, found.dp) == (F(6), 7, 1800, 86, 309)
    assert (found.rating, found.published, found.capped) == (2109, True, False)
    assert found.hypothetical == (1800, 1800)


def test_e10_average_score_against_mixed_ratings() -> None:
    # 1500, 1600, 1700, 1800, 1900 with 2½: Ra = (8500 + 3600) / 7 = 1728.57 → 1729;
    # p = 3½ / 7 = 0.50 → dp 0 → 1729.
    games = [(1, 1500, F(1)), (1, 1600, F(1)), (1, 1700, F(1, 2)), (2, 1800, F(0)), (2, 1900, F(0))]
    found = first_rating(9, STD, 2, pool(*games))
    assert found is not None
    assert (found.ra, found.p, found.dp, found.rating) == (1729, 50, 0, 1729)


def test_e10_fewer_than_five_games_give_no_rating() -> None:
    assert first_rating(9, STD, 1, pool(*[(1, 1800, F(1))] * 4)) is None


def test_e10_capped_at_2200() -> None:
    # Five wins against 2100: Ra = (10500 + 3600) / 7 = 2014.29 → 2014; + 309 = 2323 → 2200.
    found = first_rating(9, STD, 1, pool(*[(1, 2100, F(1))] * 5))
    assert found is not None
    assert (found.ra, found.computed, found.rating, found.capped) == (2014, 2323, 2200, True)


def test_e10_below_1400_not_published() -> None:
    # ½ then four losses against 1400: p = 1½ / 7 = 0.214 → 0.21 → dp −230;
    # Ra = (7000 + 3600) / 7 = 1514.29 → 1514 → 1284 < 1400.
    found = first_rating(9, STD, 2, pool((1, 1400, F(1, 2)), *[(2, 1400, F(0))] * 4))
    assert found is not None
    assert (found.p, found.dp, found.rating, found.published) == (21, -230, 1284, False)


def test_e10_zero_score_in_the_first_tournament_disregarded() -> None:
    games = pool(*[(1, 1800, F(0))] * 2, *[(2, 1800, F(1))] * 5)
    found = first_rating(9, STD, 2, games)
    assert found is not None
    assert len(found.disregarded) == 2 and len(found.games) == 5
    assert found.rating == 2109


def test_e10_pooled_across_tournaments_then_rated() -> None:
    """A, B, C rated 1800; U (9) unrated. T1: U beats A, B, C; A–B draw. T2: U beats A and B
    → five wins against 1800: 2109 after T2. T3: U (2109, 5 games, K 40) draws A (1800): the
    difference 309 gives U an expected .86 (table 8.1.2, 303–315): Δ = 40 × (.5 − .86) = −14.4
    → −14 → 2095. Games against U while unrated do not change A, B, C (B.02)."""
    initial = {(p, STD): InitialRating(1800) for p in (1, 2, 3)}
    t1 = ClubTournament(
        1, STD, (EloGame(9, 1, W), EloGame(2, 9, B), EloGame(9, 3, W), EloGame(1, 2, D))
    )
    t2 = ClubTournament(2, STD, (EloGame(1, 9, B), EloGame(9, 2, W)))
    t3 = ClubTournament(3, STD, (EloGame(9, 1, D),))
    rows, firsts = rate_history_with_first_ratings(initial, [t1, t2, t3])
    assert [(f.player, f.tournament, f.rating) for f in firsts] == [(9, 2, 2109)]
    by_key = {(r.tournament, r.player): r for r in rows}
    assert (1, 9) not in by_key and (2, 9) not in by_key  # unrated: no row
    assert [by_key[(1, p)].delta for p in (1, 2, 3)] == [0, 0, 0]
    assert by_key[(2, 1)].games == 0  # the game against U does not count for A
    u = by_key[(3, 9)]
    assert (u.ro, u.games_before, u.k, u.delta, u.rn) == (2109, 5, 40, -14, 2095)
    # A: 1800 vs 2109, expected .14; Δ = 40 × (.5 − .14) = 14.4 → 14.
    assert by_key[(3, 1)].delta == 14
    # Recomputing from any tournament with the stored rows finds nothing to change (E7).
    for start in (1, 2, 3):
        result = recompute_from(initial, [t1, t2, t3], rows, start, first_ratings=True)
        assert result.is_empty, start
