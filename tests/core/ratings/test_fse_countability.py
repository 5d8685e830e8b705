"""Countable games and tournaments of the FSE ranking list (spec W1, W4, W5; issue 9 item 3).

Time controls are worked by hand per W4: 2.5 minutes a move up to move 36 (= 90 minutes for
36 moves) and 4 hours of playing time for both players on FIDE's 60-move basis (2 h each).
"""

from __future__ import annotations

import datetime
from fractions import Fraction

import pytest
from test_fse_support import END, event, listed

from chessclub.model import TournamentSystem
from chessclub.ratings.fse import (
    RULES_1998,
    RULES_CURRENT,
    Status,
    check_time_control,
    compute_period,
    parse_time_control,
)

FOUR = [listed("A", 1800), listed("B", 1700), listed("C", 1900), listed("D", 1850)]


def w4_reasons(text: str) -> list[str]:
    control = parse_time_control(text)
    assert control is not None, text
    return [
        str(m)
        for m in check_time_control(
            control,
            minutes_per_move=Fraction(5, 2),
            per_move_until=36,
            total_game_minutes=240,
            total_basis_moves=60,
        )
    ]


@pytest.mark.parametrize(
    ("text", "first36", "total_ok"),
    [
        # 90 + 36 × 0.5 = 108 ≥ 90; 2 × (90 + 60 × 0.5) = 240 ≥ 240
        ("90 min + 30 s", True, True),
        ("90'+30\"", True, True),
        ("5400+30", True, True),  # TRF-2026 record 222, seconds
        # 40 moves in 120 min then 60 min: 120 × 36/40 = 108 ≥ 90; 2 × 180 = 360
        ("40 moves in 2 hours, then 1 hour", True, True),
        ("40/6000+30:900+30", True, True),  # 100 × 36/40 + 18 = 108; 2 × (100+15+30) = 290
        # 40 moves in 90 min then 30 min: 90 × 36/40 = 81 < 90; 2 × 120 = 240 ok
        ("90 min/40 coups + 30 min", False, True),
        # 90 min sudden death: 90 for 36 moves (ok, exactly); 2 × 90 = 180 < 240
        ("90 min", True, False),
        # 60 + 30 s: 60 + 18 = 78 < 90; 2 × (60 + 30) = 180 < 240
        ("60 min + 30 s", False, False),
        # 2 h sudden death: 120 ≥ 90; 2 × 120 = 240
        ("2h", True, True),
    ],
)
def test_w4_time_control(text: str, first36: bool, total_ok: bool) -> None:
    """The two W4 minima, each case computed in its comment."""
    reasons = w4_reasons(text)
    assert (not any("first 36 moves" in r for r in reasons)) is first36
    assert (not any("playing time" in r for r in reasons)) is total_ok


def test_w4_unreadable_or_missing_time_control_is_a_reason() -> None:
    """A tempo the parser cannot read, or none, makes the tournament not countable."""
    games = [[(1, 2, "1-0")]] * 5
    for tempo, needle in (("blitz", "not understood"), ("", "no time control")):
        t = event(["A", "B", "C", "D"], games[:1], tempo=tempo)
        result = compute_period(FOUR, [t], rules=RULES_1998, period_end=END)
        report = result.tournaments[0]
        assert not report.countable and needle in str(report.reasons[0])


def test_w4_too_fast_tournament_lists_every_game_with_the_reason() -> None:
    """60 min + 30 s fails both minima (78 min for 36 moves; 180 min in all): no game counts,
    each game is listed with both reasons, every player is unchanged."""
    t = event(["A", "B", "C", "D"], [[(1, 2, "1-0"), (3, 4, "½-½")]], tempo="60 min + 30 s")
    result = compute_period(FOUR, [t], rules=RULES_1998, period_end=END)
    assert not result.tournaments[0].countable and len(result.tournaments[0].reasons) == 2
    assert len(result.ineligible) == 2
    assert all(len(g.reasons) == 2 and g.player is None for g in result.ineligible)
    assert all(p.status is Status.UNCHANGED for p in result.players)


def test_w4_forfeits_never_counted() -> None:
    """A wins by forfeit against B (+/-), and C–D is a double forfeit: no game counts; A (1800)
    and B stay unchanged; the forfeits are listed with their reason."""
    t = event(["A", "B", "C", "D"], [[(1, 2, "+/-"), (3, 4, "-/-")]])
    result = compute_period(FOUR, [t], rules=RULES_1998, period_end=END)
    assert all(p.status is Status.UNCHANGED for p in result.players)
    assert [str(g.reasons[0]) for g in result.ineligible] == ["forfeit: never counted (W4)"] * 2


