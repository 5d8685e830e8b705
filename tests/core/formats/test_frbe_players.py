"""The federation's player list ``PLAYER`` (spec ``frbe.md`` B3; used by B1, B4, B5).

Synthetic placeholder data only (tests/fixtures/frbe_players/README.md). The dBase III files
are written by the tiny writer below, independent of the reader (which uses ``dbfread``).
"""

from __future__ import annotations

import csv
import datetime
import io
import struct
import sys
from collections.abc import Iterable, Sequence
from pathlib import Path

import pytest

from chessclub.formats.frbe_players import (
    FIELDS,
    FrbePlayer,
    PlayerListError,
    read_player_csv,
    read_player_dbf,
)

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures" / "frbe_players"

# --------------------------------------------------------------------------------------------
# A tiny dBase III writer (fields C, N, D, L)
# --------------------------------------------------------------------------------------------

Field = tuple[str, str, int, int]  # name, type, length, decimals

PLAYER_FIELDS: tuple[Field, ...] = (
    ("MATRICULE", "N", 6, 0),
    ("NOM_PRENOM", "C", 32, 0),
    ("SEXE", "C", 1, 0),
    ("CLUB", "N", 6, 0),
    ("DATE_NAISS", "D", 8, 0),
    ("ELO_PRECE", "N", 4, 0),
    ("PART_PRECE", "N", 4, 0),
    ("ELO_CALCUL", "N", 4, 0),
    ("PART_CALCU", "N", 4, 0),
    ("TITRE", "C", 3, 0),
    ("FIDE", "N", 10, 0),
    ("NATFIDE", "C", 3, 0),
    ("FEDERATION", "C", 2, 0),
    ("DECEDE", "L", 1, 0),
)


def _cell(kind: str, length: int, value: object, encoding: str) -> bytes:
    if value is None:
        return b" " * length
    if kind == "C":
        data = str(value).encode(encoding)
        return data[:length].ljust(length, b" ")
    if kind == "N":
        return str(value).encode("ascii").rjust(length, b" ")[:length]
    if kind == "D":
        text = value.strftime("%Y%m%d") if isinstance(value, datetime.date) else str(value)
        return text.encode("ascii").ljust(length, b" ")[:length]
    if kind == "L":
        return b"T" if value else b"F"
    raise ValueError(kind)


def write_dbf(
    fields: Sequence[Field],
    records: Iterable[Sequence[object]],
    *,
    updated: datetime.date = datetime.date(2024, 7, 1),
    encoding: str = "cp1252",
    language_driver: int = 0x03,
    deleted: Iterable[int] = (),
) -> bytes:
    rows = list(records)
    gone = set(deleted)
    record_length = 1 + sum(f[2] for f in fields)
    header_length = 32 + 32 * len(fields) + 1
    header = struct.pack(
        "<BBBBIHH20x",
        0x03,
        updated.year - 1900,
        updated.month,
        updated.day,
        len(rows),
        header_length,
        record_length,
    )
    header = header[:29] + bytes([language_driver]) + header[30:]
    descriptors = b"".join(
        struct.pack("<11sc4xBB14x", name.encode("ascii"), kind.encode("ascii"), length, decimals)
        for name, kind, length, decimals in fields
    )
    body = b"".join(
        (b"*" if index in gone else b" ")
        + b"".join(
            _cell(kind, length, value, encoding)
            for (_, kind, length, _), value in zip(fields, row, strict=True)
        )
        for index, row in enumerate(rows)
    )
    return header + descriptors + b"\r" + body + b"\x1a"


# --------------------------------------------------------------------------------------------
# Fixtures
# --------------------------------------------------------------------------------------------

ROWS: tuple[tuple[object, ...], ...] = (
    (90001, "Alpha, Anne", "F", 901, datetime.date(1980, 2, 29), 2105, 410, 2118, 437, "FM",
     99000001, "BEL", "F", False),
    (90002, "Bravo, Bruno", "M", None, datetime.date(2012, 12, 1), None, 0, None, 3, "", None,
     "", "V", False),
    (90003, "Charlie, Claire", "F", 902, datetime.date(1999, 7, 14), 1480, 12, 1502, 20, "",
     0, "BEL", "D", False),
    (90004, "Delta, David", "M", 901, datetime.date(1975, 5, 5), 1600, 100, 1610, 110, "", 0,
     "BEL", "F", False),
    (90005, "Echo, Émile", "M", 903, None, 1750, 300, 1744, 321, "", 0, "BEL", "F", True),
)  # fmt: skip
DELETED = (3,)


def player_dbf(**changes: object) -> bytes:
    return write_dbf(PLAYER_FIELDS, ROWS, deleted=DELETED, **changes)  # type: ignore[arg-type]


