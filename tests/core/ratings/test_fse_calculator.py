"""FSE ranking list, one period (spec W2, W3, W6, W7, W9; issue 9 items 1–2).

Every expected value is worked out by hand in the docstring from the FIDE B.02 tables of
../shared/spec/fide.md §3 (table 8.1.2: expected score by difference; 8.1.1: dp by percentage),
which the shipped evaluation table is derived from (W8).
"""

from __future__ import annotations

import datetime
from fractions import Fraction

import pytest
from test_fse_support import END, event, listed

from chessclub.ratings.fse import (
    RULES_1998,
    RULES_CURRENT,
    CoefficientCase,
    ListEntry,
    PeriodResult,
    PlayerResult,
    Status,
    coefficient,
    compute_period,
    uplifted,
)


def player(result: PeriodResult, ident: str) -> PlayerResult:
    return next(p for p in result.players if p.id == ident)


def five_rounds(games: list[tuple[int, int, str]]) -> list[list[tuple[int, int, str]]]:
    """One game a round (other players absent)."""
    return [[g] for g in games]


# --- W6: FN = FA + ΣW ---------------------------------------------------------------------


def test_w6_new_value_sum_of_gains_rounded_half_up() -> None:
    """Player A (1800, K 24: born 1970, on the list since 2000 with 100 games) wins against
    B 1700, draws with C 1900 and loses to D 1850.

    * vs B: D = +100 → band 99–106 → expected .64; W = 24 × (1 − .64) = +8.64
    * vs C: D = −100 → expected 1 − .64 = .36; W = 24 × (.5 − .36) = +3.36
    * vs D: D = −50 → band 47–53 → .57 for the higher, .43 for A; W = 24 × (0 − .43) = −10.32

    ΣW = +1.68; FN = 1800 + 1.68 = 1801.68 → 1802 (half up).
    """
    previous = [listed("A", 1800), listed("B", 1700), listed("C", 1900), listed("D", 1850)]
    t = event(["A", "B", "C", "D"], five_rounds([(1, 2, "1-0"), (3, 1, "½-½"), (1, 4, "0-1")]))
    result = compute_period(previous, [t], rules=RULES_1998, period_end=END)
    a = player(result, "A")
    assert a.coefficient == 24 and a.coefficient_case is CoefficientCase.STANDARD
    assert [g.gain for g in a.games] == [864, 336, -1032]
    assert [g.expected for g in a.games] == [64, 36, 43]
    assert a.gain == 168 and a.new_value == 1802 and a.status is Status.RATED
    assert a.row.games == 103  # games since entry: 100 + 3


def test_w6_small_differences_and_rounding() -> None:
    """A (1800, K 24) loses to C 1810: D = −10 → band 4–10 → .51 for C, .49 for A;
    W = 24 × (0 − .49) = −11.76. A draws with E 1790: D = +10 → .51; W = 24 × (.5 − .51) = −0.24.
    ΣW = −12.00 → FN = 1788 exactly.
    F (1801, K 24) draws with G 1800: D = +1 → band 0–3 → .50, W = 0; beats H 1812: D = −11 →
    band 11–17 → .52 for H, .48 for F; W = 24 × (1 − .48) = +12.48 → 1813.48 → 1813."""
    previous = [
        listed("A", 1800),
        listed("C", 1810),
        listed("E", 1790),
        listed("F", 1801),
        listed("G", 1800),
        listed("H", 1812),
    ]
    t = event(
        ["A", "C", "E", "F", "G", "H"],
        five_rounds([(1, 2, "0-1"), (3, 1, "½-½"), (4, 5, "½-½"), (6, 4, "0-1")]),
    )
    result = compute_period(previous, [t], rules=RULES_1998, period_end=END)
    assert player(result, "A").gain == -1200 and player(result, "A").new_value == 1788
    assert player(result, "F").gain == 1248 and player(result, "F").new_value == 1813


