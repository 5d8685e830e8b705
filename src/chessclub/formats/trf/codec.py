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
    """
    text, encoding, bom = _decode(data)
    lines, endings, final_newline = _split_lines(text)
    problems = ProblemLog()  # the first MAX_PROBLEMS by place are listed, the rest counted
    records: list[Record] = []
    unreadable: set[tuple[int, int]] = set()  # (line, round) of cells that could not be read
    controls = has_control(text)
    for number, line in enumerate(lines, start=1):
        record, line_problems = parse_record(line)
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
    _validate(doc, unreadable, problems)
    if problems:
        raise TrfError(problems, source=source)
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


def parse_record(line: str) -> tuple[Record, list[tuple[int, Message]]]:
    """Read one line into its record. Returns the record and problems as ``(column, message)``;
    a line whose known record cannot be read comes back as :class:`RawLine` with problems."""
    tag = line[:3]
    problems: list[tuple[int, Message]]
    if tag == "001":
        player, problems = parse_player(line)
        if player is None:
            return RawLine(line), problems
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
        record = _parse_dates(body, trailing, problems)
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


def _parse_dates(
    body: str, trailing: str, problems: list[tuple[int, Message]]
) -> RoundDatesRecord | None:
    if body[3 : FIRST_CELL_COLUMN - 1].strip():
        problems.append((5, Message(gettext_noop("round dates start at column 92"))))
        return None
    dates: list[datetime.date | None] = []
    start = FIRST_CELL_COLUMN - 1  # slot of round 1: cols 91–100 (date at 92–99, ±1 tolerated)
    while start < len(body):
        slot = body[start : start + CELL_WIDTH].strip()
        column = start + 2
        if not slot:
            dates.append(None)
        else:
            match = _DATE_RE.fullmatch(slot)
            try:
                if match is None:
                    raise ValueError(slot)
                yy, mm, dd = (int(g) for g in match.groups())
                dates.append(datetime.date(2000 + yy if yy < 70 else 1900 + yy, mm, dd))
            except ValueError:
                problems.append(
                    (
                        column,
                        Message(
                            gettext_noop("round date %(value)s is not YY/MM/DD"),
                            {"value": show(slot)},
                        ),
                    )
                )
                return None
        start += CELL_WIDTH
        if len(dates) == MAX_ROUNDS and body[start:].strip():
            rest = body[start:]
            problems.append(
                (
                    start + 1 + len(rest) - len(rest.lstrip()),
                    Message(gettext_noop("more than %(most)s round dates"), {"most": MAX_ROUNDS}),
                )
            )
            return None
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


def _validate(doc: TrfDocument, unreadable: set[tuple[int, int]], problems: ProblemSink) -> None:
    """:func:`validate` into ``problems``, leaving out the round cells ``unreadable`` (line,
    round) that the reading already reported."""
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
            mine: dict[str, str | int] = {
                "round": number,
                "rank": rank,
                "line": line,
                "cell": repr(cell.canonical_text().strip()),
            }
            if {cell.colour, other_cell.colour} != {Colour.WHITE, Colour.BLACK} and not (
                cell.colour is None and other_cell.colour is None
            ):
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
            elif other_cell.result not in OPPOSITE_CODES.get(result, frozenset()):
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
