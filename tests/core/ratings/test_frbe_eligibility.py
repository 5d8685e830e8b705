"""B6 — which games may be rated (spec ``frbe.md`` B6; FIDE B.02 thresholds per fide.md §3.1)."""

from __future__ import annotations

import dataclasses
from fractions import Fraction
from pathlib import Path

import pytest

from chessclub.formats.frbe import read_results_file, to_tournament
from chessclub.model import PairingNumber
from chessclub.ratings.frbe import (
    DEFAULT_ELIGIBILITY_RULES,
    ELIGIBILITY_RULE_SETS,
    EligibilityRules,
    IneligibleReason,
    TimeControl,
    TimeControlStage,
    TimeThreshold,
    eligibility_rules,
    game_eligibility,
    ineligible,
    parse_time_control,
    tournament_eligibility,
)
from chessclub.ratings.frbe.rulesets import FIDE_B02_2024, FRBE_QUOTED

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures" / "frbe"
P = PairingNumber


def test_B6_rule_sets_are_registered_data() -> None:
    assert set(ELIGIBILITY_RULE_SETS) == {"frbe-b6", "fide-b02"}
    assert eligibility_rules("frbe-b6") is FRBE_QUOTED is DEFAULT_ELIGIBILITY_RULES
    assert [(t.min_rating, t.minutes) for t in FRBE_QUOTED.thresholds] == [
        (2200, 120),
        (1600, 90),
        (0, 60),
    ]
    assert [(t.min_rating, t.minutes) for t in FIDE_B02_2024.thresholds] == [
        (2400, 120),
        (1800, 90),
        (0, 60),
    ]
    assert FIDE_B02_2024.label == "fide-b02@2024-03-01"
    with pytest.raises(dataclasses.FrozenInstanceError):
        FRBE_QUOTED.moves = 40  # type: ignore[misc]
    with pytest.raises(ValueError, match=r"unknown eligibility rule set 'x'.*fide-b02, frbe-b6"):
        eligibility_rules("x")


def test_B6_rule_set_must_cover_every_game() -> None:
    with pytest.raises(ValueError, match="last threshold"):
        EligibilityRules("k", "1", "n", "s", (TimeThreshold(1600, 90),))


@pytest.mark.parametrize(
    ("minutes", "a", "b", "frbe", "fide"),
    [
        # 60 minutes: enough only when both are below 1600 (FRBE) / 1800 (FIDE).
        (60, 1599, 1200, True, True),
        (60, 1600, 1200, False, True),
        (60, 1800, None, False, False),
        # 90 minutes: enough below 2200 (FRBE) / 2400 (FIDE).
        (90, 2199, 2100, True, True),
        (90, 2200, 1500, False, True),
        (90, 2400, 1500, False, False),
        (120, 2650, 2700, True, True),
        (59, None, None, False, False),
    ],
)
def test_B6_thresholds(minutes: int, a: int | None, b: int | None, frbe: bool, fide: bool) -> None:
    tc = TimeControl.simple(minutes)
    assert game_eligibility(tc, a, b, FRBE_QUOTED).eligible is frbe
    assert game_eligibility(tc, b, a, FIDE_B02_2024).eligible is fide


def test_B6_increment_counts_for_sixty_moves() -> None:
    # 60 + 60 × 30 s = 90 minutes: enough for a 1600+ game, not for 2200+.
    tc = TimeControl.simple(60, 30)
    assert tc.minutes_for() == 90
    ok = game_eligibility(tc, 1700, 1500)
    assert ok.eligible and ok.required_minutes == 90 and ok.reason is None
    no = game_eligibility(tc, 2250, 1500)
    assert not no.eligible
    assert no.reason is IneligibleReason.TOO_LITTLE_TIME
    assert no.rules == "frbe-b6@fide-pre-2024"
    assert no.message == (
        "frbe-b6@fide-pre-2024: 90 min per player for 60 moves, 120 needed "
        "(a player is rated 2200 or more)"
    )
    assert (no.required_minutes, no.available_minutes, no.threshold_rating) == (
        120,
        Fraction(90),
        2200,
    )


def test_B6_fide_first_control_not_before_move_30() -> None:
    tc = TimeControl((TimeControlStage(Fraction(60), 20), TimeControlStage(Fraction(60))))
    assert game_eligibility(tc, 1500, 1500, FRBE_QUOTED).eligible
    verdict = game_eligibility(tc, 1500, 1500, FIDE_B02_2024)
    assert verdict.reason is IneligibleReason.FIRST_CONTROL_TOO_EARLY
    assert "move 20, before move 30" in verdict.message


@pytest.mark.parametrize(
    ("text", "minutes"),
    [
        ("90+30", 120),
        ("90 min + 30 s/coup", 120),
        ("40c/2h, 1h KO", 180),
        ("Timing: 40c/2h, 1h KO", 180),
        ("40 moves in 90 min, 30 min + 30 s", 150),
        ("1h30 + 30s", 120),
        ("90' + 30''", 120),
        ("2h KO", 120),
        ("15+10", 25),
        ("40 moves in 2 h", 120),
    ],
)
def test_B6_parse_time_control(text: str, minutes: int) -> None:
    assert parse_time_control(text).minutes_for(60) == minutes


@pytest.mark.parametrize("text", ["", "fast", "90 min, 40 moves in 30 min"])
def test_B6_parse_time_control_refuses(text: str) -> None:
    with pytest.raises(ValueError):
        parse_time_control(text)


def test_B6_tournament_lists_ineligible_games() -> None:
    t = to_tournament(read_results_file((FIXTURES / "closed-group-unrated.txt").read_bytes()))
    # 60 min: only games with a player ≥ 1600 fail; nobody is — all played games eligible.
    every = tournament_eligibility(t, TimeControl.simple(60))
    assert len(every) == 28 - 3  # 4 boards × 7 rounds, 3 double forfeits
    assert ineligible(every) == []
    # With player 8 at 1650 (a ratings override), player 8's 7 played games need 90 min.
    some = ineligible(tournament_eligibility(t, TimeControl.simple(60), ratings={P(8): 1650}))
    assert len(some) == 7
    assert all(P(8) in (g.white, g.black) for g in some)
    assert some[0].round == 1 and (some[0].white, some[0].black) == (P(8), P(1))