def test_w6_difference_capped_at_400() -> None:
    """A (1500, K 24) loses to B 2000: D = −500, capped at −400 (table's B.02 cap) → band
    392–411 → .92 for the higher, .08 for A; W = 24 × (0 − .08) = −1.92 → 1498.08 → 1498.
    B (2000, K 16 at 2200? no: 2000 < 2200, K 24) wins: W = 24 × (1 − .92) = +1.92 → 2002."""
    previous = [listed("A", 1500), listed("B", 2000)]
    t = event(["A", "B"], five_rounds([(1, 2, "0-1")]))
    result = compute_period(previous, [t], rules=RULES_1998, period_end=END)
    line = player(result, "A").games[0]
    assert (line.difference, line.difference_used, line.expected) == (-500, -400, 8)
    assert player(result, "A").new_value == 1498 and player(result, "B").new_value == 2002


# --- W7: development coefficient -----------------------------------------------------------


@pytest.mark.parametrize(
    ("value", "birth", "entry", "games", "expected"),
    [
        # junior up to and including 25 on the closing date 2025-12-31: born 2000-12-31 is 25
        (1800, "2000-12-31", "2000-01-01", 100, (36, CoefficientCase.JUNIOR)),
        # born 1999-12-31: 26 on 2025-12-31 → no longer a junior → 24
        (1800, "1999-12-31", "2000-01-01", 100, (24, CoefficientCase.STANDARD)),
        # on the list less than two years: entered 2024-01-01, two years on 2026-01-01 > end
        (1800, "1970-01-01", "2024-01-01", 100, (36, CoefficientCase.NEW)),
        # exactly two years on the closing date (2023-12-31 + 2 y = 2025-12-31): not "less"
        (1800, "1970-01-01", "2023-12-31", 100, (24, CoefficientCase.STANDARD)),
        # fewer than 20 games since entry: 19 → 36; 20 → 24
        (1800, "1970-01-01", "2000-01-01", 19, (36, CoefficientCase.FEW_GAMES)),
        (1800, "1970-01-01", "2000-01-01", 20, (24, CoefficientCase.STANDARD)),
        # 2200 and above: 16, even for a junior, a new player or one with few games
        (2200, "2005-01-01", "2025-06-01", 3, (16, CoefficientCase.MASTER)),
        # 2199, junior: 36
        (2199, "2005-01-01", "2000-01-01", 100, (36, CoefficientCase.JUNIOR)),
    ],
)
def test_w7_coefficient_cases(
    value: int, birth: str, entry: str, games: int, expected: tuple[int, CoefficientCase]
) -> None:
    """W7 read exactly: 36 for juniors up to and including 25 below 2200; 36 below 2200 when on
    the list less than two years or with fewer than 20 games since entry; 24 for others below
    2200; 16 from 2200. Ages and durations on the period's closing date 2025-12-31."""
    got = coefficient(
        value,
        birth_date=datetime.date.fromisoformat(birth),
        entry_date=datetime.date.fromisoformat(entry),
        games_since_entry=games,
        on=datetime.date(2025, 12, 31),
        rules=RULES_1998,
    )
    assert got == expected


def test_w7_unknown_birth_date_is_not_a_junior() -> None:
    """Without a birth date the junior case cannot apply: an established 1800 gets 24."""
    got = coefficient(
        1800,
        birth_date=None,
        entry_date=datetime.date(2000, 1, 1),
        games_since_entry=100,
        on=END,
        rules=RULES_1998,
    )
    assert got == (24, CoefficientCase.STANDARD)


def test_w7_junior_of_25_gains_with_36() -> None:
    """J (1800) born 1999-06-01 is 25 on 2025-02-28 → K 36. J beats B 1700: D = +100 → .64,
    W = 36 × .36 = 12.96 → 1812.96 → 1813. The same game for an adult (K 24) would give 8.64."""
    previous = [listed("J", 1800, birth="1999-06-01"), listed("B", 1700)]
    t = event(["J", "B"], five_rounds([(1, 2, "1-0")]))
    result = compute_period(previous, [t], rules=RULES_1998, period_end=END)
    j = player(result, "J")
    assert (j.coefficient, j.coefficient_case) == (36, CoefficientCase.JUNIOR)
    assert j.gain == 1296 and j.new_value == 1813


