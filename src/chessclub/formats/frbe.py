"""The Belgian federation's (FRBE-KBSB) results file: reader, writer and model mapping (spec B3).

A results file is free-text header lines, a *code line*, a *column header line* carrying one
date per round, one fixed-width line per player and optional footer lines (spec B3)::

     00 16 72000060120000612
       Nom                 Matr. Clb Nat  ELO  000601  000603 …
     1 Alpha Anne          40037 209 BEL 2334   8 N 5   2 B 5 …

Two levels are offered:

- the **document model** :class:`FrbeResultsFile` keeps everything needed to write a file back
  byte for byte (header and footer text, the code line with its leading NUL or space and its
  ``+W=D-L`` trailer, the column labels, the round dates as written, every player record, the
  :class:`FrbeLayout`, the text encoding and the line ending):
  :func:`read_results_file` / :func:`write_results_file`;
- the **core model** :class:`~chessclub.model.Tournament`: :func:`to_tournament`,
  :func:`from_tournament`, and the shortcuts :func:`read_tournament` (used by
  :func:`chessclub.formats.read_tournament`) and :func:`write_tournament`.

Columns (``Problem.column``) are 1-based character positions in the decoded line; for the
federation's Latin-1 files a character is a byte.
"""

from __future__ import annotations

import datetime
import enum
import re
import unicodedata
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Protocol

from chessclub.formats.errors import ExportError, FrbeError, Problem, ProblemLog, ProblemSink
from chessclub.formats.limits import (
    DOS_EOF,
    MAX_ROUNDS,
    control_message,
    decode_single_byte,
    find_control,
    has_control,
    show,
)
from chessclub.i18n import gettext_noop
from chessclub.model import (
    Bye,
    ByeKind,
    Game,
    GameResult,
    PairingNumber,
    Player,
    Round,
    RoundNumber,
    Tournament,
    TournamentSystem,
)

__all__ = [
    "ABSENT_CELL",
    "CodeLine",
    "FrbeLayout",
    "FrbeResultsFile",
    "PlayerRecord",
    "RoundCell",
    "check_results_file",
    "event_code_of_system",
    "from_tournament",
    "header_arbiter",
    "header_dates",
    "header_time_control",
    "read_results_file",
    "read_tournament",
    "system_of_event_code",
    "to_tournament",
    "write_results_file",
    "write_tournament",
]

# --------------------------------------------------------------------------------------------
# Layouts
# --------------------------------------------------------------------------------------------

MATRICULE_WIDTH = 5
CLUB_WIDTH = 3
NAT_WIDTH = 3
ELO_WIDTH = 4
DATE_WIDTH = 6
FICTITIOUS_NAT = "***"
"""Nat field marking a fictitious Elo given to an unrated player (spec B4)."""

WHITE = "B"
BLACK = "N"
NO_COLOUR = "-"
WIN, LOSS, DRAW, UNPLAYED = "1", "0", "5", "-"
_COLOURS = frozenset({WHITE, BLACK, NO_COLOUR})
_RESULTS = frozenset({WIN, LOSS, DRAW, UNPLAYED})
# For each result, the results the opponent may have in the same game (spec B3): a win faces a
# loss, or a forfeit ("-") when the win is by forfeit; a double forfeit is "-" on both sides.
_COUNTERPART: Mapping[str, frozenset[str]] = {
    WIN: frozenset({LOSS, UNPLAYED}),
    LOSS: frozenset({WIN}),
    DRAW: frozenset({DRAW}),
    UNPLAYED: frozenset({UNPLAYED, WIN}),
}


@dataclass(frozen=True, slots=True)
class _LayoutSpec:
    """Column geometry of one layout. Every column is 1-based.

    A player line is: N° (cols ``1 .. name_col - 2``, then a space), name (from ``name_col``,
    at most ``name_width`` characters, padded up to the matricule), matricule (5, right),
    space, club (3, right), space, Nat (3, left), space, Elo (4), then per round a space, the
    opponent (``opponent_width``, right), space, colour, space, result.
    """

    number_left: bool
    name_col: int
    name_width: int
    matricule_col: int
    elo_zero_pad: bool
    opponent_width: int
    players_width: int
    labels: str
    encoding: str
    line_ending: str
    code_lead: str
    null_date: str
    count_trailer: bool

    @property
    def number_width(self) -> int:
        return self.name_col - 2

    @property
    def club_col(self) -> int:
        return self.matricule_col + MATRICULE_WIDTH + 1

    @property
    def nat_col(self) -> int:
        return self.club_col + CLUB_WIDTH + 1

    @property
    def elo_col(self) -> int:
        return self.nat_col + NAT_WIDTH + 1

    @property
    def round_step(self) -> int:
        return self.opponent_width + 5

    def opponent_col(self, index: int) -> int:
        """First column of the opponent field of round ``index + 1``."""
        return self.elo_col + ELO_WIDTH + 1 + index * self.round_step

    def colour_col(self, index: int) -> int:
        return self.opponent_col(index) + self.opponent_width + 1

    def result_col(self, index: int) -> int:
        return self.colour_col(index) + 2

    def date_col(self, index: int) -> int:
        """First column of round ``index + 1``'s date in the column header (ends at its result)."""
        return self.result_col(index) - DATE_WIDTH + 1

    def line_length(self, rounds: int) -> int:
        return self.result_col(rounds - 1) if rounds else self.elo_col + ELO_WIDTH - 1


def _labels(at: Mapping[int, str]) -> str:
    line = ""
    for col, text in sorted(at.items()):
        line = line.ljust(col - 1) + text
    return line


class FrbeLayout(enum.Enum):
    """The fixed-width layouts of the results file (spec B3).

    - ``CURRENT`` — the federation's own writers today: N° cols 1–3, name 25 characters from
      col 5 ("Surname, First name"), matricule 31–35, club 37–39, Nat 41–43, Elo ``%04d``
      45–48, round 1 opponent 50–52, colour 54, result 56, each round 8 columns further;
      Latin-1, CR LF, code line starting with a NUL byte and ending with ``+W=D-L`` counts.
    - ``OLD_NAME19`` — the federation's example of 2000 (``elite-2000-16p-7r.txt``): N° cols
      1–2, names of 19 characters from col 4, matricule 24–28, club 30–32, Nat 34–36, Elo
      38–41, round 1 opponent 43–45, colour 47, result 49, rounds 8 columns apart; code line
      starting with a space.
    - ``OLD_NAME20`` — an older program's layout (``closed-group-unrated.txt``): header
      ``N° Nom …``, N° left-aligned in cols 1–2, UPPERCASE names of 20 characters from col 4,
      matricule 25–29, club 31–33, Nat 35–37, Elo 39–42, round 1 opponent 44–45 (2 wide),
      colour 47, result 49, rounds 7 columns apart; code line without lead, players 2 wide;
      ``991230`` (30/12/1899, a Pascal zero date) as round date when none was entered.

    The layout of a file is told from the column of ``Matr.`` in its column header line.
    """

    CURRENT = "current"
    OLD_NAME19 = "old_name19"
    OLD_NAME20 = "old_name20"

    @property
    def spec(self) -> _LayoutSpec:
        return _SPECS[self]


_SPECS: dict[FrbeLayout, _LayoutSpec] = {
    FrbeLayout.CURRENT: _LayoutSpec(
        number_left=False,
        name_col=5,
        name_width=25,
        matricule_col=31,
        elo_zero_pad=True,
        opponent_width=3,
        players_width=3,
        labels=_labels({2: "N°", 5: "Nom", 31: "Matr.", 37: "Clb", 41: "Nat", 46: "ELO"}),
        encoding="latin-1",
        line_ending="\r\n",
        code_lead="\x00",
        null_date="000000",
        count_trailer=True,
    ),
    FrbeLayout.OLD_NAME19: _LayoutSpec(
        number_left=False,
        name_col=4,
        name_width=19,
        matricule_col=24,
        elo_zero_pad=False,
        opponent_width=3,
        players_width=3,
        labels=_labels({4: "Nom", 24: "Matr.", 30: "Clb", 34: "Nat", 39: "ELO"}),
        encoding="latin-1",
        line_ending="\n",
        code_lead=" ",
        null_date="000000",
        count_trailer=False,
    ),
    FrbeLayout.OLD_NAME20: _LayoutSpec(
        number_left=True,
        name_col=4,
        name_width=20,
        matricule_col=25,
        elo_zero_pad=False,
        opponent_width=2,
        players_width=2,
        labels=_labels({1: "N°", 4: "Nom", 25: "Matr.", 31: "Clb", 35: "Nat", 39: "ELO"}),
        encoding="utf-8",
        line_ending="\n",
        code_lead="",
        null_date="991230",
        count_trailer=False,
    ),
}
_LAYOUT_BY_MATR_COL = {spec.matricule_col: layout for layout, spec in _SPECS.items()}
_PASCAL_NULL_DATE = datetime.date(1999, 12, 30)  # "991230": 30/12/1899 read as YYMMDD

