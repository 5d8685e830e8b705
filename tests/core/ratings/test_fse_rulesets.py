"""FSE rule sets as data (spec W9; issue 9 item 2) and the W2/W7 cases the issue names.

Hand values use FIDE B.02 tables 8.1.1 (dp by percentage) and 8.1.2 (expected score by
difference) of ../shared/spec/fide.md §3, from which the shipped evaluation table is derived
(W8).
"""

from __future__ import annotations

import json
import re
from fractions import Fraction
from importlib import resources

import pytest
from test_fse_support import END, event, listed

from chessclub.ratings.fse import (
    RULES_1998,
    RULES_CURRENT,
    CoefficientCase,
    RuleSetError,
    Status,
    compute_period,
    read_rule_set,
    rule_set,
)


def shipped(name: str) -> dict[str, object]:
    data = resources.files("chessclub.ratings.fse").joinpath("rulesets").joinpath(name)
    return json.loads(data.read_bytes())


def test_w9_rule_sets_are_data_files_with_the_spec_parameters() -> None:
    """The two files hold W2's 1998 parameters (10 games, 1450, no uplift) and W9's current
    ones (7 games, 1400, uplift 2025-01-01 by 3/10 below 2000); the rule sets used are the
    files' contents, named and versioned."""
    old, now = shipped("1998.json"), shipped("current.json")
    assert (old["entry_games"], old["entry_minimum"], old["uplift"]) == (10, 1450, None)
    assert (now["entry_games"], now["entry_minimum"], now["floor"]) == (7, 1400, 1400)
    assert now["uplift"] == {"date": "2025-01-01", "threshold": 2000, "factor": "3/10"}
    assert rule_set("1998") is RULES_1998 and rule_set("current") is RULES_CURRENT
    assert (RULES_CURRENT.name, RULES_CURRENT.version) == (now["name"], now["version"])
    # W7 and W4/W5 parameters, the same in both
    for r in (RULES_1998, RULES_CURRENT):
        assert (r.coefficient_development, r.coefficient_standard, r.coefficient_master) == (
            36,
            24,
            16,
        )
        assert (r.junior_max_age, r.new_player_years, r.new_player_games) == (25, 2, 20)
        assert (r.minutes_per_move, r.per_move_until, r.total_game_minutes) == (
            Fraction(5, 2),
            36,
            240,
        )
        assert (r.swiss_min_rounds, r.listed_share, r.inactivity_years) == (5, Fraction(1, 2), 5)


def test_w9_an_edited_rule_set_file_is_read() -> None:
    """A rule set written by an administrator (entry after 5 games) is read as data."""
    doc = shipped("current.json") | {"key": "test", "version": "x", "entry_games": 5}
    rules = read_rule_set(json.dumps(doc).encode())
    assert (rules.key, rules.entry_games, rules.entry_minimum) == ("test", 5, 1400)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"entry_games": 0}, "entry_games: expected a positive whole number"),
        ({"minutes_per_move": "x"}, "minutes_per_move: expected a fraction"),
        ({"typo": 1}, "unknown key 'typo'"),
        ({"uplift": {"date": "2025-13-01", "threshold": 2000, "factor": "3/10"}}, "uplift.date"),
        ({"name": ""}, "name: expected a non-empty string"),
    ],
)
def test_w9_bad_rule_set_file_refused(change: dict[str, object], message: str) -> None:
    doc = shipped("1998.json") | change
    with pytest.raises(RuleSetError, match=message):
        read_rule_set(json.dumps(doc).encode(), source="mine.json")
    with pytest.raises(RuleSetError, match=re.escape("mine.json: line 1, column 2")):
        read_rule_set(b"{x", source="mine.json")


def test_w2_new_player_enters_after_exactly_seven_games_with_the_minimum_1400() -> None:
    """Current rules: N plays exactly 7 countable games against seven 1600 players and scores
    1 (one win, six losses). M = 1600; L = 100 × 1 / 7 = 14.29 % → 14 → D(L) = −dp(.86) =
    −309; M + D = 1291 < 1400 → FZ = 1400, the minimum. With 6 games N would still be
    pending."""
    previous = [listed(f"O{i}", 1600) for i in range(7)]
    ids = ["-"] + [f"O{i}" for i in range(7)]
    results = ["1-0"] + ["0-1"] * 6
    t = event(ids, [[(1, i + 2, r)] for i, r in enumerate(results)])
    result = compute_period(previous, [t], rules=RULES_CURRENT, period_end=END)
    new = next(p for p in result.players if p.id == "NEW:New 1")
    assert new.status is Status.ENTERED and new.entry is not None
    assert (new.entry.games, new.entry.percentage, new.entry.difference) == (7, 14, -309)
    assert new.entry.performance == 1291 and new.new_value == 1400 and new.floor_applied
    six = event(ids[:7], [[(1, i + 2, r)] for i, r in enumerate(results[:6])])
    fewer = compute_period(previous, [six], rules=RULES_CURRENT, period_end=END)
    assert next(p for p in fewer.players if p.id == "NEW:New 1").status is Status.PENDING


@pytest.mark.parametrize(
    ("entry", "games", "case"),
    [
        ("2024-01-01", 100, CoefficientCase.NEW),  # on the list since 2024-01-01 (< 2 years)
        ("2000-01-01", 19, CoefficientCase.FEW_GAMES),  # 19 games since entry (< 20)
    ],
)
def test_w7_new_player_and_few_games_gain_with_36(
    entry: str, games: int, case: CoefficientCase
) -> None:
    """An adult (born 1970) at 1800 beats B (1700): D = +100 → expected .64. K 36 (on the
    list less than two years on 2025-02-28, or fewer than 20 games since entry):
    W = 36 × (1 − .64) = 12.96 → 1812.96 → 1813. (With K 24 it would be 1808.64 → 1809.)"""
    previous = [listed("A", 1800, entry=entry, games=games), listed("B", 1700)]
    t = event(["A", "B"], [[(1, 2, "1-0")]])
    result = compute_period(previous, [t], rules=RULES_1998, period_end=END)
    a = next(p for p in result.players if p.id == "A")
    assert (a.coefficient, a.coefficient_case) == (36, case)
    assert a.gain == 1296 and a.new_value == 1813
