"""Club Elo rules (spec E1–E7, FIDE B.02 8.3), each value worked out by hand in the docstring.

Table 8.1.2 bands used below (fide.md §3.3), higher-rated PD / lower-rated PD:
D 0–3 → .50/.50; 4–10 → .51/.49; 99–106 → .64/.36; 189–197 → .75/.25; 198–206 → .76/.24;
392–411 → .92/.08; 485–517 → .96/.04; 560–619 → .98/.02.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from chessclub.model import GameResult
from chessclub.ratings.club_elo import (
    ClubEloError,
    ClubTournament,
    EloChange,
    EloGame,
    InitialRating,
    RatingState,
    TimeControl,
    k_factor,
    rate_history,
    rate_tournament,
    rating_change,
    ratings_after,
)
from chessclub.ratings.fide_tables import (
    expected_score,
    rating_expected_score,
    round_half_away_from_zero,
    round_half_up,
)

F = Fraction
STD = TimeControl.STANDARD
BLITZ = TimeControl.BLITZ


def g(white: int, black: int, code: str, *, rated: bool = True) -> EloGame:
    return EloGame(white, black, GameResult.parse(code), rated=rated)


def t(
    tid: int, *games: EloGame, tc: TimeControl = STD, players: tuple[int, ...] = ()
) -> ClubTournament:
    return ClubTournament(id=tid, time_control=tc, games=games, players=players)


def state(elo: int, games: int = 30, reached: bool = False) -> RatingState:
    return RatingState(elo=elo, games=games, reached_2400=reached)


def by_player(rows: tuple[EloChange, ...], tournament: int | None = None) -> dict[int, EloChange]:
    return {r.player: r for r in rows if tournament is None or r.tournament == tournament}


# --- E3 / B.02: FIDE's own single-game figures -------------------------------------------------


@pytest.mark.parametrize(("code", "delta"), [("1-0", 37), ("½-½", 17), ("0-1", -3)])
def test_E3_fide_single_game_1500_k40_against_1900(code: str, delta: int) -> None:
    """Issue 6 / FIDE: a 1500 player with K 40 against a 1900 player.

    D = 400 → band 392–411 → PD(1500) = .08. Win: 40 × (1 − .08) = 36.8 → +37; draw:
    40 × (.5 − .08) = 16.8 → +17; loss: 40 × (0 − .08) = −3.2 → −3.
    """
    rows = by_player(rate_tournament(t(1, g(1, 2, code)), {1: state(1500, 0), 2: state(1900)}))
    row = rows[1]
    assert (row.ro, row.k, row.games, row.expected) == (1500, 40, 1, F(8, 100))
    assert row.delta == delta
    assert row.rn == 1500 + delta


def test_E9_row_fields_for_one_win() -> None:
    """E9 row: 1500 (K 40, new) beats 1900 (30 games, K 20).

    Winner: Ro 1500, K 40, n 1, score 1, expected .08, Δ = 36.8 → 37, Rn 1537.
    Loser: Ro 1900, K 20, n 1, score 0, expected .92, Δ = 20 × (0 − .92) = −18.4 → −18, Rn 1882.
    """
    rows = by_player(rate_tournament(t(7, g(1, 2, "1-0")), {1: state(1500, 0), 2: state(1900)}))
    assert rows[1] == EloChange(7, STD, 1, 1500, 40, 1, F(1), F(8, 100), 37, 1537, 0, False)
    assert rows[2] == EloChange(7, STD, 2, 1900, 20, 1, F(0), F(92, 100), -18, 1882, 30, False)
    assert rows[2].unrounded_change == F(-184, 10)


# --- E5: the 400-point rule and its 2650 exception ---------------------------------------------


def test_E5_difference_above_400_counts_as_400_below_2650() -> None:
    """1500 draws 2100 (both K 20): D = 600, counted as 400.

    1500: PD .08 (not .02 of band 560–619) → 20 × (.5 − .08) = 8.4 → +8 (uncapped: 9.6 → 10).
    2100: PD .92 → 20 × (.5 − .92) = −8.4 → −8.
    """
    rows = by_player(rate_tournament(t(1, g(1, 2, "½-½")), {1: state(1500), 2: state(2100)}))
    assert rows[1].expected == F(8, 100) and rows[1].delta == 8
    assert rows[2].expected == F(92, 100) and rows[2].delta == -8


def test_E5_no_cap_from_2650() -> None:
    """2700 (reached 2400, K 10) draws 2200 (K 20): D = 500 → band 485–517 → .96/.04.

    2700 ≥ 2650 uses the actual difference: PD .96 → 10 × (.5 − .96) = −4.6 → −5 (capped would
    be .92 → −4.2 → −4). 2200 < 2650 is capped: PD .08 → 20 × (.5 − .08) = 8.4 → +8 (uncapped
    .04 → 9.2 → 9). The two PD need not add up to 1.
    """
    rows = by_player(
        rate_tournament(t(1, g(1, 2, "½-½")), {1: state(2700, reached=True), 2: state(2200)})
    )
    assert (rows[1].k, rows[1].expected, rows[1].delta) == (10, F(96, 100), -5)
    assert (rows[2].k, rows[2].expected, rows[2].delta) == (20, F(8, 100), 8)


def test_E5_boundary_2649_capped_2650_not() -> None:
    """D = 500: 2649 → capped to 400 → .92; 2650 → actual 500 → .96; below the cap → no change."""
    assert rating_expected_score(2649, 2149) == 92
    assert rating_expected_score(2650, 2150) == 96
    assert rating_expected_score(2149, 2649) == 8
    assert rating_expected_score(1600, 1500) == 64  # D = 100 → .64
    assert rating_expected_score(3000, 1000) == 100  # D = 2000 > 735 → 1.00


def test_E5_tiebreak_table_keeps_800_cap() -> None:
    """The tiebreaks' call is unchanged: D = 600 → .98 (no 400 cap); a cap of 400 → .92."""
    assert expected_score(2100, 1500) == 98
    assert expected_score(1500, 2100) == 2
    assert expected_score(2100, 1500, max_difference=400) == 92
    with pytest.raises(ValueError):
        expected_score(2100, 1500, max_difference=801)


