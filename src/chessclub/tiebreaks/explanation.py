"""Structured explanations of tiebreak values.

Every tiebreak is computed as a list of :class:`Contribution` per player; the value is what the
counted contributions make. The same objects explain the value to an arbiter: the opponent and
the score used for him (adjusted per Art. 16.3), the result, the dummy or virtual opponent that
stood in for an unplayed round, and — for a contribution a cut removed — why.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, NamedTuple, TypeAlias

from chessclub.i18n import gettext_noop, render
from chessclub.model import PairingNumber, Points
from chessclub.tiebreaks.eras import RuleEra

TiebreakValue: TypeAlias = Fraction | int | None
"""A tiebreak value: exact points (``Fraction``), a count or rating (``int``), or ``None`` when
the tiebreak cannot be computed for the player (no game played, unrated players present)."""


NoteParam: TypeAlias = "str | int | Fraction"
"""A value of a :class:`Note`'s placeholder: text (a player list, an article number, another
:class:`Note`), a count, or exact points (written ``1.5`` in English; the web layer writes them
as its standings do, ``1½``)."""


class Note(str):
    """A sentence of an explanation (:attr:`Explanation.notes`, :attr:`Contribution.note`).

    It *is* its English text (a ``str``: the command line, JSON and comparisons read it as
    before), and it keeps what the web layer needs to write it in the reader's language: the
    ``template``, an English literal marked with :func:`chessclub.i18n.gettext_noop` (so that
    ``make messages`` extracts it) holding ``%(name)s`` placeholders, and the ``params`` that
    fill them (:func:`chessclub.i18n.render`). A param that is itself a :class:`Note` is
    translated in turn. ``Note(template)`` without params is a fixed sentence.
    """

    template: str
    params: Mapping[str, NoteParam]

    def __new__(cls, template: str, params: Mapping[str, NoteParam] | None = None) -> Note:
        values = dict(params or {})
        english = {k: format_value(v) if isinstance(v, Fraction) else v for k, v in values.items()}
        note = super().__new__(cls, render(template, english))
        note.template = template
        note.params = values
        return note

    def __reduce__(self) -> tuple[Any, ...]:
        # Explanations are cached (pickled): rebuild from the template and params.
        return (Note, (self.template, dict(self.params)))


#: What each kind of round is called in explanations (the words of ``RoundKind`` values).
ROUND_KIND_NOTES: dict[str, Note] = {
    "game": Note(gettext_noop("game")),
    "forfeit win": Note(gettext_noop("forfeit win")),
    "forfeit loss": Note(gettext_noop("forfeit loss")),
    "pairing-allocated bye": Note(gettext_noop("pairing-allocated bye")),
    "full-point bye": Note(gettext_noop("full-point bye")),
    "half-point bye": Note(gettext_noop("half-point bye")),
    "zero-point bye": Note(gettext_noop("zero-point bye")),
    "absent": Note(gettext_noop("absent")),
    "no result yet": Note(gettext_noop("no result yet")),
    "annulled": Note(gettext_noop("annulled game")),
}

NO_GAME_NOTE = Note(gettext_noop("no game played over the board"))
"""The note of a value that cannot be computed for want of a game played on the board."""


class Contribution(NamedTuple):
    """One round's part of a tiebreak value.

    ``value`` is what the round adds (points, a rating, a count). ``opponent_score`` is the
    score (or rating) of the opponent used, ``result`` the player's own points in the round.
    ``source`` says where it comes from (``game``, ``dummy opponent``, ``virtual opponent``,
    ``forfeit counted as played`` …). ``cut`` is empty for a counted contribution, otherwise
    the reason it was removed (``Cut-1: least significant``, ``Cut-1: VUR (Art. 16.5)``…).
    """

    round: int
    value: Fraction | int
    opponent: PairingNumber | None = None
    result: Points | None = None
    opponent_score: Fraction | int | None = None
    source: str = "game"
    vur: bool = False
    cut: str = ""
    note: str = ""

    @property
    def counted(self) -> bool:
        return not self.cut


@dataclass(frozen=True, slots=True)
class Explanation:
    """How one player's value of one tiebreak was made.

    ``tied_group`` is set for Direct Encounter: the players still tied when it was applied.
    ``notes`` are sentences for the reader (limits, averages, the reason a value is missing),
    :class:`Note` values the web layer translates.
    """

    player: PairingNumber
    code: str
    value: TiebreakValue
    article: str
    era: RuleEra
    contributions: tuple[Contribution, ...] = ()
    notes: tuple[str, ...] = ()
    tied_group: tuple[PairingNumber, ...] = field(default=())

    @property
    def counted(self) -> tuple[Contribution, ...]:
        return tuple(c for c in self.contributions if c.counted)

    @property
    def removed(self) -> tuple[Contribution, ...]:
        return tuple(c for c in self.contributions if not c.counted)

    def as_dict(self) -> dict[str, object]:
        """A JSON-ready form (values written as arbiters read them, ``None`` kept)."""

        def text(value: Fraction | int | None) -> str | int | None:
            return value if value is None or isinstance(value, int) else format_value(value)

        return {
            "player": int(self.player),
            "code": self.code,
            "value": text(self.value),
            "article": self.article,
            "rules": self.era.value,
            "tied_group": [int(p) for p in self.tied_group],
            "notes": list(self.notes),
            "contributions": [
                {
                    "round": c.round,
                    "opponent": None if c.opponent is None else int(c.opponent),
                    "result": text(c.result),
                    "opponent_score": text(c.opponent_score),
                    "value": text(c.value),
                    "source": c.source,
                    "vur": c.vur,
                    "removed": c.cut or None,
                    "note": c.note,
                }
                for c in self.contributions
            ],
        }

    def as_text(self) -> str:
        """A plain-text rendering (CLI ``--explain``)."""
        head = f"{self.code} = {format_value(self.value)}"
        lines = [f"{head}  ({self.article}, rules {self.era.value})"]
        if self.tied_group:
            lines.append("tied group: " + ", ".join(str(p) for p in self.tied_group))
        for c in self.contributions:
            who = f"vs {c.opponent}" if c.opponent is not None else "no opponent"
            parts = [f"  R{c.round}: {who}", c.source]
            if c.opponent_score is not None:
                parts.append(f"opponent {format_value(c.opponent_score)}")
            if c.result is not None:
                parts.append(f"result {format_value(c.result)}")
            parts.append(f"→ {format_value(c.value)}")
            if c.cut:
                parts.append(f"[removed: {c.cut}]")
            if c.note:
                parts.append(f"({c.note})")
            lines.append(", ".join(parts))
        lines.extend(f"  {n}" for n in self.notes)
        return "\n".join(lines)


def format_value(value: Fraction | int | None, *, decimals: int | None = None) -> str:
    """Write a value as arbiters read it: ``13.5``, ``9.75``, ``2081``, ``12.60`` (with
    ``decimals``), ``-`` for no value. Exact values that are not whole, halves or quarters get
    ``decimals`` (default 2) rounded half up."""
    if value is None:
        return "-"
    if isinstance(value, int):
        return str(value)
    if decimals is None:
        if value.denominator == 1:
            return f"{value.numerator}"
        decimals = 1 if value.denominator in (2, 5, 10) else 2
    return decimal_text(value, decimals)


def decimal_text(value: Fraction, decimals: int) -> str:
    """``value`` with exactly ``decimals`` decimals, rounded half away from zero."""
    scale = 10**decimals
    scaled = abs(value) * scale
    units = int(scaled + Fraction(1, 2))
    sign = "-" if value < 0 and units else ""
    whole, frac = divmod(units, scale)
    return f"{sign}{whole}.{frac:0{decimals}d}" if decimals else f"{sign}{whole}"


def exact_sum(values: Iterable[Fraction | int]) -> Fraction:
    """Exact sum of fractions with small denominators (halves, quarters), without building a
    ``Fraction`` per addition."""
    numerator, denominator = 0, 1
    for v in values:
        if isinstance(v, int):
            numerator += v * denominator
            continue
        d = v.denominator
        if d == denominator:
            numerator += v.numerator
        elif denominator % d == 0:
            numerator += v.numerator * (denominator // d)
        else:
            common = math.lcm(denominator, d)
            numerator = numerator * (common // denominator) + v.numerator * (common // d)
            denominator = common
    return Fraction(numerator, denominator)