# --------------------------------------------------------------------------------------------
# Document model
# --------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class CodeLine:
    """The code line (spec B3): ``<lead><code><players><rounds><start><end><trailer>``.

    ``event_code`` two digits (``00`` Swiss open, ``11`` single round robin); ``players`` and
    ``rounds`` counts; ``start_date``/``end_date`` ``YYYYMMDD`` as written (``00000000`` if
    unknown); ``trailer`` whatever follows, e.g. ``+12=4-12`` (wins, draws, losses);
    ``lead`` the character before the code: ``"\\x00"`` (current layout), ``" "`` or ``""``.
    """

    event_code: str
    players: int
    rounds: int
    start_date: str
    end_date: str
    trailer: str = ""
    lead: str = "\x00"

    @property
    def has_nul(self) -> bool:
        """True when the line starts with a NUL byte, as the federation's writers do."""
        return self.lead == "\x00"

    @property
    def start(self) -> datetime.date | None:
        return _yyyymmdd(self.start_date)

    @property
    def end(self) -> datetime.date | None:
        return _yyyymmdd(self.end_date)


@dataclass(frozen=True, slots=True)
class RoundCell:
    """One round of a player line: opponent's N° (0 = none), colour ``B``/``N``/``-``, result
    from this player's side ``1``/``0``/``5``/``-`` (spec B3)."""

    opponent: int
    colour: str
    result: str


ABSENT_CELL = RoundCell(0, NO_COLOUR, UNPLAYED)
"""``0 - -``: a round without a game (bye or absence; the file carries no points for it)."""


@dataclass(frozen=True, slots=True)
class PlayerRecord:
    """One player line. ``name`` as written (trailing spaces removed); ``matricule``, ``club``
    and ``nat`` as written without padding (``""`` when blank); ``elo`` ``None`` when blank."""

    number: int
    name: str
    matricule: str
    club: str
    nat: str
    elo: int | None
    rounds: tuple[RoundCell, ...]


@dataclass(frozen=True, slots=True)
class FrbeResultsFile:
    """A results file as written (spec B3).

    ``header_lines`` and ``footer_lines`` are free text; ``column_labels`` is the column
    header line's text before the first round date (``Nom … ELO``); ``round_dates`` one
    ``YYMMDD`` per round as written (``""`` when blank). ``encoding`` is a Python codec name,
    ``line_ending`` ``"\\r\\n"``, ``"\\n"`` or ``"\\r"``; ``final_newline`` whether the last line
    is terminated.
    """

    layout: FrbeLayout
    header_lines: tuple[str, ...]
    code: CodeLine
    column_labels: str
    round_dates: tuple[str, ...]
    players: tuple[PlayerRecord, ...]
    footer_lines: tuple[str, ...] = ()
    encoding: str = "latin-1"
    line_ending: str = "\r\n"
    final_newline: bool = True

    @property
    def first_player_line(self) -> int:
        """1-based line number of the first player line."""
        return len(self.header_lines) + 3


# --------------------------------------------------------------------------------------------
# Reading
# --------------------------------------------------------------------------------------------

_LINE_BREAK = re.compile(r"(\r\n|\r|\n)")
_PLAYERISH = re.compile(r" *\d+(?: |$)")
_COLUMN_HEADER = re.compile(r"\bNom\b.*\bMatr")
_EOL_NAMES = {"\r\n": "CR LF", "\n": "LF", "\r": "CR"}


def read_results_file(data: bytes, *, source: str = "") -> FrbeResultsFile:
    """Read a results file's bytes into a :class:`FrbeResultsFile` (spec B3).

    The text is UTF-8 when it decodes as such and holds non-ASCII characters, else Latin-1
    (the federation's encoding; Windows-1252 when bytes 0x80–0x9F occur: ``’``, ``€``…).
    The layout is told from the column of ``Matr.`` in the column header line (31 current, 24
    and 25 the older ones); the code line is the line just above it. Every problem is
    collected; raises :class:`FrbeError` listing each with its 1-based line and column
    (``source`` names the file in messages): unreadable fields (non-numeric Elo, a colour not
    ``B``/``N``/``-``, a result not ``1``/``0``/``5``/``-``…), truncated lines, a player count
    in the code line that differs from the player lines, an opponent that does not exist,
    pairings that are not reciprocal, colours or results that do not match between the two
    players of a game, a player N° 0, a control character (C0 but TAB, DEL, C1) in free text
    (TAB too in player names, column labels and the code line's trailer; the NUL that starts
    the current layout's code line and a final DOS Ctrl-Z are expected). Nothing is returned
    on error. The error lists the first :data:`~chessclub.formats.errors.MAX_PROBLEMS`
    problems by place; its ``omitted`` counts the others.
    """
    problems = ProblemLog()  # the first MAX_PROBLEMS by place are listed, the rest counted
    text, encoding = _decode(data)
    parts = _LINE_BREAK.split(text)
    lines = parts[0::2]
    breaks = parts[1::2]
    final_newline = bool(breaks) and lines[-1] == ""
    if final_newline:
        lines.pop()
    if not any(line.strip() for line in lines):
        raise FrbeError([Problem(1, 0, gettext_noop("the file is empty"))], source=source)
    eol = breaks[0] if breaks else ""
    for index, brk in enumerate(breaks[: len(lines)]):
        if brk != eol:
            problems.append(
                Problem(
                    index + 1,
                    len(lines[index]) + 1,
                    gettext_noop("line ends with {found}, the file uses {expected}"),
                    {"found": _EOL_NAMES[brk], "expected": _EOL_NAMES[eol]},
                )
            )

    header_index = next((i for i, line in enumerate(lines) if _COLUMN_HEADER.search(line)), None)
    if header_index is None:
        problems.append(
            Problem(1, 0, gettext_noop("no column header line ('Nom … Matr. Clb Nat ELO')"))
        )
        raise FrbeError(problems, source=source)
    header = lines[header_index]
    matr_col = header.index("Matr") + 1
    layout = _LAYOUT_BY_MATR_COL.get(matr_col)
    if layout is None:
        known = ", ".join(str(c) for c in sorted(_LAYOUT_BY_MATR_COL))
        problems.append(
            Problem(
                header_index + 1,
                matr_col,
                gettext_noop(
                    "'Matr.' at column {column} matches no known layout (columns {known})"
                ),
                {"column": matr_col, "known": known},
            )
        )
        raise FrbeError(problems, source=source)
    if header_index == 0:
        problems.append(Problem(1, 0, gettext_noop("no code line above the column header line")))
        raise FrbeError(problems, source=source)
    spec = layout.spec

    code = _parse_code_line(lines[header_index - 1], header_index, spec, problems)
    rounds = code.rounds if code is not None else _count_dates(header, spec)
    labels, dates = _parse_column_header(header, header_index + 1, spec, rounds, problems)

    body = lines[header_index + 1 :]
    last = max((i for i, line in enumerate(body) if _PLAYERISH.match(line)), default=-1)
    first_lineno = header_index + 2
    raw_players: list[_RawPlayer] = []
    for offset, line in enumerate(body[: last + 1]):
        lineno = first_lineno + offset
        if not _PLAYERISH.match(line):
            problems.append(
                Problem(lineno, 1, gettext_noop("expected a player line (N°, name, …)"))
            )
            continue
        raw_players.append(_parse_player_line(line, lineno, spec, rounds, problems))
    footer = tuple(body[last + 1 :])
    if has_control(text):
        _check_controls(lines, header_index - 1, header_index + 1 + last, problems)

    if code is not None and code.players != len(raw_players):
        problems.append(
            Problem(
                header_index,
                len(code.lead) + 3,
                _ANNOUNCES,
                {"announced": code.players, "found": len(raw_players)},
            )
        )
    _check_pairings(raw_players, spec, problems)
    if problems or code is None:
        raise FrbeError(problems, source=source)

    players = tuple(_complete(raw) for raw in raw_players)
    return FrbeResultsFile(
        layout=layout,
        header_lines=tuple(lines[: header_index - 1]),
        code=code,
        column_labels=labels,
        round_dates=dates,
        players=players,
        footer_lines=footer,
        encoding=encoding,
        line_ending=eol or spec.line_ending,
        final_newline=final_newline,
    )


