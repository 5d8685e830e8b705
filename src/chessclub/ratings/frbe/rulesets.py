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
from fractions import Fraction
from types import MappingProxyType

__all__ = [
    "DEFAULT_ELIGIBILITY_RULES",
    "DEFAULT_NATIONAL_RULES",
    "ELIGIBILITY_RULE_SETS",
    "FICTITIOUS_RULES",
    "FIDE_B02_2024",
    "FRBE_ART10_2008",
    "FRBE_QUOTED",
    "NATIONAL_RULE_SETS",
    "EligibilityRules",
    "FictitiousRules",
    "KByGames",
    "KByRating",
    "NationalRules",
    "TimeThreshold",
    "eligibility_rules",
    "national_rules",
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


# --------------------------------------------------------------------------------------------
# B5 — the national rating run (art. 10)
# --------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class KByGames:
    """K for a player's games numbered up to ``last_game`` (inclusive)."""

    last_game: int
    k: int


@dataclass(frozen=True, slots=True)
class KByRating:
    """K for a rating at or below ``max_rating`` (``None``: any rating above the others)."""

    max_rating: int | None
    k: int


@dataclass(frozen=True, slots=True)
class NationalRules:
    """A named, versioned B5 rule set: the constants of the federation's *CalcElo* (its
    tournament rules, art. 10).

    * ``rated_after_games``: an unrated player becomes rated at this many games against rated
      players (provisional formula ``R = Rc + D(P)`` until then);
    * ``indicative_after_games``: from this many games the performance is shown as an
      indicative (first provisional) rating;
    * ``k_by_games``: K by the player's game number (21–100 → 32, 101–300 → 24); after the last
      band, ``k_by_rating`` (≤ 2000 → 16, ≤ 2200 → 12, above → 10); the boundaries of
      ``k_by_rating`` are those of the boundary formula;
    * ``floor``: no rated player goes below it (after 20 games);
    * ``difference_cap``: a rating difference above it counts as it in the expected score;
    * ``big_move_games`` / ``big_move_points`` (10.g): a player with that many games in the
      period or more whose rating moves by more than that many points gets the provisional
      formula instead;
    * ``foreign_start_games`` (10.h): the game count a new member with a FIDE or foreign rating
      starts with, by rating (highest first; the last entry applies to every rating).
    """

    key: str
    version: str
    name: str
    source: str
    rated_after_games: int = 20
    indicative_after_games: int = 10
    k_by_games: tuple[KByGames, ...] = (KByGames(100, 32), KByGames(300, 24))
    k_by_rating: tuple[KByRating, ...] = (
        KByRating(2000, 16),
        KByRating(2200, 12),
        KByRating(None, 10),
    )
    floor: int = 1150
    difference_cap: int = 350
    big_move_games: int = 25
    big_move_points: int = 150
    foreign_start_games: tuple[tuple[int, int], ...] = ((2300, 300), (2000, 200), (0, 50))
    assumptions: tuple[str, ...] = ()

    @property
    def label(self) -> str:
        return f"{self.key}@{self.version}"

    @property
    def boundaries(self) -> tuple[int, ...]:
        """The ratings where K changes (2000, 2200): the boundary formula's ``B``."""
        return tuple(b.max_rating for b in self.k_by_rating if b.max_rating is not None)

    def k_for(self, game_number: int, rating: int | Fraction) -> int:
        """K for the player's ``game_number``-th game (1-based, over their career) when rated
        ``rating``: by games while within ``k_by_games``, else by rating."""
        for band in self.k_by_games:
            if game_number <= band.last_game:
                return band.k
        return self.k_by_rating_only(rating)

    def k_by_rating_only(self, rating: int | Fraction) -> int:
        """K by rating alone (``k_by_rating``): at or below a band's ``max_rating``."""
        for band in self.k_by_rating:
            if band.max_rating is None or rating <= band.max_rating:
                return band.k
        raise AssertionError("unreachable: the last band applies to every rating")

    @property
    def last_game_band(self) -> int:
        """The last game number whose K is set by the game count (300)."""
        return self.k_by_games[-1].last_game if self.k_by_games else 0

    @classmethod
    def from_mapping(cls, data: Mapping[str, object]) -> NationalRules:
        """A rule set from plain data (e.g. a JSON file an administrator edits): ``key``,
        ``version``, ``name``, ``source`` and any constant of this class; ``k_by_games`` as
        ``[[last_game, k], …]``, ``k_by_rating`` as ``[[max_rating or null, k], …]``,
        ``foreign_start_games`` as ``[[rating, games], …]``. Missing constants keep B5's
        values. Raises ``ValueError`` naming a field that is unknown, of the wrong type (a
        number must be a whole JSON number: ``1.5`` or ``"20"`` are refused) or out of range
        (negative constants, K ≤ 0, a cap or a game count to be rated below 1, bands not in
        increasing order)."""
        known = {f for f in cls.__dataclass_fields__}
        unknown = sorted(set(data) - known)
        if unknown:
            raise ValueError(f"unknown rule set fields: {', '.join(unknown)}")
        kwargs: dict[str, object] = {}
        try:
            for name, value in data.items():
                if name == "k_by_games":
                    kwargs[name] = tuple(KByGames(_whole(a), _whole(b)) for a, b in _pairs(value))
                elif name == "k_by_rating":
                    kwargs[name] = tuple(
                        KByRating(None if a is None else _whole(a), _whole(b))
                        for a, b in _pairs(value)
                    )
                elif name == "foreign_start_games":
                    kwargs[name] = tuple((_whole(a), _whole(b)) for a, b in _pairs(value))
                elif name == "assumptions":
                    kwargs[name] = tuple(str(a) for a in value)  # type: ignore[attr-defined]
                elif name in ("key", "version", "name", "source"):
                    kwargs[name] = str(value)
                else:
                    if not isinstance(value, int) or isinstance(value, bool):
                        raise ValueError(f"{name}: a whole number is needed, not {value!r}")
                    kwargs[name] = value
        except (TypeError, ValueError) as error:
            raise ValueError(f"rule set field {name}: {error}") from error
        for required in ("key", "version"):
            if required not in kwargs:
                raise ValueError(f"rule set field {required} is missing")
        kwargs.setdefault("name", str(kwargs["key"]))
        kwargs.setdefault("source", "")
        rules = cls(**kwargs)  # type: ignore[arg-type]
        if not rules.k_by_rating or rules.k_by_rating[-1].max_rating is not None:
            raise ValueError("rule set field k_by_rating: the last band needs max_rating null")
        _check_ranges(rules)
        return rules

    def foreign_start(self, rating: int) -> int:
        """10.h: the game count of a new member with a FIDE or foreign ``rating``."""
        for threshold, games in self.foreign_start_games:
            if rating >= threshold:
                return games
        return 0


FRBE_ART10_2008 = NationalRules(
    key="frbe-art10",
    version="2008",
    name="FRBE-KBSB national rating (tournament rules art. 10, 2008 text)",
    source="frbe.md B5: provisional R = Rc + D(P) until 20 games; K 32 (games 21–100), "
    "24 (101–300), then 16 ≤ 2000 < 12 ≤ 2200 < 10; floor 1150; difference cap 350; "
    "10.g (25 games, 150 points); 10.h (300 / 200 / 50 games)",
    assumptions=(
        "(M) 10.h: 50 games for a foreign rating below 2000 (B5 lists 300 for 2300 and more, "
        "200 for 2000-2299 and 50 without its range)",
        "(M) an unrated player's previous games count as games scoring 50 % against opponents "
        "rated their listed rating (the list keeps no previous score)",
        "(M) 10.g counts the games rated in run 3 of the period",
        "(M) the rating is rounded half up at the end of the period only",
    ),
)
"""B5 as the federation's 2008 text states it (the latest found)."""

NATIONAL_RULE_SETS: Mapping[str, NationalRules] = MappingProxyType(
    {rules.key: rules for rules in (FRBE_ART10_2008,)}
)
"""Every B5 rule set by key."""

DEFAULT_NATIONAL_RULES = FRBE_ART10_2008


def _whole(value: object) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise ValueError(f"a whole number is needed, not {value!r}")
    return value


def _pairs(value: object) -> list[tuple[object, object]]:
    if not isinstance(value, list | tuple):
        raise ValueError(f"a list of [a, b] pairs is needed, not {value!r}")
    out: list[tuple[object, object]] = []
    for item in value:
        if not isinstance(item, list | tuple) or len(item) != 2:
            raise ValueError(f"a pair [a, b] is needed, not {item!r}")
        out.append((item[0], item[1]))
    return out


def _check_ranges(rules: NationalRules) -> None:
    """Values a run cannot use: refused naming the field (``ValueError``)."""

    def bad(name: str, why: str) -> ValueError:
        return ValueError(f"rule set field {name}: {why}")

    for name in ("indicative_after_games", "floor", "big_move_games", "big_move_points"):
        if getattr(rules, name) < 0:
            raise bad(name, "must not be negative")
    for name in ("rated_after_games", "difference_cap"):
        if getattr(rules, name) < 1:
            raise bad(name, "must be 1 or more")
    last = 0
    for band in rules.k_by_games:
        if band.last_game <= last or band.k <= 0:
            raise bad("k_by_games", "games in increasing order from 1, K above 0")
        last = band.last_game
    bounds = [b.max_rating for b in rules.k_by_rating[:-1]]
    if any(b is None for b in bounds) or bounds != sorted(set(bounds)):  # type: ignore[type-var]
        raise bad("k_by_rating", "max_rating in increasing order, null only for the last band")
    if any(b.k <= 0 for b in rules.k_by_rating):
        raise bad("k_by_rating", "K above 0")
    if any(r < 0 or g < 0 for r, g in rules.foreign_start_games):
        raise bad("foreign_start_games", "ratings and game counts must not be negative")


def national_rules(key: str) -> NationalRules:
    """The B5 rule set ``key``; ``ValueError`` naming the known keys otherwise."""
    try:
        return NATIONAL_RULE_SETS[key]
    except KeyError:
        known = ", ".join(sorted(NATIONAL_RULE_SETS))
        raise ValueError(f"unknown national rating rule set {key!r} (known: {known})") from None
