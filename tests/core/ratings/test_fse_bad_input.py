"""Bad input to ``chessclub fse rating-run`` and the list reader (issue 9; the bad-input rule:
a clear message naming the file, line and column, the proper exit code of ``chessclub.cli``,
never a traceback).

Exit codes (``chessclub.cli`` docstring): 2 usage error, 3 invalid input file, 4 not found.
"""

from __future__ import annotations

import datetime
import json
from importlib import resources
from pathlib import Path

import pytest

from chessclub.cli import main
from chessclub.ratings.fse import (
    ListFileError,
    TableError,
    parse_time_control,
    read_list_csv,
    read_table,
)
from chessclub.ratings.fse.calculator import add_years
from chessclub.ratings.fse.tables import DEFAULT_TABLE_FILE

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures" / "fse"
LIST = (FIXTURES / "previous.csv").read_bytes()
OPEN = (FIXTURES / "open-5r.trf").read_bytes()
HEADER = b"id,name,points,games,entry_date,birth_date\n"


def run(tmp_path: Path, capsys, list_data: bytes = LIST, *extra: str) -> tuple[int, str]:
    (tmp_path / "list.csv").write_bytes(list_data)
    (tmp_path / "t.trf").write_bytes(OPEN)
    capsys.readouterr()
    args = ["fse", "rating-run", "--list", str(tmp_path / "list.csv"), str(tmp_path / "t.trf")]
    code = main([*args, *extra])
    return code, capsys.readouterr().err


def usage(tmp_path: Path, capsys, *extra: str) -> tuple[int, str]:
    with pytest.raises(SystemExit) as stop:
        run(tmp_path, capsys, LIST, *extra)
    return int(str(stop.value.code)), capsys.readouterr().err


def test_bad_input_binary_list_is_one_clear_problem_not_a_column_list(tmp_path, capsys) -> None:
    """A binary file used to be read as cp1252 text: its bytes became an "unknown column" with
    \\x00… in it, then five "missing column" lines. Now: one problem, the line of the NUL."""
    code, err = run(tmp_path, capsys, HEADER + b"1,a\x00b,1500,3,2020-01-01,1990\n")
    assert code == 3
    assert "list.csv: line 2: not a text file (a NUL byte)" in err
    assert "unknown column" not in err


def test_bad_input_nul_in_a_cell_refused_before_the_database(tmp_path, capsys) -> None:
    """A NUL inside a name was accepted and stored (PostgreSQL refuses NUL in text: a 500)."""
    with pytest.raises(ListFileError) as caught:
        read_list_csv(HEADER + b'7,"Nul\x00Name",1500,3,2020-01-01,1990\n', source="x.csv")
    assert [(p.line, p.column) for p in caught.value.problems] == [(2, 0)]


def test_bad_input_utf16_list_named_as_utf16(tmp_path, capsys) -> None:
    code, err = run(tmp_path, capsys, "id,name\n".encode("utf-16"))
    assert code == 3
    assert "line 1: UTF-16 is not supported" in err


@pytest.mark.parametrize(
    ("cell", "column"),
    [("9999-12-31", 5), ("0001-01-01", 5)],
)
def test_bad_input_list_date_out_of_range_named_with_line_and_column(cell, column) -> None:
    """An entry date in year 9999 used to be read, then failed in W7's two-year arithmetic as
    ``year 10001 is out of range`` with no file, line or column (exit 1)."""
    data = HEADER + f"1,a,1500,3,{cell},1990\n".encode()
    with pytest.raises(ListFileError) as caught:
        read_list_csv(data, source="x.csv")
    (problem,) = caught.value.problems
    assert (problem.line, problem.column) == (2, column)
    assert "year" in problem.message and "1900" in problem.message


def test_bad_input_period_date_is_a_usage_error_naming_the_option(tmp_path, capsys) -> None:
    """``--date 9999-12-31`` used to end with exit 1 and ``year 10001 is out of range``;
    ``--list-date foo`` with a message not naming the option."""
    code, err = usage(tmp_path, capsys, "--date", "9999-12-31")
    assert code == 2
    assert "argument --date:" in err
    code, err = usage(tmp_path, capsys, "--list-date", "foo")
    assert code == 2
    assert "argument --list-date:" in err and "'foo'" in err


