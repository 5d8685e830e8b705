"""Reading and writing TRF bytes (FIDE TRF-16 with TRF-2026 records), exactly.

``write_trf(read_trf(data)) == data`` for every file :func:`read_trf` accepts.
"""

from __future__ import annotations

import dataclasses
import datetime
import re
from collections import Counter
from collections.abc import Container
from fractions import Fraction

from chessclub.formats.errors import Problem, ProblemLog, ProblemSink, TrfError
from chessclub.formats.limits import (
    DOS_EOF,
    MAX_ROUNDS,
    MAX_TRF_PLAYERS,
    bounded_digits,
    control_message,
    decode_single_byte,
    find_control,
    has_control,
    show,
)
from chessclub.formats.trf.records import (
    BB_TAGS,
    CELL_WIDTH,
    FIRST_CELL_COLUMN,
    OPPOSITE_CODES,
    TEXT_TAGS,
    AccelerationRecord,
    BbRecord,
    ByesRecord,
    InitialColourRecord,
    PlayerRecord,
    ProhibitedRecord,
    RawLine,
    Record,
    ResultCode,
    RoundCell,
    RoundDatesRecord,
    RoundsRecord,
    ScoringRecord,
    TextRecord,
    TrfDocument,
    XxcRecord,
    XxsRecord,
    cell_column,
    parse_player,
    parse_trf_points,
    points_problem,
)
from chessclub.i18n import Message, gettext_noop
from chessclub.model import Colour

_BOM = "\ufeff"
_NEWLINE_RE = re.compile(r"(\r\n|\r|\n)")
_PAIR_RE = re.compile(r"\s*([A-Za-z])\s*(\d+(?:\.\d+)?)")
_XXS_RE = re.compile(r"\s*([A-Za-z]+)=(\d+(?:\.\d+)?)")
_DATE_RE = re.compile(r"(\d\d)/(\d\d)/(\d\d)")