def test_w7_master_16() -> None:
    """M (2250) loses to B (2050): D = +200 → band 198–206 → .76; W = 16 × (0 − .76) = −12.16
    → 2237.84 → 2238. B (2050, K 24): W = 24 × (1 − .24) = 18.24 → 2068.24 → 2068."""
    previous = [listed("M", 2250), listed("B", 2050)]
    t = event(["M", "B"], five_rounds([(1, 2, "0-1")]))
    result = compute_period(previous, [t], rules=RULES_1998, period_end=END)
    assert player(result, "M").coefficient == 16 and player(result, "M").new_value == 2238
    assert player(result, "B").new_value == 2068


# --- W2: entry of a new player ---------------------------------------------------------------


def test_w2_new_player_enters_after_exactly_seven_games_current_rules() -> None:
    """Current rules: entry after 7 countable games. N plays 7 listed opponents
    1500, 1600, 1700, 1800, 1500, 1600, 1700 (ΣF = 11400) and scores 1, 1, ½, 0, 1, ½, ½ = 4.5.
    M = 11400 / 7 = 1628.571…; L = 100 × 4.5 / 7 = 64.29 % → 64 → D(L) = dp(.64) = 102;
    FZ = 1628.571 + 102 = 1730.571 → 1731 (above the minimum 1400). The 7 games do not count
    for the opponents: N was not on a recognised list (W4)."""
    values = [1500, 1600, 1700, 1800, 1500, 1600, 1700]
    previous = [listed(f"O{i}", v) for i, v in enumerate(values)]
    ids = ["-"] + [f"O{i}" for i in range(7)]
    results = ["1-0", "1-0", "½-½", "0-1", "1-0", "½-½", "½-½"]
    t = event(ids, five_rounds([(1, i + 2, r) for i, r in enumerate(results)]))
    result = compute_period(previous, [t], rules=RULES_CURRENT, period_end=END)
    new = player(result, "NEW:New 1")
    assert new.status is Status.ENTERED and new.entry is not None
    e = new.entry
    assert (e.games, e.opponents_total, e.score) == (7, 11400, Fraction(9, 2))
    assert e.mean == Fraction(11400, 7) and e.percentage == 64 and e.difference == 102
    assert e.performance == 1731 and e.value == 1731 and new.new_value == 1731
    assert new.row.points == 1731 and new.row.entry_date == END and new.row.games == 0
    assert all(player(result, f"O{i}").status is Status.UNCHANGED for i in range(7))
    assert sum(1 for g in result.ineligible if g.player is not None) == 7


def test_w2_six_games_are_not_enough_and_are_carried() -> None:
    """Current rules, 6 games (the first six above: ΣF = 9700, score 4): N stays off the list
    with pending 6 / 9700 / 4. Next period one more game against 1700 drawn: 7 games,
    ΣF = 11400, score 4.5 → the same FZ 1731 as when played in one period."""
    values = [1500, 1600, 1700, 1800, 1500, 1600]
    previous = [listed(f"O{i}", v) for i, v in enumerate(values)] + [listed("O6", 1700)]
    ids = ["-"] + [f"O{i}" for i in range(6)]
    results = ["1-0", "1-0", "½-½", "0-1", "1-0", "½-½"]
    t = event(ids, five_rounds([(1, i + 2, r) for i, r in enumerate(results)]))
    first = compute_period(previous, [t], rules=RULES_CURRENT, period_end=END)
    new = player(first, "NEW:New 1")
    assert new.status is Status.PENDING and new.new_value is None
    assert (new.row.pending_games, new.row.pending_opponents) == (6, 9700)
    assert new.row.pending_score == 4
    carried = [*first.new_list]
    t2 = event(
        ["NEW:New 1", "O6"],
        five_rounds([(1, 2, "½-½")]),
        end=datetime.date(2025, 4, 15),
    )
    second = compute_period(
        carried, [t2], rules=RULES_CURRENT, period_end=datetime.date(2025, 4, 30)
    )
    entered = player(second, "NEW:New 1")
    assert entered.status is Status.ENTERED and entered.new_value == 1731