def test_bad_input_negative_unrated_value_refused(tmp_path, capsys) -> None:
    code, err = usage(tmp_path, capsys, "--unrated-value", "-5")
    assert code == 2
    assert "argument --unrated-value:" in err


def test_bad_input_broken_table_json_is_an_invalid_input_file(tmp_path, capsys) -> None:
    """A broken ``--table`` JSON is an invalid input file (exit 3, was 1), line and column
    named."""
    (tmp_path / "table.json").write_text('{"name": "x",\n')
    code, err = run(tmp_path, capsys, LIST, "--table", str(tmp_path / "table.json"))
    assert code == 3
    assert "table.json: line 2, column 1" in err


@pytest.mark.parametrize(
    ("data", "where"),
    [
        (b"", "line 1: empty list file"),
        (LIST + LIST.splitlines(keepends=True)[1], "line 7, column 1: id 1001 already given"),
        (HEADER + b"1,a,99999999999999999999,3,2020-01-01,1990\n", "line 2, column 3: points"),
        (HEADER + b"1,a,1500,3,2020-02-30,1990\n", "line 2, column 5: entry_date"),
    ],
)
def test_bad_input_list_refused_with_exit_3_and_the_place(tmp_path, capsys, data, where) -> None:
    code, err = run(tmp_path, capsys, data)
    assert code == 3
    assert where in err
    assert "Traceback" not in err


def test_bad_input_semicolons_bom_and_latin1_are_read() -> None:
    """A spreadsheet's CSV: BOM, semicolons, Windows-1252 (ü = 0xFC)."""
    data = b"\xef\xbb\xbfid;name;points;games;entry_date;birth_date\r\n" + (
        b'5;"M\xfcller, Hans";1500;3;01.02.2020;1990\r\n'
    )
    (row,) = read_list_csv(data)
    assert (row.name, row.points, row.entry_date) == (
        "Müller, Hans",
        1500,
        datetime.date(2020, 2, 1),
    )


def test_bad_input_add_years_past_9999_does_not_fail() -> None:
    """W3/W7 add 5 or 2 years to a date: past year 9999 the answer is the latest date."""
    assert add_years(datetime.date(9998, 6, 1), 5) == datetime.date.max
    assert add_years(datetime.date(2024, 2, 29), 1) == datetime.date(2025, 2, 28)


def _table_doc() -> dict:
    return json.loads(
        resources.files("chessclub.ratings.fse").joinpath("tables", DEFAULT_TABLE_FILE).read_text()
    )


def test_w8_table_band_reaching_two_billion_is_read_quickly() -> None:
    """A replacement table whose last closed band runs to 2,000,000,000 used to build a
    look-up of two billion entries (the CLI hung). Differences of list values (0…3500) are
    at most 3500: the look-up stops there, and the values are those of the bands."""
    doc = _table_doc()
    bands = doc["expected_by_difference"]
    bands[-1] = [bands[-1][0], 2_000_000_000, 100]
    bands.append([2_000_000_001, None, 100])
    table = read_table(json.dumps(doc).encode(), source="big.json")
    # B.02 8.1.2: D 99–106 → .64; above 735 → 1.00 (the cap of 400 first gives .92)
    assert table.expected(100) == 64 and table.expected(-100) == 36
    assert table.expected(3500) == 92


def test_w8_table_nested_too_deeply_is_a_clear_error(tmp_path, capsys) -> None:
    """200,000 nested brackets made ``json`` raise RecursionError: a traceback (exit 1)."""
    (tmp_path / "deep.json").write_text("[" * 200_000 + "]" * 200_000)
    code, err = run(tmp_path, capsys, LIST, "--table", str(tmp_path / "deep.json"))
    assert code == 3
    assert "deep.json: nested too deeply" in err and "Traceback" not in err


def test_w8_table_difference_by_percentage_bounded() -> None:
    """D(L) = 10^30 was accepted and made a new player's FZ a 31-digit list value."""
    doc = _table_doc()
    doc["difference_by_percentage"][100] = [100, 10**30]
    with pytest.raises(TableError, match=r"difference_by_percentage\[100\]: difference"):
        read_table(json.dumps(doc).encode(), source="t.json")


