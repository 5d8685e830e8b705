"""Reading a results file (spec B3): bytes →
:class:`~chessclub.formats.frbe.records.FrbeResultsFile`, every problem with its 1-based line and
column."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Protocol

from chessclub.formats.errors import FrbeError, Problem, ProblemLog, ProblemSink
from chessclub.formats.frbe.checks import _ANNOUNCES, _check_pairings, _RawPlayer
from chessclub.formats.frbe.layout import (
    _COLOURS,
    _LAYOUT_BY_MATR_COL,
    _RESULTS,
    CLUB_WIDTH,
    DATE_WIDTH,
    ELO_WIDTH,
    FICTITIOUS_NAT,
    MATRICULE_WIDTH,
    NAT_WIDTH,
    NO_COLOUR,
    UNPLAYED,
    _is_digits,
    _LayoutSpec,
    _valid_yymmdd,
    _valid_yyyymmdd,
)
from chessclub.formats.frbe.records import CodeLine, FrbeResultsFile, PlayerRecord, RoundCell
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
                    gettext_noop("line ends with %(found)s, the file uses %(expected)s"),
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
                    "'Matr.' at column %(column)s matches no known layout (columns %(known)s)"
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


@dataclass(frozen=True, slots=True)
class _CodeField:
    """The messages about one field of the code line (one template per field: translators
    see whole sentences)."""

    truncated: str
    not_digits: str
    not_a_date: str = ""


_EVENT_CODE = _CodeField(
    gettext_noop("code line truncated: no event code (col %(column)s)"),
    gettext_noop("code line: event code must be digits, not %(value)s"),
)
_NUMBER_OF_PLAYERS = _CodeField(
    gettext_noop("code line truncated: no number of players (col %(column)s)"),
    gettext_noop("code line: number of players must be digits, not %(value)s"),
)
_NUMBER_OF_ROUNDS = _CodeField(
    gettext_noop("code line truncated: no number of rounds (col %(column)s)"),
    gettext_noop("code line: number of rounds must be digits, not %(value)s"),
)
_START_DATE = _CodeField(
    gettext_noop("code line truncated: no start date (col %(column)s)"),
    gettext_noop("code line: start date must be digits, not %(value)s"),
    gettext_noop("code line: start date %(value)s is not YYYYMMDD"),
)
_END_DATE = _CodeField(
    gettext_noop("code line truncated: no end date (col %(column)s)"),
    gettext_noop("code line: end date must be digits, not %(value)s"),
    gettext_noop("code line: end date %(value)s is not YYYYMMDD"),
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
                    gettext_noop("unexpected text %(text)s"),
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
                    gettext_noop("round %(round)s: date %(value)s is not YYMMDD"),
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
                gettext_noop("unexpected text %(text)s after the %(rounds)s round dates"),
                {"text": show(rest.strip()), "rounds": rounds},
            )
        )
    return labels, tuple(dates)


def _lead(text: str) -> int:
    return len(text) - len(text.lstrip())


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
            report(
                col, gettext_noop("expected a space, found %(found)s"), found=repr(line[col - 1])
            )

    expected = spec.line_length(rounds)
    if len(line) < expected:
        report(
            len(line) + 1,
            gettext_noop(
                "line truncated at column %(length)s: %(rounds)s rounds need %(expected)s columns"
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
        report(1, gettext_noop("N° must be a number, not %(value)s"), value=repr(number))
    elif int(number) == 0:
        report(1 + _lead(line), gettext_noop("N° 0 is not valid: players are numbered from 1"))
    else:
        raw.number = int(number)
    space(spec.name_col - 1)
    raw.name = line[spec.name_col - 1 : spec.matricule_col - 1].rstrip()

    for what, not_a_number, col, width in (
        (
            "matricule",
            gettext_noop("matricule must be a number, not %(value)s"),
            spec.matricule_col,
            MATRICULE_WIDTH,
        ),
        ("club", gettext_noop("club must be a number, not %(value)s"), spec.club_col, CLUB_WIDTH),
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
                gettext_noop("Nat must be a country code or '***', not %(value)s"),
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
            report(
                spec.elo_col, gettext_noop("Elo must be a number, not %(value)s"), value=repr(elo)
            )

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
    colour_col = opp_col + spec.opponent_width + 1  # spec.colour_col(index)
    result_col = colour_col + 2  # spec.result_col(index)
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
            gettext_noop("round %(round)s: opponent must be a number, not %(value)s"),
            round=round_no,
            value=repr(opp_text),
        )
        ok = False
    colour = line[colour_col - 1]
    if colour not in _COLOURS:
        report(
            colour_col,
            gettext_noop("round %(round)s: colour must be B, N or -, not %(value)s"),
            round=round_no,
            value=repr(colour),
        )
        ok = False
    result = line[result_col - 1]
    if result not in _RESULTS:
        report(
            result_col,
            gettext_noop("round %(round)s: result must be 1, 0, 5 or -, not %(value)s"),
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
            gettext_noop("round %(round)s: no opponent (0) but colour %(colour)s"),
            round=round_no,
            colour=repr(colour),
        )
        ok = False
    if opponent == 0 and result != UNPLAYED:
        report(
            result_col,
            gettext_noop("round %(round)s: no opponent (0) but result %(result)s"),
            round=round_no,
            result=repr(result),
        )
        ok = False
    if opponent != 0 and colour == NO_COLOUR:
        report(
            colour_col,
            gettext_noop("round %(round)s: opponent %(opponent)s needs colour B or N"),
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