def test_w2_minimum_1450_in_1998_rules_after_exactly_ten_games() -> None:
    """1998 rules: entry after 10 games, at least 1450. N scores 2 of 10 against ten players of
    1600: M = 1600, L = 20 % → D(L) = −dp(.80) = −240; M + D = 1360 < 1450 → FZ = 1450."""
    previous = [listed(f"O{i}", 1600) for i in range(10)]
    ids = ["-"] + [f"O{i}" for i in range(10)]
    results = ["1-0", "1-0"] + ["0-1"] * 8
    t = event(ids, five_rounds([(1, i + 2, r) for i, r in enumerate(results)]))
    result = compute_period(previous, [t], rules=RULES_1998, period_end=END)
    new = player(result, "NEW:New 1")
    assert new.entry is not None and new.entry.difference == -240
    assert new.entry.performance == 1360 and new.new_value == 1450 and new.floor_applied


def test_w2_nine_games_under_1998_rules_stay_pending() -> None:
    """1998 rules need 10 games: the same player with 9 games (the first nine above) is
    pending; under the current rules (7 games) the same games make him enter: M = 1600,
    L = 2/9 = 22.2 % → 22 → −dp(.78) = −220 → 1380 < 1400 → FZ = 1400."""
    previous = [listed(f"O{i}", 1600) for i in range(9)]
    ids = ["-"] + [f"O{i}" for i in range(9)]
    results = ["1-0", "1-0"] + ["0-1"] * 7
    t = event(ids, five_rounds([(1, i + 2, r) for i, r in enumerate(results)]))
    old = compute_period(previous, [t], rules=RULES_1998, period_end=END)
    assert player(old, "NEW:New 1").status is Status.PENDING
    now = compute_period(previous, [t], rules=RULES_CURRENT, period_end=END)
    new = player(now, "NEW:New 1")
    assert new.entry is not None and new.entry.percentage == 22
    assert new.entry.performance == 1380 and new.new_value == 1400


# --- W3: foreign ratings, inactivity ---------------------------------------------------------


def test_w3_foreign_rating_taken_over() -> None:
    """F has no list value but a FIDE rating 2000 (FIDE ID given): F is on a recognised list
    and enters with 2000 (W3/W9), as a new player (K 36, W7). F beats A (1800): D = +200 →
    .76; W = 36 × .24 = 8.64 → 2008.64 → 2009. For A (K 24) the game counts:
    W = 24 × (0 − .24) = −5.76 → 1794.24 → 1794."""
    previous = [listed("A", 1800)]
    t = event(["-", "A"], five_rounds([(1, 2, "1-0")]), fide={1: ("99000001", 2000)})
    result = compute_period(previous, [t], rules=RULES_1998, period_end=END)
    f = player(result, "FIDE:99000001")
    assert f.status is Status.ENTERED_FOREIGN and f.start_value == 2000
    assert (f.coefficient, f.coefficient_case) == (36, CoefficientCase.NEW)
    assert f.new_value == 2009 and f.row.entry_date == END and f.row.games == 1
    assert player(result, "A").new_value == 1794


def test_w3_five_years_inactive_removed() -> None:
    """Closing date 2025-02-28. Last countable game 2020-02-28: five years on 2025-02-28 →
    removed. Last game 2020-03-01: not yet five years → kept, unchanged. No last game known:
    the entry date counts (2019-01-01 → removed)."""
    previous = [
        listed("OLD", 1700, last="2020-02-28"),
        listed("RECENT", 1700, last="2020-03-01"),
        ListEntry(
            id="NOLAST",
            name="No Last",
            points=1700,
            games=30,
            entry_date=datetime.date(2019, 1, 1),
        ),
    ]
    result = compute_period(previous, [], rules=RULES_1998, period_end=END)
    assert player(result, "OLD").status is Status.REMOVED
    assert player(result, "RECENT").status is Status.UNCHANGED
    assert player(result, "NOLAST").status is Status.REMOVED
    assert [e.id for e in result.new_list] == ["RECENT"]


