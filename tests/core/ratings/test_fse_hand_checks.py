"""Independent hand checks of one period against spec fse.md (W2, W4, W6, W7, W9), written by
the adversarial review of issue 9 from the rules and FIDE's B.02 tables (fide.md §3), not from
the program's output.

B.02 table 8.1.2 (expected score by difference): D 99–106 → .64 (so −100 → .36).
B.02 table 8.1.1 (dp by percentage): p .57 → 50, so p .43 → −50.
"""

from __future__ import annotations

import datetime
from fractions import Fraction

from test_fse_support import END, event, listed

from chessclub.ratings.fse import (
    RULES_1998,
    RULES_CURRENT,
    CoefficientCase,
    ListEntry,
    Status,
    compute_period,
)

# N was collecting games: 4 countable games so far, opponents' points 6000, score 1.5 (W2)
N_ROW = ListEntry(
    id="N",
    name="Player N",
    points=None,
    pending_games=4,
    pending_opponents=6000,
    pending_score=Fraction(3, 2),
)
PREVIOUS = [
    N_ROW,
    listed("A", 1800),
    listed("B", 1700),
    listed("C", 1650),
    listed("D", 1600),
    listed("E", 1750),
]
# 6 players, 5 of them listed (≥ half, W5), 5 rounds, 90 min + 30 s (W4):
# r1 N beats A; r2 B beats N; r3 N wins by forfeit against C; r4 D draws with N;
# N withdraws before r5 (absent); r5 A draws with B.
EVENT = event(
    ["N", "A", "B", "C", "D", "E"],
    [
        [(1, 2, "1-0")],
        [(3, 1, "1-0")],
        [(1, 4, "+/-")],
        [(5, 1, "½-½")],
        [(2, 3, "½-½")],
    ],
    withdrawn={1: 5},
)


def by_id(result, ident):
    return next(p for p in result.players if p.id == ident)


def test_w2_w4_withdrawn_new_player_enters_on_the_seventh_game_forfeit_left_out() -> None:
    """Current rules (W9: entry after 7 games, at least 1400). N's countable games this period:
    r1 vs A 1800 (1), r2 vs B 1700 (0), r4 vs D 1600 (½); r3 is a forfeit, never counted (W4);
    N withdrew, the games played count (W4). With the 4 carried games: P = 7.

    ΣF = 6000 + 1800 + 1700 + 1600 = 11100 → M = 11100 / 7 = 1585.714…
    ΣR = 1.5 + 1 + 0 + 0.5 = 3 → L = 100 × 3 / 7 = 42.857… → 43 % → D(43) = −50
    FZ = 1585.714… − 50 = 1535.714… → 1536 (above the minimum 1400).
    """
    result = compute_period(PREVIOUS, [EVENT], rules=RULES_CURRENT, period_end=END)
    n = by_id(result, "N")
    assert n.status is Status.ENTERED
    assert n.entry is not None
    assert (n.entry.games, n.entry.opponents_total, n.entry.score) == (7, 11100, 3)
    assert (n.entry.percentage, n.entry.difference) == (43, -50)
    assert n.new_value == 1536 and not n.floor_applied
    assert n.row.points == 1536 and n.row.games == 0 and n.row.entry_date == END


def test_w2_same_period_under_1998_rules_stays_pending_with_seven_games() -> None:
    """1998 rules need 10 games: N stays off the list carrying P = 7, ΣF = 11100, ΣR = 3."""
    result = compute_period(PREVIOUS, [EVENT], rules=RULES_1998, period_end=END)
    n = by_id(result, "N")
    assert n.status is Status.PENDING and n.new_value is None
    assert (n.row.pending_games, n.row.pending_opponents, n.row.pending_score) == (7, 11100, 3)


def test_w4_w6_listed_players_count_only_listed_opponents_and_no_forfeit() -> None:
    """A (1800) and B (1700) are established (born 1970, on the list since 2000, 100 games:
    K 24, W7). Their games against N (not on a recognised list) do not count (W4); C's forfeit
    loss does not count; D's draw with N does not count.

    r5 A–B ½-½: A: D = +100 → .64, W = 24 × (.50 − .64) = −3.36 → 1796.64 → 1797;
    B: D = −100 → .36, W = 24 × (.50 − .36) = +3.36 → 1703.36 → 1703.
    """
    result = compute_period(PREVIOUS, [EVENT], rules=RULES_CURRENT, period_end=END)
    a, b = by_id(result, "A"), by_id(result, "B")
    assert (a.coefficient, a.coefficient_case) == (24, CoefficientCase.STANDARD)
    assert [g.gain for g in a.games] == [-336] and a.new_value == 1797
    assert [g.gain for g in b.games] == [336] and b.new_value == 1703
    assert by_id(result, "C").status is Status.UNCHANGED
    assert by_id(result, "D").status is Status.UNCHANGED
    reasons = sorted(str(g.reasons[0]) for g in result.ineligible)
    assert reasons.count("forfeit: never counted (W4)") == 1
    assert sum("not on a recognised list" in r for r in reasons) == 3


def test_w7_w9_uplift_then_junior_coefficient() -> None:
    """Current rules, previous list dated 2024-12-31, period closing 2025-02-28 (W9 uplift).
    J 1500, born 2000-03-01 (24 on the closing date: junior, K 36). Uplift: 1500 + 0.3 × 500
    = 1650. A 1800 → 1800 + 0.3 × 200 = 1860. J loses to A in each of the 5 rounds (W5 needs
    5 rounds): D = 1650 − 1860 = −210 → band 207–215 → .77 for A, .23 for J:
    W = 36 × (0 − .23) = −8.28 a game, ΣW = −41.40 → 1608.60 → 1609.
    """
    j = listed("J", 1500, birth="2000-03-01")
    t = event(["J", "A", "B", "C", "D"], [[(1, 2, "0-1")]] * 5)
    result = compute_period(
        [j, *PREVIOUS[1:]],
        [t],
        rules=RULES_CURRENT,
        period_end=END,
        list_date=datetime.date(2024, 12, 31),
    )
    player = by_id(result, "J")
    assert player.start_value == 1650 and by_id(result, "A").start_value == 1860
    assert (player.coefficient, player.coefficient_case) == (36, CoefficientCase.JUNIOR)
    assert player.games[0].expected == 23 and player.gain == 5 * -828
    assert player.new_value == 1609
