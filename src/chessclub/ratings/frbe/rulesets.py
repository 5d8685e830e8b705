"""The Belgian federation's rating constants as named, versioned rule sets (spec B4, B5, B6).

Spec B5/B6: the thresholds and constants "belong to the versioned rule set" and "the rule set is
data that an administrator can update without a code change; the interface names the rule set
used". Every rule set here is a frozen dataclass with a ``key`` (stable identifier, stored with
a tournament or an export), a ``version`` and a ``source``; the registries map keys to rule
sets. A new version is a new entry, never an edit of an old one, so that a stored key keeps
meaning what it meant.
"""

from __future__ import annotations

import datetime
from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType

__all__ = [
    "DEFAULT_ELIGIBILITY_RULES",
    "ELIGIBILITY_RULE_SETS",
    "FICTITIOUS_RULES",
    "FIDE_B02_2024",
    "FRBE_QUOTED",
    "EligibilityRules",
    "FictitiousRules",
    "TimeThreshold",
    "eligibility_rules",
]


# --------------------------------------------------------------------------------------------
# B6 — minimum thinking time
# --------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class TimeThreshold:
    """B6: each player needs at least ``minutes`` (for a 60-move game) when a player in the game
    is rated ``min_rating`` or more. ``min_rating == 0`` is the threshold for every game."""

    min_rating: int
    minutes: int


@dataclass(frozen=True, slots=True)
class EligibilityRules:
    """A named, versioned B6 rule set: which games may be rated, from the time control.

    ``thresholds`` are tried from the highest ``min_rating`` down; the first one that a
    player of the game reaches gives the minimum minutes. ``moves`` is the game length the
    minutes assume (60). ``min_first_control_move``, when set, is the earliest move at which a
    first time control counting moves may fall (FIDE B.02 since 2024: move 30; ``None``: no
    such rule). An unrated player (no rating) counts as below every positive threshold.
    """

    key: str
    version: str
    name: str
    source: str
    thresholds: tuple[TimeThreshold, ...]
    moves: int = 60
    min_first_control_move: int | None = None
    valid_from: datetime.date | None = None

    def __post_init__(self) -> None:
        ordered = tuple(sorted(self.thresholds, key=lambda t: t.min_rating, reverse=True))
        if ordered != self.thresholds:
            raise ValueError(f"{self.key}: thresholds must go from the highest rating down")
        if not self.thresholds or self.thresholds[-1].min_rating != 0:
            raise ValueError(f"{self.key}: the last threshold must apply to every game (0)")

    @property
    def label(self) -> str:
        """``key@version``: what an export or a page names as the rule set used."""
        return f"{self.key}@{self.version}"

    def required_minutes(self, rating_a: int | None, rating_b: int | None) -> TimeThreshold:
        """The threshold that applies to a game between players rated ``rating_a`` and
        ``rating_b`` (``None``: unrated)."""
        top = max(rating_a or 0, rating_b or 0)
        for threshold in self.thresholds:
            if top >= threshold.min_rating:
                return threshold
        raise AssertionError("unreachable: the last threshold applies to every game")


FRBE_QUOTED = EligibilityRules(
    key="frbe-b6",
    version="fide-pre-2024",
    name="FRBE-KBSB (FIDE thresholds as quoted by the federation)",
    source="frbe.md B6: 120 min if a player ≥ 2200; 90 if ≥ 1600; 60 if both < 1600",
    thresholds=(TimeThreshold(2200, 120), TimeThreshold(1600, 90), TimeThreshold(0, 60)),
)
"""B6 as the federation words it (FIDE's thresholds before B.02 of 1 March 2024)."""

FIDE_B02_2024 = EligibilityRules(
    key="fide-b02",
    version="2024-03-01",
    name="FIDE B.02 Rating Regulations (1 March 2024)",
    source="fide.md §3.1: 120 min if a player ≥ 2400; 90 if ≥ 1800; 60 if both < 1800; "
    "a first control counting moves at move 30 or later",
    thresholds=(TimeThreshold(2400, 120), TimeThreshold(1800, 90), TimeThreshold(0, 60)),
    min_first_control_move=30,
    valid_from=datetime.date(2024, 3, 1),
)
"""B6's reference to FIDE's current rules (fide.md §3.1)."""

ELIGIBILITY_RULE_SETS: Mapping[str, EligibilityRules] = MappingProxyType(
    {rules.key: rules for rules in (FRBE_QUOTED, FIDE_B02_2024)}
)
"""Every B6 rule set by key."""

DEFAULT_ELIGIBILITY_RULES = FRBE_QUOTED
"""The rule set of the national rating (B6 as the federation states it)."""


def eligibility_rules(key: str) -> EligibilityRules:
    """The B6 rule set ``key``; ``ValueError`` naming the known keys otherwise."""
    try:
        return ELIGIBILITY_RULE_SETS[key]
    except KeyError:
        known = ", ".join(sorted(ELIGIBILITY_RULE_SETS))
        raise ValueError(f"unknown eligibility rule set {key!r} (known: {known})") from None


# --------------------------------------------------------------------------------------------
# B4 — fictitious Elo
# --------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class FictitiousRules:
    """B4's constants: an unrated player (NC) has fewer than ``rated_after_games`` games in
    ``PLAYER`` and a matricule > 0; a group gets fictitious Elo only with at least ``min_unrated``
    NC and ``min_rated`` rated players. ``max_passes`` bounds the open-tournament iteration
    (the federation's example needs about five passes)."""

    key: str
    version: str
    rated_after_games: int = 20
    min_unrated: int = 2
    min_rated: int = 2
    max_passes: int = 100

    @property
    def label(self) -> str:
        return f"{self.key}@{self.version}"


FICTITIOUS_RULES = FictitiousRules(key="frbe-b4", version="2008")
"""B4 as described by the federation (tournament rules, art. 10, 2008 text)."""