_ANNOUNCES = gettext_noop(
    "the code line announces {announced} players, the file has {found} player lines"
)


def _check_controls(lines: Sequence[str], code: int, last: int, problems: ProblemLog) -> None:
    """A problem for each line holding a control character (C0 but TAB, DEL, C1) and no other
    problem (a control character in a field usually makes the field unreadable, reported
    there). TAB is free text's own: allowed in header and footer lines, not in the
    fixed-column lines from the code line (index ``code``) to the last player line (index
    ``last``). The code line may start with NUL (spec B3); the file may end with a DOS
    Ctrl-Z."""
    reported = set(problems.lines)
    for index, line in enumerate(lines):
        if index + 1 in reported:
            continue
        if index == len(lines) - 1 and line.endswith(DOS_EOF):
            line = line[:-1]
        start = 1 if index == code and line.startswith("\x00") else 0
        found = find_control(line, allow_tab=not code <= index <= last, start=start)
        if found is not None:
            problems.append(Problem(index + 1, found + 1, control_message(line[found])))


def _decode(data: bytes) -> tuple[str, str]:
    if data.startswith(b"\xef\xbb\xbf"):
        try:
            return data[3:].decode("utf-8"), "utf-8-sig"
        except UnicodeDecodeError:
            pass
    if not data.isascii():
        try:
            return data.decode("utf-8"), "utf-8"
        except UnicodeDecodeError:
            pass
    return decode_single_byte(data)


def _sorted(problems: list[Problem]) -> list[Problem]:
    return sorted(problems, key=lambda p: (p.line, p.column))


def _is_digits(text: str) -> bool:
    return text.isascii() and text.isdigit()


@dataclass(frozen=True, slots=True)
class _CodeField:
    """The messages about one field of the code line (one template per field: translators
    see whole sentences)."""

    truncated: str
    not_digits: str
    not_a_date: str = ""


_EVENT_CODE = _CodeField(
    gettext_noop("code line truncated: no event code (col {column})"),
    gettext_noop("code line: event code must be digits, not {value}"),
)
_NUMBER_OF_PLAYERS = _CodeField(
    gettext_noop("code line truncated: no number of players (col {column})"),
    gettext_noop("code line: number of players must be digits, not {value}"),
)
_NUMBER_OF_ROUNDS = _CodeField(
    gettext_noop("code line truncated: no number of rounds (col {column})"),
    gettext_noop("code line: number of rounds must be digits, not {value}"),
)
_START_DATE = _CodeField(
    gettext_noop("code line truncated: no start date (col {column})"),
    gettext_noop("code line: start date must be digits, not {value}"),
    gettext_noop("code line: start date {value} is not YYYYMMDD"),
)
_END_DATE = _CodeField(
    gettext_noop("code line truncated: no end date (col {column})"),
    gettext_noop("code line: end date must be digits, not {value}"),
    gettext_noop("code line: end date {value} is not YYYYMMDD"),
)


def _parse_code_line(
    line: str, lineno: int, spec: _LayoutSpec, problems: ProblemSink
) -> CodeLine | None:
    lead = line[:1] if line[:1] in ("\x00", " ") else ""
    col = len(lead) + 1
    fields: list[tuple[_CodeField, int, int]] = [
        (_EVENT_CODE, 2, col),
        (_NUMBER_OF_PLAYERS, spec.players_width, col + 2),
        (_NUMBER_OF_ROUNDS, 2, col + 2 + spec.players_width),
        (_START_DATE, 8, col + 4 + spec.players_width),
        (_END_DATE, 8, col + 12 + spec.players_width),
    ]
    values: list[str] = []
    ok = True
    for what, width, start in fields:
        raw = line[start - 1 : start - 1 + width]
        value = raw.strip()
        if len(raw) < width:
            problems.append(Problem(lineno, len(line) + 1, what.truncated, {"column": start}))
            ok = False
            break
        if not _is_digits(value):
            problems.append(Problem(lineno, start, what.not_digits, {"value": repr(raw)}))
            ok = False
        elif what.not_a_date and (len(value) != 8 or not _valid_yyyymmdd(value)):
            problems.append(Problem(lineno, start, what.not_a_date, {"value": repr(raw)}))
            ok = False
        values.append(value)
    if not ok:
        return None
    trailer = line[fields[-1][2] - 1 + 8 :]
    return CodeLine(
        event_code=values[0],
        players=int(values[1]),
        rounds=int(values[2]),
        start_date=values[3],
        end_date=values[4],
        trailer=trailer,
        lead=lead,
    )


def _valid_yyyymmdd(text: str) -> bool:
    if text == "00000000":
        return True
    try:
        datetime.date(int(text[:4]), int(text[4:6]), int(text[6:]))
    except ValueError:
        return False
    return True


def _yyyymmdd(text: str) -> datetime.date | None:
    if not _is_digits(text) or len(text) != 8 or text == "00000000":
        return None
    try:
        return datetime.date(int(text[:4]), int(text[4:6]), int(text[6:]))
    except ValueError:
        return None


def _count_dates(header: str, spec: _LayoutSpec) -> int:
    return min(len(re.findall(r"\d{6}", header[spec.date_col(0) - 1 :])), MAX_ROUNDS)


def _parse_column_header(
    line: str, lineno: int, spec: _LayoutSpec, rounds: int, problems: ProblemSink
) -> tuple[str, tuple[str, ...]]:
    first = spec.date_col(0) if rounds else len(line) + 1
    labels = line[: first - 1].rstrip()
    dates: list[str] = []
    consumed = len(labels)
    for index in range(rounds):
        col = spec.date_col(index)
        gap = line[consumed : col - 1]
        if gap.strip():
            problems.append(
                Problem(
                    lineno,
                    consumed + 1 + _lead(gap),
                    gettext_noop("unexpected text {text}"),
                    {"text": show(gap.strip())},
                )
            )
        raw = line[col - 1 : col - 1 + DATE_WIDTH]
        consumed = col - 1 + DATE_WIDTH
        value = raw.strip()
        if value and (len(raw) < DATE_WIDTH or not _valid_yymmdd(raw)):
            problems.append(
                Problem(
                    lineno,
                    col,
                    gettext_noop("round {round}: date {value} is not YYMMDD"),
                    {"round": index + 1, "value": repr(raw)},
                )
            )
        dates.append(value)
    rest = line[consumed:]
    if rest.strip():
        problems.append(
            Problem(
                lineno,
                consumed + 1 + _lead(rest),
                gettext_noop("unexpected text {text} after the {rounds} round dates"),
                {"text": show(rest.strip()), "rounds": rounds},
            )
        )
    return labels, tuple(dates)


def _lead(text: str) -> int:
    return len(text) - len(text.lstrip())


def _valid_yymmdd(text: str) -> bool:
    if not _is_digits(text) or len(text) != DATE_WIDTH:
        return False
    if text == "000000":
        return True
    try:
        datetime.date(2000 + int(text[:2]), int(text[2:4]), int(text[4:]))
    except ValueError:
        return False
    return True


@dataclass(slots=True)
class _RawPlayer:
    """A player line as far as it could be read: fields that failed are left ``None``."""

    lineno: int
    number: int | None = None
    name: str = ""
    matricule: str | None = None
    club: str | None = None
    nat: str | None = None
    elo: int | None = None
    cells: dict[int, RoundCell] | None = None