def test_w3_inactive_player_who_plays_stays() -> None:
    """A player whose last game is six years old but who plays a countable game this period is
    rated, not removed: A (1700) draws with B (1700): W = 24 × (.5 − .5) = 0 → 1700."""
    previous = [listed("A", 1700, last="2019-01-01"), listed("B", 1700)]
    t = event(["A", "B"], five_rounds([(1, 2, "½-½")]))
    result = compute_period(previous, [t], rules=RULES_1998, period_end=END)
    a = player(result, "A")
    assert a.status is Status.RATED and a.new_value == 1700
    assert a.row.last_active == datetime.date(2025, 2, 15)


# --- W9: rule versions, 2025 uplift, minimum 1400 -------------------------------------------


@pytest.mark.parametrize(
    ("value", "raised"),
    [(1500, 1650), (1995, 1997), (1999, 1999), (2000, 2000), (2300, 2300), (1000, 1300)],
)
def test_w9_uplift_values(value: int, raised: int) -> None:
    """0.3 × (2000 − R) below 2000, rounded half up: 1500 → +150 = 1650; 1995 → +1.5 → +2 =
    1997; 1999 → +0.3 → +0 = 1999; 2000 and above unchanged; 1000 → +300 = 1300. The 1998
    rules have no uplift."""
    assert uplifted(value, RULES_CURRENT) == raised
    assert uplifted(value, RULES_1998) == value


def test_w9_uplift_applied_before_the_games_and_minimum_1400() -> None:
    """Current rules, previous list of 2024-12-31, period closing 2025-02-28: the uplift of
    1 January 2025 applies. A 1500 → 1650, B 1700 → 1790 (+0.3 × 300). A loses to B:
    D = 1650 − 1790 = −140 → band 138–145 → .69 for B, .31 for A; K 24:
    A: W = 24 × (0 − .31) = −7.44 → 1642.56 → 1643; B: W = 24 × (1 − .69) = 7.44 → 1797.44 →
    1797. C (1000, no game, recent) → 1300 by the uplift, raised to the minimum 1400."""
    previous = [listed("A", 1500), listed("B", 1700), listed("C", 1000)]
    t = event(["A", "B"], five_rounds([(1, 2, "0-1")]))
    result = compute_period(
        previous,
        [t],
        rules=RULES_CURRENT,
        period_end=END,
        list_date=datetime.date(2024, 12, 31),
    )
    assert result.uplift_applied
    a, b, c = player(result, "A"), player(result, "B"), player(result, "C")
    assert (a.old_value, a.start_value, a.new_value) == (1500, 1650, 1643)
    assert (b.start_value, b.new_value) == (1790, 1797)
    assert (c.start_value, c.new_value, c.floor_applied) == (1300, 1400, True)


def test_w9_uplift_not_applied_after_2025_or_in_1998_rules() -> None:
    """A previous list dated 2025-01-01 or later is already raised; the 1998 rules have no
    uplift and no general minimum (C 1000 stays 1000)."""
    previous = [listed("C", 1000)]
    later = compute_period(
        previous,
        [],
        rules=RULES_CURRENT,
        period_end=END,
        list_date=datetime.date(2025, 1, 1),
    )
    assert not later.uplift_applied and player(later, "C").new_value == 1400  # the floor only
    old = compute_period(
        previous, [], rules=RULES_1998, period_end=END, list_date=datetime.date(2024, 12, 31)
    )
    assert not old.uplift_applied and player(old, "C").new_value == 1000


def test_w9_rule_sets_are_named_and_versioned() -> None:
    """Two rule sets with their W2/W9 parameters: 1998 (10 games, 1450) and current (7, 1400,
    uplift on 2025-01-01 by 3/10 below 2000)."""
    assert (RULES_1998.key, RULES_1998.entry_games, RULES_1998.entry_minimum) == ("1998", 10, 1450)
    assert RULES_1998.uplift is None and RULES_1998.floor is None
    assert (RULES_CURRENT.key, RULES_CURRENT.entry_games, RULES_CURRENT.floor) == (
        "current",
        7,
        1400,
    )
    assert RULES_CURRENT.uplift is not None
    assert RULES_CURRENT.uplift.factor == Fraction(3, 10)
    assert RULES_CURRENT.uplift.date == datetime.date(2025, 1, 1)
    assert "1998" in RULES_1998.describe() and "2025-01-01" in RULES_CURRENT.describe()