def player_csv() -> str:
    def text(value: object) -> str:
        if value is None:
            return ""
        if isinstance(value, bool):
            return "T" if value else "F"
        if isinstance(value, datetime.date):
            return value.strftime("%d/%m/%Y")
        return str(value)

    lines = [";".join(f[0] for f in PLAYER_FIELDS)]
    lines += [";".join(text(v) for v in row) for i, row in enumerate(ROWS) if i not in DELETED]
    return "\r\n".join(lines) + "\r\n"


def write_fixtures() -> None:
    FIXTURES.mkdir(exist_ok=True)
    (FIXTURES / "PLAYER.DBF").write_bytes(player_dbf())
    (FIXTURES / "PLAYER.csv").write_bytes(player_csv().encode("utf-8"))


EXPECTED = (
    FrbePlayer(90001, "Alpha, Anne", "F", 901, datetime.date(1980, 2, 29), 2105, 410, 2118,
               437, "FM", 99000001, "BEL", "F", False),
    FrbePlayer(90002, "Bravo, Bruno", "M", None, datetime.date(2012, 12, 1), None, 0, None, 3,
               "", None, "", "V", False),
    FrbePlayer(90003, "Charlie, Claire", "F", 902, datetime.date(1999, 7, 14), 1480, 12, 1502,
               20, "", None, "BEL", "D", False),
    FrbePlayer(90005, "Echo, Émile", "M", 903, None, 1750, 300, 1744, 321, "", None, "BEL",
               "F", True),
)  # fmt: skip


def test_B3_committed_fixtures_are_the_writers_output() -> None:
    assert (FIXTURES / "PLAYER.DBF").read_bytes() == player_dbf()
    assert (FIXTURES / "PLAYER.csv").read_bytes() == player_csv().encode("utf-8")


def test_B3_read_player_dbf() -> None:
    players = read_player_dbf(FIXTURES / "PLAYER.DBF")
    assert players.players == EXPECTED
    assert players.updated == datetime.date(2024, 7, 1)
    assert players.by_matricule[90005].name == "Echo, Émile"
    assert 90004 not in players.by_matricule  # deleted record
    assert len(players) == 4


def test_B3_read_player_dbf_from_bytes() -> None:
    assert read_player_dbf(player_dbf()).players == EXPECTED


def test_B3_encoding_from_the_header_or_windows_1252() -> None:
    # Language driver 0 (none declared): Windows-1252.
    assert read_player_dbf(player_dbf(language_driver=0)).players == EXPECTED
    # cp850 declared (0x02) and written: read as cp850.
    data = write_dbf(PLAYER_FIELDS, ROWS, encoding="cp850", language_driver=0x02)
    assert read_player_dbf(data).by_matricule[90005].name == "Echo, Émile"


def test_B3_read_player_csv() -> None:
    assert read_player_csv((FIXTURES / "PLAYER.csv").read_bytes()).players == EXPECTED


def test_B3_csv_comma_any_case_any_order_cp1252() -> None:
    names = [f[0] for f in PLAYER_FIELDS]
    order = list(reversed(range(len(names))))
    header = ",".join(names[i].lower() for i in order) + ",EXTRA"
    row = list(ROWS[4])
    row[4] = "1990-01-31"
    row[13] = "T"
    out = io.StringIO()
    csv.writer(out, lineterminator="\n").writerow(
        ["" if row[i] is None else str(row[i]) for i in order] + ["x"]
    )
    players = read_player_csv((header + "\n" + out.getvalue()).encode("cp1252"))
    (echo,) = players.players
    assert echo.name == "Echo, Émile"
    assert echo.birth_date == datetime.date(1990, 1, 31)
    assert echo.deceased is True


def test_B3_names_and_B4_unrated() -> None:
    alpha, bravo, charlie, echo = read_player_dbf(player_dbf()).players
    assert (alpha.surname, alpha.first_name) == ("Alpha", "Anne")
    assert bravo.is_unrated and not charlie.is_unrated and not alpha.is_unrated
    assert not echo.is_unrated


def test_B3_fields_are_B3s() -> None:
    assert [(name, kind) for name, kind, _ in FIELDS] == [
        (name, kind) for name, kind, _, _ in PLAYER_FIELDS
    ]


# --------------------------------------------------------------------------------------------
# Wrong structure: refused, naming the field
# --------------------------------------------------------------------------------------------


def _without(name: str) -> tuple[list[Field], list[tuple[object, ...]]]:
    index = [f[0] for f in PLAYER_FIELDS].index(name)
    fields = [f for f in PLAYER_FIELDS if f[0] != name]
    rows = [tuple(v for i, v in enumerate(row) if i != index) for row in ROWS]
    return fields, rows


@pytest.mark.parametrize("name", ["MATRICULE", "PART_CALCU", "DECEDE"])
def test_B3_dbf_missing_field_refused(name: str) -> None:
    fields, rows = _without(name)
    with pytest.raises(PlayerListError) as error:
        read_player_dbf(write_dbf(fields, rows))
    assert error.value.field == name
    assert str(error.value) == f"PLAYER.DBF: field {name}: missing"


