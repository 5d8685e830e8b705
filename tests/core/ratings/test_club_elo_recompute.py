"""E7 recompute chain: a correction or a changed initial Elo recomputes from the tournament
concerned onwards only, returns exactly the rows that change, and is idempotent.

History used below (players 1–6 at 1600 with 30 games, so K 20; PD .50 for equal ratings, and
D 10 → .51/.49, D 100 → .64/.36 from table 8.1.2):

* T1 (standard): 1 beats 2 → 1: 20 × .5 = +10 → 1610; 2: −10 → 1590.
* B1 (blitz): 1 beats 2 — another time control, never touched by a standard recompute.
* T2 (standard): 3 beats 4 → 3: 1610, 4: 1590. Corrected to ½-½: 3 and 4 stay at 1600.
* T3 (standard): 3 beats 1, 2 draws 4.
  Before the correction: 3 (1610) vs 1 (1610) PD .50 → 3: +10 → 1620, 1: −10 → 1600;
  2 (1590) vs 4 (1590) → Δ 0.
  After: 3 (1600) vs 1 (1610): D 10 → 3: PD .49 → 20 × .51 = 10.2 → +10 → 1610;
  1: PD .51 → 20 × −.51 = −10.2 → −10 → 1600 (same Ro, Δ and Rn, but expected .51: the row
  changes); 2 (1590) vs 4 (1600): 2: PD .49 → 20 × .01 = .2 → 0; 4: .51 → −.2 → 0.
* T4 (standard): 5 beats 6 → 5: 1610, 6: 1590; no player of T2 or T3: unchanged.
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
    EloRecompute,
    InitialRating,
    InitialRatings,
    TimeControl,
    first_tournament_of,
    rate_history,
    recompute_after_initial_change,
    recompute_from,
)

F = Fraction
STD = TimeControl.STANDARD
BLITZ = TimeControl.BLITZ


def g(white: int, black: int, code: str) -> EloGame:
    return EloGame(white, black, GameResult.parse(code))


def t(tid: int, *games: EloGame, tc: TimeControl = STD) -> ClubTournament:
    return ClubTournament(id=tid, time_control=tc, games=games)


def history(t2_result: str = "1-0") -> list[ClubTournament]:
    return [
        t(1, g(1, 2, "1-0")),
        t(10, g(1, 2, "1-0"), tc=BLITZ),
        t(2, g(3, 4, t2_result)),
        t(3, g(3, 1, "1-0"), g(2, 4, "½-½")),
        t(4, g(5, 6, "1-0")),
    ]


def initial_ratings(**changes: int) -> InitialRatings:
    ratings = {(p, tc): InitialRating(1600, 30) for p in range(1, 8) for tc in (STD, BLITZ)}
    for name, elo in changes.items():
        ratings[(int(name[1:]), STD)] = InitialRating(elo, 30)
    return ratings


def apply(stored: tuple[EloChange, ...], result: EloRecompute) -> tuple[EloChange, ...]:
    """What the web layer does with a recompute: update rows in place, delete removed ones."""
    new = {r.key: r for r in result.changed}
    gone = set(result.removed)
    kept = [new.pop(r.key, r) for r in stored if r.key not in gone]
    return (*kept, *new.values())


def test_E7_stored_history_as_worked_out() -> None:
    """The rows before any correction (module docstring): T1 1610/1590, T2 1610/1590,
    T3 1: 1600, 3: 1620, 2 and 4: 1590, T4 1610/1590."""
    rows = rate_history(initial_ratings(), history())
    rn = {(r.tournament, r.player): r.rn for r in rows}
    assert rn == {
        (1, 1): 1610,
        (1, 2): 1590,
        (10, 1): 1610,
        (10, 2): 1590,
        (2, 3): 1610,
        (2, 4): 1590,
        (3, 1): 1600,
        (3, 2): 1590,
        (3, 3): 1620,
        (3, 4): 1590,
        (4, 5): 1610,
        (4, 6): 1590,
    }


def test_E7_correction_in_second_tournament_changes_only_it_and_later() -> None:
    """Correcting T2 (3–4 1-0 → ½-½) returns T2's two rows and T3's four rows (worked out in the
    module docstring), nothing of T1, of the blitz tournament or of T4 (unchanged)."""
    stored = rate_history(initial_ratings(), history())
    result = recompute_from(initial_ratings(), history("½-½"), stored, start=2)
    assert result.removed == ()
    got = [(r.tournament, r.player, r.ro, r.expected, r.delta, r.rn) for r in result.changed]
    assert got == [
        (2, 3, 1600, F(1, 2), 0, 1600),
        (2, 4, 1600, F(1, 2), 0, 1600),
        (3, 1, 1610, F(51, 100), -10, 1600),
        (3, 2, 1590, F(49, 100), 0, 1590),
        (3, 3, 1600, F(49, 100), 10, 1610),
        (3, 4, 1600, F(51, 100), 0, 1600),
    ]


def test_E7_recompute_is_idempotent_and_matches_a_full_recomputation() -> None:
    """Applying the recompute gives the rows a full history of the corrected data gives; a
    second recompute returns nothing."""
    stored = rate_history(initial_ratings(), history())
    result = recompute_from(initial_ratings(), history("½-½"), stored, start=2)
    updated = apply(stored, result)
    assert sorted(updated, key=str) == sorted(
        rate_history(initial_ratings(), history("½-½")), key=str
    )
    again = recompute_from(initial_ratings(), history("½-½"), updated, start=2)
    assert again.is_empty
    assert recompute_from(initial_ratings(), history(), stored, start=1).is_empty


def test_E7_earlier_rows_are_read_not_recomputed() -> None:
    """The Elo before T2 comes from the stored rows of T1: a stored T1 row (deliberately
    different from what T1 would give now) is kept as is and feeds T3.

    Stored T1 says 1 ended at 1700 instead of 1610. Recomputing from T2: T3 1 (1700) vs 3
    (1610, T2 unchanged): D 90 → band 84–91 → 1: .62, 3: .38; 3 wins: 3: 20 × .62 = 12.4 →
    +12 → 1622; 1: 20 × −.62 = −12.4 → −12 → 1688. No row of T1 is returned.
    """
    stored = list(rate_history(initial_ratings(), history()))
    stored = [
        EloChange(1, STD, 1, 1600, 20, 1, F(1), F(1, 2), 100, 1700, 30, False)
        if r.key == (1, 1)
        else r
        for r in stored
    ]
    result = recompute_from(initial_ratings(), history(), stored, start=2)
    rows = {(r.tournament, r.player): r for r in result.changed}
    assert set(rows) == {(3, 1), (3, 3)}
    assert (rows[(3, 1)].ro, rows[(3, 1)].delta, rows[(3, 1)].rn) == (1700, -12, 1688)
    assert (rows[(3, 3)].ro, rows[(3, 3)].delta, rows[(3, 3)].rn) == (1610, 12, 1622)


def test_E7_changed_initial_elo_recomputes_from_the_players_first_tournament() -> None:
    """5's initial standard Elo 1600 → 1700: 5 first plays in T4, so only T4 changes.

    T4: 5 (1700) beats 6 (1600): D 100 → 5: .64 → 20 × .36 = 7.2 → +7 → 1707;
    6: .36 → 20 × −.36 = −7.2 → −7 → 1593.
    """
    stored = rate_history(initial_ratings(), history())
    new_initial = initial_ratings(p5=1700)
    assert first_tournament_of(5, STD, history()) == 4
    result = recompute_after_initial_change(new_initial, history(), stored, 5, STD)
    assert [(r.tournament, r.player, r.ro, r.delta, r.rn) for r in result.changed] == [
        (4, 5, 1700, 7, 1707),
        (4, 6, 1600, -7, 1593),
    ]
    updated = apply(stored, result)
    assert recompute_after_initial_change(new_initial, history(), updated, 5, STD).is_empty


def test_E7_initial_change_without_tournaments_changes_nothing() -> None:
    """Player 7 has played nothing; player 5 has no blitz tournament."""
    stored = rate_history(initial_ratings(), history())
    assert first_tournament_of(7, STD, history()) is None
    assert recompute_after_initial_change(initial_ratings(p7=2000), history(), stored, 7, STD) == (
        EloRecompute(changed=())
    )
    assert recompute_after_initial_change(initial_ratings(), history(), stored, 5, BLITZ).is_empty


def test_E7_a_player_gone_from_a_recomputed_tournament_is_removed() -> None:
    """If a recomputed tournament no longer has a player (data fixed by hand), its stored row is
    reported in ``removed``: T4 without player 6 (only 5, listed, with no game)."""
    stored = rate_history(initial_ratings(), history())
    tournaments = [*history()[:4], ClubTournament(4, STD, (), players=(5,))]
    result = recompute_from(initial_ratings(), tournaments, stored, start=4)
    assert result.removed == ((4, 6),)
    assert [(r.player, r.games, r.delta, r.rn) for r in result.changed] == [(5, 0, 0, 1600)]


def test_E7_errors() -> None:
    """Unknown start; an earlier tournament's entrant without a stored row."""
    stored = rate_history(initial_ratings(), history())
    with pytest.raises(ClubEloError, match="unknown tournament 99"):
        recompute_from(initial_ratings(), history(), stored, start=99)
    incomplete = [r for r in stored if r.key != (1, 2)]
    with pytest.raises(ClubEloError, match="no stored Elo row for player 2"):
        recompute_from(initial_ratings(), history(), incomplete, start=3)
    # the blitz tournament is of another time control: its rows are not needed
    without_blitz = [r for r in stored if r.tournament != 10]
    assert recompute_from(initial_ratings(), history(), without_blitz, start=3).is_empty
