"""The TRF document model: one typed record per line, in file order (FIDE TRF-16, TRF-2026).

A :class:`TrfDocument` is an ordered list of records. Known records are parsed into typed
values (:class:`PlayerRecord` for ``001``, :class:`TextRecord` for ``012``…``122``,
:class:`RoundDatesRecord` for ``132``, :class:`RoundsRecord` for TRF-2026 record ``142`` and
``XXR``, …); anything else — comments ``###``, blank lines, team records, national-rating
(NRS) lines, unknown records — is a :class:`RawLine` kept verbatim.

Representation details that the typed values do not carry (a cell's opponent written ``0000``,
``   0`` or blank, colour ``-`` or blank, lower-case codes, padding, trailing spaces) are kept in
fields excluded from equality (``text``, ``spelling``, ``trailing``, ``source``); the file-level
ones (line endings CR / LF / CR LF, final newline, encoding, byte-order mark) in
:class:`TrfDocument`. The writer uses a kept spelling only while it still reads back as the
record's current values, so editing a typed value never writes stale text.
"""

from __future__ import annotations

import datetime
import enum
import functools
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from fractions import Fraction
from typing import TypeAlias

from chessclub.formats.errors import Problem
from chessclub.formats.limits import MAX_ROUNDS, show
from chessclub.i18n import Message, gettext_noop
from chessclub.model import Colour, Points

# --------------------------------------------------------------------------------------------
# Round cells of player records


class ResultCode(enum.Enum):
    """A round's result code in a ``001`` record (FIDE TRF-16, column 99 + 10(r−1)).

    Codes are read case-insensitively; ``BLANK`` is a blank column.
    """

    WIN = "1"
    DRAW = "="
    LOSS = "0"
    FORFEIT_WIN = "+"
    FORFEIT_LOSS = "-"
    UNRATED_WIN = "W"
    UNRATED_DRAW = "D"
    UNRATED_LOSS = "L"
    HALF_POINT_BYE = "H"
    FULL_POINT_BYE = "F"
    PAIRING_ALLOCATED_BYE = "U"
    ZERO_POINT_BYE = "Z"
    BLANK = " "

    @classmethod
    def parse(cls, char: str) -> ResultCode:
        """The code of one character (``"h"`` reads as ``H``); ``ValueError`` if unknown."""
        try:
            return _RESULT_BY_CHAR[char.upper() if char else " "]
        except KeyError:
            raise ValueError(f"unknown result code {char!r}") from None

    @property
    def is_played(self) -> bool:
        """``1``/``=``/``0`` and the unrated ``W``/``D``/``L``: a game scored as played."""
        return self in _PLAYED_CODES

    @property
    def is_bye(self) -> bool:
        """``H``/``F``/``U``/``Z``: a bye, which takes no opponent."""
        return self in _BYE_CODES


_RESULT_BY_CHAR = {code.value: code for code in ResultCode}
_PLAYED_CODES = frozenset(
    {
        ResultCode.WIN,
        ResultCode.DRAW,
        ResultCode.LOSS,
        ResultCode.UNRATED_WIN,
        ResultCode.UNRATED_DRAW,
        ResultCode.UNRATED_LOSS,
    }
)
_BYE_CODES = frozenset(
    {
        ResultCode.HALF_POINT_BYE,
        ResultCode.FULL_POINT_BYE,
        ResultCode.PAIRING_ALLOCATED_BYE,
        ResultCode.ZERO_POINT_BYE,
    }
)

#: The codes the opponent's cell may show for each code of a game (TRF-16: both sides agree).
OPPOSITE_CODES: dict[ResultCode, frozenset[ResultCode]] = {
    ResultCode.WIN: frozenset({ResultCode.LOSS}),
    ResultCode.LOSS: frozenset({ResultCode.WIN}),
    ResultCode.DRAW: frozenset({ResultCode.DRAW}),
    ResultCode.UNRATED_WIN: frozenset({ResultCode.UNRATED_LOSS}),
    ResultCode.UNRATED_LOSS: frozenset({ResultCode.UNRATED_WIN}),
    ResultCode.UNRATED_DRAW: frozenset({ResultCode.UNRATED_DRAW}),
    ResultCode.FORFEIT_WIN: frozenset({ResultCode.FORFEIT_LOSS}),
    ResultCode.FORFEIT_LOSS: frozenset({ResultCode.FORFEIT_WIN, ResultCode.FORFEIT_LOSS}),
    ResultCode.BLANK: frozenset({ResultCode.BLANK}),
}