def test_E5_opponents_rating_from_before_the_tournament() -> None:
    """Three players at 1600 (K 20) play a round robin: 1 beats 2, 1 beats 3, 2 draws 3.

    Every PD uses Ro = 1600, not a rating updated after round 1: each PD .50.
    1: n 2, score 2, expected 1.00 → 20 × 1 = +20. 2 and 3: score .5, expected 1.00 → −10.
    """
    games = (g(1, 2, "1-0"), g(3, 1, "0-1"), g(2, 3, "½-½"))
    rows = by_player(rate_tournament(t(1, *games), {p: state(1600) for p in (1, 2, 3)}))
    assert [(r.score, r.expected, r.delta) for r in rows.values()] == [
        (F(2), F(1), 20),
        (F(1, 2), F(1), -10),
        (F(1, 2), F(1), -10),
    ]


# --- E6: K ---------------------------------------------------------------------------------------


def test_E6_k40_under_30_games_then_20() -> None:
    """29 counting games before → 40; 30 → 20 (one game in the tournament, no 700/n effect)."""
    assert k_factor(0, False, 1) == 40
    assert k_factor(29, False, 1) == 40
    assert k_factor(30, False, 1) == 20


def test_E6_k40_reaches_30_only_from_the_next_tournament() -> None:
    """Player 1 (1600, 28 games) plays 2 games in T1, then 1 in T2; opponents 1600, 30 games.

    T1: games_before 28 < 30 → K 40 for the whole tournament; two wins, expected 1.00 →
    40 × 1 = +40 → 1640. T2: 30 games before → K 20; 1 (1640) draws 3 (1600): D 40 → .56 →
    20 × (.5 − .56) = −1.2 → −1 → 1639.
    """
    initial = {(p, STD): InitialRating(1600, games=28 if p == 1 else 30) for p in (1, 2, 3)}
    rows = rate_history(initial, [t(1, g(1, 2, "1-0"), g(2, 1, "0-1")), t(2, g(1, 3, "½-½"))])
    first, second = by_player(rows, 1)[1], by_player(rows, 2)[1]
    assert (first.games_before, first.k, first.delta, first.rn) == (28, 40, 40, 1640)
    assert (second.games_before, second.k, second.expected) == (30, 20, F(56, 100))
    assert (second.delta, second.rn) == (-1, 1639)


