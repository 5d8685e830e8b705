"""B2 — the name of a Belgian results file (spec ``frbe.md`` B2).

Eight characters, a dot, the sending club's number: ``625OPE1A.618``.

===========  ================================================================================
char 1       month of the end date in hexadecimal (``1``…``9``, ``A``, ``B``, ``C``)
chars 2–3    day of the end date, zero-padded
chars 4–6    tournament identifier: ``OPE`` (default for opens), ``GRI`` (default for closed
             groups); ``INT`` (national interclubs), ``24L`` (single games) and ``ELO`` are
             reserved
char 7       division ``1``–``9``, ``$`` if unused (default ``1``)
char 8       series ``A``–``Z``, ``$`` if unused (default ``A``)
extension    the sending club's number
===========  ================================================================================

B2 says the reserved identifiers are "never to be chosen" and "only chars 7–8 may be changed by
the user". So the identifier is not the user's choice at all: the app writes the default of the
tournament's kind (:func:`default_identifier`: ``GRI`` for a closed group, ``OPE`` otherwise);
:func:`frbe_file_name` refuses ``INT``, ``24L`` and ``ELO`` as reserved and any other identifier
as not changeable. Two tournaments of the same kind ending the same day must differ in chars
7–8: :func:`unique_file_name` changes them (and only them).

:func:`parse_file_name` reads any name of this shape (files from other programs may carry other
identifiers, such as ``TST``).
"""

from __future__ import annotations

import datetime
from collections.abc import Collection
from dataclasses import dataclass
from types import MappingProxyType

from chessclub.model import TournamentSystem

__all__ = [
    "CLOSED_IDENTIFIER",
    "DIVISIONS",
    "OPEN_IDENTIFIER",
    "RESERVED_IDENTIFIERS",
    "SERIES",
    "UNUSED",
    "FrbeFileName",
    "FrbeFileNameError",
    "default_identifier",
    "frbe_file_name",
    "parse_file_name",
    "unique_file_name",
]

OPEN_IDENTIFIER = "OPE"
CLOSED_IDENTIFIER = "GRI"
RESERVED_IDENTIFIERS = MappingProxyType(
    {
        "INT": "national interclubs",
        "24L": "single games",
        "ELO": "reserved",
        OPEN_IDENTIFIER: "default for opens",
        CLOSED_IDENTIFIER: "default for closed groups",
    }
)
"""B2's reserved identifiers and what they stand for."""

_PRODUCED = frozenset({OPEN_IDENTIFIER, CLOSED_IDENTIFIER})
UNUSED = "$"
DIVISIONS = "123456789"
SERIES = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
_MONTHS = "123456789ABC"


class FrbeFileNameError(ValueError):
    """A file name part that B2 does not allow. ``position`` is the 1-based character (or the
    first of a range: 4 for chars 4–6, 10 for the extension), ``part`` its B2 name."""

    def __init__(self, position: int, part: str, message: str) -> None:
        self.position = position
        self.part = part
        where = f"char {position}" if position <= 8 else "extension"
        if part == "identifier":
            where = "chars 4–6"
        elif part == "day":
            where = "chars 2–3"
        super().__init__(f"{where} ({part}): {message}")


@dataclass(frozen=True, slots=True)
class FrbeFileName:
    """A parsed B2 file name."""

    month: int
    day: int
    identifier: str
    division: str
    series: str
    club: str

    def __str__(self) -> str:
        return (
            f"{_MONTHS[self.month - 1]}{self.day:02d}{self.identifier}"
            f"{self.division}{self.series}.{self.club}"
        )

    @property
    def stem(self) -> str:
        """The eight characters before the dot."""
        return str(self).split(".", 1)[0]


def default_identifier(system: TournamentSystem) -> str:
    """B2: ``GRI`` for a closed group (round robin), ``OPE`` for an open."""
    return CLOSED_IDENTIFIER if system.is_round_robin else OPEN_IDENTIFIER


def _check_division(division: str) -> None:
    if len(division) != 1 or division not in DIVISIONS + UNUSED:
        raise FrbeFileNameError(7, "division", f"{division!r} is not 1–9 or $")


