"""The Belgian federation's player list ``PLAYER`` (spec ``frbe.md`` B3, used by B1, B4, B5).

``PLAYER.DBF`` is a dBase III table; B3 names the fields the app uses:

==============  ======  ==========================================================
field           type    record attribute
==============  ======  ==========================================================
MATRICULE       N6      :attr:`FrbePlayer.matricule` (federation number, > 0)
NOM_PRENOM      C32     :attr:`FrbePlayer.name` ("Surname, First")
SEXE            C1      :attr:`FrbePlayer.sex`
CLUB            N6      :attr:`FrbePlayer.club`
DATE_NAISS      D       :attr:`FrbePlayer.birth_date`
ELO_PRECE       N4      :attr:`FrbePlayer.previous_rating` (previous rating)
PART_PRECE      N4      :attr:`FrbePlayer.previous_games` (previous game count)
ELO_CALCUL      N4      :attr:`FrbePlayer.rating`
PART_CALCU      N4      :attr:`FrbePlayer.games`
TITRE           C3      :attr:`FrbePlayer.title`
FIDE            N10     :attr:`FrbePlayer.fide_id`
NATFIDE         C3      :attr:`FrbePlayer.fide_nationality`
FEDERATION      C2      :attr:`FrbePlayer.federation` (V/F/D)
DECEDE          L       :attr:`FrbePlayer.deceased`
==============  ======  ==========================================================

:func:`read_player_dbf` reads the dBase file with the ``dbfread`` library;
:func:`read_player_csv` reads a CSV export of it (header row with the same field names, ``,``
``;`` or tab separated, UTF-8 or Windows-1252). Other fields are ignored. A file whose
structure is wrong — a field missing, a field of the wrong dBase type, a value that does not
fit its field — is refused with a :class:`PlayerListError` naming the field (and the record or
line). Deleted dBase records are skipped.

Decisions: ``ELO_CALCUL``/``PART_CALCU`` are taken as the current rating and game count (the
list after the last run) and ``ELO_PRECE``/``PART_PRECE`` as the previous ones; an empty or
zero rating, club or FIDE ID reads as ``None``; an empty game count as 0; a matricule must be a
positive number, unique in the file. Field lengths are not checked (only types): a wider field
holds the same values, but a number must fit B3's width (``N6`` below 1,000,000, ``N4`` below
10,000, ``N10`` below 10,000,000,000) and a text may hold no control character (a NUL, a line
break…): such values are refused naming the record and field.
"""

from __future__ import annotations

import csv
import datetime
import io
import os
import tempfile
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final

from chessclub.formats.errors import MAX_PROBLEMS, omitted_line
from chessclub.formats.limits import show

__all__ = [
    "FIELDS",
    "UNRATED_BELOW_GAMES",
    "FrbePlayer",
    "PlayerList",
    "PlayerListError",
    "PlayerListProblem",
    "read_player_csv",
    "read_player_dbf",
]

UNRATED_BELOW_GAMES: Final = 20
"""B4: a player with fewer games (and a matricule > 0) is unrated (NC)."""


@dataclass(frozen=True, slots=True)
class PlayerListProblem:
    """One problem: ``record`` is the 1-based dBase record (or CSV line, header = 1); 0 when
    the problem is the file's structure. ``field`` is the field concerned ("" if none)."""

    record: int
    field: str
    message: str

    def __str__(self) -> str:
        where = [f"record {self.record}"] if self.record else []
        where += [f"field {self.field}"] if self.field else []
        return ", ".join(where) + ": " + self.message if where else self.message


class PlayerListError(ValueError):
    """A player list that cannot be read. ``problems`` has at least one and at most
    :data:`~chessclub.formats.errors.MAX_PROBLEMS` (the first ones in file order); ``omitted``
    counts the problems found beyond them (``str()`` then ends with ``… and N more
    problems``); ``field`` is the first problem's field."""

    def __init__(
        self, problems: Sequence[PlayerListProblem], *, source: str = "", omitted: int = 0
    ) -> None:
        self.problems = tuple(problems[:MAX_PROBLEMS])
        self.omitted = omitted + len(problems) - len(self.problems)
        self.source = source
        prefix = f"{source}: " if source else ""
        text = "\n".join(prefix + str(p) for p in self.problems)
        if self.omitted:
            text += "\n" + prefix + omitted_line(self.omitted)
        super().__init__(text)

    @property
    def field(self) -> str:
        return self.problems[0].field


