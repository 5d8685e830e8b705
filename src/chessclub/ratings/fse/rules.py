"""The Swiss federation's rule sets for the ranking list (spec W9), as named, versioned data.

Two rule sets are kept side by side (W9): the **1998 regulation** (entry after 10 countable
games, new players at least 1450, W2) and the **current parameters** found on the federation's
public pages (entry after 7 games, minimum 1400, the uplift of 1 January 2025 by
0.3 × (2000 − value) for every value below 2000). Everything else — the development coefficient
(W7), inactivity (W3), countability (W4, W5) — is the same in both, but is still held here so
that a later rule set can change it without a code change.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass
from fractions import Fraction


@dataclass(frozen=True, slots=True)
class Uplift:
    """A one-time raise of every value below ``threshold`` by ``factor × (threshold − value)``
    on ``date`` (W9: 1 January 2025, 0.3 × (2000 − value)). The raised value is rounded half up
    (our choice: the federation's rounding is not in our source)."""

    date: datetime.date
    threshold: int
    factor: Fraction


@dataclass(frozen=True, slots=True)
class RuleSet:
    """One version of the federation's ranking-list rules.

    ``entry_games`` countable games make a new player enter (W2/W9) with at least
    ``entry_minimum``; ``floor`` (``None``: none) is the lowest value any player keeps after a
    period (W9 "the minimum became 1400"). Coefficients follow W7; time-control minima W4;
    tournament admission W5; inactivity W3.
    """

    key: str
    name: str
    version: str
    entry_games: int
    entry_minimum: int
    floor: int | None
    uplift: Uplift | None
    # W7: development coefficient
    junior_max_age: int = 25
    coefficient_development: int = 36
    coefficient_standard: int = 24
    coefficient_master: int = 16
    master_threshold: int = 2200
    new_player_years: int = 2
    new_player_games: int = 20
    # W3: inactivity
    inactivity_years: int = 5
    # W4: time control (minutes per player)
    minutes_per_move: Fraction = Fraction(5, 2)
    per_move_until: int = 36
    total_game_minutes: int = 240
    total_basis_moves: int = 60
    # W5: tournament admission (Swiss-system events)
    swiss_min_rounds: int = 5
    listed_share: Fraction = Fraction(1, 2)

    def describe(self) -> str:
        """One line naming the rule set and its parameters (every output carries it)."""
        parts = [
            f"entry after {self.entry_games} countable games",
            f"new players at least {self.entry_minimum}",
        ]
        if self.floor is not None:
            parts.append(f"no value below {self.floor}")
        if self.uplift is not None:
            parts.append(
                f"uplift on {self.uplift.date.isoformat()} of values below "
                f"{self.uplift.threshold} by {self.uplift.factor} × "
                f"({self.uplift.threshold} − value)"
            )
        return f"{self.name} [{self.key}, version {self.version}]: " + ", ".join(parts)


RULES_1998 = RuleSet(
    key="1998",
    name="FSE ranking-list regulation 1998",
    version="1998",
    entry_games=10,
    entry_minimum=1450,
    floor=None,
    uplift=None,
)
"""W2–W8 as written in the 1998 regulation: entry after 10 games, at least 1450."""

RULES_CURRENT = RuleSet(
    key="current",
    name="FSE ranking list, current parameters",
    version="2025-01-01",
    entry_games=7,
    entry_minimum=1400,
    floor=1400,
    uplift=Uplift(datetime.date(2025, 1, 1), 2000, Fraction(3, 10)),
)
"""W9: entry after 7 games, minimum 1400 (for every value), 2025 uplift."""

RULE_SETS: dict[str, RuleSet] = {r.key: r for r in (RULES_1998, RULES_CURRENT)}


def rule_set(key: str) -> RuleSet:
    """The rule set named ``key`` (``"1998"`` or ``"current"``); ``LookupError`` otherwise."""
    try:
        return RULE_SETS[key]
    except KeyError:
        known = ", ".join(RULE_SETS)
        raise LookupError(f"unknown FSE rule set {key!r} (known: {known})") from None
