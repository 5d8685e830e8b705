"""Club Elo properties over seeded random club histories (E1, E3–E7).

Random clubs: 3–12 players, 1–14 tournaments in three time controls, every result code (forfeits
included), initial Elos 1000–2800 with 0–40 earlier games. Checked: a straightforward reference
written from the spec's text; the invariants of every row; the recompute chain after a random
correction or a random initial Elo change (only the tournament concerned and later ones of its
time control change; applied, it equals a full recomputation; a second call changes nothing).
"""

from __future__ import annotations

import random
from dataclasses import replace
from fractions import Fraction

from chessclub.model import GameResult
from chessclub.ratings.club_elo import (
    ClubTournament,
    EloChange,
    EloGame,
    EloRecompute,
    InitialRating,
    TimeControl,
    rate_history,
    recompute_after_initial_change,
    recompute_from,
)
from chessclub.ratings.fide_tables import expected_score

CODES = [r for r in GameResult if r is not GameResult.NONE]
PLAYED = {GameResult.WHITE_WINS: (1, 0), GameResult.DRAW: (0.5, 0.5), GameResult.BLACK_WINS: (0, 1)}

Initial = dict[tuple[int, TimeControl], InitialRating]


def random_club(rng: random.Random) -> tuple[Initial, list[ClubTournament]]:
    players = list(range(1, rng.randint(3, 12) + 1))
    initial = {
        (p, tc): InitialRating(
            rng.choice([rng.randint(1000, 2800), rng.randint(2380, 2420), 2650, 2649]),
            games=rng.choice([0, 29, 30, rng.randint(0, 40)]),
            reached_2400=rng.random() < 0.1,
        )
        for p in players
        for tc in TimeControl
    }
    tournaments = []
    for tid in rng.sample(range(1, 1000), rng.randint(1, 14)):
        entrants = rng.sample(players, rng.randint(2, len(players)))
        games = []
        for _ in range(rng.choice([1, 3, 9, 40])):
            white, black = rng.sample(entrants, 2)
            games.append(
                EloGame(white, black, rng.choice(CODES + CODES[:3]), rated=rng.random() < 0.95)
            )
        tournaments.append(
            ClubTournament(tid, rng.choice(list(TimeControl)), tuple(games), tuple(entrants))
        )
    return initial, tournaments


def reference(initial: Initial, tournaments: list[ClubTournament]) -> dict[tuple[int, int], int]:
    """E1–E7 as the spec words them, with floats only where exact (halves and hundredths)."""
    elo = {key: r.elo for key, r in initial.items()}
    count = {key: r.games for key, r in initial.items()}
    reached = {key: r.reached_2400 or r.elo >= 2400 for key, r in initial.items()}
    new: dict[tuple[int, int], int] = {}
    for tournament in tournaments:
        tc = tournament.time_control
        ro = {p: elo[(p, tc)] for p in tournament.entrants()}
        n = dict.fromkeys(ro, 0)
        change = dict.fromkeys(ro, Fraction(0))  # score − expected
        for game in tournament.games:
            if not game.rated or game.result not in PLAYED:
                continue
            for me, other, points in (
                (game.white, game.black, PLAYED[game.result][0]),
                (game.black, game.white, PLAYED[game.result][1]),
            ):
                cap = 800 if ro[me] >= 2650 else 400
                pd = expected_score(ro[me], ro[other], max_difference=cap)
                change[me] += Fraction(points) - Fraction(pd, 100)
                n[me] += 1
        for p in ro:
            k = 40 if count[(p, tc)] < 30 else 10 if reached[(p, tc)] else 20
            while n[p] and k * n[p] > 700:
                k -= 1
            x = k * change[p]
            delta = int(abs(x) + Fraction(1, 2)) * (1 if x >= 0 else -1)
            new[(tournament.id, p)] = ro[p] + delta
            elo[(p, tc)] = ro[p] + delta
            count[(p, tc)] += n[p]
            reached[(p, tc)] = reached[(p, tc)] or elo[(p, tc)] >= 2400
    return new


def apply(stored: tuple[EloChange, ...], result: EloRecompute) -> tuple[EloChange, ...]:
    new = {r.key: r for r in result.changed}
    gone = set(result.removed)
    kept = [new.pop(r.key, r) for r in stored if r.key not in gone]
    return (*kept, *new.values())


