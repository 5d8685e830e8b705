"""The Swiss federation's rule sets for the ranking list (spec W9), as named, versioned data.

Two rule sets are kept side by side (W9): the **1998 regulation** (entry after 10 countable
games, new players at least 1450, W2) and the **current parameters** found on the federation's
public pages (entry after 7 games, minimum 1400, the uplift of 1 January 2025 by
0.3 × (2000 − value) for every value below 2000). Everything else — the development coefficient
(W7), inactivity (W3), countability (W4, W5) — is the same in both, but is still held in the
data so that a later rule set can change it without a code change.

Each rule set is a JSON file in ``rulesets/`` (``1998.json``, ``current.json``), read and
checked by :func:`read_rule_set`: every :class:`RuleSet` field by name, fractions written as
text (``"5/2"``), ``uplift`` ``null`` or ``{"date": "YYYY-MM-DD", "threshold": 2000,
"factor": "3/10"}``, ``floor`` ``null`` for none.
"""

from __future__ import annotations

import dataclasses
import datetime
import json
import re
from dataclasses import dataclass
from fractions import Fraction
from importlib import resources
from typing import Any


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
    source: str = ""  # where the parameters come from

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


class RuleSetError(ValueError):
    """A rule-set file that cannot be used (names the file and the problem)."""

    omitted: int = 0
    """Problems left out of the message: always 0, the reader stops at the first one (the
    attribute every reader's error has, see :class:`~chessclub.formats.errors.FormatError`)."""


_INT_FIELDS = (
    "entry_games",
    "entry_minimum",
    "junior_max_age",
    "coefficient_development",
    "coefficient_standard",
    "coefficient_master",
    "master_threshold",
    "new_player_years",
    "new_player_games",
    "inactivity_years",
    "per_move_until",
    "total_game_minutes",
    "total_basis_moves",
    "swiss_min_rounds",
)


def _positive_int(doc: dict[str, Any], key: str, where: str) -> int:
    value = doc.get(key)
    if isinstance(value, bool) or not isinstance(value, int) or value <= 0:
        raise RuleSetError(f"{where}{key}: expected a positive whole number, found {value!r}")
    return value


# A fraction as text, bounded before Fraction() reads it: "1e999999999" would make it compute
# a billion-digit power of ten (the reading would hang), "9" * 5000 exceed int()'s limit.
_FRACTION_TEXT = re.compile(r"\s*-?[0-9]{1,12}(?:/[0-9]{1,12}|\.[0-9]{1,12})?\s*")


def _fraction(doc: dict[str, Any], key: str, where: str) -> Fraction:
    value = doc.get(key)
    try:
        if isinstance(value, bool) or not isinstance(value, str | int):
            raise ValueError
        if isinstance(value, str) and not _FRACTION_TEXT.fullmatch(value):
            raise ValueError
        result = Fraction(value)
    except (ValueError, ZeroDivisionError):
        raise RuleSetError(
            f'{where}{key}: expected a fraction such as "5/2", found {value!r}'
        ) from None
    if result <= 0:
        raise RuleSetError(f"{where}{key}: must be positive")
    return result


def read_rule_set(data: bytes, *, source: str = "") -> RuleSet:
    """Read and check a rule-set JSON file (see the module docstring); :class:`RuleSetError`
    names the file and the problem (line and column for a JSON syntax error)."""
    where = f"{source}: " if source else ""
    try:
        doc = json.loads(data.decode("utf-8-sig"))
    except UnicodeDecodeError as exc:
        raise RuleSetError(f"{where}not UTF-8 text (byte {exc.start + 1})") from None
    except json.JSONDecodeError as exc:
        raise RuleSetError(f"{where}line {exc.lineno}, column {exc.colno}: {exc.msg}") from None
    except RecursionError:
        raise RuleSetError(f"{where}nested too deeply to be a rule set") from None
    except ValueError as exc:  # e.g. a number of more than 4300 digits
        raise RuleSetError(f"{where}not readable as JSON: {exc}") from None
    if not isinstance(doc, dict):
        raise RuleSetError(f"{where}expected a JSON object")
    known = {f.name for f in dataclasses.fields(RuleSet)}
    unknown = sorted(set(doc) - known)
    if unknown:
        raise RuleSetError(f"{where}unknown key {unknown[0]!r}")
    texts: dict[str, str] = {}
    for key in ("key", "name", "version"):
        value = doc.get(key)
        if not isinstance(value, str) or not value.strip():
            raise RuleSetError(f"{where}{key}: expected a non-empty string")
        texts[key] = value
    description = doc.get("source", "")
    if not isinstance(description, str):
        raise RuleSetError(f"{where}source: expected a string")
    numbers = {key: _positive_int(doc, key, where) for key in _INT_FIELDS}
    floor = None if doc.get("floor") is None else _positive_int(doc, "floor", where)
    uplift = None
    raw = doc.get("uplift")
    if raw is not None:
        if not isinstance(raw, dict) or set(raw) != {"date", "threshold", "factor"}:
            raise RuleSetError(f"{where}uplift: expected null or {{date, threshold, factor}}")
        try:
            day = datetime.date.fromisoformat(str(raw["date"]))
        except ValueError:
            raise RuleSetError(f"{where}uplift.date: not a date {raw['date']!r}") from None
        uplift = Uplift(
            day,
            _positive_int(raw, "threshold", f"{where}uplift."),
            _fraction(raw, "factor", f"{where}uplift."),
        )
    return RuleSet(
        key=texts["key"],
        name=texts["name"],
        version=texts["version"],
        floor=floor,
        uplift=uplift,
        minutes_per_move=_fraction(doc, "minutes_per_move", where),
        listed_share=_fraction(doc, "listed_share", where),
        source=description,
        **numbers,
    )


def _shipped(filename: str) -> RuleSet:
    data = resources.files("chessclub.ratings.fse").joinpath("rulesets").joinpath(filename)
    return read_rule_set(data.read_bytes(), source=filename)


RULES_1998 = _shipped("1998.json")
"""W2–W8 as written in the 1998 regulation: entry after 10 games, at least 1450."""

RULES_CURRENT = _shipped("current.json")
"""W9: entry after 7 games, minimum 1400 (for every value), 2025 uplift."""

RULE_SETS: dict[str, RuleSet] = {r.key: r for r in (RULES_1998, RULES_CURRENT)}


def rule_set(key: str) -> RuleSet:
    """The rule set named ``key`` (``"1998"`` or ``"current"``); ``LookupError`` otherwise."""
    try:
        return RULE_SETS[key]
    except KeyError:
        known = ", ".join(RULE_SETS)
        raise LookupError(f"unknown FSE rule set {key!r} (known: {known})") from None
