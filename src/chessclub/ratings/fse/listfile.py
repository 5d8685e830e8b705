"""The previous ranking list as a CSV file, read and written.

One header line, then one player a line. Comma- or semicolon-separated (taken from the header
line), UTF-8 (a byte-order mark is allowed; a file that is not UTF-8 is read as Windows-1252,
as spreadsheet programs write it). Columns, in any order (the first six are required; an
unknown column is refused, to catch typing errors):

==================  =============================================================================
``id``              the player's federation code (unique, not empty); a tournament file's
                    national number (``Player.matricule``) is matched against it
``name``            ``Surname, First name``
``points``          the list value (whole number); **empty** for a player not yet on the list
                    whose countable games are being collected (W2)
``games``           countable games since entering the list (W7); empty or 0 when not listed
``entry_date``      date of entry into the list (required when ``points`` is given)
``birth_date``      date of birth (empty: unknown, then never a junior); a year alone means
                    1 January of that year
``last_active``     date of the last countable game (W3 inactivity; empty: the entry date)
``fide_id``         FIDE ID (optional), matched against a tournament file's FIDE ID
``foreign_rating``  a FIDE or recognised foreign rating of a player not yet on the list
                    (W3/W9: the player enters with it)
``pending_games``   for a player not yet on the list: countable games collected so far (W2)
``pending_opponents``  … the sum of those games' opponents' points (``F1 + … + Fp``)
``pending_score``   … the points scored in them (``R1 + … + Rp``, ``3.5`` or ``3½``)
==================  =============================================================================

Dates are ``YYYY-MM-DD`` or ``DD.MM.YYYY``, years 1900…2100 (a typing error such as ``9999``
would otherwise only fail, unnamed, in the date arithmetic of W3/W7). A file that is not text
(UTF-16, or binary with NUL bytes) is refused as a whole on its first line; a control
character (C0 but TAB, DEL, C1) in a field is refused at its line and column. A bad file is
refused with :class:`ListFileError` (a :class:`~chessclub.formats.FormatError`) naming every
problem's line and column (the column is the field's position, 1-based, and its name is in the
message): the first :data:`~chessclub.formats.errors.MAX_PROBLEMS`, the others counted in its
``omitted``.
"""

from __future__ import annotations

import csv
import datetime
import io
import re
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from chessclub.formats import UTF16_MESSAGE, is_utf16
from chessclub.formats.errors import FormatError, Problem, ProblemLog
from chessclub.formats.limits import control_message, find_control
from chessclub.i18n import gettext_noop
from chessclub.model.points import format_points_decimal, parse_points

COLUMNS = (
    "id",
    "name",
    "points",
    "games",
    "entry_date",
    "birth_date",
    "last_active",
    "fide_id",
    "foreign_rating",
    "pending_games",
    "pending_opponents",
    "pending_score",
)
REQUIRED = COLUMNS[:6]
MAX_POINTS = 3500
FIRST_YEAR, LAST_YEAR = 1900, 2100


class ListFileError(FormatError):
    """A previous-list CSV file that cannot be read (every problem with line and column)."""


@dataclass(frozen=True, slots=True)
class ListEntry:
    """One row of the ranking list. ``points is None``: not yet on the list (collecting)."""

    id: str
    name: str
    points: int | None
    games: int = 0
    entry_date: datetime.date | None = None
    birth_date: datetime.date | None = None
    last_active: datetime.date | None = None
    fide_id: str = ""
    foreign_rating: int | None = None
    pending_games: int = 0
    pending_opponents: int = 0
    pending_score: Fraction = Fraction(0)
    line: int = 0

    @property
    def listed(self) -> bool:
        return self.points is not None


_ISO = re.compile(r"^(\d{4})-(\d{1,2})-(\d{1,2})$")
_SWISS = re.compile(r"^(\d{1,2})\.(\d{1,2})\.(\d{4})$")
_YEAR = re.compile(r"^(\d{4})$")