CELL_WIDTH = 10
FIRST_CELL_COLUMN = 91  # 1-based column of a round cell's leading blank; opponent at 92–95


def cell_column(round_number: int, offset: int = 1) -> int:
    """1-based column of a round cell's part (FIDE TRF-16: opponent at 92 + 10(r−1)).

    ``offset`` 1 is the opponent (92), 6 the colour (97), 8 the result (99).
    """
    return FIRST_CELL_COLUMN + CELL_WIDTH * (round_number - 1) + offset


@dataclass(frozen=True, slots=True)
class RoundCell:
    """One round of a player record (FIDE TRF-16 cols 92–95 opponent, 97 colour, 99 result).

    ``opponent`` is the opponent's starting rank, ``None`` for ``0000`` or blank (bye, absence).
    ``colour`` is ``None`` for ``-`` or blank. ``text`` keeps the ten columns as written when
    they are not the canonical spelling (``   0`` for ``0000``, blank colour, lower-case code).
    """

    opponent: int | None = None
    colour: Colour | None = None
    result: ResultCode = ResultCode.BLANK
    text: str | None = field(default=None, compare=False)

    @property
    def is_blank(self) -> bool:
        return self.opponent is None and self.colour is None and self.result is ResultCode.BLANK

    def canonical_text(self) -> str:
        """The ten columns in canonical TRF-16 form: `` 0000 - U ``, ``   12 w 1 ``."""
        if self.is_blank:
            return " " * CELL_WIDTH
        opponent = "0000" if self.opponent is None else f"{self.opponent:>4}"
        colour = "-" if self.colour is None else self.colour.value
        return f" {opponent} {colour} {self.result.value} "

    def render(self) -> str:
        """The ten columns to write: the kept spelling if it still reads as this cell."""
        if self.text is not None:
            parsed, problems = parse_cell(self.text, 1)
            if not problems and parsed == self:
                return self.text
        return self.canonical_text()


#: A cell written exactly as :meth:`RoundCell.canonical_text` writes it: opponent ``0000`` or
#: right-aligned without leading zero, colour ``w``/``b``/``-``, an upper-case code or blank.
_CANONICAL_CELL = re.compile(
    r" (0000| {3}[1-9]| {2}[1-9]\d| [1-9]\d\d|[1-9]\d{3}) ([wb-]) ([10=+\-WDLHFUZ ]) "
)
_CELL_COLOURS = {"w": Colour.WHITE, "b": Colour.BLACK, "-": None}
_BLANK_CELL = " " * CELL_WIDTH


def parse_cell(text: str, round_number: int) -> tuple[RoundCell, list[tuple[int, Message]]]:
    """Read the ten columns of a round cell (leading blank, opponent, blank, colour, blank, result,
    blank) of round ``round_number``. Returns the cell and problems as ``(offset in cell,
    message)``, each message naming the round."""
    text = text.ljust(CELL_WIDTH)
    canonical = _CANONICAL_CELL.fullmatch(text)
    if canonical is not None:  # the usual spelling: read at once, nothing to report or keep
        opponent_text, colour_char, code = canonical.groups()
        return (
            RoundCell(
                int(opponent_text) or None, _CELL_COLOURS[colour_char], _RESULT_BY_CHAR[code]
            ),
            [],
        )
    if text == _BLANK_CELL:
        return RoundCell(), []
    problems: list[tuple[int, Message]] = []

    def report(offset: int, template: str, value: str) -> None:
        problems.append((offset, Message(template, {"round": round_number, "value": value})))

    for offset in (0, 5, 7, 9):
        if text[offset] != " ":
            report(
                offset,
                gettext_noop("round %(round)s: misaligned round cell: %(value)s in a blank column"),
                repr(text[offset]),
            )
    opponent_text = text[1:5]
    opponent: int | None = None
    if opponent_text.strip():
        stripped = opponent_text.strip()
        if stripped.isdigit() and stripped.isascii():
            opponent = int(stripped) or None
        else:
            report(
                1,
                gettext_noop("round %(round)s: opponent %(value)s is not a number"),
                repr(opponent_text.strip()),
            )
    colour_char = text[6]
    colour: Colour | None = None
    if colour_char in "wW":
        colour = Colour.WHITE
    elif colour_char in "bB":
        colour = Colour.BLACK
    elif colour_char not in "- ":
        report(
            6,
            gettext_noop("round %(round)s: colour %(value)s is not w, b, - or blank"),
            repr(colour_char),
        )
    try:
        result = ResultCode.parse(text[8])
    except ValueError:
        report(8, gettext_noop("round %(round)s: unknown result code %(value)s"), repr(text[8]))
        result = ResultCode.BLANK
    cell = RoundCell(opponent, colour, result)
    if cell.canonical_text() != text:
        cell = RoundCell(opponent, colour, result, text=text)
    return cell, problems