@dataclass(frozen=True, slots=True)
class FrbePlayer:
    """One record of ``PLAYER`` (B3)."""

    matricule: int
    name: str
    sex: str = ""
    club: int | None = None
    birth_date: datetime.date | None = None
    previous_rating: int | None = None
    previous_games: int = 0
    rating: int | None = None
    games: int = 0
    title: str = ""
    fide_id: int | None = None
    fide_nationality: str = ""
    federation: str = ""
    deceased: bool = False

    @property
    def surname(self) -> str:
        return self.name.split(",", 1)[0].strip()

    @property
    def first_name(self) -> str:
        parts = self.name.split(",", 1)
        return parts[1].strip() if len(parts) > 1 else ""

    @property
    def is_unrated(self) -> bool:
        """B4: fewer than 20 games and a matricule > 0."""
        return self.matricule > 0 and self.games < UNRATED_BELOW_GAMES


@dataclass(frozen=True, slots=True)
class PlayerList:
    """A read player list: the records in file order, by matricule, and the dBase header's
    date of last update (``None`` for a CSV)."""

    players: tuple[FrbePlayer, ...]
    by_matricule: Mapping[int, FrbePlayer]
    updated: datetime.date | None = None

    def __len__(self) -> int:
        return len(self.players)

    def __iter__(self) -> Iterator[FrbePlayer]:
        return iter(self.players)


FIELDS: Final[tuple[tuple[str, str, str], ...]] = (
    ("MATRICULE", "N", "matricule"),
    ("NOM_PRENOM", "C", "name"),
    ("SEXE", "C", "sex"),
    ("CLUB", "N", "club"),
    ("DATE_NAISS", "D", "birth_date"),
    ("ELO_PRECE", "N", "previous_rating"),
    ("PART_PRECE", "N", "previous_games"),
    ("ELO_CALCUL", "N", "rating"),
    ("PART_CALCU", "N", "games"),
    ("TITRE", "C", "title"),
    ("FIDE", "N", "fide_id"),
    ("NATFIDE", "C", "fide_nationality"),
    ("FEDERATION", "C", "federation"),
    ("DECEDE", "L", "deceased"),
)
"""B3's fields of ``PLAYER``: name, dBase type, :class:`FrbePlayer` attribute."""

_TYPE_NAMES = {"N": "numeric (N)", "C": "character (C)", "D": "date (D)", "L": "logical (L)"}
_OPTIONAL_NUMBER = frozenset({"club", "previous_rating", "rating", "fide_id"})
_COUNT = frozenset({"previous_games", "games"})
_WIDTH: Final = {
    "matricule": 6,
    "club": 6,
    "previous_rating": 4,
    "previous_games": 4,
    "rating": 4,
    "games": 4,
    "fide_id": 10,
}
"""B3's widths of the N fields: a value must have at most that many digits."""


class _FieldValueError(ValueError):
    def __init__(self, field: str, message: str) -> None:
        super().__init__(message)
        self.field = field


def _number(field: str, attribute: str, value: object) -> int | None:
    if value is None or value == "":
        if attribute == "matricule":
            raise _FieldValueError(field, "empty; a matricule is required")
        return 0 if attribute in _COUNT else None
    if isinstance(value, bool):
        raise _FieldValueError(field, f"{value!r} is not a number")
    if isinstance(value, float):
        if not value.is_integer():
            raise _FieldValueError(field, f"{value!r} is not a whole number")
        value = int(value)
    if isinstance(value, str):
        text = value.strip()
        # ASCII digits only: int() would also take "1_000" and other scripts' digits ("٣"),
        # and refuse more than 4300 digits with its own ValueError
        digits = text[1:] if text[:1] in "+-" else text
        if not (digits.isascii() and digits.isdigit()) or len(digits) > 30:
            raise _FieldValueError(field, f"{show(text)} is not a whole number")
        value = int(text)
    if not isinstance(value, int):
        raise _FieldValueError(field, f"{value!r} is not a number")
    if value < 0:
        raise _FieldValueError(field, f"{value} is negative")
    width = _WIDTH.get(attribute)
    if width is not None and value >= 10**width:
        raise _FieldValueError(field, f"{value} has more than {width} digits (N{width})")
    if attribute == "matricule" and value == 0:
        raise _FieldValueError(field, "0 is not a matricule")
    if attribute in _OPTIONAL_NUMBER and value == 0:
        return None
    return value