def test_w4_time_control_of_5000_digits_is_not_understood_not_a_crash(tmp_path, capsys) -> None:
    """A TRF tempo line (122) of 5000 digits made ``int`` raise ValueError ("Exceeds the
    limit (4300 digits) for integer string conversion"): exit 1 and no result. Now the
    tournament is listed as not countable for its tempo, the text shortened to 60 characters."""
    assert parse_time_control("9" * 5000) is None
    assert parse_time_control("9999999 min") is None
    assert parse_time_control("90 min + 30 s") is not None
    trf = b"\n".join(
        b"122 " + b"9" * 5000 if line.startswith(b"122") else line for line in OPEN.split(b"\n")
    )
    (tmp_path / "list.csv").write_bytes(LIST)
    (tmp_path / "t.trf").write_bytes(trf)
    code = main(
        ["fse", "rating-run", "--list", str(tmp_path / "list.csv"), str(tmp_path / "t.trf")]
    )
    out = capsys.readouterr().out
    assert code == 0
    assert "time control '" + "9" * 60 + "…' not understood" in out
    assert "9" * 61 not in out


def test_w3_one_fide_id_on_two_list_entries_refused() -> None:
    """Two entries with FIDE ID 4711 were accepted: a tournament player with that FIDE ID and
    no national number became the later entry without a word. Refused at line 3, column 7."""
    data = (
        b"id,name,points,games,entry_date,birth_date,fide_id\n"
        b"1,A,1500,30,2010-01-01,1990,4711\n"
        b"2,B,1600,30,2010-01-01,1990,4711\n"
        b"3,C,1700,30,2010-01-01,1990,\n"
        b"4,D,1700,30,2010-01-01,1990,\n"
    )
    with pytest.raises(ListFileError) as caught:
        read_list_csv(data, source="x.csv")
    (problem,) = caught.value.problems
    assert (problem.line, problem.column) == (3, 7)
    assert "4711" in problem.message and "line 2" in problem.message


def test_bad_input_a_100_kb_cell_is_quoted_shortened() -> None:
    """A 100,000-character header cell or value was echoed whole in the message (and on the
    upload page); it is quoted with its first 60 characters."""
    with pytest.raises(ListFileError) as caught:
        read_list_csv(b"x" * 100_000 + b"\n")
    first = caught.value.problems[0]
    assert (first.line, first.column) == (1, 1)
    assert "x" * 60 + "…" in first.message and "x" * 61 not in first.message
    with pytest.raises(ListFileError) as caught:
        read_list_csv(HEADER + b"1,a,1500,3," + b"9" * 100_000 + b",1990\n")
    (problem,) = caught.value.problems
    assert (problem.line, problem.column) == (2, 5)
    assert len(problem.message) < 200


@pytest.mark.parametrize("column", ["points", "games", "pending_opponents"])
def test_bad_input_a_5000_digit_number_is_named_not_a_crash(column) -> None:
    """``int`` of 5000 digits raises ValueError ("Exceeds the limit (4300 digits) …"): the
    upload page answered 500 and the CLI exit 1 without file or line. Now line 2, the column."""
    header = b"id,name,points,games,entry_date,birth_date,pending_opponents\n"
    cells = {"points": b"", "games": b"", "pending_opponents": b""}
    cells[column] = b"9" * 5000
    row = (
        b"1,a,"
        + cells["points"]
        + b","
        + cells["games"]
        + b",,1990,"
        + cells["pending_opponents"]
        + b"\n"
    )
    with pytest.raises(ListFileError) as caught:
        read_list_csv(header + row, source="x.csv")
    position = {"points": 3, "games": 4, "pending_opponents": 7}[column]
    places = [(p.line, p.column) for p in caught.value.problems]
    # with a points cell, games and entry_date are also required (columns 4, 5)
    assert places[0] == (2, position)
    assert "whole number" in caught.value.problems[0].message


def test_w8_table_with_a_5000_digit_number_is_an_invalid_input_file(tmp_path, capsys) -> None:
    """``json.loads`` raises a plain ValueError for a 5000-digit number: the CLI ended with
    exit 1 and no file named. Now exit 3, the table named."""
    (tmp_path / "t.json").write_text('{"difference_cap": ' + "9" * 5000 + "}")
    code, err = run(tmp_path, capsys, LIST, "--table", str(tmp_path / "t.json"))
    assert code == 3
    assert "t.json: not readable as JSON" in err