# --------------------------------------------------------------------------------------------
# Player record 001

Spelling: TypeAlias = tuple[tuple[str, str], ...]


def _parse_int(text: str) -> int | None:
    stripped = text.strip()
    if not stripped:
        return None
    if not (stripped.isdigit() and stripped.isascii()):
        raise ValueError(stripped)
    return int(stripped)


_POINTS_RE = re.compile(r"\d{1,4}(\.\d{1,2})?")
_NUMBER_RE = re.compile(r"\d+(\.\d+)?")


_POINTS_PROBLEMS = (
    gettext_noop("points %(value)s is not a number"),
    gettext_noop("points %(value)s: number too large (at most 9999.99)"),
    gettext_noop("points %(value)s: too many decimals (at most 2)"),
)
_SYMBOL_POINTS_PROBLEMS = (
    gettext_noop("%(symbol)s points %(value)s is not a number"),
    gettext_noop("%(symbol)s points %(value)s: number too large (at most 9999.99)"),
    gettext_noop("%(symbol)s points %(value)s: too many decimals (at most 2)"),
)


def points_problem(text: str, symbol: str = "") -> Message:
    """Why ``text`` (stripped) is not a TRF points value (at most ``9999.99``): ``"number too
    large"``, ``"too many decimals"`` or ``"is not a number"`` — quoting at most 20 characters
    of it. ``symbol`` names the points (``W points``) of a scoring record."""
    match = _NUMBER_RE.fullmatch(text) if text.isascii() else None
    if match is None:
        which = 0
    elif len(text) - len(match.group(1) or "") > 4:
        which = 1
    else:
        which = 2
    if symbol:
        return Message(_SYMBOL_POINTS_PROBLEMS[which], {"symbol": symbol, "value": show(text)})
    return Message(_POINTS_PROBLEMS[which], {"value": show(text)})


@functools.lru_cache(maxsize=4096)  # a file repeats the same few values; Fraction is immutable
def parse_trf_points(text: str) -> Points | None:
    """Read a TRF points field (``" 4.5"``, ``"17.0"``; blank is ``None``); ``ValueError``
    if it is not a number."""
    stripped = text.strip()
    if not stripped:
        return None
    if not _POINTS_RE.fullmatch(stripped):
        raise ValueError(stripped)
    return Fraction(stripped)


@functools.lru_cache(maxsize=4096)
def format_trf_points(value: Points) -> str:
    """Write points as TRF does: one decimal (``4.5``, ``17.0``), two if needed (``0.25``)."""
    text = f"{float(value):.1f}"
    if Fraction(text) != value:
        text = f"{float(value):.2f}"
    return text


def _fmt_int(value: object, width: int) -> str:
    return " " * width if value is None else f"{value:>{width}}"


@dataclass(frozen=True, slots=True)
class _Field:
    name: str
    first: int  # 1-based, inclusive
    last: int
    parse: Callable[[str], object]
    fmt: Callable[[object], str]

    @property
    def width(self) -> int:
        return self.last - self.first + 1


def _text_field(name: str, first: int, last: int, *, right: bool = False) -> _Field:
    width = last - first + 1

    def fmt(value: object) -> str:
        text = str(value)[:width]
        return text.rjust(width) if right else text.ljust(width)

    return _Field(name, first, last, lambda t: t.strip(), fmt)


def _int_field(name: str, first: int, last: int) -> _Field:
    width = last - first + 1
    return _Field(name, first, last, _parse_int, lambda v: _fmt_int(v, width))


def _fmt_points(value: object) -> str:
    return "    " if value is None else f"{format_trf_points(value):>4}"