def _record(values: Mapping[str, object]) -> FrbePlayer:
    """A :class:`FrbePlayer` from already typed values (dBase) or text (CSV)."""
    kwargs: dict[str, Any] = {}
    for field, kind, attribute in FIELDS:
        value = values.get(field)
        if kind == "N":
            kwargs[attribute] = _number(field, attribute, value)
        elif kind == "C":
            kwargs[attribute] = _text(field, "" if value is None else str(value).strip())
        elif kind == "D":
            kwargs[attribute] = _date(field, value)
        else:
            kwargs[attribute] = _logical(field, value)
    return FrbePlayer(**kwargs)


def _text(field: str, text: str) -> str:
    """``text`` unless it holds a control character (NUL, line break, tab…)."""
    if any(ord(c) < 0x20 or 0x7F <= ord(c) < 0xA0 for c in text):
        raise _FieldValueError(field, f"{show(text, 40)} holds a control character")
    return text


def _date(field: str, value: object) -> datetime.date | None:
    if value is None or isinstance(value, datetime.date):
        return value
    text = str(value).strip()
    if not text or text.strip("0") == "":
        return None
    for fmt in ("%Y%m%d", "%Y-%m-%d", "%d/%m/%Y", "%d.%m.%Y", "%d-%m-%Y"):
        try:
            return datetime.datetime.strptime(text, fmt).date()
        except ValueError:
            continue
    raise _FieldValueError(
        field, f"{show(text)} is not a date (YYYYMMDD, YYYY-MM-DD or DD/MM/YYYY)"
    )


_TRUE = frozenset({"T", "Y", "J", "O", "1", "TRUE", "YES", "OUI", "JA"})
_FALSE = frozenset({"F", "N", "0", "FALSE", "NO", "NON", "NEE", "", "?"})


def _logical(field: str, value: object) -> bool:
    if value is None:
        return False
    if isinstance(value, bool):
        return value
    text = str(value).strip().upper()
    if text in _TRUE:
        return True
    if text in _FALSE:
        return False
    raise _FieldValueError(field, f"{show(text)} is not a logical value (T/F)")


def _collect(
    rows: Iterable[tuple[int, FrbePlayer | _FieldValueError]],
    source: str,
    updated: datetime.date | None,
) -> PlayerList:
    players: list[FrbePlayer] = []
    by_matricule: dict[int, FrbePlayer] = {}
    first_seen: dict[int, int] = {}
    problems: list[PlayerListProblem] = []
    omitted = 0  # problems found once MAX_PROBLEMS are listed: counted, not described
    for record, player in rows:
        if isinstance(player, _FieldValueError):
            if len(problems) < MAX_PROBLEMS:
                problems.append(PlayerListProblem(record, player.field, str(player)))
            else:
                omitted += 1
            continue
        if player.matricule in by_matricule:
            if len(problems) < MAX_PROBLEMS:
                problems.append(
                    PlayerListProblem(
                        record,
                        "MATRICULE",
                        f"{player.matricule} already in record {first_seen[player.matricule]}",
                    )
                )
            else:
                omitted += 1
            continue
        players.append(player)
        by_matricule[player.matricule] = player
        first_seen[player.matricule] = record
    if problems:
        raise PlayerListError(problems, source=source, omitted=omitted)
    return PlayerList(tuple(players), by_matricule, updated)


# --------------------------------------------------------------------------------------------
# dBase
# --------------------------------------------------------------------------------------------


def _dbf_class() -> Any:
    """dbfread's table class, imported on first use (the CSV reader works without it)."""
    import dbfread  # type: ignore[import-untyped]

    return dbfread.DBF


