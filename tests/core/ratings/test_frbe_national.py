"""B5 — the national rating run over one period (spec ``frbe.md`` B5, fide.md §3.2–3.3).

A constructed period, computed by hand from B5's rules (K 32 for games 21–100, 24 for
101–300, then 16 ≤ 2000 < 12 ≤ 2200 < 10; difference cap 350; floor 1150; 20 games to be rated)
and FIDE's tables (dp 8.1.1, expected score 8.1.2).

The list (matricule: rating, games):
  R1 1001: 1800, 150   R2 1002: 1600, 60    R3 1003: 1995, 400   R4 1004: 2100, 500
  R5 1005: 1152, 50    U1 1011: 1500, 18 (unrated)               U2 1012: 1400, 19 (unrated)
An unrated player's 18 (19) previous games count as 50 % against their listed rating (rule
set assumption (M)): 18 × 1500 = 27000 and 9 points; 19 × 1400 = 26600 and 9.5 points.

File A: r1 U1–R1 1-0; r2 U1–R2 ½-½; r3 U2–U1 1-0.
File B: r1 R3–R4 1-0; r2 R5–R2 0-1; r3 R1–U1 ½-½.

Import order A, B:
  run 1: A1 U1 beats R1 (19 games); A2 U1 draws R2 → 20 games → promoted:
         (27000 + 1800 + 1600) / 20 = 1520, 10.5/20 = .525 → .53 → dp +21 → 1541.
         B3 (R1–U1) waits: U1 is rated now.
  run 2: A3 U2 beats U1 (1541) → 20 games → promoted: (26600 + 1541) / 20 = 1407.05 → 1407,
         10.5/20 → .53 → +21 → 1428. A second pass finds nothing: 2 passes.
  run 3: B1 R3 1995 beats R4 2100: D 105 → .36 / .64. R3 is past 300 games: Ki 16;
         1995 + 16 × .64 = 2005.24 crosses 2000 → boundary formula
         2000 + (.64 + (1995 − 2000) / 16) × 12 = 2000 + .3275 × 12 = 2003.93 → 2004.
         R4: 2100 − 12 × .64 = 2092.32 → 2092 (no boundary).
         B2 R5 1152 loses to R2 1600: D 448 capped at 350 → .11 / .89; R5 (game 51, K 32)
         1152 − 32 × .11 = 1148.48 → 1148 → floor 1150. R2 (game 61): 1600 + 3.52 → 1604.
         B3 R1 1800 draws U1 1541: D 259 → .82 / .18; R1 game 151 → K 24:
         1800 + 24 × (.5 − .82) = 1792.32 → 1792; U1 game 21 → K 32: 1541 + 32 × .32
         = 1551.24 → 1551.
Import order B, A:
  run 1: B3 U1 draws R1 (19 games); A1 U1 beats R1 → 20 → (27000 + 3600) / 20 = 1530,
         10.5/20 → +21 → 1551. A2 (U1–R2) waits.
  run 2: A3 U2 beats U1 (1551): (26600 + 1551) / 20 = 1407.55 → 1408, +21 → 1429.
  run 3: A2 U1 1551 draws R2 1600: D 49 → .43 / .57: U1 1551 + 32 × .07 = 1553.24 → 1553;
         R2 1600 + 3.52 − 2.24 = 1601.28 → 1601. R1 has no run-3 game: 1800, 150 games.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from chessclub.ratings.frbe import (
    FRBE_ART10_2008,
    ListedPlayer,
    PeriodGame,
    Run,
    Status,
    national_rules,
    rating_run,
)
from chessclub.ratings.frbe.national import _across_boundaries

LIST = {
    p.matricule: p
    for p in (
        ListedPlayer(1001, "R1", 1800, 150),
        ListedPlayer(1002, "R2", 1600, 60),
        ListedPlayer(1003, "R3", 1995, 400),
        ListedPlayer(1004, "R4", 2100, 500),
        ListedPlayer(1005, "R5", 1152, 50),
        ListedPlayer(1011, "U1", 1500, 18),
        ListedPlayer(1012, "U2", 1400, 19),
    )
}
ONE, HALF, ZERO = Fraction(1), Fraction(1, 2), Fraction(0)
FILE_A = [(1011, 1001, ONE), (1011, 1002, HALF), (1012, 1011, ONE)]
FILE_B = [(1003, 1004, ONE), (1005, 1002, ZERO), (1001, 1011, HALF)]


def period(*files: tuple[str, list[tuple[int, int, Fraction]]]) -> list[PeriodGame]:
    games: list[PeriodGame] = []
    for name, rows in files:
        for rnd, (white, black, score) in enumerate(rows, start=1):
            games.append(PeriodGame(len(games) + 1, white, black, score, name, rnd))
    return games


AB = rating_run(LIST, period(("A", FILE_A), ("B", FILE_B)))
BA = rating_run(LIST, period(("B", FILE_B), ("A", FILE_A)))


def test_b5_run1_promotion_at_20_games_then_run2() -> None:
    u1 = AB.players[1011]
    assert u1.status is Status.PROMOTED
    assert u1.performance == 1541
    assert [line.run for line in u1.sheet] == [Run.UNRATED_VS_RATED] * 2 + [Run.RATED]
    assert [line.game_number for line in u1.sheet] == [19, 20, 21]
    u2 = AB.players[1012]
    assert u2.status is Status.PROMOTED and u2.new_rating == 1428 and u2.new_games == 20
    assert [line.run for line in u2.sheet] == [Run.NEWLY_RATED]
    assert u2.sheet[0].opponent_rating == 1541
    assert AB.promoted == (1011, 1012)
    assert AB.passes == 2


def test_b5_run3_after_promotion_uses_k32_and_the_350_cap() -> None:
    u1 = AB.players[1011]
    last = u1.sheet[-1]
    assert (last.k, last.expected, last.opponent_rating) == (32, Fraction(18, 100), 1800)
    assert u1.new_rating == 1551 and u1.new_games == 21
    r1 = AB.players[1001]
    assert (r1.sheet[0].k, r1.new_rating, r1.new_games) == (24, 1792, 151)
    r2 = AB.players[1002]
    assert r2.sheet[0].expected == Fraction(89, 100)  # D 448 capped at 350
    assert r2.new_rating == 1604


def test_b5_boundary_formula_at_2000() -> None:
    r3 = AB.players[1003]
    assert r3.formula == "boundary"
    assert r3.sheet[0].k == 16  # the sheet shows Ki only
    assert r3.new_rating == 2004  # not 1995 + 10.24 → 2005
    r4 = AB.players[1004]
    assert (r4.formula, r4.new_rating) == ("ordinary", 2092)


def test_b5_boundary_formula_downwards_and_twice() -> None:
    """Down from 2010 (K 12) with W − We = −2: 2010 − 24 crosses 2000:
    2000 + (−2 + 10/12) × 16 = 2000 − 18.67 = 1981.33. Up from 1990 with +20 units:
    to 2000 costs 10/16; to 2200 costs 200/12; the rest (20 − .625 − 16.667 = 2.708) × 10
    → 2227.08."""
    value, crossed = _across_boundaries(Fraction(2010), Fraction(-2), FRBE_ART10_2008)
    assert crossed and value == 2000 + (Fraction(-2) + Fraction(10, 12)) * 16
    value, _ = _across_boundaries(Fraction(1990), Fraction(20), FRBE_ART10_2008)
    assert value == 2200 + (20 - Fraction(10, 16) - Fraction(200, 12)) * 10


def test_b5_floor_1150() -> None:
    r5 = AB.players[1005]
    assert r5.new_rating == 1150 and r5.formula == "ordinary+floor"


def test_b5_import_order_changes_the_outcome() -> None:
    assert BA.players[1011].performance == 1551
    assert BA.players[1011].new_rating == 1553
    assert BA.players[1012].new_rating == 1429
    assert BA.players[1002].new_rating == 1601
    r1 = BA.players[1001]
    assert (r1.new_rating, r1.new_games, r1.sheet) == (1800, 150, ())
    assert {m: o.new_rating for m, o in AB.players.items()} != {
        m: o.new_rating for m, o in BA.players.items()
    }


def test_b5_indicative_after_10_games_and_unknown_matricule_skipped() -> None:
    """U3 (0 games) scores 6/10 against ten games with R1 (1800): 1800 + dp(.60) 72 = 1872,
    indicative (10–19 games). A game naming 9999 (not listed) is skipped."""
    players = dict(LIST) | {1013: ListedPlayer(1013, "U3", None, 0)}
    rows = [(1013, 1001, ONE)] * 6 + [(1013, 1001, ZERO)] * 4 + [(1013, 9999, ONE)]
    run = rating_run(players, period(("C", rows)))
    u3 = run.players[1013]
    assert (u3.status, u3.new_rating, u3.new_games) == (Status.INDICATIVE, 1872, 10)
    assert [s.reason for s in run.skipped] == ["matricule 9999 not in the player list"]


def test_b5_rule_10g_big_move_uses_the_provisional_formula() -> None:
    """R2 (1600, 60 games) beats R1 (1800) 25 times: each 32 × (1 − .24) = 24.32, +608 > 150
    → 10.g: 1800 + dp(1.00) 800 = 2600."""
    run = rating_run(LIST, period(("D", [(1002, 1001, ONE)] * 25)))
    assert run.players[1002].formula == "10.g"
    assert run.players[1002].new_rating == 2600


def test_b5_rule_set_is_named_versioned_and_marks_assumptions() -> None:
    rules = national_rules("frbe-art10")
    assert rules.label == "frbe-art10@2008" == AB.rules
    assert (rules.floor, rules.difference_cap, rules.rated_after_games) == (1150, 350, 20)
    assert [rules.k_for(n, 1500) for n in (21, 100, 101, 300)] == [32, 32, 24, 24]
    assert [rules.k_for(301, r) for r in (2000, 2001, 2200, 2201)] == [16, 12, 12, 10]
    assert [rules.foreign_start(r) for r in (2300, 2299, 2000, 1999)] == [300, 200, 200, 50]
    assert all(a.startswith("(M)") for a in rules.assumptions)
    with pytest.raises(ValueError, match="frbe-art10"):
        national_rules("nope")


def test_b5_games_abroad_count_for_the_belgian_player_only() -> None:
    """A results file where player 2 is foreign (club 999, "matricule" 1900 = their Elo):
    R1 (1800, game 151, K 24) beats them: D 100 → .36; 1800 + 24 × .64 = 1815.36 → 1815.
    The foreign player gets no outcome; a game between two foreign players is skipped."""
    from chessclub.model import (
        Game,
        GameResult,
        PairingNumber,
        Player,
        Round,
        RoundNumber,
        Tournament,
    )
    from chessclub.ratings.frbe import period_games

    t = Tournament(
        name="Abroad",
        players=(
            Player(PairingNumber(1), "R1", 1800, matricule="1001", club="618"),
            Player(PairingNumber(2), "Foreign", None, matricule="1900", club="999"),
            Player(PairingNumber(3), "Foreign 2", None, matricule="2100", club="999"),
        ),
        rounds=(
            Round(
                RoundNumber(1), (Game(PairingNumber(1), PairingNumber(2), GameResult.WHITE_WINS),)
            ),
            Round(RoundNumber(2), (Game(PairingNumber(2), PairingNumber(3), GameResult.DRAW),)),
        ),
        planned_rounds=2,
    )
    games, skipped = period_games([("abroad", t)])
    assert [(g.white_foreign, g.black_foreign) for g in games] == [(None, 1900)]
    assert [s.reason for s in skipped] == ["both players are foreign (sender code 999/998)"]
    run = rating_run(LIST, games)
    r1 = run.players[1001]
    assert (r1.new_rating, r1.new_games, r1.sheet[0].opponent_rating) == (1815, 151, 1900)
    assert set(run.players) == {1001}