def _parse_date(text: str, *, year_alone: bool = False) -> datetime.date | None:
    value = text.strip()
    iso = _ISO.match(value)
    swiss = _SWISS.match(value)
    year = _YEAR.match(value) if year_alone else None
    try:
        if iso:
            return datetime.date(int(iso[1]), int(iso[2]), int(iso[3]))
        if swiss:
            return datetime.date(int(swiss[3]), int(swiss[2]), int(swiss[1]))
        if year:
            return datetime.date(int(year[1]), 1, 1)
    except ValueError:
        pass
    return None


def parse_date(text: str, *, year_alone: bool = False) -> datetime.date:
    """``YYYY-MM-DD`` or ``DD.MM.YYYY`` (and ``YYYY`` when ``year_alone``), a year from
    :data:`FIRST_YEAR` to :data:`LAST_YEAR`; ``ValueError`` otherwise."""
    day = _parse_date(text, year_alone=year_alone)
    if day is None:
        raise ValueError(f"not a date (YYYY-MM-DD or DD.MM.YYYY): {text!r}")
    if not FIRST_YEAR <= day.year <= LAST_YEAR:
        raise ValueError(f"year {day.year} is not within {FIRST_YEAR}…{LAST_YEAR}: {text!r}")
    return day


def clip(text: str, limit: int = 60) -> str:
    """A file's text as a message quotes it: at most ``limit`` characters (a 100 KB cell is
    not echoed back whole on the page or the terminal)."""
    return text if len(text) <= limit else text[:limit] + "…"


def _decode(data: bytes) -> str:
    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return data.decode("cp1252", errors="replace")


class _Rows:
    """The CSV rows, with the csv module's own errors (e.g. a field over its size limit)
    turned into a :class:`ListFileError` naming the line."""

    def __init__(self, reader: Any, source: str) -> None:
        self._reader = reader
        self._source = source

    @property
    def line_num(self) -> int:
        return int(self._reader.line_num)

    def __iter__(self) -> _Rows:
        return self

    def __next__(self) -> list[str]:
        try:
            row: list[str] = next(self._reader)
        except csv.Error as exc:
            raise ListFileError(
                [
                    Problem(
                        max(self.line_num, 1),
                        0,
                        gettext_noop("not readable as CSV: %(error)s"),
                        {"error": str(exc)},
                    )
                ],
                source=self._source,
            ) from exc
        return row