def _parse_player_line(
    line: str, lineno: int, spec: _LayoutSpec, rounds: int, problems: ProblemSink
) -> _RawPlayer:
    raw = _RawPlayer(lineno=lineno, cells={})

    def report(col: int, template: str, **params: str | int) -> None:
        problems.append(Problem(lineno, col, template, params))

    def field(col: int, width: int) -> str | None:
        if col - 1 + width > len(line):
            return None
        return line[col - 1 : col - 1 + width]

    def space(col: int) -> None:
        if col <= len(line) and line[col - 1] != " ":
            report(col, gettext_noop("expected a space, found {found}"), found=repr(line[col - 1]))

    expected = spec.line_length(rounds)
    if len(line) < expected:
        report(
            len(line) + 1,
            gettext_noop(
                "line truncated at column {length}: {rounds} rounds need {expected} columns"
            ),
            length=len(line),
            rounds=rounds,
            expected=expected,
        )
    elif line[expected:].strip():
        report(
            expected + 1 + _lead(line[expected:]),
            gettext_noop("unexpected text after the last round"),
        )

    number = line[: spec.number_width].strip()
    if not _is_digits(number):
        report(1, gettext_noop("N° must be a number, not {value}"), value=repr(number))
    elif int(number) == 0:
        report(1 + _lead(line), gettext_noop("N° 0 is not valid: players are numbered from 1"))
    else:
        raw.number = int(number)
    space(spec.name_col - 1)
    raw.name = line[spec.name_col - 1 : spec.matricule_col - 1].rstrip()

    for what, not_a_number, col, width in (
        (
            "matricule",
            gettext_noop("matricule must be a number, not {value}"),
            spec.matricule_col,
            MATRICULE_WIDTH,
        ),
        ("club", gettext_noop("club must be a number, not {value}"), spec.club_col, CLUB_WIDTH),
    ):
        text = field(col, width)
        if text is None:
            continue
        if text.strip() and not _is_digits(text.strip()):
            report(col, not_a_number, value=repr(text))
        elif what == "matricule":
            raw.matricule = text.strip()
        else:
            raw.club = text.strip()
    space(spec.club_col - 1)
    space(spec.nat_col - 1)
    nat = field(spec.nat_col, NAT_WIDTH)
    if nat is not None:
        value = nat.strip()
        if value and value != FICTITIOUS_NAT and not (value.isascii() and value.isalpha()):
            report(
                spec.nat_col,
                gettext_noop("Nat must be a country code or '***', not {value}"),
                value=repr(nat),
            )
        else:
            raw.nat = value
    space(spec.elo_col - 1)
    elo = field(spec.elo_col, ELO_WIDTH)
    if elo is not None:
        if not elo.strip():
            raw.elo = None
        elif _is_digits(elo.strip()):
            # int() of what was checked: str.strip() also removes the control characters
            # U+001C–U+001F, which int() refuses (they are reported as control characters)
            raw.elo = int(elo.strip())
        else:
            report(spec.elo_col, gettext_noop("Elo must be a number, not {value}"), value=repr(elo))

    assert raw.cells is not None
    for index in range(rounds):
        cell = _parse_cell(line, index, spec, report, space)
        if cell is not None:
            raw.cells[index] = cell
    return raw


class _Report(Protocol):
    def __call__(self, col: int, template: str, **params: str | int) -> None: ...


def _parse_cell(
    line: str,
    index: int,
    spec: _LayoutSpec,
    report: _Report,
    space: Callable[[int], None],
) -> RoundCell | None:
    opp_col = spec.opponent_col(index)
    colour_col = spec.colour_col(index)
    result_col = spec.result_col(index)
    if result_col > len(line):
        return None
    round_no = index + 1
    ok = True
    space(opp_col - 1)
    space(colour_col - 1)
    space(result_col - 1)
    opp_text = line[opp_col - 1 : opp_col - 1 + spec.opponent_width]
    if not _is_digits(opp_text.strip()):
        report(
            opp_col,
            gettext_noop("round {round}: opponent must be a number, not {value}"),
            round=round_no,
            value=repr(opp_text),
        )
        ok = False
    colour = line[colour_col - 1]
    if colour not in _COLOURS:
        report(
            colour_col,
            gettext_noop("round {round}: colour must be B, N or -, not {value}"),
            round=round_no,
            value=repr(colour),
        )
        ok = False
    result = line[result_col - 1]
    if result not in _RESULTS:
        report(
            result_col,
            gettext_noop("round {round}: result must be 1, 0, 5 or -, not {value}"),
            round=round_no,
            value=repr(result),
        )
        ok = False
    if not ok:
        return None
    opponent = int(opp_text.strip())  # as checked (see the Elo above)
    if opponent == 0 and colour != NO_COLOUR:
        report(
            colour_col,
            gettext_noop("round {round}: no opponent (0) but colour {colour}"),
            round=round_no,
            colour=repr(colour),
        )
        ok = False
    if opponent == 0 and result != UNPLAYED:
        report(
            result_col,
            gettext_noop("round {round}: no opponent (0) but result {result}"),
            round=round_no,
            result=repr(result),
        )
        ok = False
    if opponent != 0 and colour == NO_COLOUR:
        report(
            colour_col,
            gettext_noop("round {round}: opponent {opponent} needs colour B or N"),
            round=round_no,
            opponent=opponent,
        )
        ok = False
    return RoundCell(opponent, colour, result) if ok else None


def _complete(raw: _RawPlayer) -> PlayerRecord:
    assert raw.number is not None and raw.cells is not None
    assert raw.matricule is not None and raw.club is not None and raw.nat is not None
    return PlayerRecord(
        number=raw.number,
        name=raw.name,
        matricule=raw.matricule,
        club=raw.club,
        nat=raw.nat,
        elo=raw.elo,
        rounds=tuple(raw.cells[i] for i in sorted(raw.cells)),
    )


def _check_pairings(players: Sequence[_RawPlayer], spec: _LayoutSpec, out: ProblemSink) -> None:
    """Reciprocity of opponents, colours and results in every round (spec B3)."""
    by_number: dict[int, _RawPlayer] = {}
    for raw in players:
        if raw.number is None:
            continue
        if raw.number in by_number:
            first = by_number[raw.number].lineno
            out.append(
                Problem(
                    raw.lineno,
                    1,
                    gettext_noop("N° {number} already used on line {line}"),
                    {"number": raw.number, "line": first},
                )
            )
        else:
            by_number[raw.number] = raw
    numbers = sorted(by_number)
    for raw in players:
        if raw.number is None or raw.cells is None:
            continue
        for index, cell in sorted(raw.cells.items()):
            if cell.opponent == 0:
                continue
            round_no = index + 1
            where = spec.opponent_col(index)
            if cell.opponent == raw.number:
                out.append(
                    Problem(
                        raw.lineno,
                        where,
                        gettext_noop("round {round}: plays against itself"),
                        {"round": round_no},
                    )
                )
                continue
            other = by_number.get(cell.opponent)
            if other is None:
                params: dict[str, str | int] = {"round": round_no, "opponent": cell.opponent}
                if numbers:
                    template = gettext_noop(
                        "round {round}: opponent {opponent} does not exist (players {first}–{last})"
                    )
                    params.update(first=numbers[0], last=numbers[-1])
                else:
                    template = gettext_noop(
                        "round {round}: opponent {opponent} does not exist (players none)"
                    )
                out.append(Problem(raw.lineno, where, template, params))
                continue
            theirs = other.cells.get(index) if other.cells is not None else None
            if theirs is None:
                continue  # their cell is unreadable: already reported
            if theirs.opponent != raw.number:
                params = {"round": round_no, "opponent": cell.opponent, "number": raw.number}
                if theirs.opponent:
                    template = gettext_noop(
                        "round {round}: opponent {opponent} is paired with {other}, "
                        "not with {number}"
                    )
                    params["other"] = theirs.opponent
                else:
                    template = gettext_noop(
                        "round {round}: opponent {opponent} is paired with nobody, "
                        "not with {number}"
                    )
                out.append(Problem(raw.lineno, where, template, params))
                continue
            if other.lineno > raw.lineno:
                continue  # each game is checked once, on its second line
            if theirs.colour == cell.colour:
                out.append(
                    Problem(
                        raw.lineno,
                        spec.colour_col(index),
                        gettext_noop(
                            "round {round}: players {other} and {number} both have colour {colour}"
                        ),
                        {
                            "round": round_no,
                            "other": other.number or 0,
                            "number": raw.number,
                            "colour": cell.colour,
                        },
                    )
                )
            if cell.result not in _COUNTERPART[theirs.result]:
                allowed = sorted(_COUNTERPART[theirs.result])
                params = {
                    "round": round_no,
                    "result": cell.result,
                    "theirs": theirs.result,
                    "other": other.number or 0,
                    "expected": allowed[0],
                }
                if len(allowed) == 1:
                    template = gettext_noop(
                        "round {round}: result {result} does not match result {theirs} "
                        "of player {other} (expected {expected})"
                    )
                else:
                    template = gettext_noop(
                        "round {round}: result {result} does not match result {theirs} "
                        "of player {other} (expected {expected} or {alternative})"
                    )
                    params["alternative"] = allowed[1]
                out.append(Problem(raw.lineno, spec.result_col(index), template, params))