def test_E6_k10_once_2400_reached_even_after_dropping() -> None:
    """Player 1: 2390, 30 games. Opponents 2, 3, 4 at 2390, 2400, 2395 (30 games).

    T1: 1 (K 20) beats 2 (2390): PD .50 → +10 → 2400: 2400 reached.
    T2: 1 (2400, K 10) loses to 3 (2400): PD .50 → 10 × −.5 = −5 → 2395.
    T3: 1 (2395 < 2400, still K 10: "reached" is for good) loses to 4 (2395): −5 → 2390.
    """
    initial = {(p, STD): InitialRating(elo, games=30) for p, elo in ((1, 2390), (2, 2390))}
    initial |= {(3, STD): InitialRating(2400, 30), (4, STD): InitialRating(2395, 30)}
    tournaments = [t(1, g(1, 2, "1-0")), t(2, g(1, 3, "0-1")), t(3, g(4, 1, "1-0"))]
    rows = [r for r in rate_history(initial, tournaments) if r.player == 1]
    assert [(r.ro, r.k, r.delta, r.rn, r.reached_2400) for r in rows] == [
        (2390, 20, 10, 2400, False),
        (2400, 10, -5, 2395, True),
        (2395, 10, -5, 2390, True),
    ]


def test_E6_k10_from_initial_rating_or_flag() -> None:
    """An initial Elo of 2400+ counts as reached; so does the flag for earlier history.

    2300 with the flag and 2450 without, both with 30 games → K 10; 2450 with 0 games → K 40
    (the spec's order: "40 while fewer than 30 games" comes first).
    """
    assert InitialRating(2450, games=30).state.reached_2400
    assert InitialRating(2300, games=30, reached_2400=True).state.reached_2400
    assert not InitialRating(2399, games=30).state.reached_2400
    assert k_factor(30, True, 1) == 10
    assert k_factor(0, True, 1) == 40


@pytest.mark.parametrize(
    ("games_before", "reached", "n", "k"),
    [
        (0, False, 17, 40),  # 700 / 17 = 41.2 → 41 > 40: 40
        (0, False, 18, 38),  # 700 / 18 = 38.9 → 38 (38 × 18 = 684; 39 × 18 = 702 > 700)
        (30, False, 35, 20),  # 700 / 35 = 20
        (30, False, 36, 19),  # 700 / 36 = 19.4 → 19
        (30, True, 70, 10),  # 700 / 70 = 10
        (30, True, 71, 9),  # 700 / 71 = 9.9 → 9
        (30, False, 0, 20),  # no counting game: no cap
    ],
)
def test_E6_k_at_most_700_over_n(games_before: int, reached: bool, n: int, k: int) -> None:
    """E6 / B.02 8.3.3: K is the largest whole number with K × n ≤ 700 (values in the params)."""
    assert k_factor(games_before, reached, n) == k


def test_E6_700_over_n_in_a_tournament() -> None:
    """An 18-game match of two new players at 1600: 1 wins 10, loses 8.

    n = 18 → K = min(40, ⌊700/18⌋ = 38) = 38. 1: score 10, expected 18 × .50 = 9 →
    38 × 1 = +38 (K 40 would give +40). 2: 38 × (8 − 9) = −38.
    """
    games = [g(1, 2, "1-0") for _ in range(10)] + [g(2, 1, "1-0") for _ in range(8)]
    rows = by_player(rate_tournament(t(1, *games), {1: state(1600, 0), 2: state(1600, 0)}))
    assert (rows[1].games, rows[1].k, rows[1].score, rows[1].expected) == (18, 38, F(10), F(9))
    assert (rows[1].delta, rows[2].delta) == (38, -38)


# --- E4: which games count ---------------------------------------------------------------------


def test_E4_forfeits_byes_and_unrated_games_do_not_count() -> None:
    """Players 1, 2, 3 at 1600 (K 20); 3 only has a bye, forfeits and an unrated "game".

    1–2 1-0 counts: 1 → 20 × (1 − .5) = +10, 2 → −10. 1–3 +/-, 2–3 -/-, 3–2 1-0 with
    rated=False (less than one move) and a bye (not passed) do not count: 3 has n 0, score 0,
    expected 0, Δ 0, and a row all the same (E9 lists every entrant). A 4th player with only
    a bye is listed in ``players``: n 0, Δ 0.
    """
    tournament = t(
        1,
        g(1, 2, "1-0"),
        g(1, 3, "+/-"),
        g(2, 3, "-/-"),
        g(3, 2, "1-0", rated=False),
        players=(4,),
    )
    rows = by_player(rate_tournament(tournament, {p: state(1600) for p in (1, 2, 3, 4)}))
    assert [(r.player, r.games, r.score, r.delta) for r in rows.values()] == [
        (1, 1, F(1), 10),
        (2, 1, F(0), -10),
        (3, 0, F(0), 0),
        (4, 0, F(0), 0),
    ]
    assert (rows[3].expected, rows[3].k, rows[3].rn) == (F(0), 20, 1600)