def read_list_csv(data: bytes, *, source: str = "") -> list[ListEntry]:
    """Read the previous list; :class:`ListFileError` lists every problem with line/column
    (UTF-16 or binary data: one problem on the first line holding a NUL byte)."""
    if is_utf16(data):
        raise ListFileError([Problem(1, 0, UTF16_MESSAGE)], source=source)
    if b"\x00" in data:
        line = data[: data.index(b"\x00")].count(b"\n") + 1
        raise ListFileError(
            [
                Problem(
                    line,
                    0,
                    gettext_noop("not a text file (a NUL byte): save the list as a CSV file"),
                )
            ],
            source=source,
        )
    text = _decode(data)
    # the first line as the csv module splits lines (CR, LF, CR LF): str.splitlines() would
    # also split at U+000B, U+001C…U+001E, U+0085, U+2028…
    first_line = _LINE_END.split(text, maxsplit=1)[0]
    if not first_line.strip():
        raise ListFileError(
            [Problem(1, 0, gettext_noop("empty list file: expected a header line"))],
            source=source,
        )
    delimiter = ";" if first_line.count(";") > first_line.count(",") else ","
    csv_reader = csv.reader(io.StringIO(text, newline=""), delimiter=delimiter)
    reader = _Rows(csv_reader, source)
    problems = ProblemLog(by_place=False)  # the first MAX_PROBLEMS are listed, the rest counted
    raw_header = next(reader, [])
    if _has_control(raw_header, 1, problems):
        raise ListFileError(problems, source=source)
    header = [h.strip().lower() for h in raw_header]
    for position, name in enumerate(header, start=1):
        if name not in COLUMNS:
            problems.append(
                Problem(
                    1,
                    position,
                    gettext_noop("unknown column %(name)r (known columns: %(known)s)"),
                    {"name": clip(name), "known": ", ".join(COLUMNS)},
                )
            )
        elif header.index(name) != position - 1:
            problems.append(
                Problem(
                    1, position, gettext_noop("column %(name)r given twice"), {"name": clip(name)}
                )
            )
    for name in REQUIRED:
        if name not in header:
            problems.append(Problem(1, 0, gettext_noop("missing column %(name)r"), {"name": name}))
    if problems:
        raise ListFileError(problems, source=source)
    where = {name: header.index(name) for name in header}
    entries: list[ListEntry] = []
    seen: dict[str, int] = {}
    seen_fide: dict[str, int] = {}
    for row in reader:
        number = reader.line_num
        if not any(cell.strip() for cell in row):
            continue
        if len(row) != len(header):
            problems.append(
                Problem(
                    number,
                    0,
                    gettext_noop("%(found)s fields, the header has %(expected)s"),
                    {"found": len(row), "expected": len(header)},
                )
            )
            continue
        if _has_control(row, number, problems):
            continue
        entry = _row(row, where, number, problems)
        if entry is None:
            continue
        if entry.id in seen:
            problems.append(
                Problem(
                    number,
                    where["id"] + 1,
                    gettext_noop("id %(id)s already given on line %(line)s"),
                    {"id": clip(entry.id), "line": seen[entry.id]},
                )
            )
            continue
        if entry.fide_id and entry.fide_id in seen_fide:
            # two entries with one FIDE ID: a tournament player would silently become the
            # later one (identity.py matches by FIDE ID)
            problems.append(
                Problem(
                    number,
                    where["fide_id"] + 1,
                    gettext_noop("FIDE ID %(fide_id)s already given on line %(line)s"),
                    {"fide_id": clip(entry.fide_id), "line": seen_fide[entry.fide_id]},
                )
            )
            continue
        seen[entry.id] = number
        if entry.fide_id:
            seen_fide[entry.fide_id] = number
        entries.append(entry)
    if problems:
        raise ListFileError(problems, source=source)
    return entries


_LINE_END = re.compile(r"\r\n|\r|\n")


def _has_control(row: list[str], line: int, problems: ProblemLog) -> bool:
    """Whether a field of ``row`` holds a control character (C0 but TAB, DEL, C1: they would
    reach pages and terminals raw); a problem at the first one."""
    for position, value in enumerate(row, start=1):
        found = find_control(value)
        if found is not None:
            problems.append(Problem(line, position, control_message(value[found])))
            return True
    return False


# What parse_points reads, bounded before it is called: Fraction("1e999999999") would compute
# a billion-digit power of ten (minutes, then OverflowError) and a 5000-digit number exceeds
# int()'s limit.
_POINTS_TEXT = re.compile(r"\s*[0-9]{0,6}(?:[.,][0-9]{1,2}|½)?\s*")