#: Fixed fields of the ``001`` record (FIDE TRF-16), 1-based inclusive columns.
PLAYER_FIELDS: tuple[_Field, ...] = (
    _int_field("starting_rank", 5, 8),
    _text_field("sex", 10, 10),
    _text_field("title", 11, 13, right=True),
    _text_field("name", 15, 47),
    _int_field("rating", 49, 52),
    _text_field("federation", 54, 56),
    _text_field("fide_id", 58, 68, right=True),
    _text_field("birth_date", 70, 79),
    _Field("points", 81, 84, parse_trf_points, _fmt_points),
    _int_field("rank", 86, 89),
)
_FIELD_BY_NAME = {f.name: f for f in PLAYER_FIELDS}
PLAYER_BLANK_COLUMNS = (4, 9, 14, 48, 53, 57, 69, 80, 85, 90)


@dataclass(frozen=True, slots=True)
class PlayerRecord:
    """A player record ``001`` (FIDE TRF-16).

    Columns: starting rank 5–8, sex 10, title 11–13, name 15–47, FIDE rating 49–52 (``None``
    when blank; ``0`` is kept as ``0``), federation 54–56, FIDE ID 58–68, birth date 70–79,
    points 81–84 (exact, ``None`` when blank), rank 86–89, then one :class:`RoundCell` per round
    from column 91 (10 columns each). ``cells`` stop at the last non-blank column of the line.
    ``spelling`` keeps fixed fields written in a non-canonical way; ``trailing`` the spaces after
    the last non-blank column.
    """

    starting_rank: int
    name: str = ""
    sex: str = ""
    title: str = ""
    rating: int | None = None
    federation: str = ""
    fide_id: str = ""
    birth_date: str = ""
    points: Points | None = None
    rank: int | None = None
    cells: tuple[RoundCell, ...] = ()
    spelling: Spelling = field(default=(), compare=False)
    trailing: str = field(default="", compare=False)
    source: str | None = field(default=None, compare=False)

    tag = "001"

    def cell(self, round_number: int) -> RoundCell | None:
        """The cell of round ``round_number`` (1-based), ``None`` beyond the line's end."""
        if 1 <= round_number <= len(self.cells):
            return self.cells[round_number - 1]
        return None

    def render(self) -> str:
        spelled = dict(self.spelling)
        parts = ["001"]
        position = 4
        for fld in PLAYER_FIELDS:
            parts.append(" " * (fld.first - position))
            value = getattr(self, fld.name)
            text = spelled.get(fld.name)
            if text is None or _safe_parse(fld, text) != (value,):
                text = fld.fmt(value)
            parts.append(text)
            position = fld.last + 1
        parts.append(" " * (FIRST_CELL_COLUMN - position))
        parts.extend(cell.render() for cell in self.cells)
        return "".join(parts).rstrip(" ") + self.trailing


def _safe_parse(fld: _Field, text: str) -> tuple[object] | None:
    try:
        return (fld.parse(text),)
    except ValueError:
        return None


_NOT_A_NUMBER = {
    "starting_rank": gettext_noop("starting rank %(value)s is not a number"),
    "rating": gettext_noop("rating %(value)s is not a number"),
    "rank": gettext_noop("rank %(value)s is not a number"),
}