def same_rows(a: tuple[EloChange, ...], b: tuple[EloChange, ...]) -> bool:
    return {r.key: r for r in a} == {r.key: r for r in b} and len(a) == len(b)


def test_E3_E7_history_matches_a_reference_written_from_the_spec() -> None:
    """300 random clubs: every Rn equals the reference's."""
    rng = random.Random(20240601)
    for _ in range(300):
        initial, tournaments = random_club(rng)
        rows = rate_history(initial, tournaments)
        assert {r.key: r.rn for r in rows} == reference(initial, tournaments)


def test_E3_E6_row_invariants() -> None:
    """Every row: K × n ≤ 700; K ∈ {40, 20, 10} unless capped; Rn = Ro + Δ; |Δ − K(W − We)|
    ≤ ½; 0 ≤ score, expected ≤ n; each tournament hands out one point per counting game."""
    rng = random.Random(7)
    for _ in range(200):
        initial, tournaments = random_club(rng)
        rows = rate_history(initial, tournaments)
        for row in rows:
            assert row.rn == row.ro + row.delta
            assert abs(row.delta - row.unrounded_change) <= Fraction(1, 2)
            assert 0 <= row.score <= row.games and 0 <= row.expected <= row.games
            if row.games:
                assert row.k * row.games <= 700 < (row.k + 1) * row.games or row.k in (40, 20, 10)
            else:
                assert row.k in (40, 20, 10) and row.delta == 0
        for tournament in tournaments:
            tournament_rows = [r for r in rows if r.tournament == tournament.id]
            counting = sum(1 for game in tournament.games if game.counts)
            assert sum(r.score for r in tournament_rows) == counting
            assert sum(r.games for r in tournament_rows) == 2 * counting


def test_E1_time_controls_do_not_affect_each_other() -> None:
    """Dropping every tournament of the other time controls leaves a time control's rows as
    they were."""
    rng = random.Random(11)
    for _ in range(100):
        initial, tournaments = random_club(rng)
        rows = rate_history(initial, tournaments)
        for tc in TimeControl:
            alone = rate_history(initial, [x for x in tournaments if x.time_control is tc])
            assert same_rows(alone, tuple(r for r in rows if r.time_control is tc))


def test_E7_correction_recomputes_from_that_tournament_only_and_idempotently() -> None:
    """300 random corrections: only rows of the corrected tournament's time control, from it
    on, are returned; applied, they equal a full recomputation; a second call is empty."""
    rng = random.Random(42)
    for _ in range(300):
        initial, tournaments = random_club(rng)
        stored = rate_history(initial, tournaments)
        position = rng.randrange(len(tournaments))
        target = tournaments[position]
        index = rng.randrange(len(target.games))
        games = list(target.games)
        games[index] = replace(games[index], result=rng.choice(CODES))
        corrected = [*tournaments]
        corrected[position] = replace(target, games=tuple(games))
        result = recompute_from(initial, corrected, stored, target.id)
        later = {x.id for x in corrected[position:] if x.time_control is target.time_control}
        assert all(r.tournament in later for r in result.changed)
        assert result.removed == ()
        updated = apply(stored, result)
        assert same_rows(updated, rate_history(initial, corrected))
        assert recompute_from(initial, corrected, updated, target.id).is_empty
        # exactly the rows that change: none of the returned rows equals its stored version
        before = {r.key: r for r in stored}
        assert all(before[r.key] != r for r in result.changed)


def test_E7_initial_elo_change_recomputes_idempotently() -> None:
    """200 random initial Elo changes: applied, equal to a full recomputation; then empty."""
    rng = random.Random(99)
    for _ in range(200):
        initial, tournaments = random_club(rng)
        stored = rate_history(initial, tournaments)
        player, tc = rng.choice(sorted(initial, key=lambda key: (key[0], key[1].value)))
        changed = dict(initial)
        changed[(player, tc)] = replace(initial[(player, tc)], elo=rng.randint(1000, 2800))
        result = recompute_after_initial_change(changed, tournaments, stored, player, tc)
        assert all(r.time_control is tc for r in result.changed)
        updated = apply(stored, result)
        assert same_rows(updated, rate_history(changed, tournaments))
        assert recompute_after_initial_change(changed, tournaments, updated, player, tc).is_empty