def test_E4_game_annulled_by_a_withdrawal_still_counts() -> None:
    """Round robin 1, 2, 3 (1800) and 4 (1600), all K 20. 4 wins round 1 against 1 and then
    withdraws: the standings annul 4's results, the remaining games are forfeits.

    R1 1–4 0-1 (annulled in the standings, played: counts), 2–3 ½-½. R2 2–4 +/-, 1–3 1-0.
    R3 3–4 +/-, 1–2 ½-½.
    1: n 3 (vs 4, 3, 2), score 0 + 1 + .5 = 1.5; expected: vs 4 D 200 → .76, vs 3 .50, vs 2 .50
    → 1.76; Δ = 20 × (1.5 − 1.76) = −5.2 → −5 (without the annulled game: 20 × (1.5 − 1) = +10).
    4: n 1, score 1, expected .24 → 20 × .76 = 15.2 → +15.
    """
    tournament = t(
        1,
        g(1, 4, "0-1"),
        g(2, 3, "½-½"),
        g(2, 4, "+/-"),
        g(1, 3, "1-0"),
        g(3, 4, "+/-"),
        g(1, 2, "½-½"),
    )
    ratings = {1: state(1800), 2: state(1800), 3: state(1800), 4: state(1600)}
    rows = by_player(rate_tournament(tournament, ratings))
    assert (rows[1].games, rows[1].score, rows[1].expected, rows[1].delta) == (
        3,
        F(3, 2),
        F(176, 100),
        -5,
    )
    assert (rows[4].games, rows[4].score, rows[4].expected, rows[4].delta) == (
        1,
        F(1),
        F(24, 100),
        15,
    )


def test_E4_score_is_fide_points_whatever_the_tournament_scoring() -> None:
    """A draw is ½ for the Elo (B.02 8.3.2 b), even in a 3-1-0 event: the core takes results,
    not points. 1600 draws 1600 → score .5, expected .5, Δ 0."""
    rows = rate_tournament(t(1, g(1, 2, "½-½")), {1: state(1600), 2: state(1600)})
    assert [(r.score, r.delta) for r in rows] == [(F(1, 2), 0), (F(1, 2), 0)]


# --- E3: rounding once per tournament, halves away from zero -----------------------------------


def test_E3_rounded_once_per_tournament_not_per_game() -> None:
    """1 (1600, new, K 40) draws twice with 2 (1500, K 20): D 100 → .64/.36.

    Per game 1 would get 40 × (.5 − .64) = −5.6 → −6, twice −12. Once per tournament:
    40 × (1 − 1.28) = −11.2 → −11. (2: 20 × (1 − .72) = 5.6 → +6; per game 2.8 → 3, twice 6.)
    """
    rows = by_player(
        rate_tournament(t(1, g(1, 2, "½-½"), g(2, 1, "½-½")), {1: state(1600, 0), 2: state(1500)})
    )
    assert (rows[1].expected, rows[1].unrounded_change, rows[1].delta) == (
        F(128, 100),
        F(-112, 10),
        -11,
    )
    per_game = 2 * rating_change(40, F(1, 2), F(64, 100))
    assert per_game == -12 != rows[1].delta
    assert rows[2].delta == 6


def test_E3_halves_rounded_away_from_zero() -> None:
    """B.02 8.3.4: "0.5 is rounded away from zero". 1 (2205, reached 2400, K 10) loses to
    2 (2400, K 10): D 195 → band 189–197 → .75/.25.

    1: 10 × (0 − .25) = −2.5 → −3 (half up would give −2). 2: 10 × (1 − .75) = 2.5 → +3.
    """
    rows = by_player(
        rate_tournament(
            t(1, g(2, 1, "1-0")), {1: state(2205, reached=True), 2: state(2400, reached=True)}
        )
    )
    assert (rows[1].unrounded_change, rows[1].delta) == (F(-5, 2), -3)
    assert (rows[2].unrounded_change, rows[2].delta) == (F(5, 2), 3)
    assert round_half_up(F(-5, 2)) == -2  # the tiebreaks' rounding, kept for them