def parse_player(line: str) -> tuple[PlayerRecord | None, list[tuple[int, Message]]]:
    """Read a ``001`` line. Returns the record (``None`` if its starting rank is unusable) and
    problems as ``(1-based column, message)``."""
    problems: list[tuple[int, Message]] = []
    body = line.rstrip(" ")
    trailing = line[len(body) :]
    padded = body.ljust(FIRST_CELL_COLUMN - 1)
    for column in PLAYER_BLANK_COLUMNS:
        if padded[column - 1] != " ":
            problems.append(
                (
                    column,
                    Message(
                        gettext_noop("misaligned player record: %(value)s in a blank column"),
                        {"value": repr(padded[column - 1])},
                    ),
                )
            )
    values: dict[str, object] = {}
    spelling: list[tuple[str, str]] = []
    for fld in PLAYER_FIELDS:
        text = padded[fld.first - 1 : fld.last]
        try:
            value = fld.parse(text)
        except ValueError:
            if fld.name == "points":
                problems.append((fld.first, points_problem(text.strip())))
            else:
                problems.append(
                    (fld.first, Message(_NOT_A_NUMBER[fld.name], {"value": repr(text.strip())}))
                )
            value = None
        values[fld.name] = value
        if (value is not None or text.strip() == "") and fld.fmt(value) != text:
            spelling.append((fld.name, text))
    start = values["starting_rank"]
    if start is None:
        if not any(col == 5 for col, _ in problems):
            problems.append((5, Message(gettext_noop("starting rank missing"))))
    elif start == 0:
        problems.append((5, Message(gettext_noop("starting rank 0 is not valid (1–9999)"))))
    cells: list[RoundCell] = []
    round_number = 1
    while len(body) > FIRST_CELL_COLUMN - 1 + CELL_WIDTH * (round_number - 1):
        first = FIRST_CELL_COLUMN - 1 + CELL_WIDTH * (round_number - 1)
        if round_number > MAX_ROUNDS:
            rest = body[first:]
            problems.append(
                (
                    first + 1 + len(rest) - len(rest.lstrip()),
                    Message(
                        gettext_noop(
                            "more than %(most)s rounds: the round cells go on past round %(most)s "
                            "(column %(column)s)"
                        ),
                        {"most": MAX_ROUNDS, "column": first},
                    ),
                )
            )
            break
        cell, cell_problems = parse_cell(body[first : first + CELL_WIDTH], round_number)
        for offset, message in cell_problems:
            problems.append((first + 1 + offset, message))
        cells.append(cell)
        round_number += 1
    if not isinstance(start, int) or start == 0:
        return None, problems
    record = PlayerRecord(
        starting_rank=start,
        name=str(values["name"]),
        sex=str(values["sex"]),
        title=str(values["title"]),
        rating=values["rating"],  # type: ignore[arg-type]
        federation=str(values["federation"]),
        fide_id=str(values["fide_id"]),
        birth_date=str(values["birth_date"]),
        points=values["points"],  # type: ignore[arg-type]
        rank=values["rank"],  # type: ignore[arg-type]
        cells=tuple(cells),
        spelling=tuple(spelling),
        trailing=trailing,
    )
    return record, problems


# --------------------------------------------------------------------------------------------
# Tournament records

#: Tournament records kept as text from column 5 (FIDE TRF-16 ``xx2``; TRF-2026 172–222).
TEXT_TAGS = frozenset(
    {
        "012",
        "022",
        "032",
        "042",
        "052",
        "062",
        "072",
        "082",
        "092",
        "102",
        "112",
        "122",
        "172",
        "182",
        "192",
        "202",
        "212",
        "222",
    }
)


@dataclass(frozen=True, slots=True)
class TextRecord:
    """A tournament record whose value is text from column 5 (``012`` name, ``022`` city, …,
    ``122`` time control, TRF-2026 ``192`` tournament type, ``202`` tie-breaks, ``222`` encoded
    time control). ``value`` keeps any leading spaces; trailing spaces are in ``trailing``."""

    tag: str
    value: str = ""
    trailing: str = field(default="", compare=False)
    source: str | None = field(default=None, compare=False)

    def render(self) -> str:
        return self.tag + (" " + self.value if self.value else "") + self.trailing


@dataclass(frozen=True, slots=True)
class RoundsRecord:
    """The number of rounds: TRF-2026 record ``142`` or the JaVaFo/bbp extension ``XXR``."""

    tag: str
    rounds: int
    trailing: str = field(default="", compare=False)
    source: str | None = field(default=None, compare=False)

    def render(self) -> str:
        return f"{self.tag} {self.rounds}{self.trailing}"


@dataclass(frozen=True, slots=True)
class RoundDatesRecord:
    """Record ``132``: round dates ``YY/MM/DD`` at cols 92–99, 102–109, … (FIDE TRF-16).

    A date slot may be blank (``None``). Dates written one column off (as some tools do) are
    read; ``source`` then keeps the line as written.
    """

    dates: tuple[datetime.date | None, ...] = ()
    trailing: str = field(default="", compare=False)
    source: str | None = field(default=None, compare=False)

    tag = "132"

    def render(self) -> str:
        slots = [f"{d:%y/%m/%d}" if d else "        " for d in self.dates]
        text = "132" + " " * 88 + "".join(f"{s}  " for s in slots)
        return text.rstrip(" ") + self.trailing