def _row(
    row: list[str], where: dict[str, int], line: int, problems: ProblemLog
) -> ListEntry | None:
    before = len(problems)

    def cell(name: str) -> str:
        index = where.get(name)
        return row[index].strip() if index is not None else ""

    def bad(name: str, template: str, **params: str | int) -> None:
        problems.append(Problem(line, where[name] + 1, template, {"column": name, **params}))

    def whole(name: str, low: int, high: int) -> int | None:
        text = cell(name)
        if not text:
            return None
        # at most 12 digits before ``int``: 4300 digits would raise ValueError ("Exceeds the
        # limit … for integer string conversion"), a 500 on the upload page
        if not re.fullmatch(r"[0-9]{1,12}", text) or not low <= int(text) <= high:
            bad(
                name,
                gettext_noop(
                    "%(column)s: expected a whole number %(low)s…%(high)s, found %(value)r"
                ),
                low=low,
                high=high,
                value=clip(text),
            )
            return None
        return int(text)

    def date(name: str, *, year_alone: bool = False) -> datetime.date | None:
        text = cell(name)
        if not text:
            return None
        day = _parse_date(text, year_alone=year_alone)
        if day is None:
            bad(
                name,
                gettext_noop("%(column)s: not a date (YYYY-MM-DD or DD.MM.YYYY): %(value)r"),
                value=clip(text),
            )
            return None
        if not FIRST_YEAR <= day.year <= LAST_YEAR:
            bad(
                name,
                gettext_noop(
                    "%(column)s: year %(year)s is not within %(first)s…%(last)s: %(value)r"
                ),
                year=day.year,
                first=FIRST_YEAR,
                last=LAST_YEAR,
                value=clip(text),
            )
            return None
        return day

    ident, name = cell("id"), cell("name")
    if not ident:
        bad("id", gettext_noop("%(column)s: empty"))
    if not name:
        bad("name", gettext_noop("%(column)s: empty"))
    points = whole("points", 0, MAX_POINTS)
    games = whole("games", 0, 100_000)
    entry_date = date("entry_date")
    birth_date = date("birth_date", year_alone=True)
    last_active = date("last_active")
    foreign = whole("foreign_rating", 0, MAX_POINTS)
    pending_games = whole("pending_games", 0, 100_000) or 0
    pending_opponents = whole("pending_opponents", 0, 100_000 * MAX_POINTS) or 0
    score = Fraction(0)
    if cell("pending_score"):
        try:
            if not _POINTS_TEXT.fullmatch(cell("pending_score")):
                raise ValueError(cell("pending_score"))
            score = parse_points(cell("pending_score"))
        except ValueError:
            bad(
                "pending_score",
                gettext_noop("%(column)s: not a points value: %(value)r"),
                value=clip(cell("pending_score")),
            )
    listed = cell("points") != ""
    if listed and cell("games") == "":
        bad("games", gettext_noop("%(column)s: required for a listed player"))
    if listed and cell("entry_date") == "":
        bad("entry_date", gettext_noop("%(column)s: required for a listed player"))
    if not listed and (score > pending_games or score < 0 or score.denominator not in (1, 2)):
        bad(
            "pending_score",
            gettext_noop("%(column)s: %(value)s is not a score of %(games)s games"),
            value=format_points_decimal(score),
            games=pending_games,
        )
    if len(problems) > before:
        return None
    return ListEntry(
        id=ident,
        name=name,
        points=points,
        games=games or 0,
        entry_date=entry_date,
        birth_date=birth_date,
        last_active=last_active,
        fide_id=cell("fide_id"),
        foreign_rating=foreign,
        pending_games=pending_games if not listed else 0,
        pending_opponents=pending_opponents if not listed else 0,
        pending_score=score if not listed else Fraction(0),
        line=line,
    )


def write_list_csv(entries: list[ListEntry]) -> str:
    """The list as CSV in the same format (comma-separated, every column), ready to be the
    next period's ``--list``."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(COLUMNS)
    for e in entries:
        writer.writerow(
            [
                e.id,
                e.name,
                "" if e.points is None else e.points,
                e.games if e.points is not None else "",
                e.entry_date.isoformat() if e.entry_date else "",
                e.birth_date.isoformat() if e.birth_date else "",
                e.last_active.isoformat() if e.last_active else "",
                e.fide_id,
                "" if e.foreign_rating is None else e.foreign_rating,
                e.pending_games if e.points is None else "",
                e.pending_opponents if e.points is None else "",
                format_points_decimal(e.pending_score) if e.points is None else "",
            ]
        )
    return out.getvalue()