def read_player_dbf(
    source: str | os.PathLike[str] | bytes, *, encoding: str | None = None
) -> PlayerList:
    """Read ``PLAYER.DBF`` (a path, or the file's bytes — an upload).

    ``encoding`` defaults to the one the dBase header declares, or Windows-1252 when it
    declares none. Raises :class:`PlayerListError` naming the field that is missing or of the
    wrong type (record 0), or the record and field of a value that cannot be read.
    """
    if isinstance(source, bytes):
        with tempfile.TemporaryDirectory() as folder:
            path = os.path.join(folder, "PLAYER.DBF")
            with open(path, "wb") as out:
                out.write(source)
            return read_player_dbf(path, encoding=encoding)
    path = os.fspath(source)
    name = os.path.basename(path)
    try:
        table = _dbf_class()(
            path,
            encoding=encoding,
            ignorecase=False,
            raw=True,
            recfactory=None,
            char_decode_errors="strict",
            # An upload is the .DBF alone; B3's fields are never memos (a memo field, such as
            # remarks, is ignored rather than the whole list refused for its missing .DBT).
            ignore_missing_memofile=True,
        )
    except Exception as error:  # dbfread raises struct, value and lookup errors
        raise PlayerListError(
            [PlayerListProblem(0, "", f"not a dBase III table: {error}")], source=name
        ) from error
    if encoding is None and table.encoding == "ascii":
        table.encoding = "cp1252"
    _check_structure(table, name)
    _check_lengths(table, name)
    expected = table.header.headerlen + table.header.numrecords * table.header.recordlen
    size = os.path.getsize(path)
    if size < expected:
        raise PlayerListError(
            [
                PlayerListProblem(
                    0,
                    "",
                    f"file truncated: the header announces {table.header.numrecords} records "
                    f"({expected} bytes), the file has {size} bytes",
                )
            ],
            source=name,
        )
    if size > expected:
        with open(path, "rb") as infile:
            infile.seek(expected)
            after = infile.read(1)
        if after != b"\x1a":  # dBase's end-of-file mark; dbfread would read on to the end
            raise PlayerListError(
                [
                    PlayerListProblem(
                        0,
                        "",
                        f"corrupt header: it announces {table.header.numrecords} records "
                        f"({expected} bytes) but the file goes on ({size} bytes)",
                    )
                ],
                source=name,
            )
    return _collect(_dbf_rows(table, name), name, table.date)


def _check_structure(table: Any, name: str) -> None:
    fields = {str(f.name).upper(): f for f in table.fields}
    problems: list[PlayerListProblem] = []
    for field, kind, _ in FIELDS:
        found = fields.get(field)
        if found is None:
            problems.append(PlayerListProblem(0, field, "missing"))
        elif found.type != kind:
            problems.append(
                PlayerListProblem(
                    0,
                    field,
                    f"is {_TYPE_NAMES.get(found.type, repr(found.type))}, "
                    f"expected {_TYPE_NAMES[kind]}",
                )
            )
        elif kind == "N" and found.decimal_count:
            problems.append(
                PlayerListProblem(
                    0, field, f"has {found.decimal_count} decimals, expected a whole number"
                )
            )
    if problems:
        raise PlayerListError(problems, source=name)


def _check_lengths(table: Any, name: str) -> None:
    """dBase III: a record is its deletion flag plus its fields, and the header holds 32 bytes
    per field after its own 32. A header that says less (a record length of 0 would make the
    record loop spin forever) is refused."""
    fields = list(table.fields)
    needed = 1 + sum(int(f.length) for f in fields)
    problems: list[PlayerListProblem] = []
    if table.header.recordlen < needed:
        problems.append(
            PlayerListProblem(
                0,
                "",
                f"corrupt header: record length {table.header.recordlen} bytes, the fields need "
                f"{needed}",
            )
        )
    if table.header.headerlen < 32 + 32 * len(fields) + 1:
        problems.append(
            PlayerListProblem(
                0,
                "",
                f"corrupt header: header length {table.header.headerlen} bytes is too short "
                f"for {len(fields)} fields",
            )
        )
    if problems:
        raise PlayerListError(problems, source=name)


def _dbf_rows(table: Any, name: str) -> Iterator[tuple[int, FrbePlayer | _FieldValueError]]:
    """Records with their 1-based position among all records (deleted ones included), as
    dbfread yields the live ones in file order. dbfread reads the table (header, field
    descriptors, record flags) in raw mode; the B3 fields are decoded here, so that a value
    that cannot be read names its record and field and the other fields cost nothing."""
    index = {str(f.name).upper(): i for i, f in enumerate(table.fields)}
    converters = [
        (field, index[field], _converter(kind, attribute, field, table.encoding))
        for field, kind, attribute in FIELDS
    ]
    deleted = _deleted_positions(table)
    record = 0
    for items in table.records:
        record += 1
        while record in deleted:
            record += 1
        try:
            yield record, FrbePlayer(*[convert(items[i][1]) for _, i, convert in converters])
        except _FieldValueError as error:
            yield record, error