@dataclass(frozen=True, slots=True)
class InitialColourRecord:
    """TRF-2026 record ``152``: the initial colour (``152 W`` / ``152 B``)."""

    colour: Colour
    trailing: str = field(default="", compare=False)
    source: str | None = field(default=None, compare=False)

    tag = "152"

    def render(self) -> str:
        return f"152 {self.colour.value.upper()}{self.trailing}"


@dataclass(frozen=True, slots=True)
class XxcRecord:
    """The ``XXC`` extension (JaVaFo/bbp): ``white1``/``black1`` (initial colour), ``rank``."""

    tokens: tuple[str, ...] = ()
    trailing: str = field(default="", compare=False)
    source: str | None = field(default=None, compare=False)

    tag = "XXC"

    @property
    def initial_colour(self) -> Colour | None:
        lowered = {t.lower() for t in self.tokens}
        if "white1" in lowered:
            return Colour.WHITE
        if "black1" in lowered:
            return Colour.BLACK
        return None

    def render(self) -> str:
        return " ".join(("XXC", *self.tokens)) + self.trailing


@dataclass(frozen=True, slots=True)
class ScoringRecord:
    """TRF-2026 record ``162``: individual scoring, symbol/points pairs (``W 1.0``, ``D 0.5``,
    ``L``, ``A`` absence, ``P`` PAB, ``X`` unknown); symbol at col 6, points 7–10, every 9 cols."""

    values: tuple[tuple[str, Points], ...] = ()
    trailing: str = field(default="", compare=False)
    source: str | None = field(default=None, compare=False)

    tag = "162"

    def render(self) -> str:
        parts = ["162"]
        for index, (symbol, points) in enumerate(self.values):
            parts.append(
                ("  " if index == 0 else "    ") + symbol + f"{format_trf_points(points):>4}"
            )
        return "".join(parts) + self.trailing


@dataclass(frozen=True, slots=True)
class XxsRecord:
    """The JaVaFo ``XXS`` extension: ``CODE=VALUE`` point values (``WW BW WD BD WL BL ZPB HPB FPB
    PAB FW FL``, shortcuts ``W`` and ``D``)."""

    values: tuple[tuple[str, Points], ...] = ()
    trailing: str = field(default="", compare=False)
    source: str | None = field(default=None, compare=False)

    tag = "XXS"

    def render(self) -> str:
        pairs = [f"{code}={format_trf_points(points)}" for code, points in self.values]
        return " ".join(("XXS", *pairs)) + self.trailing


BB_TAGS = frozenset({"BBW", "BBD", "BBL", "BBZ", "BBF", "BBU"})


@dataclass(frozen=True, slots=True)
class BbRecord:
    """A bbpPairings scoring line ``BBW``/``BBD``/``BBL``/``BBZ``/``BBF``/``BBU`` (value at
    cols 5–12): points for win, draw, played loss, zero-point bye, forfeit loss, PAB."""

    tag: str
    value: Points
    trailing: str = field(default="", compare=False)
    source: str | None = field(default=None, compare=False)

    def render(self) -> str:
        return f"{self.tag} {format_trf_points(self.value):>4}{self.trailing}"


@dataclass(frozen=True, slots=True)
class ByesRecord:
    """TRF-2026 record ``240``: pre-requested byes. Type ``F``/``H``/``Z`` at col 5, round at
    cols 7–9, starting ranks at 11–14, 16–19, …"""

    kind: str
    round: int
    players: tuple[int, ...] = ()
    trailing: str = field(default="", compare=False)
    source: str | None = field(default=None, compare=False)

    tag = "240"

    def render(self) -> str:
        ids = "".join(f" {p:>4}" for p in self.players)
        return f"240 {self.kind} {self.round:>3}{ids}{self.trailing}"


@dataclass(frozen=True, slots=True)
class AccelerationRecord:
    """TRF-2026 record ``250`` (≡ ``XXA``): acceleration. Match points cols 5–8 (blank for
    individuals), game points 10–13, rounds 15–17 to 19–21, players 23–26 to 28–31."""

    match_points: Points | None
    game_points: Points | None
    first_round: int
    last_round: int
    first_player: int
    last_player: int
    trailing: str = field(default="", compare=False)
    source: str | None = field(default=None, compare=False)

    tag = "250"

    def render(self) -> str:
        return (
            f"250 {_fmt_points(self.match_points)} {_fmt_points(self.game_points)} "
            f"{self.first_round:>3} {self.last_round:>3} {self.first_player:>4} "
            f"{self.last_player:>4}"
        ).rstrip(" ") + self.trailing