def test_B3_dbf_wrong_type_refused() -> None:
    fields = [("ELO_CALCUL", "C", 4, 0) if f[0] == "ELO_CALCUL" else f for f in PLAYER_FIELDS]
    rows = [tuple("" if v is None else v for v in row) for row in ROWS]
    with pytest.raises(PlayerListError) as error:
        read_player_dbf(write_dbf(fields, rows))
    assert error.value.field == "ELO_CALCUL"
    assert "is character (C), expected numeric (N)" in str(error.value)


def test_B3_dbf_decimals_refused() -> None:
    fields = [("PART_CALCU", "N", 6, 2) if f[0] == "PART_CALCU" else f for f in PLAYER_FIELDS]
    with pytest.raises(PlayerListError, match="PART_CALCU: has 2 decimals"):
        read_player_dbf(write_dbf(fields, ROWS))


def test_B3_dbf_bad_value_names_record_and_field() -> None:
    rows = list(ROWS)
    rows[1] = (*rows[1][:7], "1x", *rows[1][8:])  # ELO_CALCUL of record 2
    with pytest.raises(PlayerListError) as error:
        read_player_dbf(write_dbf(PLAYER_FIELDS, rows))
    problem = error.value.problems[0]
    assert (problem.record, problem.field) == (2, "ELO_CALCUL")


def test_B3_dbf_record_position_counts_deleted_records() -> None:
    rows = list(ROWS)
    rows[4] = (*rows[4][:4], "2024XX01", *rows[4][5:])  # DATE_NAISS of record 5
    fields = [("DATE_NAISS", "C", 8, 0) if f[0] == "DATE_NAISS" else f for f in PLAYER_FIELDS]
    # First a structure problem (C instead of D) ...
    with pytest.raises(PlayerListError, match="DATE_NAISS: is character"):
        read_player_dbf(write_dbf(fields, rows, deleted=DELETED))
    # ... then, with a D field holding garbage, record 5 (after deleted record 4).
    raw = bytearray(write_dbf(PLAYER_FIELDS, ROWS, deleted=DELETED))
    header_length, record_length = struct.unpack("<HH", raw[8:12])
    offset = header_length + 4 * record_length + 1 + 6 + 32 + 1 + 6
    raw[offset : offset + 8] = b"2024XX01"
    with pytest.raises(PlayerListError) as error:
        read_player_dbf(bytes(raw))
    assert (error.value.problems[0].record, error.value.field) == (5, "DATE_NAISS")


def test_B3_dbf_duplicate_matricule_refused() -> None:
    rows = [*ROWS, ROWS[0]]
    with pytest.raises(PlayerListError, match=r"record 6, field MATRICULE: 90001 already in "
                       r"record 1"):  # fmt: skip
        read_player_dbf(write_dbf(PLAYER_FIELDS, rows))


@pytest.mark.parametrize("data", [b"", b"not a dbase file at all", b"\x03" + b"\x00" * 40])
def test_B3_not_a_dbf_refused(data: bytes) -> None:
    with pytest.raises(PlayerListError):
        read_player_dbf(data)


def test_B3_truncated_dbf_refused() -> None:
    with pytest.raises(PlayerListError, match="file truncated"):
        read_player_dbf(player_dbf()[:-60])


def test_B3_csv_missing_field_refused() -> None:
    text = player_csv().replace("NATFIDE;", "NAT;", 1)
    with pytest.raises(PlayerListError) as error:
        read_player_csv(text)
    assert error.value.field == "NATFIDE"
    assert "missing" in str(error.value)


@pytest.mark.parametrize(
    ("column", "value", "message"),
    [
        ("MATRICULE", "", "a matricule is required"),
        ("MATRICULE", "0", "0 is not a matricule"),
        ("PART_CALCU", "12.5", "not a whole number"),
        ("ELO_CALCUL", "-5", "negative"),
        ("DATE_NAISS", "31/02/2000", "not a date"),
        ("DECEDE", "maybe", "not a logical value"),
    ],
)
def test_B3_csv_bad_value_names_line_and_field(column: str, value: str, message: str) -> None:
    lines = player_csv().split("\r\n")
    names = lines[0].split(";")
    cells = lines[3].split(";")
    cells[names.index(column)] = value
    lines[3] = ";".join(cells)
    with pytest.raises(PlayerListError) as error:
        read_player_csv("\r\n".join(lines))
    problem = error.value.problems[0]
    assert (problem.record, problem.field) == (4, column)
    assert message in problem.message


def test_B3_csv_empty_refused() -> None:
    with pytest.raises(PlayerListError, match="empty file"):
        read_player_csv(b"")


if __name__ == "__main__":  # regenerate the committed fixtures
    write_fixtures()
    sys.exit(0)