# --------------------------------------------------------------------------------------------
# Checking and writing
# --------------------------------------------------------------------------------------------


def check_results_file(doc: FrbeResultsFile) -> list[Problem]:
    """Every problem of a document, positioned at the line and column it would be written to.

    Checks the code line fields and counts, round dates, every field's width and characters
    (and that it can be encoded in ``doc.encoding``), and the pairings as
    :func:`read_results_file` does. Returns ``[]`` for a writable document.
    """
    spec = doc.layout.spec
    out: list[Problem] = []
    code_lineno = len(doc.header_lines) + 1
    code = doc.code
    col = len(code.lead) + 1
    if code.lead not in ("", " ", "\x00"):
        out.append(
            Problem(code_lineno, 1, gettext_noop("code line lead must be NUL, space or nothing"))
        )
    if not (_is_digits(code.event_code) and len(code.event_code) == 2):
        out.append(
            Problem(
                code_lineno,
                col,
                gettext_noop("event code {code} is not 2 digits"),
                {"code": repr(code.event_code)},
            )
        )
    if not 0 <= code.players < 10**spec.players_width:
        out.append(
            Problem(
                code_lineno,
                col + 2,
                gettext_noop("{players} players do not fit"),
                {"players": code.players},
            )
        )
    if code.players != len(doc.players):
        out.append(
            Problem(
                code_lineno,
                col + 2,
                _ANNOUNCES,
                {"announced": code.players, "found": len(doc.players)},
            )
        )
    if not 0 <= code.rounds <= MAX_ROUNDS:
        out.append(
            Problem(
                code_lineno,
                col + 2 + spec.players_width,
                gettext_noop("{rounds} rounds do not fit (at most {most})"),
                {"rounds": code.rounds, "most": MAX_ROUNDS},
            )
        )
    for template, text, offset in (
        (gettext_noop("start date {value} is not YYYYMMDD"), code.start_date, 4),
        (gettext_noop("end date {value} is not YYYYMMDD"), code.end_date, 12),
    ):
        if not (_is_digits(text) and len(text) == 8 and _valid_yyyymmdd(text)):
            out.append(
                Problem(
                    code_lineno, col + offset + spec.players_width, template, {"value": repr(text)}
                )
            )
    header_lineno = code_lineno + 1
    if len(doc.round_dates) != code.rounds:
        out.append(
            Problem(
                header_lineno,
                0,
                gettext_noop("{dates} round dates for {rounds} rounds"),
                {"dates": len(doc.round_dates), "rounds": code.rounds},
            )
        )
    if code.rounds and len(doc.column_labels) >= spec.date_col(0) - 1:
        out.append(
            Problem(header_lineno, 1, gettext_noop("column labels run into the first round date"))
        )
    for index, date in enumerate(doc.round_dates):
        if date and not _valid_yymmdd(date):
            out.append(
                Problem(
                    header_lineno,
                    spec.date_col(index),
                    gettext_noop("date {value} is not YYMMDD"),
                    {"value": repr(date)},
                )
            )
    last_lineno = doc.first_player_line + len(doc.players) + len(doc.footer_lines) - 1
    for text, lineno in _texts(doc):
        if lineno == last_lineno and text.endswith(DOS_EOF):
            text = text[:-1]
        _check_text(text, lineno, doc.encoding, out)

    raws: list[_RawPlayer] = []
    for offset, player in enumerate(doc.players):
        lineno = doc.first_player_line + offset
        raws.append(_check_record(player, lineno, spec, code.rounds, doc.encoding, out))
    _check_pairings(raws, spec, out)
    return _sorted(out)


def _texts(doc: FrbeResultsFile) -> Iterable[tuple[str, int]]:
    for index, line in enumerate(doc.header_lines):
        yield line, index + 1
    yield doc.column_labels, len(doc.header_lines) + 2
    first_footer = doc.first_player_line + len(doc.players)
    for index, line in enumerate(doc.footer_lines):
        yield line, first_footer + index


def _check_text(text: str, lineno: int, encoding: str, out: list[Problem]) -> None:
    for index, char in enumerate(text):
        if char in "\r\n":
            out.append(Problem(lineno, index + 1, gettext_noop("line break inside a line")))
            return
        if char != "\t" and find_control(char) is not None:
            out.append(Problem(lineno, index + 1, control_message(char)))
            return
        try:
            char.encode(encoding)
        except UnicodeEncodeError:
            out.append(
                Problem(
                    lineno,
                    index + 1,
                    gettext_noop("{char} cannot be written in {encoding}"),
                    {"char": repr(char), "encoding": encoding},
                )
            )
            return


def _check_record(
    player: PlayerRecord,
    lineno: int,
    spec: _LayoutSpec,
    rounds: int,
    encoding: str,
    out: list[Problem],
) -> _RawPlayer:
    def report(col: int, template: str, **params: str | int) -> None:
        out.append(Problem(lineno, col, template, params))

    if player.number < 1:
        report(
            1,
            gettext_noop("N° {number} is not valid: players are numbered from 1"),
            number=player.number,
        )
    elif player.number >= 10**spec.number_width:
        report(
            1,
            gettext_noop("N° {number} does not fit {width} columns"),
            number=player.number,
            width=spec.number_width,
        )
    room = spec.matricule_col - spec.name_col
    if len(player.name) > room:
        report(spec.name_col, gettext_noop("name longer than {room} characters"), room=room)
    _check_text(player.name, lineno, encoding, out)
    for template, value, col, width in (
        (
            gettext_noop("matricule {value} is not a number of at most {width} digits"),
            player.matricule,
            spec.matricule_col,
            MATRICULE_WIDTH,
        ),
        (
            gettext_noop("club {value} is not a number of at most {width} digits"),
            player.club,
            spec.club_col,
            CLUB_WIDTH,
        ),
    ):
        if value and not (_is_digits(value) and len(value) <= width):
            report(col, template, value=repr(value), width=width)
    nat = player.nat
    if len(nat) > NAT_WIDTH or (
        nat and nat != FICTITIOUS_NAT and not (nat.isascii() and nat.isalpha())
    ):
        report(
            spec.nat_col,
            gettext_noop("Nat {value} is not a country code or '***'"),
            value=repr(nat),
        )
    if player.elo is not None and not 0 <= player.elo <= 9999:
        report(spec.elo_col, gettext_noop("Elo {elo} does not fit 4 digits"), elo=player.elo)
    if len(player.rounds) != rounds:
        report(
            0,
            gettext_noop("{count} rounds, the code line says {rounds}"),
            count=len(player.rounds),
            rounds=rounds,
        )
    cells: dict[int, RoundCell] = {}
    for index, cell in enumerate(player.rounds):
        ok = True
        if not 0 <= cell.opponent < 10**spec.opponent_width:
            report(
                spec.opponent_col(index),
                gettext_noop("opponent {opponent} does not fit"),
                opponent=cell.opponent,
            )
            ok = False
        if cell.colour not in _COLOURS or (cell.colour == NO_COLOUR) != (cell.opponent == 0):
            report(
                spec.colour_col(index),
                gettext_noop("round {round}: colour {colour}"),
                round=index + 1,
                colour=repr(cell.colour),
            )
            ok = False
        if cell.result not in _RESULTS or (cell.opponent == 0 and cell.result != UNPLAYED):
            report(
                spec.result_col(index),
                gettext_noop("round {round}: result {result}"),
                round=index + 1,
                result=repr(cell.result),
            )
            ok = False
        if ok:
            cells[index] = cell
    return _RawPlayer(lineno=lineno, number=player.number, cells=cells)


