"""Time controls and the W4 minimum (2.5 minutes per move up to move 36, 4 hours in total).

:func:`parse_time_control` reads the tempo text that the file readers keep in
``Tournament.time_control``: the TRF-2026 record 222 encoding (``5400+30``,
``40/6000+30:900+30``, seconds) and the usual written forms (``90 min + 30 s``, ``90'+30"``,
``90+30``, ``40 moves in 2 hours, then 1 hour``, ``2h/40 + 1h``, ``1h30 + 30s/coup``). A bare
number below 600 is read as minutes (``90+30`` is 90 minutes and 30 seconds a move), from 600
up as seconds (the record 222 unit). Text it cannot read gives ``None``; the tournament is
then not countable until the tempo is given explicitly.

:func:`check_time_control` applies W4 to one player's allotment (decisions, W4):

* *2.5 minutes per move up to move 36*: at every time control at or before move 36 the player
  has had at least 2.5 minutes a move so far, and the time for the first 36 moves is at least
  90 minutes — a period ending after move 36 counts pro rata (40 moves in 90 minutes gives
  81 minutes for 36 moves: too fast), a sudden-death period counts whole;
* *4 hours of total playing time*: both players together, on FIDE's 60-move basis
  (B.02: base times plus 60 increments), i.e. 2 hours per player.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from fractions import Fraction

from chessclub.i18n import Message, gettext_noop


@dataclass(frozen=True, slots=True)
class Period:
    """One period of a time control: ``moves`` (``None``: the rest of the game) in
    ``minutes``, plus ``increment`` seconds a move."""

    moves: int | None
    minutes: Fraction
    increment: int = 0


@dataclass(frozen=True, slots=True)
class TimeControl:
    periods: tuple[Period, ...]

    def describe(self) -> str:
        parts = []
        for period in self.periods:
            text = f"{_num(period.minutes)} min"
            if period.moves is not None:
                text = f"{period.moves} moves in {text}"
            if period.increment:
                text += f" + {period.increment} s/move"
            parts.append(text)
        return ", then ".join(parts)

    def minutes_for_moves(self, moves: int, *, pro_rata: bool) -> Fraction:
        """A player's allotted minutes for the first ``moves`` moves. A period ending after
        ``moves`` counts pro rata when ``pro_rata``, else whole; a sudden-death period whole."""
        done = 0
        total = Fraction(0)
        for period in self.periods:
            if done >= moves:
                break
            if period.moves is None:
                total += period.minutes + Fraction(period.increment * (moves - done), 60)
                return total
            span = period.moves
            inside = min(span, moves - done)
            base = period.minutes
            if inside < span and pro_rata:
                base = base * inside / span
            total += base + Fraction(period.increment * inside, 60)
            done += inside
        return total

    def control_points(self) -> list[int]:
        """The move numbers at which a period ends."""
        points: list[int] = []
        done = 0
        for period in self.periods:
            if period.moves is None:
                break
            done += period.moves
            points.append(done)
        return points


def _num(value: Fraction) -> str:
    return str(value.numerator) if value.denominator == 1 else f"{float(value):.2f}"


_R222 = re.compile(r"^\d+(?:/\d+)?(?:\+\d+)?(?::\d+(?:/\d+)?(?:\+\d+)?)*$")
_MOVES = r"(?:moves?|coups?|züge|zuege|zug|z\.?|mv)"
_HOURS = r"(?:h|hours?|heures?|std\.?|stunden?|ore)"
_MINUTES = r"(?:min\.?|minutes?|minuten|mn|m|')"
_SECONDS = r"(?:s|sec\.?|secs|seconds?|secondes?|sek\.?|sekunden|\"|'')"
_PER_MOVE = r"(?:\s*(?:/|per|par|pro|a|à)\s*(?:move|coup|zug)s?)?"
_NUMBER = r"(\d+(?:[.,]\d+)?)"
_INCREMENT = re.compile(rf"\+?\s*{_NUMBER}\s*{_SECONDS}{_PER_MOVE}(?![a-z])")
_DURATION = rf"(?:(\d+)\s*h\s*(\d+)(?:\s*{_MINUTES})?|{_NUMBER}\s*({_HOURS}|{_MINUTES})(?![a-z]))"
_MOVES_FIRST = re.compile(rf"(\d+)\s*{_MOVES}?\s*(?:/|in|en|en\s+|in\s+)\s*{_DURATION}")
_TIME_FIRST = re.compile(
    rf"{_DURATION}\s*(?:/\s*(\d+)\s*{_MOVES}?|(?:for|pour|für|fuer|per)\s*(\d+)\s*{_MOVES})"
)
_TIME_ALONE = re.compile(_DURATION)
_LONG_NUMBER = re.compile(r"\d{7}")
_BARE = re.compile(r"^(\d+)\s*\+\s*(\d+)$|^(\d+)$")


def _duration(groups: tuple[str | None, ...]) -> Fraction:
    hours, minutes, number, unit = groups
    if hours is not None:
        return Fraction(int(hours) * 60 + int(minutes or 0))
    assert number is not None and unit is not None
    value = Fraction(number.replace(",", "."))
    return value * 60 if re.fullmatch(_HOURS, unit) else value


def _parse_222(text: str) -> TimeControl:
    periods = []
    for part in text.split(":"):
        moves: int | None = None
        if "/" in part:
            count, part = part.split("/", 1)
            moves = int(count)
        base, _, inc = part.partition("+")
        periods.append(Period(moves, Fraction(int(base), 60), int(inc or 0)))
    return TimeControl(tuple(periods))


def parse_time_control(text: str) -> TimeControl | None:
    """The time control written in ``text`` (see the module docstring), ``None`` if unreadable."""
    cleaned = text.strip().lower().replace("’", "'").replace("″", '"').replace("′", "'")
    if not cleaned or _LONG_NUMBER.search(cleaned):
        # a run of more than 6 digits is no time control (and 4300 digits would make ``int``
        # raise ValueError: "Exceeds the limit … for integer string conversion")
        return None
    compact = cleaned.replace(" ", "")
    bare = _BARE.match(compact)
    if bare is not None:
        base = int(bare.group(1) or bare.group(3))
        inc = int(bare.group(2) or 0)
        if base >= 600:
            return _parse_222(compact)
        return TimeControl((Period(None, Fraction(base), inc),))
    if _R222.match(compact) and ("/" in compact or ":" in compact):
        parsed = _parse_222(compact)
        if all(p.minutes >= 10 for p in parsed.periods):
            return parsed
        # small numbers: moves/minutes written without units ("40/120+30:30+30")
        return TimeControl(
            tuple(Period(p.moves, p.minutes * 60, p.increment) for p in parsed.periods)
        )
    increment = 0
    found_inc = _INCREMENT.search(cleaned)
    if found_inc is not None:
        increment = int(Fraction(found_inc.group(1).replace(",", ".")))
        cleaned = cleaned[: found_inc.start()] + " " + cleaned[found_inc.end() :]
    spans: list[tuple[int, Period]] = []
    taken: list[tuple[int, int]] = []

    def free(start: int, end: int) -> bool:
        return all(end <= a or start >= b for a, b in taken)

    for pattern, kind in ((_MOVES_FIRST, 0), (_TIME_FIRST, 1), (_TIME_ALONE, 2)):
        for match in pattern.finditer(cleaned):
            if not free(match.start(), match.end()):
                continue
            groups = match.groups()
            if kind == 0:
                period = Period(int(groups[0]), _duration(groups[1:5]), increment)
            elif kind == 1:
                count = groups[4] if groups[4] is not None else groups[5]
                assert count is not None
                period = Period(int(count), _duration(groups[0:4]), increment)
            else:
                period = Period(None, _duration(groups), increment)
            taken.append((match.start(), match.end()))
            spans.append((match.start(), period))
    if not spans:
        return None
    periods = [p for _, p in sorted(spans, key=lambda item: item[0])]
    if any(p.moves is None for p in periods[:-1]) or any(p.minutes <= 0 for p in periods):
        return None
    return TimeControl(tuple(periods))


def check_time_control(
    control: TimeControl,
    *,
    minutes_per_move: Fraction,
    per_move_until: int,
    total_game_minutes: int,
    total_basis_moves: int,
) -> list[Message]:
    """The W4 reasons why ``control`` is too fast; empty when it is long enough."""
    reasons: list[Message] = []
    for point in control.control_points():
        if point >= per_move_until:
            break
        allotted = control.minutes_for_moves(point, pro_rata=True)
        if allotted < minutes_per_move * point:
            reasons.append(
                Message(
                    gettext_noop(
                        "time control %(control)s: %(minutes)s minutes for %(moves)s moves, below "
                        "%(per_move)s minutes a move (W4)"
                    ),
                    {
                        "control": control.describe(),
                        "minutes": _num(allotted),
                        "moves": point,
                        "per_move": _num(minutes_per_move),
                    },
                )
            )
            return reasons
    first = control.minutes_for_moves(per_move_until, pro_rata=True)
    if first < minutes_per_move * per_move_until:
        reasons.append(
            Message(
                gettext_noop(
                    "time control %(control)s: %(minutes)s minutes for the first %(moves)s moves, "
                    "below %(needed)s (%(per_move)s minutes a move, W4)"
                ),
                {
                    "control": control.describe(),
                    "minutes": _num(first),
                    "moves": per_move_until,
                    "needed": _num(minutes_per_move * per_move_until),
                    "per_move": _num(minutes_per_move),
                },
            )
        )
    total = 2 * control.minutes_for_moves(total_basis_moves, pro_rata=False)
    if total < total_game_minutes:
        reasons.append(
            Message(
                gettext_noop(
                    "time control %(control)s: %(minutes)s minutes of playing time for both "
                    "players over %(moves)s moves, below %(needed)s (W4)"
                ),
                {
                    "control": control.describe(),
                    "minutes": _num(total),
                    "moves": total_basis_moves,
                    "needed": total_game_minutes,
                },
            )
        )
    return reasons