@pytest.mark.parametrize(
    ("value", "rounded"),
    [(F(5, 2), 3), (F(-5, 2), -3), (F(1, 2), 1), (F(-1, 2), -1), (F(-12, 5), -2), (F(0), 0)],
)
def test_E3_round_half_away_from_zero(value: Fraction, rounded: int) -> None:
    """2.5 → 3, −2.5 → −3, ±.5 → ±1, −2.4 → −2, 0 → 0."""
    assert round_half_away_from_zero(value) == rounded


# --- E1 / E7: time controls apart, closing order -----------------------------------------------


def test_E1_time_controls_kept_apart() -> None:
    """1: standard 1600, blitz 1400 (0 games each); 2: standard 1600, blitz 1800 (30 games).

    Blitz first: 1 (1400, K 40) beats 2 (1800): D 400 → .08 → 40 × .92 = 36.8 → +37 → 1437;
    2 (K 20): 20 × (0 − .92) = −18.4 → −18 → 1782. Then standard: 1 draws 2 from their standard
    Elos (1600 each, not 1437/1782) and standard game counts (0 and 30, the blitz game not
    included): Δ 0, K 40 and 20.
    """
    initial = {
        (1, STD): InitialRating(1600),
        (1, BLITZ): InitialRating(1400),
        (2, STD): InitialRating(1600, 30),
        (2, BLITZ): InitialRating(1800, 30),
    }
    rows = rate_history(initial, [t(1, g(1, 2, "1-0"), tc=BLITZ), t(2, g(1, 2, "½-½"))])
    blitz, standard = by_player(rows, 1), by_player(rows, 2)
    assert (blitz[1].rn, blitz[2].rn) == (1437, 1782)
    assert [(r.ro, r.games_before, r.k, r.delta) for r in standard.values()] == [
        (1600, 0, 40, 0),
        (1600, 30, 20, 0),
    ]
    current = ratings_after(initial, rows)
    assert current[(1, BLITZ)] == RatingState(1437, 1, False)
    assert current[(1, STD)] == RatingState(1600, 1, False)


def test_E7_tournaments_applied_in_closing_order() -> None:
    """1 (2390, 30 games), 2 (2390, 30), 3 (2400, 30, so K 10). A: 1 beats 2. B: 3 beats 1.

    Order A, B: A 1 (K 20) PD .50 → +10 → 2400 (reached); B 1 (2400, K 10) PD .50 → −5 → 2395.
    Order B, A: B 1 (2390, K 20) vs 3 (2400): D 10 → .49 → 20 × −.49 = −9.8 → −10 → 2380;
    A 1 (2380) vs 2 (2390): PD .49 → 20 × .51 = 10.2 → +10 → 2390.
    """
    initial = {(p, STD): InitialRating(elo, 30) for p, elo in ((1, 2390), (2, 2390), (3, 2400))}
    a, b = t(1, g(1, 2, "1-0")), t(2, g(3, 1, "1-0"))
    forward = [r.rn for r in rate_history(initial, [a, b]) if r.player == 1]
    backward = [r.rn for r in rate_history(initial, [b, a]) if r.player == 1]
    assert forward == [2400, 2395]
    assert backward == [2380, 2390]


# --- errors ----------------------------------------------------------------------------------


def test_errors() -> None:
    """Missing initial Elo, a self-pairing, an entrant without state, ids twice, bad input."""
    with pytest.raises(ClubEloError, match="no initial standard Elo"):
        rate_history({(1, STD): InitialRating(1600)}, [t(1, g(1, 2, "1-0"))])
    with pytest.raises(ClubEloError, match="no initial blitz Elo"):
        rate_history({(1, STD): InitialRating(1600)}, [t(1, players=(1,), tc=BLITZ)])
    with pytest.raises(ClubEloError, match="themself"):
        rate_tournament(t(1, g(1, 1, "1-0")), {1: state(1600)})
    with pytest.raises(ClubEloError, match="player"):
        rate_tournament(t(1, g(1, 2, "1-0")), {1: state(1600)})
    with pytest.raises(ClubEloError, match="given twice"):
        rate_history({(1, STD): InitialRating(1600)}, [t(1, players=(1,)), t(1, players=(1,))])
    with pytest.raises(ClubEloError):
        InitialRating(-1)
    with pytest.raises(ClubEloError):
        InitialRating(1600, games=-1)
    with pytest.raises(ClubEloError):
        k_factor(-1, False, 1)
    assert rate_history({}, []) == ()