@dataclass(frozen=True, slots=True)
class ProhibitedRecord:
    """TRF-2026 record ``260`` (≡ ``XXP`` with a round range): these players must not meet in
    rounds cols 5–7 to 9–11; starting ranks from col 13 every 5 cols."""

    first_round: int
    last_round: int
    players: tuple[int, ...] = ()
    trailing: str = field(default="", compare=False)
    source: str | None = field(default=None, compare=False)

    tag = "260"

    def render(self) -> str:
        ids = "".join(f" {p:>4}" for p in self.players)
        return f"260 {self.first_round:>3} {self.last_round:>3}{ids}{self.trailing}"


@dataclass(frozen=True, slots=True)
class RawLine:
    """A line kept verbatim: comment ``###``, blank line, team record, NRS line, unknown record."""

    text: str

    @property
    def tag(self) -> str:
        return self.text[:3]

    def render(self) -> str:
        return self.text


Record: TypeAlias = (
    PlayerRecord
    | TextRecord
    | RoundsRecord
    | RoundDatesRecord
    | InitialColourRecord
    | XxcRecord
    | ScoringRecord
    | XxsRecord
    | BbRecord
    | ByesRecord
    | AccelerationRecord
    | ProhibitedRecord
    | RawLine
)


@dataclass
class TrfDocument:
    """A Tournament Report File as an ordered list of records, one per line.

    ``newline`` is the line ending written after each record (``"\\n"``, ``"\\r\\n"`` or
    ``"\\r"``; FIDE TRF-16 prescribes CR); ``line_endings`` overrides it per line when the file
    mixed them (one entry per record, ``""`` for a last line without newline).
    ``final_newline`` tells whether the last line ends with a newline. ``encoding`` and ``bom``
    are those of the bytes read (``utf-8`` unless the bytes were not UTF-8, then ``latin-1``, or
    ``cp1252`` when they hold bytes 0x80–0x9F that Windows-1252 reads as characters).
    ``warnings`` lists the deviations the reader accepted (at most
    :data:`~chessclub.formats.errors.MAX_PROBLEMS`, ``warnings_omitted`` counting the others).
    """

    records: list[Record] = field(default_factory=list)
    newline: str = "\n"
    final_newline: bool = True
    encoding: str = "utf-8"
    bom: bool = False
    line_endings: tuple[str, ...] | None = None
    warnings: list[Problem] = field(default_factory=list, compare=False)
    """What the reader accepted while it deviates from TRF-16 (located: line, column): round
    dates in another order or punctuation, ``0000 - =`` read as a half-point bye. Not part of
    the document's value (``==`` ignores it); :func:`~chessclub.formats.trf.read_trf` fills it.
    """
    warnings_omitted: int = field(default=0, compare=False)
    checked: tuple[Record, ...] | None = field(default=None, compare=False, repr=False)
    """The records :func:`~chessclub.formats.trf.read_trf` validated (the very objects):
    while ``records`` holds exactly them, :func:`~chessclub.formats.trf.to_tournament` does not
    validate them again. Records are frozen, so changing one means replacing it, which ends
    this."""

    def is_checked(self) -> bool:
        """Whether ``records`` are still the ones :func:`read_trf` validated."""
        checked = self.checked
        return (
            checked is not None
            and len(checked) == len(self.records)
            and all(a is b for a, b in zip(checked, self.records, strict=True))
        )

    def players(self) -> list[PlayerRecord]:
        """The ``001`` records in file order."""
        return [r for r in self.records if isinstance(r, PlayerRecord)]

    def text_value(self, tag: str) -> str | None:
        """The stripped value of the first text record ``tag`` (``"012"`` …), ``None`` if absent."""
        for record in self.records:
            if isinstance(record, TextRecord) and record.tag == tag:
                return record.value.strip()
        return None

    def text_values(self, tag: str) -> list[str]:
        """The stripped values of every text record ``tag`` (``112`` may repeat)."""
        return [r.value.strip() for r in self.records if isinstance(r, TextRecord) and r.tag == tag]
