"""The rules of a results file document (spec B3): :func:`check_results_file`, and the pairing
rules (reciprocal opponents, colours and results) the reader applies to the lines it reads."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from chessclub.formats.errors import Problem, ProblemSink
from chessclub.formats.frbe.layout import (
    _COLOURS,
    _COUNTERPART,
    _RESULTS,
    CLUB_WIDTH,
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
from chessclub.formats.frbe.records import FrbeResultsFile, PlayerRecord, RoundCell
from chessclub.formats.limits import DOS_EOF, MAX_ROUNDS, control_message, find_control
from chessclub.i18n import gettext_noop

_ANNOUNCES = gettext_noop(
    "the code line announces %(announced)s players, the file has %(found)s player lines"
)


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
                gettext_noop("event code %(code)s is not 2 digits"),
                {"code": repr(code.event_code)},
            )
        )
    if not 0 <= code.players < 10**spec.players_width:
        out.append(
            Problem(
                code_lineno,
                col + 2,
                gettext_noop("%(players)s players do not fit"),
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
                gettext_noop("%(rounds)s rounds do not fit (at most %(most)s)"),
                {"rounds": code.rounds, "most": MAX_ROUNDS},
            )
        )
    for template, text, offset in (
        (gettext_noop("start date %(value)s is not YYYYMMDD"), code.start_date, 4),
        (gettext_noop("end date %(value)s is not YYYYMMDD"), code.end_date, 12),
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
                gettext_noop("%(dates)s round dates for %(rounds)s rounds"),
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
                    gettext_noop("date %(value)s is not YYMMDD"),
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
                    gettext_noop("%(char)s cannot be written in %(encoding)s"),
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
            gettext_noop("N° %(number)s is not valid: players are numbered from 1"),
            number=player.number,
        )
    elif player.number >= 10**spec.number_width:
        report(
            1,
            gettext_noop("N° %(number)s does not fit %(width)s columns"),
            number=player.number,
            width=spec.number_width,
        )
    room = spec.matricule_col - spec.name_col
    if len(player.name) > room:
        report(spec.name_col, gettext_noop("name longer than %(room)s characters"), room=room)
    _check_text(player.name, lineno, encoding, out)
    for template, value, col, width in (
        (
            gettext_noop("matricule %(value)s is not a number of at most %(width)s digits"),
            player.matricule,
            spec.matricule_col,
            MATRICULE_WIDTH,
        ),
        (
            gettext_noop("club %(value)s is not a number of at most %(width)s digits"),
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
            gettext_noop("Nat %(value)s is not a country code or '***'"),
            value=repr(nat),
        )
    if player.elo is not None and not 0 <= player.elo <= 9999:
        report(spec.elo_col, gettext_noop("Elo %(elo)s does not fit 4 digits"), elo=player.elo)
    if len(player.rounds) != rounds:
        report(
            0,
            gettext_noop("%(count)s rounds, the code line says %(rounds)s"),
            count=len(player.rounds),
            rounds=rounds,
        )
    cells: dict[int, RoundCell] = {}
    for index, cell in enumerate(player.rounds):
        ok = True
        if not 0 <= cell.opponent < 10**spec.opponent_width:
            report(
                spec.opponent_col(index),
                gettext_noop("opponent %(opponent)s does not fit"),
                opponent=cell.opponent,
            )
            ok = False
        if cell.colour not in _COLOURS or (cell.colour == NO_COLOUR) != (cell.opponent == 0):
            report(
                spec.colour_col(index),
                gettext_noop("round %(round)s: colour %(colour)s"),
                round=index + 1,
                colour=repr(cell.colour),
            )
            ok = False
        if cell.result not in _RESULTS or (cell.opponent == 0 and cell.result != UNPLAYED):
            report(
                spec.result_col(index),
                gettext_noop("round %(round)s: result %(result)s"),
                round=index + 1,
                result=repr(cell.result),
            )
            ok = False
        if ok:
            cells[index] = cell
    return _RawPlayer(lineno=lineno, number=player.number, cells=cells)


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
                    gettext_noop("N° %(number)s already used on line %(line)s"),
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
                        gettext_noop("round %(round)s: plays against itself"),
                        {"round": round_no},
                    )
                )
                continue
            other = by_number.get(cell.opponent)
            if other is None:
                params: dict[str, str | int] = {"round": round_no, "opponent": cell.opponent}
                if numbers:
                    template = gettext_noop(
                        "round %(round)s: opponent %(opponent)s does not exist "
                        "(players %(first)s–%(last)s)"
                    )
                    params.update(first=numbers[0], last=numbers[-1])
                else:
                    template = gettext_noop(
                        "round %(round)s: opponent %(opponent)s does not exist (players none)"
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
                        "round %(round)s: opponent %(opponent)s is paired with %(other)s, "
                        "not with %(number)s"
                    )
                    params["other"] = theirs.opponent
                else:
                    template = gettext_noop(
                        "round %(round)s: opponent %(opponent)s is paired with nobody, "
                        "not with %(number)s"
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
                            "round %(round)s: players %(other)s and %(number)s both have "
                            "colour %(colour)s"
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
                        "round %(round)s: result %(result)s does not match result %(theirs)s "
                        "of player %(other)s (expected %(expected)s)"
                    )
                else:
                    template = gettext_noop(
                        "round %(round)s: result %(result)s does not match result %(theirs)s "
                        "of player %(other)s (expected %(expected)s or %(alternative)s)"
                    )
                    params["alternative"] = allowed[1]
                out.append(Problem(raw.lineno, spec.result_col(index), template, params))


def _sorted(problems: list[Problem]) -> list[Problem]:
    return sorted(problems, key=lambda p: (p.line, p.column))