def write_results_file(doc: FrbeResultsFile) -> bytes:
    """Write a document in its layout, encoding and line ending (spec B3).

    Raises :class:`~chessclub.formats.errors.ExportError` for the problems of
    :func:`check_results_file` (a field that does not fit its columns, an unknown colour,
    non-reciprocal pairings…), one line each naming the player (or the code line, the round
    dates, a header line) and round; ``problems`` keeps their output lines and columns. The
    writer never produces a file that :func:`read_results_file` would refuse.
    """
    problems = check_results_file(doc)
    if problems:
        raise ExportError(
            "\n".join(f"{_written_at(doc, p.line)}: {p.message}" for p in problems),
            problems=problems,
        )
    spec = doc.layout.spec
    code = doc.code
    lines = list(doc.header_lines)
    lines.append(
        code.lead
        + code.event_code
        + str(code.players).rjust(spec.players_width)
        + str(code.rounds).rjust(2)
        + code.start_date
        + code.end_date
        + code.trailer
    )
    header = doc.column_labels
    for index, date in enumerate(doc.round_dates):
        header = header.ljust(spec.date_col(index) - 1) + date.rjust(DATE_WIDTH)
    lines.append(header.rstrip())
    lines.extend(_format_player(player, spec) for player in doc.players)
    lines.extend(doc.footer_lines)
    text = doc.line_ending.join(lines) + (doc.line_ending if doc.final_newline else "")
    return text.encode(doc.encoding)


def _written_at(doc: FrbeResultsFile, lineno: int) -> str:
    """What the output line ``lineno`` of ``doc`` holds, for :class:`ExportError` messages."""
    code = len(doc.header_lines) + 1
    player = lineno - doc.first_player_line
    if lineno < code:
        return f"header line {lineno}"
    if lineno == code:
        return "code line"
    if lineno == code + 1:
        return "round dates"
    if player < len(doc.players):
        record = doc.players[player]
        return f"player {record.number} ({record.name})"
    return f"footer line {player - len(doc.players) + 1}"


def _format_player(player: PlayerRecord, spec: _LayoutSpec) -> str:
    number = str(player.number)
    number = (
        number.ljust(spec.number_width) if spec.number_left else number.rjust(spec.number_width)
    )
    if player.elo is None:
        elo = " " * ELO_WIDTH
    elif spec.elo_zero_pad:
        elo = f"{player.elo:04d}"
    else:
        elo = f"{player.elo:4d}"
    parts = [
        number,
        " ",
        player.name.ljust(spec.matricule_col - spec.name_col),
        player.matricule.rjust(MATRICULE_WIDTH),
        " ",
        player.club.rjust(CLUB_WIDTH),
        " ",
        player.nat.ljust(NAT_WIDTH),
        " ",
        elo,
    ]
    for cell in player.rounds:
        parts.append(f" {cell.opponent:{spec.opponent_width}d} {cell.colour} {cell.result}")
    return "".join(parts)


# --------------------------------------------------------------------------------------------
# Core model mapping
# --------------------------------------------------------------------------------------------

_TOURNAMENT_LINE = re.compile(r"\s*Tournoi\s*:\s*(.*)$", re.IGNORECASE)
_SENDER_LINE = re.compile(r"\s*Envoy[eé] par\s*:\s*(.*)$", re.IGNORECASE)
_TEMPO_LINE = re.compile(r"\s*Tempo\s*:\s*(.*)$", re.IGNORECASE)
# Older writers (the federation's examples in spec B3): "DT : Name" names the tournament
# director, the person responsible for the file (B1: "the arbiter (responsible person)"); the
# time control is a "Timing: 40c/2h, 1h KO" part of a description line.
_ARBITER_LINE = re.compile(r"\s*Arbitre(?: principal)?\s*:\s*(.*)$", re.IGNORECASE)
_DIRECTOR_LINE = re.compile(r"\s*(?:DT|D\.T\.)\s*:\s*(.*)$", re.IGNORECASE)
_TIMING_PART = re.compile(r"(?:^|\s)(?:Timing|Cadence)\s*:\s*(.*?)\s*$", re.IGNORECASE)
# Older writers: "TEST (00TST1B) - du 01/10/2000 au 18/11/2000" after "Club: …" and "DT : …".
_DATED_TITLE_LINE = re.compile(
    r"\s*(.+?)\s+-\s+du\s+\d{1,2}/\d{1,2}/\d{4}\s+au\s+\d{1,2}/\d{1,2}/\d{4}\s*$",
    re.IGNORECASE,
)
_LABEL_LINE = re.compile(r"\s*(Club|DT|D\.T\.)\s*:", re.IGNORECASE)
_TITLE_DATES = re.compile(
    r"\s-\s+du\s+(\d{1,2})/(\d{1,2})/(\d{4})\s+au\s+(\d{1,2})/(\d{1,2})/(\d{4})\s*$",
    re.IGNORECASE,
)


def header_dates(lines: Sequence[str]) -> tuple[datetime.date | None, datetime.date | None]:
    """The start and end dates of an older writer's title line (``NAME - du 01/10/2000 au
    18/11/2000``), ``(None, None)`` when there is none or it holds no valid date."""
    for line in lines:
        found = _TITLE_DATES.search(line)
        if found is None:
            continue
        numbers = [int(n) for n in found.groups()]
        try:
            return (
                datetime.date(numbers[2], numbers[1], numbers[0]),
                datetime.date(numbers[5], numbers[4], numbers[3]),
            )
        except ValueError:
            return None, None
    return None, None


def _tournament_name(lines: Sequence[str]) -> str:
    """The tournament's name from the free-text header (spec B3): the ``Tournoi : …`` line; in
    older files the ``NAME - du JJ/MM/AAAA au JJ/MM/AAAA`` line; else the first header line that
    is not a ``Club :`` / ``DT :`` label."""
    name = _header_value(lines, _TOURNAMENT_LINE)
    if name is None:
        name = _header_value(lines, _DATED_TITLE_LINE)
    if name is None:
        name = next(
            (line.strip() for line in lines if line.strip() and not _LABEL_LINE.match(line)),
            "",
        )
    return name


def _header_value(lines: Sequence[str], pattern: re.Pattern[str]) -> str | None:
    for line in lines:
        match = pattern.match(line)
        if match:
            return match.group(1).strip()
    return None


def _first_value(lines: Sequence[str], *patterns: re.Pattern[str]) -> str:
    """The first non-empty value of the header lines matched by ``patterns``, tried in order
    (``match`` for the whole-line labels; ``search`` for ``_TIMING_PART``, a part of a line)."""
    for pattern in patterns:
        for line in lines:
            found = pattern.search(line) if pattern is _TIMING_PART else pattern.match(line)
            if found and found.group(1).strip():
                return found.group(1).strip()
    return ""


def header_arbiter(lines: Sequence[str]) -> str:
    """The person responsible for the file (spec B1: "the arbiter (responsible person)") from
    the free-text header lines: an ``Arbitre : …`` line, else the ``Envoye par : …`` line the
    federation's tools write, else the ``DT : …`` (tournament director) line of the older
    layout; ``""`` when none is there."""
    return _first_value(lines, _ARBITER_LINE, _SENDER_LINE, _DIRECTOR_LINE)


def header_time_control(lines: Sequence[str]) -> str:
    """The time control (spec B1) from the free-text header lines: the ``Tempo : …`` line,
    else a ``Timing: …`` / ``Cadence : …`` part of a line (the older layout writes
    ``Tournoi complet - Simple rondes - 8 joueurs - Timing: 40c/2h, 1h KO``); ``""`` when
    none is there."""
    return _first_value(lines, _TEMPO_LINE, _TIMING_PART)


