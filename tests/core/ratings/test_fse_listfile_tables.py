"""The previous list as CSV (issue 9 item 4) and the evaluation tables as data (spec W8)."""

from __future__ import annotations

import dataclasses
import datetime
import json
from fractions import Fraction
from importlib import resources

import pytest

from chessclub.formats import FormatError
from chessclub.ratings import fide_tables
from chessclub.ratings.fse import (
    ListFileError,
    TableError,
    default_table,
    read_list_csv,
    read_table,
    write_list_csv,
)
from chessclub.ratings.fse.tables import fide_derived_document

HEADER = "id,name,points,games,entry_date,birth_date\n"


def test_list_csv_reads_listed_and_pending_rows() -> None:
    """A listed row, a pending row (no points, collected games) and Swiss dates (DD.MM.YYYY),
    a year-only birth date (1 January), semicolons, and ½ in a score."""
    data = (
        "id;name;points;games;entry_date;birth_date;pending_games;pending_opponents;pending_score\n"
        "1001;Muster, Hans;1800;30;01.03.2010;1990;;;\n"
        "1002;Neu, Nina;;;;2010-05-05;6;9700;3½\n"
    ).encode()
    one, two = read_list_csv(data)
    assert (one.points, one.games, one.entry_date) == (1800, 30, datetime.date(2010, 3, 1))
    assert one.birth_date == datetime.date(1990, 1, 1)
    assert two.points is None and (two.pending_games, two.pending_opponents) == (6, 9700)
    assert two.pending_score == Fraction(7, 2)


def test_list_csv_refused_with_line_and_column() -> None:
    """Every problem names its line and column (field position), the file name too."""
    data = (
        HEADER + "1,A,18x0,30,2010-01-01,\n2,B,1700,,2010-01-01,\n1,C,1600,3,2011-02-30,\n"
    ).encode()
    with pytest.raises(ListFileError) as caught:
        read_list_csv(data, source="prev.csv")
    assert isinstance(caught.value, FormatError)
    where = [(p.line, p.column) for p in caught.value.problems]
    assert where == [(2, 3), (3, 4), (4, 5)]
    text = str(caught.value)
    assert "prev.csv: line 2, column 3: points: expected a whole number" in text
    assert "line 3, column 4: games: required for a listed player" in text
    assert "line 4, column 5: entry_date: not a date" in text


def test_list_csv_header_problems() -> None:
    """An unknown column (a typing error) and a missing required column are refused."""
    with pytest.raises(ListFileError) as caught:
        read_list_csv(b"id,name,points,games,entry_date,birthdate\n")
    messages = [str(p) for p in caught.value.problems]
    assert messages[0].startswith("line 1, column 6: unknown column 'birthdate'")
    assert messages[1] == "line 1: missing column 'birth_date'"


def test_list_csv_duplicate_id_and_field_count() -> None:
    data = (HEADER + "1,A,1800,30,2010-01-01,\n1,B,1700,30,2010-01-01,\n3,C\n").encode()
    with pytest.raises(ListFileError) as caught:
        read_list_csv(data)
    assert [str(p) for p in caught.value.problems] == [
        "line 3, column 1: id 1 already given on line 2",
        "line 4: 2 fields, the header has 6",
    ]


def test_list_csv_round_trip() -> None:
    """The written list reads back to the same rows (line numbers aside)."""
    data = (
        b"id,name,points,games,entry_date,birth_date,last_active,fide_id,foreign_rating,"
        b"pending_games,pending_opponents,pending_score\n"
        b'1,"A, B",1800,30,2010-01-01,1990-02-03,2024-01-01,123,,,,\n'
        b'2,"C, D",,,,,,,,6,9700,4.5\n'
    )
    rows = read_list_csv(data)
    again = read_list_csv(write_list_csv(rows).encode())
    assert [dataclasses.replace(r, line=0) for r in rows] == [
        dataclasses.replace(r, line=0) for r in again
    ]


def test_w8_shipped_table_is_fide_b02() -> None:
    """The shipped table file is exactly FIDE's tables (generated from fide_tables): expected
    score for every difference 0…400 and beyond (capped at 400), and dp for every percentage.
    Spot checks from fide.md §3: D = 100 → .64; D = −100 → .36; D = 500 → capped 400 → .92;
    L = 64 → 102; L = 20 → −240."""
    shipped = resources.files("chessclub.ratings.fse").joinpath("tables")
    doc = json.loads(shipped.joinpath("fide-b02-derived.json").read_text("utf-8"))
    assert doc == fide_derived_document()
    table = default_table()
    for d in range(-1000, 1001):
        capped = max(-400, min(400, d))
        assert table.expected(d) == fide_tables.expected_score(capped, 0)
    for p in range(101):
        assert table.difference_for(p) == fide_tables.dp(p)
    assert (table.expected(100), table.expected(-100), table.expected(500)) == (64, 36, 92)
    assert (table.difference_for(64), table.difference_for(20)) == (102, -240)
    assert table.name == "fide-b02-derived" and "W8" in table.description


def test_w8_table_replaceable_by_a_file() -> None:
    """An administrator's table (here: every difference expects .50, no cap, D(L) = 10 × (L − 50))
    is read and used as given; its name and version are kept for the outputs."""
    doc = {
        "name": "fse-art9-test",
        "version": "2030-1",
        "difference_cap": None,
        "expected_by_difference": [[0, None, 50]],
        "difference_by_percentage": [[p, 10 * (p - 50)] for p in range(101)],
    }
    table = read_table(json.dumps(doc).encode())
    assert table.label() == "fse-art9-test (version 2030-1)"
    assert table.expected(900) == 50 and table.difference_for(70) == 200


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (b'{"name": "x",\n "version": }', "line 2, column 13"),
        (b'{"name": "x", "version": "1", "expected_by_difference": [[1, null, 50]], '
         b'"difference_by_percentage": []}', "starts at 1, expected 0"),
        (b'{"name": "x", "version": "1", "expected_by_difference": [[0, null, 50]], '
         b'"difference_by_percentage": [[0, 0]]}', "lacks percentage 1"),
    ],
)  # fmt: skip
def test_w8_bad_table_refused(data: bytes, message: str) -> None:
    with pytest.raises(TableError, match=message):
        read_table(data, source="t.json")