def read_trf(data: bytes, *, source: str = "") -> TrfDocument:
    """Read a Tournament Report File (FIDE TRF-16, TRF-2026 records, JaVaFo/bbp extensions).

    ``data`` is the file's bytes (UTF-8, else Latin-1 — Windows-1252 when bytes 0x80–0x9F
    occur; optional BOM; CR, LF or CR LF line ends,
    mixed or not). ``source`` names the file in error messages.

    Every problem is collected — a non-numeric starting rank, rating, points or rank, a duplicate
    starting rank, a misaligned round cell, an opponent without a player record, a colour not
    ``w``/``b``/``-``/blank, an unknown result code, a game whose two sides disagree (colours
    ``w``/``b`` and codes ``1``/``0``, ``=``/``=``, ``+``/``-``, ``-``/``-``, ``W``/``L``,
    ``D``/``D``), a malformed known tournament record, a number too large for its field (more
    than 99 rounds, a starting rank above 9999, points above 9999.99), a control character
    (C0 but TAB, DEL, C1; TAB too in ``001`` records; a final DOS Ctrl-Z is accepted), a
    ``240`` bye for a round beyond the planned rounds or for a player without a ``001`` record
    — and raised together as
    :class:`~chessclub.formats.errors.TrfError` (1-based line and column): the first
    :data:`~chessclub.formats.errors.MAX_PROBLEMS` by place, ``omitted`` counting the others.
    Nothing partial is returned.

    What deviates from TRF-16 but can be read without doubt is read, and listed in
    :attr:`TrfDocument.warnings <chessclub.formats.trf.TrfDocument.warnings>` (line, column):
    ``132`` round dates in another order or punctuation (``10.09.13``, ``2013-09-10``) or out
    of their columns, a date that cannot be read (left without a date), and ``0000 - =`` (a
    draw without opponent, as old tools write a half-point bye) read as ``H``.
    """
    text, encoding, bom = _decode(data)
    lines, endings, final_newline = _split_lines(text)
    problems = ProblemLog()  # the first MAX_PROBLEMS by place are listed, the rest counted
    records: list[Record] = []
    unreadable: set[tuple[int, int]] = set()  # (line, round) of cells that could not be read
    controls = has_control(text)
    warnings = ProblemLog()
    for number, line in enumerate(lines, start=1):
        line_warnings: list[tuple[int, Message]] = []
        record, line_problems = parse_record(line, warnings=line_warnings)
        for column, message in line_warnings:
            warnings.add(number, column, message)
        if controls:
            index = _find_control(line, last=number == len(lines))
            if index is not None and not line_problems:  # else the field reports it
                line_problems.append((index + 1, control_message(line[index])))
        records.append(record)
        for column, message in line_problems:
            problems.add(number, column, message)
            if column >= FIRST_CELL_COLUMN:
                unreadable.add((number, (column - FIRST_CELL_COLUMN) // CELL_WIDTH + 1))
    counts = Counter(e for e in endings if e)
    newline = counts.most_common(1)[0][0] if counts else "\n"
    uniform = all(e == newline for e in endings[:-1]) and (
        not endings or endings[-1] == (newline if final_newline else "")
    )
    doc = TrfDocument(
        records=records,
        newline=newline,
        final_newline=final_newline,
        encoding=encoding,
        bom=bom,
        line_endings=None if uniform else tuple(endings),
    )
    _validate(doc, unreadable, problems, warnings)
    if problems:
        raise TrfError(problems, source=source)
    doc.warnings = warnings.problems()
    doc.warnings_omitted = warnings.omitted
    doc.checked = tuple(records)
    return doc


def _find_control(line: str, *, last: bool) -> int | None:
    """0-based index of the first control character of ``line`` (C0 but TAB, DEL, C1; TAB too
    in a fixed-column ``001`` record); a DOS Ctrl-Z ending the last line is accepted."""
    if last and line.endswith(DOS_EOF):
        line = line[:-1]
    return find_control(line, allow_tab=not line.startswith("001"))


def write_trf(doc: TrfDocument) -> bytes:
    """Write ``doc`` as bytes in its encoding, line endings and final-newline form.

    Records keep the spelling they were read with while their typed values are unchanged;
    others are written in canonical FIDE TRF-16 / TRF-2026 columns. Raises
    ``UnicodeEncodeError`` if a value cannot be written in ``doc.encoding``.
    """
    count = len(doc.records)
    if doc.line_endings is not None and len(doc.line_endings) == count:
        endings = list(doc.line_endings)
    else:
        endings = [doc.newline] * count
        if count and not doc.final_newline:
            endings[-1] = ""
    text = "".join(render_record(r) + e for r, e in zip(doc.records, endings, strict=True))
    if doc.bom:
        text = _BOM + text
    return text.encode(doc.encoding)


def render_record(record: Record) -> str:
    """One record's line without its line ending; its ``source`` spelling while still valid."""
    source = None if isinstance(record, RawLine) else record.source
    if source is not None:
        parsed, problems = parse_record(source)
        if not problems and type(parsed) is type(record) and parsed == record:
            return source
    return record.render()


def _decode(data: bytes) -> tuple[str, str, bool]:
    try:
        text, encoding = data.decode("utf-8"), "utf-8"
    except UnicodeDecodeError:
        text, encoding = decode_single_byte(data)
    bom = text.startswith(_BOM)
    return (text[1:] if bom else text), encoding, bom


def _split_lines(text: str) -> tuple[list[str], list[str], bool]:
    parts = _NEWLINE_RE.split(text)
    lines = parts[0::2]
    endings = parts[1::2]
    final_newline = bool(endings) and lines[-1] == ""
    if lines[-1] == "":
        lines.pop()
    else:
        endings.append("")
    return lines, endings, final_newline


# --------------------------------------------------------------------------------------------
# One line


def parse_record(
    line: str, *, warnings: list[tuple[int, Message]] | None = None
) -> tuple[Record, list[tuple[int, Message]]]:
    """Read one line into its record. Returns the record and problems as ``(column, message)``;
    a line whose known record cannot be read comes back as :class:`RawLine` with problems.
    ``warnings`` receives, as ``(column, message)``, what was read while it deviates from
    TRF-16 (round dates of ``132``)."""
    tag = line[:3]
    problems: list[tuple[int, Message]]
    if tag == "001":
        player, problems = parse_player(line)
        if player is None:
            return RawLine(line), problems
        if not problems and not player.spelling and all(c.text is None for c in player.cells):
            # Every field and cell in its canonical spelling, the blank columns blank: the
            # record renders as the line (its trailing spaces kept), no source to keep.
            return player, problems
        return _with_source(player, line), problems
    if len(line) > 3 and line[3] != " ":
        return RawLine(line), []
    body = line.rstrip(" ")
    trailing = line[len(body) :]
    value = body[4:]
    problems = []
    record: Record | None = None
    if tag in TEXT_TAGS:
        record = TextRecord(tag, value, trailing)
    elif tag in ("142", "XXR"):
        stripped = value.strip()
        if not (stripped.isdigit() and stripped.isascii()):
            problems.append(
                (
                    5,
                    Message(
                        gettext_noop("number of rounds %(value)s is not a number"),
                        {"value": show(stripped)},
                    ),
                )
            )
        else:
            rounds = bounded_digits(stripped, MAX_ROUNDS)
            if rounds is None:
                problems.append(
                    (
                        5,
                        Message(
                            gettext_noop(
                                "number of rounds %(value)s: number too large (at most %(most)s)"
                            ),
                            {"value": show(stripped), "most": MAX_ROUNDS},
                        ),
                    )
                )
            else:
                record = RoundsRecord(tag, rounds, trailing)
    elif tag == "132":
        record = _parse_dates(body, trailing, problems, [] if warnings is None else warnings)
    elif tag == "152":
        letter = value.strip().upper()
        if letter in ("W", "B"):
            record = InitialColourRecord(Colour(letter.lower()), trailing)
        else:
            problems.append(
                (
                    5,
                    Message(
                        gettext_noop("initial colour %(value)s is not W or B"),
                        {"value": show(value.strip())},
                    ),
                )
            )
    elif tag == "XXC":
        record = XxcRecord(tuple(value.split()), trailing)
    elif tag == "162":
        pairs = _parse_pairs(_PAIR_RE, value, 5, problems)
        if pairs is not None:
            record = ScoringRecord(tuple((s.upper(), p) for s, p in pairs), trailing)
    elif tag == "XXS":
        pairs = _parse_pairs(_XXS_RE, value, 5, problems)
        if pairs is not None:
            record = XxsRecord(tuple((s.upper(), p) for s, p in pairs), trailing)
    elif tag in BB_TAGS:
        try:
            points = parse_trf_points(value)
        except ValueError:
            points = None
        if points is None:
            problems.append((5, points_problem(value.strip())))
        else:
            record = BbRecord(tag, points, trailing)
    elif tag == "240":
        record = _parse_byes(body, trailing, problems)
    elif tag == "250":
        record = _parse_acceleration(body, trailing, problems)
    elif tag == "260":
        record = _parse_prohibited(body, trailing, problems)
    if record is None:
        return RawLine(line), problems
    return _with_source(record, line), problems


def _with_source(record: Record, line: str) -> Record:
    if isinstance(record, RawLine) or record.render() == line:
        return record
    return dataclasses.replace(record, source=line)


_MAX_PAIRS = 26  # one per letter: 162 knows 6 symbols, XXS 14 codes


def _parse_pairs(
    pattern: re.Pattern[str], value: str, column: int, problems: list[tuple[int, Message]]
) -> list[tuple[str, Fraction]] | None:
    pairs: list[tuple[str, Fraction]] = []
    position = 0
    while position < len(value):
        if len(pairs) == _MAX_PAIRS and value[position:].strip():
            rest = value[position:]
            lead = len(rest) - len(rest.lstrip())
            problems.append(
                (
                    column + position + lead,
                    Message(gettext_noop("more than %(most)s values"), {"most": _MAX_PAIRS}),
                )
            )
            return None
        match = pattern.match(value, position)
        if match is None:
            if value[position:].strip():
                problems.append(
                    (
                        column + position,
                        Message(
                            gettext_noop("cannot read %(text)s"),
                            {"text": show(value[position:].strip())},
                        ),
                    )
                )
                return None
            break
        number = match.group(2)
        try:
            points = parse_trf_points(number)
        except ValueError:
            points = None
        if points is None:
            problems.append((column + match.start(2), points_problem(number, match.group(1))))
            return None
        pairs.append((match.group(1), points))
        position = match.end()
    return pairs


_DATE_TOKEN_RE = re.compile(r"(\d{1,4})([./-])(\d{1,2})\2(\d{1,4})")
#: Orders of a date's three numbers: (year, month, day) positions.
_ORDERS: dict[str, tuple[int, int, int]] = {
    "YY/MM/DD": (0, 1, 2),
    "DD/MM/YY": (2, 1, 0),
    "MM/DD/YY": (2, 0, 1),
}


#: The warning of ``132`` dates read in another order than TRF-16's, by order: the order in
#: words, whatever the year's digits and the punctuation (``2013-09-10``: year, month, day).
_READ_AS: dict[str, str] = {
    "YY/MM/DD": gettext_noop(
        "round dates are not written YY/MM/DD: read as year, month, day (round %(round)s: "
        "%(value)s = %(date)s)"
    ),
    "DD/MM/YY": gettext_noop(
        "round dates are not written YY/MM/DD: read as day, month, year (round %(round)s: "
        "%(value)s = %(date)s)"
    ),
    "MM/DD/YY": gettext_noop(
        "round dates are not written YY/MM/DD: read as month, day, year (round %(round)s: "
        "%(value)s = %(date)s)"
    ),
}


def _date_in(parts: tuple[str, str, str], order: tuple[int, int, int]) -> datetime.date | None:
    year_text, month_text, day_text = (parts[i] for i in order)
    if len(month_text) > 2 or len(day_text) > 2 or len(year_text) == 3:
        return None
    year = int(year_text)
    if len(year_text) <= 2:
        year += 2000 if year < 70 else 1900
    try:
        return datetime.date(year, int(month_text), int(day_text))
    except ValueError:
        return None


def _date_reading(tokens: list[str]) -> tuple[str, list[datetime.date | None]]:
    """The order (a key of :data:`_ORDERS`) in which the date ``tokens`` of one ``132`` line
    read best, and the dates read (``None`` for a token no order reads).

    TRF-16's ``YY/MM/DD`` wins whenever it reads every token; otherwise the order that reads
    the most tokens, then spans the fewest days (rounds are days or weeks apart, not years),
    then the one usual for the punctuation (``.`` and ``-``: day first; ``/``: year first).
    """
    parts = [m.groups() if (m := _DATE_TOKEN_RE.fullmatch(t)) else None for t in tokens]
    readings: dict[str, list[datetime.date | None]] = {
        name: [_date_in((p[0], p[2], p[3]), order) if p else None for p in parts]
        for name, order in _ORDERS.items()
    }
    canonical = readings["YY/MM/DD"]
    if all(d is not None for d in canonical) and all(
        p is not None and p[1] == "/" and len(t) == 8 for p, t in zip(parts, tokens, strict=True)
    ):
        return "YY/MM/DD", canonical
    day_first = any(p is not None and p[1] in ".-" for p in parts)
    preference = ["DD/MM/YY", "YY/MM/DD", "MM/DD/YY"] if day_first else list(_ORDERS)

    def key(name: str) -> tuple[int, int, int]:
        dates = [d for d in readings[name] if d is not None]
        span = (max(dates) - min(dates)).days if dates else 0
        return (-len(dates), span, preference.index(name))

    best = min(_ORDERS, key=key)
    return best, readings[best]


def _parse_dates(
    body: str,
    trailing: str,
    problems: list[tuple[int, Message]],
    warnings: list[tuple[int, Message]],
) -> RoundDatesRecord | None:
    """Record ``132``: ``YY/MM/DD`` at cols 92–99, 102–109, … (±1 column tolerated).

    Old and foreign files are read, with a warning (``warnings``), never refused: dates in
    another order or punctuation (``10.09.13``, ``2013-09-10``, ``10/09/2013``), dates not in
    their columns (read in the order written), a token that is no date (that round is left
    without a date). Only more than 99 dates is a problem.
    """
    found = [(m.start(), m.group()) for m in re.finditer(r"\S+", body[3:])]
    found = [(start + 3, token) for start, token in found]
    base = FIRST_CELL_COLUMN - 1  # 0-based start of round 1's slot (cols 91–100)
    slots = [(start - base) // CELL_WIDTH if start >= base else -1 for start, _ in found]
    in_columns = all(
        slot >= 0 and start + len(token) <= base + CELL_WIDTH * (slot + 1)
        for slot, (start, token) in zip(slots, found, strict=True)
    ) and len(set(slots)) == len(slots)
    if not in_columns:
        slots = list(range(len(found)))
        if found:
            warnings.append(
                (
                    found[0][0] + 1,
                    Message(
                        gettext_noop(
                            "round dates are not in their columns (92, 102, …): read in the "
                            "order written"
                        )
                    ),
                )
            )
    if slots and max(slots) >= MAX_ROUNDS:
        index = next(i for i, slot in enumerate(slots) if slot >= MAX_ROUNDS)
        problems.append(
            (
                found[index][0] + 1,
                Message(gettext_noop("more than %(most)s round dates"), {"most": MAX_ROUNDS}),
            )
        )
        return None
    order, read = _date_reading([token for _, token in found])
    dates: list[datetime.date | None] = [None] * (max(slots) + 1 if slots else 0)
    deviating: list[int] = []
    for slot, (start, token), date in zip(slots, found, read, strict=True):
        dates[slot] = date
        if date is None:
            warnings.append(
                (
                    start + 1,
                    Message(
                        gettext_noop(
                            "round %(round)s: date %(value)s cannot be read: the round is left "
                            "without a date"
                        ),
                        {"round": slot + 1, "value": show(token)},
                    ),
                )
            )
        elif not (order == "YY/MM/DD" and _DATE_RE.fullmatch(token)):
            deviating.append(slot)
    if deviating:
        first = deviating[0]
        warnings.append(
            (
                found[slots.index(first)][0] + 1,
                Message(
                    _READ_AS[order],
                    {
                        "round": first + 1,
                        "value": show(found[slots.index(first)][1]),
                        "date": f"{dates[first]:%Y-%m-%d}",
                    },
                ),
            )
        )
    return RoundDatesRecord(tuple(dates), trailing)


def _starting_ranks(body: str, first: int, problems: list[tuple[int, Message]]) -> list[int] | None:
    numbers: list[int] = []
    for match in re.finditer(r"\S+", body[first - 1 :]):
        token = match.group()
        column = first + match.start()
        if len(numbers) == MAX_TRF_PLAYERS:
            problems.append(
                (
                    column,
                    Message(
                        gettext_noop("more than %(most)s starting ranks"), {"most": MAX_TRF_PLAYERS}
                    ),
                )
            )
            return None
        if not (token.isdigit() and token.isascii()):
            problems.append((column, Message(_STARTING_RANK_NOT_A_NUMBER, {"value": show(token)})))
            return None
        value = bounded_digits(token, MAX_TRF_PLAYERS)
        if value is None:
            problems.append(
                (
                    column,
                    Message(
                        gettext_noop(
                            "starting rank %(value)s: number too large (at most %(most)s)"
                        ),
                        {"value": show(token), "most": MAX_TRF_PLAYERS},
                    ),
                )
            )
            return None
        if value == 0:
            problems.append(
                (
                    column,
                    Message(
                        gettext_noop("starting rank 0 is not valid (1–%(most)s)"),
                        {"most": MAX_TRF_PLAYERS},
                    ),
                )
            )
            return None
        numbers.append(value)
    return numbers


_STARTING_RANK_NOT_A_NUMBER = gettext_noop("starting rank %(value)s is not a number")
_ROUND_NOT_A_NUMBER = gettext_noop("round %(value)s is not a number")


def _field_int(
    body: str, first: int, last: int, problems: list[tuple[int, Message]], not_a_number: str
) -> int | None:
    text = body[first - 1 : last].strip()
    if not (text.isdigit() and text.isascii()):
        problems.append((first, Message(not_a_number, {"value": repr(text)})))
        return None
    return int(text)


def _parse_byes(body: str, trailing: str, problems: list[tuple[int, Message]]) -> ByesRecord | None:
    kind = body[4:5].upper()
    if kind not in ("F", "H", "Z"):
        problems.append(
            (5, Message(gettext_noop("bye type %(value)s is not F, H or Z"), {"value": repr(kind)}))
        )
        return None
    rnd = _field_int(body, 7, 9, problems, _ROUND_NOT_A_NUMBER)
    players = _starting_ranks(body, 10, problems)
    if rnd is None or players is None:
        return None
    return ByesRecord(kind, rnd, tuple(players), trailing)


def _parse_acceleration(
    body: str, trailing: str, problems: list[tuple[int, Message]]
) -> AccelerationRecord | None:
    points = []
    for first, last in ((5, 8), (10, 13)):
        try:
            points.append(parse_trf_points(body[first - 1 : last]))
        except ValueError:
            problems.append((first, points_problem(body[first - 1 : last].strip())))
            return None
    ints = [
        _field_int(body, first, last, problems, what)
        for first, last, what in (
            (15, 17, _ROUND_NOT_A_NUMBER),
            (19, 21, _ROUND_NOT_A_NUMBER),
            (23, 26, _STARTING_RANK_NOT_A_NUMBER),
            (28, 31, _STARTING_RANK_NOT_A_NUMBER),
        )
    ]
    if any(i is None for i in ints) or body[31:].strip():
        if body[31:].strip():
            problems.append((32, Message(gettext_noop("unexpected text after column 31"))))
        return None
    r1, r2, p1, p2 = (int(i or 0) for i in ints)
    return AccelerationRecord(points[0], points[1], r1, r2, p1, p2, trailing)


def _parse_prohibited(
    body: str, trailing: str, problems: list[tuple[int, Message]]
) -> ProhibitedRecord | None:
    first = _field_int(body, 5, 7, problems, _ROUND_NOT_A_NUMBER)
    last = _field_int(body, 9, 11, problems, _ROUND_NOT_A_NUMBER)
    players = _starting_ranks(body, 12, problems)
    if first is None or last is None or players is None:
        return None
    return ProhibitedRecord(first, last, tuple(players), trailing)


# --------------------------------------------------------------------------------------------
# The whole document


def validate(doc: TrfDocument) -> list[Problem]:
    """Cross-record checks of FIDE TRF-16 player records; line = record position (1-based).

    Duplicate starting ranks; every opponent has a player record; a cell with an opponent is a
    game (code ``1 = 0 W D L + -`` or blank, colour ``w``/``b``, or ``-`` for a forfeit) and its
    opponent's cell shows this player with the opposite colour and the matching code; a cell
    without opponent is a bye (``H F U Z``), an unplayed ``+``/``-`` or blank, without colour.
    Requests of TRF-2026 records ``240`` (byes) and ``260`` (prohibited pairings) name rounds
    from 1 to the planned rounds (``142``, else ``XXR``, else at most 99) and, in an individual
    tournament, starting ranks that have a player record (in a team tournament they name teams).
    """
    problems: list[Problem] = []
    _validate(doc, set(), problems)
    return problems


def check_document(doc: TrfDocument) -> tuple[list[Problem], list[Problem]]:
    """:func:`validate`'s problems, and the warnings of what it accepts while it deviates
    (``0000 - =`` cells read as half-point byes)."""
    problems: list[Problem] = []
    warnings: list[Problem] = []
    _validate(doc, set(), problems, warnings)
    return problems, warnings


def _validate(
    doc: TrfDocument,
    unreadable: set[tuple[int, int]],
    problems: ProblemSink,
    warnings: ProblemSink | None = None,
) -> None:
    """:func:`validate` into ``problems``, leaving out the round cells ``unreadable`` (line,
    round) that the reading already reported; what is accepted with a warning (a ``0000 - =``
    cell, :func:`is_half_point_draw`) goes to ``warnings``."""
    where: dict[int, tuple[int, PlayerRecord]] = {}
    for index, record in enumerate(doc.records):
        if not isinstance(record, PlayerRecord):
            continue
        line = index + 1
        if record.starting_rank in where:
            first_line = where[record.starting_rank][0]
            problems.append(
                Problem(
                    line,
                    5,
                    gettext_noop("starting rank %(rank)s already used on line %(line)s"),
                    {"rank": record.starting_rank, "line": first_line},
                )
            )
            continue
        where[record.starting_rank] = (line, record)
    for problem in _check_requests(doc, where):
        problems.append(problem)
    for rank, (line, record) in where.items():
        for number, cell in enumerate(record.cells, start=1):
            if (line, number) in unreadable:
                continue  # already reported; its partner is not checked against it either
            result = cell.result
            if cell.opponent is None:
                if is_half_point_draw(cell):
                    if warnings is not None:
                        warnings.append(
                            Problem(
                                line,
                                cell_column(number, 8),
                                gettext_noop(
                                    "round %(round)s: a draw without opponent (0000 - =) is read "
                                    "as a half-point bye (H)"
                                ),
                                {"round": number},
                            )
                        )
                    continue
                if result.is_played:
                    problems.append(
                        Problem(
                            line,
                            cell_column(number, 8),
                            gettext_noop("round %(round)s: result %(result)s needs an opponent"),
                            {"round": number, "result": repr(result.value)},
                        )
                    )
                if cell.colour is not None:
                    problems.append(
                        Problem(
                            line,
                            cell_column(number, 6),
                            gettext_noop("round %(round)s: a colour needs an opponent"),
                            {"round": number},
                        )
                    )
                continue
            if cell.opponent == rank:
                problems.append(
                    Problem(
                        line,
                        cell_column(number),
                        gettext_noop("round %(round)s: player %(rank)s is paired with themself"),
                        {"round": number, "rank": rank},
                    )
                )
                continue
            if result.is_bye:
                problems.append(
                    Problem(
                        line,
                        cell_column(number, 8),
                        gettext_noop("round %(round)s: bye %(result)s cannot have an opponent"),
                        {"round": number, "result": repr(result.value)},
                    )
                )
                continue
            if cell.colour is None and result not in (
                ResultCode.FORFEIT_WIN,
                ResultCode.FORFEIT_LOSS,
            ):
                problems.append(
                    Problem(
                        line,
                        cell_column(number, 6),
                        gettext_noop("round %(round)s: a game needs colour w or b"),
                        {"round": number},
                    )
                )
                continue
            other = where.get(cell.opponent)
            if other is None:
                problems.append(
                    Problem(
                        line,
                        cell_column(number),
                        gettext_noop("round %(round)s: opponent %(opponent)s has no player record"),
                        {"round": number, "opponent": cell.opponent},
                    )
                )
                continue
            other_line, other_record = other
            if (other_line, number) in unreadable:
                continue
            other_cell = other_record.cell(number)
            if other_cell is None or other_cell.opponent != rank:
                params: dict[str, str | int] = {
                    "round": number,
                    "opponent": cell.opponent,
                    "line": other_line,
                    "rank": rank,
                }
                if other_cell is None:
                    template = gettext_noop(
                        "round %(round)s: opponent %(opponent)s (line %(line)s) shows nothing, "
                        "not player %(rank)s"
                    )
                elif other_cell.opponent:
                    template = gettext_noop(
                        "round %(round)s: opponent %(opponent)s (line %(line)s) shows opponent "
                        "%(other)s, not player %(rank)s"
                    )
                    params["other"] = other_cell.opponent
                else:
                    template = gettext_noop(
                        "round %(round)s: opponent %(opponent)s (line %(line)s) shows no opponent, "
                        "not player %(rank)s"
                    )
                problems.append(Problem(line, cell_column(number), template, params))
                continue
            if other_line < line:
                continue  # the pair was checked from the other side
            colour, other_colour = cell.colour, other_cell.colour
            colours_agree = (
                (colour is Colour.WHITE and other_colour is Colour.BLACK)
                or (colour is Colour.BLACK and other_colour is Colour.WHITE)
                or (colour is None and other_colour is None)
            )
            results_agree = other_cell.result in OPPOSITE_CODES.get(result, frozenset())
            if colours_agree and results_agree:
                continue
            mine: dict[str, str | int] = {
                "round": number,
                "rank": rank,
                "line": line,
                "cell": repr(cell.canonical_text().strip()),
            }
            if not colours_agree:
                problems.append(
                    Problem(
                        other_line,
                        cell_column(number, 6),
                        gettext_noop(
                            "round %(round)s: colour disagrees: player %(rank)s (line %(line)s) "
                            "shows %(cell)s"
                        ),
                        mine,
                    )
                )
            else:
                problems.append(
                    Problem(
                        other_line,
                        cell_column(number, 8),
                        gettext_noop(
                            "round %(round)s: result disagrees: player %(rank)s (line %(line)s) "
                            "shows %(cell)s"
                        ),
                        mine,
                    )
                )


def is_half_point_draw(cell: RoundCell) -> bool:
    """Whether ``cell`` is ``0000 - =``: a draw without opponent nor colour, which old tools
    write for a half-point bye (as ``0000 - +`` for a full-point one); read as ``H``."""
    return cell.opponent is None and cell.colour is None and cell.result is ResultCode.DRAW


_TEAM_TAGS = frozenset({"013", "310"})


def _check_requests(doc: TrfDocument, players: Container[int]) -> list[Problem]:
    """Rounds and starting ranks named by ``240`` and ``260`` records (see :func:`validate`)."""
    found: dict[str, int] = {}
    teams = False
    for record in doc.records:
        if isinstance(record, RoundsRecord):
            found.setdefault(record.tag, record.rounds)
        elif isinstance(record, RawLine) and record.tag in _TEAM_TAGS:
            teams = True
    planned = found.get("142", found.get("XXR")) or None
    problems: list[Problem] = []
    for index, record in enumerate(doc.records):
        line = index + 1
        rounds: tuple[tuple[int, int], ...]
        if isinstance(record, ByesRecord):
            rounds = ((7, record.round),)
            ranks, first = record.players, 10
        elif isinstance(record, ProhibitedRecord):
            rounds = ((5, record.first_round), (9, record.last_round))
            ranks, first = record.players, 12
        else:
            continue
        for column, number in rounds:
            message = _round_problem(number, planned)
            if message is not None:
                problems.append(Problem(line, column, message))
        if teams:
            continue
        text = record.source if record.source is not None else record.render()
        tokens = re.finditer(r"\S+", text[first - 1 :])
        for rank, token in zip(ranks, tokens, strict=False):
            if rank not in players:
                problems.append(
                    Problem(
                        line,
                        first + token.start(),
                        gettext_noop("starting rank %(rank)s has no player record"),
                        {"rank": rank},
                    )
                )
    return problems


def _round_problem(number: int, planned: int | None) -> Message | None:
    if number == 0:
        return Message(gettext_noop("round 0 is not valid (rounds start at 1)"))
    if planned is not None and number > planned:
        return Message(
            gettext_noop("round %(round)s is beyond the %(planned)s planned rounds"),
            {"round": number, "planned": planned},
        )
    if number > MAX_ROUNDS:
        return Message(
            gettext_noop("round %(round)s is beyond the %(most)s rounds a tournament may have"),
            {"round": number, "most": MAX_ROUNDS},
        )
    return None