def test_w4_withdrawn_player_games_played_counted() -> None:
    """A plays rounds 1 and 2 (beats B 1700: +8.64; draws with C 1900: +3.36, as in W6's
    test), then withdraws (absent from round 3). Both played games count: ΣW = +12.00 →
    1812; games since entry 100 + 2."""
    t = event(
        ["A", "B", "C", "D"],
        [[(1, 2, "1-0")], [(3, 1, "½-½")], [(2, 3, "½-½")]],
        withdrawn={1: 3},
    )
    result = compute_period(FOUR, [t], rules=RULES_1998, period_end=END)
    a = next(p for p in result.players if p.id == "A")
    assert len(a.games) == 2 and a.gain == 1200 and a.new_value == 1812 and a.row.games == 102


def test_w4_only_opponents_on_a_recognised_list() -> None:
    """A (listed) beats N (no list value, no FIDE rating): the game counts for N's entry
    (opponent A is listed) but not for A (W4), and is listed for A with the reason."""
    t = event(["A", "-", "B", "C"], [[(1, 2, "1-0"), (3, 4, "½-½")]])
    result = compute_period(FOUR, [t], rules=RULES_1998, period_end=END)
    assert next(p for p in result.players if p.id == "A").status is Status.UNCHANGED
    new = next(p for p in result.players if p.id == "NEW:New 2")
    assert new.status is Status.PENDING and new.row.pending_opponents == 1800
    (refused,) = result.ineligible
    assert refused.player == "Player A" and "not on a recognised list" in str(refused.reasons[0])


def test_w4_unplayed_less_than_one_move_not_counted() -> None:
    """A TRF W/D/L game (rated=False: less than one move) is not a game."""
    import dataclasses

    t = event(["A", "B", "C", "D"], [[(1, 2, "1-0")]])
    rnd = t.tournament.rounds[0]
    unrated = dataclasses.replace(rnd, games=(dataclasses.replace(rnd.games[0], rated=False),))
    t = dataclasses.replace(t, tournament=dataclasses.replace(t.tournament, rounds=(unrated,)))
    result = compute_period(FOUR, [t], rules=RULES_1998, period_end=END)
    assert "less than one move" in str(result.ineligible[0].reasons[0])


def test_w5_swiss_needs_five_rounds() -> None:
    """A Swiss event of 4 rounds is refused (W5); a round robin of 4 rounds is not."""
    games = [[(1, 2, "1-0")]]
    swiss = event(["A", "B", "C", "D"], games, planned=4)
    result = compute_period(FOUR, [swiss], rules=RULES_1998, period_end=END)
    assert [str(r) for r in result.tournaments[0].reasons] == [
        "4 rounds: a Swiss-system event needs at least 5 (W5)"
    ]
    rr = event(["A", "B", "C", "D"], games, planned=3, system=TournamentSystem.ROUND_ROBIN)
    assert compute_period(FOUR, [rr], rules=RULES_1998, period_end=END).tournaments[0].countable


def test_w5_half_of_the_players_on_a_recognised_list() -> None:
    """4 listed of 8 (exactly half) is enough; 3 of 7 is not (3 < 3.5). A FIDE-rated new player
    counts as on a recognised list: 3 listed + 1 FIDE of 7 = 4 ≥ 3.5."""
    games = [[(1, 2, "1-0")]]
    eight = event(["A", "B", "C", "D", "-", "-", "-", "-"], games)
    assert compute_period(FOUR, [eight], rules=RULES_1998, period_end=END).tournaments[0].countable
    seven = event(["A", "B", "C", "-", "-", "-", "-"], games)
    report = compute_period(FOUR, [seven], rules=RULES_1998, period_end=END).tournaments[0]
    assert (report.recognised_players, report.players) == (3, 7) and not report.countable
    assert "3 of 7 players" in str(report.reasons[0])
    fide = event(["A", "B", "C", "-", "-", "-", "-"], games, fide={4: ("123", 1900)})
    assert compute_period(FOUR, [fide], rules=RULES_1998, period_end=END).tournaments[0].countable


def test_w1_tournament_after_the_period_belongs_to_the_next_list() -> None:
    """A tournament ending 2025-03-02 is not in the period closing 2025-02-28."""
    t = event(["A", "B", "C", "D"], [[(1, 2, "1-0")]], end=datetime.date(2025, 3, 2))
    result = compute_period(FOUR, [t], rules=RULES_CURRENT, period_end=END)
    assert "belongs to the next list (W1)" in str(result.tournaments[0].reasons[0])


@pytest.mark.parametrize(
    ("text", "described"),
    [
        ("1h30 + 30s/coup", "90 min + 30 s/move"),
        ("2h/40 + 1h", "40 moves in 120 min, then 60 min"),
        (
            "90 min/40 Züge + 30 min, 30 Sek./Zug",
            "40 moves in 90 min + 30 s/move, then 30 min + 30 s/move",
        ),
        ("40 coups en 2h puis 1h", "40 moves in 120 min, then 60 min"),
    ],
)  # fmt: skip
def test_w4_time_control_spellings(text: str, described: str) -> None:
    """Written forms in French, German and English read to the same periods."""
    control = parse_time_control(text)
    assert control is not None and control.describe() == described