def system_of_event_code(code: str, *, pairs_meet_twice: bool = False) -> TournamentSystem:
    """The pairing system an event code stands for: ``00`` Swiss; ``1x`` a closed group
    (round robin; double when some pair meets twice); anything else ``OTHER``."""
    if code == "00":
        return TournamentSystem.SWISS
    if code.startswith("1"):
        if pairs_meet_twice:
            return TournamentSystem.DOUBLE_ROUND_ROBIN
        return TournamentSystem.ROUND_ROBIN
    return TournamentSystem.OTHER


def event_code_of_system(system: TournamentSystem) -> str:
    """``11`` for a (single or double) round robin, ``00`` otherwise (spec B3)."""
    return "11" if system.is_round_robin else "00"


def _round_date(text: str, layout: FrbeLayout, code: CodeLine) -> datetime.date | None:
    if not _valid_yymmdd(text) or text == "000000":
        return None
    reference = code.start or code.end
    yy, month, day = int(text[:2]), int(text[2:4]), int(text[4:])
    if reference is None:
        candidates = [(2000 if yy < 70 else 1900) + yy]
    else:
        century = reference.year // 100 * 100
        candidates = [century - 100 + yy, century + yy, century + 100 + yy]
    dates: list[datetime.date] = []
    for year in candidates:
        try:
            dates.append(datetime.date(year, month, day))
        except ValueError:
            continue
    if not dates:
        return None
    anchor = reference or datetime.date(2000, 1, 1)
    date = min(dates, key=lambda d: abs((d - anchor).days))
    if layout is FrbeLayout.OLD_NAME20 and date == _PASCAL_NULL_DATE:
        start, end = code.start, code.end
        if not (start and end and start <= date <= end):
            return None
    return date


def to_tournament(doc: FrbeResultsFile) -> Tournament:
    """The tournament a results file describes (spec B3, B4).

    Games: ``B``/``N`` give White/Black; ``1``–``0`` and ``5``–``5`` are played games
    (``1-0``, ``½-½``, ``0-1``); ``1`` against ``-`` is a forfeit win of the ``1`` side
    (``+/-`` or ``-/+``); ``-`` on both sides a double forfeit (``-/-``). ``0 - -`` is a
    round without a game: ``ByeKind.ABSENT`` (the file carries no points for it). The file has
    no board numbers: games come in the order of their first player line. Players:
    ``name`` as written, ``matricule``/``club`` (``""`` when blank or 0), ``federation`` the
    Nat (``""`` when blank or ``***``), ``rating`` the Elo (``None`` when blank or 0),
    ``fictitious_rating`` when Nat is ``***`` (B4). Rounds carry their dates (``YYMMDD``,
    century from the code line's dates; the ``991230`` null date of the older layout is no
    date). The name is the ``Tournoi : …`` header line (else the first non-blank header line),
    ``chief_arbiter`` the ``Arbitre : …``, ``Envoye par : …`` or ``DT : …`` line
    (:func:`header_arbiter`), ``time_control`` the ``Tempo : …`` line or a ``Timing: …`` part
    of a line (:func:`header_time_control`); the start and end dates the code line's, else
    those of an older title line ``… - du JJ/MM/AAAA au JJ/MM/AAAA`` (:func:`header_dates`).
    Raises :class:`FrbeError` if the document is inconsistent (see
    :func:`check_results_file`).
    """
    problems = check_results_file(doc)
    if problems:
        raise FrbeError(problems)
    players = tuple(
        Player(
            pairing_number=PairingNumber(record.number),
            name=record.name,
            rating=record.elo or None,
            federation="" if record.nat == FICTITIOUS_NAT else record.nat,
            matricule=_nonzero(record.matricule),
            club=_nonzero(record.club),
            fictitious_rating=record.nat == FICTITIOUS_NAT,
        )
        for record in doc.players
    )
    meetings: dict[frozenset[int], int] = {}
    rounds: list[Round] = []
    for index in range(doc.code.rounds):
        games: list[Game] = []
        byes: list[Bye] = []
        cells = {record.number: record.rounds[index] for record in doc.players}
        done: set[int] = set()
        for record in doc.players:  # games in the order of their first player line
            cell = cells[record.number]
            if cell.opponent == 0:
                byes.append(Bye(PairingNumber(record.number), ByeKind.ABSENT))
                continue
            if record.number in done:
                continue
            done.update((record.number, cell.opponent))
            theirs = cells[cell.opponent]
            if cell.colour == WHITE:
                white, black = record.number, cell.opponent
                result = _game_result(cell.result, theirs.result)
            else:
                white, black = cell.opponent, record.number
                result = _game_result(theirs.result, cell.result)
            games.append(Game(PairingNumber(white), PairingNumber(black), result))
            pair = frozenset({white, black})
            meetings[pair] = meetings.get(pair, 0) + 1
        rounds.append(
            Round(
                number=RoundNumber(index + 1),
                games=tuple(games),
                byes=tuple(byes),
                date=_round_date(doc.round_dates[index], doc.layout, doc.code),
            )
        )
    name = _tournament_name(doc.header_lines)
    title_start, title_end = header_dates(doc.header_lines)
    return Tournament(
        name=name,
        players=players,
        rounds=tuple(rounds),
        planned_rounds=doc.code.rounds,
        system=system_of_event_code(
            doc.code.event_code, pairs_meet_twice=any(n > 1 for n in meetings.values())
        ),
        start_date=doc.code.start or title_start,
        end_date=doc.code.end or title_end,
        chief_arbiter=header_arbiter(doc.header_lines),
        time_control=header_time_control(doc.header_lines),
    )


def _nonzero(text: str) -> str:
    return "" if text.strip("0") == "" else text


def _game_result(white: str, black: str) -> GameResult:
    return {
        (WIN, LOSS): GameResult.WHITE_WINS,
        (DRAW, DRAW): GameResult.DRAW,
        (LOSS, WIN): GameResult.BLACK_WINS,
        (WIN, UNPLAYED): GameResult.WHITE_WINS_BY_FORFEIT,
        (UNPLAYED, WIN): GameResult.BLACK_WINS_BY_FORFEIT,
        (UNPLAYED, UNPLAYED): GameResult.DOUBLE_FORFEIT,
    }[(white, black)]


_CELL_RESULTS: Mapping[GameResult, tuple[str, str]] = {
    GameResult.WHITE_WINS: (WIN, LOSS),
    GameResult.DRAW: (DRAW, DRAW),
    GameResult.BLACK_WINS: (LOSS, WIN),
    GameResult.WHITE_WINS_BY_FORFEIT: (WIN, UNPLAYED),
    GameResult.BLACK_WINS_BY_FORFEIT: (UNPLAYED, WIN),
    GameResult.DOUBLE_FORFEIT: (UNPLAYED, UNPLAYED),
}