def _check_series(series: str) -> None:
    if len(series) != 1 or series not in SERIES + UNUSED:
        raise FrbeFileNameError(8, "series", f"{series!r} is not A–Z or $")


def _check_club(club: str) -> None:
    if not (1 <= len(club) <= 3 and club.isascii() and club.isdigit()):
        raise FrbeFileNameError(10, "club", f"{club!r} is not a club number of 1–3 digits")


def frbe_file_name(
    end_date: datetime.date,
    identifier: str,
    division: str = "1",
    series: str = "A",
    *,
    sender_club: str,
) -> str:
    """B2: the results file's name, e.g. ``frbe_file_name(date(2000, 6, 25), "OPE",
    sender_club="618")`` → ``625OPE1A.618``.

    ``identifier`` must be the default of the tournament's kind (``OPE`` or ``GRI``, see
    :func:`default_identifier`); ``INT``, ``24L`` and ``ELO`` are refused as reserved, anything
    else as not changeable by the user. ``division`` (``1``–``9`` or ``$``) and ``series``
    (``A``–``Z`` or ``$``) are chars 7–8, the only ones the user may change; lower-case series
    letters are refused, not folded. Raises :class:`FrbeFileNameError` naming the character.
    """
    if identifier not in _PRODUCED:
        if identifier in RESERVED_IDENTIFIERS:
            raise FrbeFileNameError(
                4,
                "identifier",
                f"{identifier} is reserved ({RESERVED_IDENTIFIERS[identifier]}) and never chosen",
            )
        raise FrbeFileNameError(
            4,
            "identifier",
            f"{identifier!r} cannot be chosen: only chars 7–8 may be changed; the identifier "
            f"is {OPEN_IDENTIFIER} for an open, {CLOSED_IDENTIFIER} for a closed group",
        )
    _check_division(division)
    _check_series(series)
    _check_club(sender_club)
    name = FrbeFileName(end_date.month, end_date.day, identifier, division, series, sender_club)
    return str(name)


def parse_file_name(name: str) -> FrbeFileName:
    """Read a B2 file name (any 3-character identifier); :class:`FrbeFileNameError` naming the
    first character that is wrong."""
    stem, dot, club = name.partition(".")
    if not dot:
        raise FrbeFileNameError(9, "dot", f"{name!r} has no '.' before the club number")
    if len(stem) != 8:
        raise FrbeFileNameError(
            min(len(stem) + 1, 8), "length", f"{stem!r} has {len(stem)} characters, not 8"
        )
    stem = stem.upper()
    if stem[0] not in _MONTHS:
        raise FrbeFileNameError(1, "month", f"{stem[0]!r} is not 1–9, A, B or C")
    month = _MONTHS.index(stem[0]) + 1
    if not (stem[1:3].isascii() and stem[1:3].isdigit()) or not 1 <= int(stem[1:3]) <= 31:
        raise FrbeFileNameError(2, "day", f"{stem[1:3]!r} is not a day 01–31")
    day = int(stem[1:3])
    _check_division(stem[6])
    _check_series(stem[7])
    _check_club(club)
    return FrbeFileName(month, day, stem[3:6], stem[6], stem[7], club)


def unique_file_name(name: str, taken: Collection[str]) -> str:
    """B2: ``name``, or — if a file of the same name is already ``taken`` (another tournament
    of the same kind ending the same day) — the first name that differs only in chars 7–8:
    the next series of the same division, then the series of the next divisions (``$``: unused,
    tried last). Case is ignored when comparing. ``ValueError`` if all 260 are taken."""
    parsed = parse_file_name(name)
    used = {t.upper() for t in taken}
    if name.upper() not in used:
        return name
    divisions = _rotated(DIVISIONS + UNUSED, parsed.division)
    for division in divisions:
        start = parsed.series if division == parsed.division else SERIES[0]
        for series in _rotated(SERIES + UNUSED, start):
            candidate = str(
                FrbeFileName(
                    parsed.month, parsed.day, parsed.identifier, division, series, parsed.club
                )
            )
            if candidate.upper() not in used:
                return candidate
    raise ValueError(f"{name}: every division and series of chars 7–8 is taken")


def _rotated(alphabet: str, start: str) -> str:
    index = alphabet.index(start)
    return alphabet[index:] + alphabet[:index]