def _converter(kind: str, attribute: str, field: str, encoding: str) -> Callable[[bytes], Any]:
    """A decoder of one B3 field's raw dBase bytes, raising :class:`_FieldValueError`."""
    what = _TYPE_NAMES[kind]

    def bad(data: bytes) -> _FieldValueError:
        return _FieldValueError(field, f"cannot read {data!r} as {what}")

    if kind == "C":

        def text(data: bytes) -> str:
            try:
                return _text(field, data.rstrip(b"\0 ").decode(encoding).strip())
            except UnicodeDecodeError:
                raise bad(data) from None

        return text
    if kind == "N":
        empty = 0 if attribute in _COUNT else None

        def number(data: bytes) -> int | None:
            digits = data.strip()
            if not digits:
                if attribute == "matricule":
                    raise _FieldValueError(field, "empty; a matricule is required")
                return empty
            if b"*" in digits:  # dBase's mark of a value too wide for its field
                raise _FieldValueError(field, f"{data!r} is dBase's overflow mark, not a number")
            if b"_" in digits:  # int() and float() would read "1_000" as 1000
                raise bad(data)
            try:
                value = int(digits)
            except ValueError:
                return _number(field, attribute, _float(digits, bad))
            return _number(field, attribute, value)

        return number
    if kind == "D":

        def date(data: bytes) -> datetime.date | None:
            digits = data.strip()
            if not digits.strip(b"0"):
                return None
            try:
                return datetime.date(int(digits[:4]), int(digits[4:6]), int(digits[6:8]))
            except ValueError:
                raise bad(data) from None

        return date

    def logical(data: bytes) -> bool:
        if data in b"TtYy" and data:
            return True
        if data in b"FfNn? " or not data:
            return False
        raise bad(data)

    return logical


def _float(digits: bytes, bad: Callable[[bytes], _FieldValueError]) -> float:
    try:
        return float(digits)
    except ValueError:
        raise bad(digits) from None


def _deleted_positions(table: Any) -> frozenset[int]:
    """1-based positions of deleted records (flag ``*``, or any flag but a space), read from
    the raw file."""
    positions: set[int] = set()
    with open(table.filename, "rb") as infile:
        infile.seek(table.header.headerlen)
        length = table.header.recordlen
        for index in range(table.header.numrecords):
            flag = infile.read(1)
            if flag in (b"", b"\x1a"):
                break
            if flag != b" ":  # dbfread yields only the records flagged " "
                positions.add(index + 1)
            infile.seek(length - 1, 1)
    return frozenset(positions)


# --------------------------------------------------------------------------------------------
# CSV
# --------------------------------------------------------------------------------------------


def _decode(data: bytes) -> str:
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        return data.decode("cp1252", errors="replace")


def read_player_csv(data: bytes | str, *, source: str = "") -> PlayerList:
    """Read a CSV export of ``PLAYER``: a header row with B3's field names (any case, any
    order, other columns ignored), separated by ``,``, ``;`` or tab. Raises
    :class:`PlayerListError` naming a missing field (record 0) or the line and field of a value
    that does not fit (numbers whole and ≥ 0, dates ``YYYYMMDD``/``YYYY-MM-DD``/``DD/MM/YYYY``,
    logicals ``T``/``F``)."""
    text = _decode(data) if isinstance(data, bytes) else data
    first = text.split("\n", 1)[0]
    delimiter = max((",", ";", "\t"), key=first.count)
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=delimiter)
    try:
        header = next(reader)
    except StopIteration:
        raise PlayerListError([PlayerListProblem(0, "", "empty file")], source=source) from None
    except csv.Error as error:  # a field over csv's limit (128 KiB), …
        raise PlayerListError(
            [PlayerListProblem(1, "", f"not a CSV line: {error}")], source=source
        ) from None
    columns = {name.strip().upper(): index for index, name in enumerate(header)}
    missing = [PlayerListProblem(0, f, "missing") for f, _, _ in FIELDS if f not in columns]
    if missing:
        raise PlayerListError(missing, source=source)
    wanted = [(field, columns[field]) for field, _, _ in FIELDS]

    def rows() -> Iterator[tuple[int, FrbePlayer | _FieldValueError]]:
        while True:
            try:
                row = next(reader)
            except StopIteration:
                return
            except csv.Error as error:  # a field over csv's limit (128 KiB), …
                yield max(reader.line_num, 2), _FieldValueError("", f"not a CSV line: {error}")
                return
            line = reader.line_num
            if not any(cell.strip() for cell in row):
                continue
            values = {field: row[i] if i < len(row) else "" for field, i in wanted}
            try:
                yield line, _record(values)
            except _FieldValueError as error:
                yield line, error

    return _collect(rows(), source, None)