def from_tournament(
    tournament: Tournament,
    *,
    layout: FrbeLayout = FrbeLayout.CURRENT,
    template: FrbeResultsFile | None = None,
) -> FrbeResultsFile:
    """A results file for ``tournament`` in ``layout`` (spec B3; the inverse of
    :func:`to_tournament`).

    One player line per player in pairing-number order (the N° is the pairing number). Each
    game gives ``B``/``N`` and ``1``/``0``/``5``, forfeits ``1``/``-`` and double forfeits
    ``-``/``-`` (B3: forfeits are not transmitted as games); every bye, absence or round not
    played is ``0 - -``, so bye kinds other than ``ABSENT`` are not kept. Nat is ``***`` for a
    fictitious rating (B4), an unknown rating is Elo 0, an empty matricule or club 0. Names
    are cut to the layout's width (25 characters in the current layout) and characters the
    encoding cannot hold lose their accents (or become ``?``).

    ``template`` (usually the document the tournament was read from) gives the header and
    footer lines, the final newline and, when the event code still means the tournament's
    system, the event code; when it has the same layout it also gives the encoding, line
    ending, code-line lead and column labels. Without a template the header is generated
    (``Tournoi :``, participants and rounds, ``Envoye par :``, ``Date fin de tournoi :``,
    ``Tempo :``) and the layout's defaults apply (current: Latin-1, CR LF, NUL lead,
    ``+W=D-L`` counts). Raises ``ValueError`` for a game without a result and
    :class:`~chessclub.formats.errors.ExportError` naming the rounds or players that do not fit
    the layout: more than 99 rounds (planned or held), more players or a pairing number beyond
    the N° columns (999; 99 in ``OLD_NAME20``) — checked before anything is built.
    """
    spec = layout.spec
    same = template is not None and template.layout is layout
    encoding = template.encoding if template is not None and same else spec.encoding
    n_rounds = _writable_rounds(tournament, spec)
    by_round = {rnd.number: rnd for rnd in tournament.rounds}
    cells: dict[tuple[int, int], RoundCell] = {}
    for rnd in tournament.rounds:
        for game in rnd.games:
            if game.result not in _CELL_RESULTS:
                raise ValueError(
                    f"round {rnd.number}: game {game.white}–{game.black} has no result"
                )
            white, black = _CELL_RESULTS[game.result]
            cells[(game.white, rnd.number)] = RoundCell(game.black, WHITE, white)
            cells[(game.black, rnd.number)] = RoundCell(game.white, BLACK, black)
    records: list[PlayerRecord] = []
    for player in sorted(tournament.players, key=lambda p: p.pairing_number):
        records.append(
            PlayerRecord(
                number=player.pairing_number,
                name=_fit(player.name, encoding)[: spec.name_width].rstrip(),
                matricule=player.matricule or "0",
                club=player.club or "0",
                nat=FICTITIOUS_NAT if player.fictitious_rating else player.federation[:3],
                elo=player.rating if player.rating is not None else 0,
                rounds=tuple(
                    cells.get((player.pairing_number, number), ABSENT_CELL)
                    for number in range(1, n_rounds + 1)
                ),
            )
        )
    round_dates: list[str] = []
    for number in range(1, n_rounds + 1):
        found = by_round.get(RoundNumber(number))
        date = found.date if found is not None else None
        round_dates.append(date.strftime("%y%m%d") if date else spec.null_date)
    known = [r.date for r in tournament.rounds if r.date is not None]
    start = tournament.start_date or (min(known) if known else None)
    end = tournament.end_date or (max(known) if known else None)
    event_code = event_code_of_system(tournament.system)
    if template is not None and system_of_event_code(template.code.event_code).is_round_robin == (
        tournament.system.is_round_robin
    ):
        event_code = template.code.event_code
    trailer = _counts(records) if spec.count_trailer else ""
    code = CodeLine(
        event_code=event_code,
        players=len(records),
        rounds=n_rounds,
        start_date=start.strftime("%Y%m%d") if start else "00000000",
        end_date=end.strftime("%Y%m%d") if end else "00000000",
        trailer=trailer,
        lead=template.code.lead if template is not None and same else spec.code_lead,
    )
    if template is not None:
        header_lines = template.header_lines
        footer_lines = template.footer_lines
        if template.encoding != encoding:
            header_lines = tuple(_fit(line, encoding) for line in header_lines)
            footer_lines = tuple(_fit(line, encoding) for line in footer_lines)
        final_newline = template.final_newline
    else:
        header_lines = _default_header(tournament, len(records), n_rounds, end, encoding)
        footer_lines = ()
        final_newline = True
    return FrbeResultsFile(
        layout=layout,
        header_lines=header_lines,
        code=code,
        column_labels=template.column_labels if template is not None and same else spec.labels,
        round_dates=tuple(round_dates),
        players=tuple(records),
        footer_lines=footer_lines,
        encoding=encoding,
        line_ending=template.line_ending if template is not None and same else spec.line_ending,
        final_newline=final_newline,
    )


def _writable_rounds(tournament: Tournament, spec: _LayoutSpec) -> int:
    """The number of rounds to write, once rounds and players are known to fit ``spec``;
    else :class:`ExportError` naming each round or player that does not."""
    issues: list[str] = []
    if not 0 <= tournament.planned_rounds <= MAX_ROUNDS:
        issues.append(
            f"{tournament.planned_rounds} planned rounds do not fit: a Belgian results file "
            f"holds at most {MAX_ROUNDS} rounds"
        )
    issues.extend(
        f"round {rnd.number} does not fit: a Belgian results file holds at most {MAX_ROUNDS} rounds"
        for rnd in tournament.rounds
        if not 1 <= rnd.number <= MAX_ROUNDS
    )
    most = 10**spec.players_width - 1
    if len(tournament.players) > most:
        issues.append(
            f"{len(tournament.players)} players do not fit: this layout holds at most {most}"
        )
    issues.extend(
        f"player {player.pairing_number} ({player.name}): N° does not fit (1–{most})"
        for player in tournament.players
        if not 1 <= player.pairing_number <= most
    )
    if issues:
        raise ExportError("\n".join(issues))
    return max([tournament.planned_rounds, *(r.number for r in tournament.rounds)])


def _counts(records: Sequence[PlayerRecord]) -> str:
    """``+W=D-L``: wins, draws and losses over the player lines, games played only (the
    federation's writer counts each decisive game once as a win and once as a loss, each draw
    twice)."""
    by_number = {record.number: record for record in records}
    tally = {WIN: 0, DRAW: 0, LOSS: 0}
    for record in records:
        for index, cell in enumerate(record.rounds):
            if cell.opponent == 0 or cell.result == UNPLAYED:
                continue
            theirs = by_number[cell.opponent].rounds[index]
            if theirs.result != UNPLAYED:
                tally[cell.result] += 1
    return f"+{tally[WIN]}={tally[DRAW]}-{tally[LOSS]}"


def _default_header(
    tournament: Tournament,
    players: int,
    rounds: int,
    end: datetime.date | None,
    encoding: str,
) -> tuple[str, ...]:
    lines = (
        f"Tournoi : {tournament.name}",
        f"Nombre de participants : {players} ; {rounds} rondes",
        f"Envoye par : {tournament.chief_arbiter}",
        f"Date fin de tournoi : {end.strftime('%d-%m-%Y') if end else ''}",
        f"Tempo : {tournament.time_control}",
    )
    return tuple(_fit(line, encoding).rstrip() for line in lines)


def _fit(text: str, encoding: str) -> str:
    """``text`` made writable in ``encoding``: control characters become spaces, other
    characters the encoding lacks lose their accents (``ő`` → ``o``, ``Ł`` → ``L``) or become
    ``?``."""
    out: list[str] = []
    for char in text:
        if unicodedata.category(char) == "Cc":
            out.append(" ")
            continue
        for candidate in (char, _strip_accents(char), "?"):
            try:
                candidate.encode(encoding)
            except UnicodeEncodeError:
                continue
            out.append(candidate)
            break
    return "".join(out)


# Letters that Unicode does not decompose into a base letter and an accent.
_PLAIN_LETTERS = str.maketrans(
    {
        "Ł": "L",
        "ł": "l",
        "Ø": "O",
        "ø": "o",
        "Đ": "D",
        "đ": "d",
        "Ħ": "H",
        "ħ": "h",
        "Œ": "OE",
        "œ": "oe",
        "ı": "i",
        "Ŧ": "T",
        "ŧ": "t",
    }
)


def _strip_accents(char: str) -> str:
    char = char.translate(_PLAIN_LETTERS)
    decomposed = unicodedata.normalize("NFKD", char)
    base = "".join(c for c in decomposed if not unicodedata.combining(c))
    return base or "?"


def read_tournament(data: bytes, *, source: str = "") -> Tournament:
    """Read a results file's bytes into a :class:`Tournament` (spec B3): :func:`to_tournament`
    of :func:`read_results_file`. Raises :class:`FrbeError` listing every problem."""
    return to_tournament(read_results_file(data, source=source))


def write_tournament(tournament: Tournament, *, layout: FrbeLayout = FrbeLayout.CURRENT) -> bytes:
    """The results file of ``tournament`` (spec B3), by default in the federation's current
    layout (Latin-1, CR LF, NUL-led code line with ``+W=D-L`` counts). Raises ``ValueError``
    for a game without a result and :class:`~chessclub.formats.errors.ExportError` (a
    ``ValueError`` too, not a :class:`FrbeError`: no input file is at fault) for a tournament
    whose fields do not fit the layout (more than 99 rounds, a matricule of more than 5
    digits…)."""
    return write_results_file(from_tournament(tournament, layout=layout))
