"""``chessclub rating-change --games-before CSV`` with bad CSV files (issue 6, CLI): every bad
line is refused with the file, the line and what was expected, exit code 1, no traceback; a
value is never silently dropped or misread."""

from __future__ import annotations

import datetime

import pytest

from chessclub.cli import main
from chessclub.formats.trf.convert import write_tournament
from chessclub.model import Game, GameResult, PairingNumber, Player, Round, RoundNumber, Tournament
from chessclub.ratings.rating_change import read_games_before

EXIT_BAD_GAMES_BEFORE = 1


@pytest.fixture
def trf(tmp_path) -> str:
    t = Tournament(
        name="Test",
        players=(
            Player(PairingNumber(1), "Low, Lea", rating=1500),
            Player(PairingNumber(2), "High, Hal", rating=1900),
        ),
        rounds=(
            Round(
                RoundNumber(1),
                (Game(PairingNumber(1), PairingNumber(2), GameResult.WHITE_WINS),),
            ),
        ),
        start_date=datetime.date(2026, 5, 1),
        end_date=datetime.date(2026, 5, 1),
    )
    path = tmp_path / "t.trf"
    path.write_bytes(write_tournament(t))
    return str(path)


@pytest.mark.parametrize(
    ("content", "shown"),
    [
        (b"1,5,7\n", "'1,5,7'"),  # a third column was ignored
        (b"1;5\n", "'1;5'"),  # wrong separator was taken for a header: nothing read
        (b"1.5,5\n", "'1.5,5'"),  # a decimal start number was taken for a header
        (b"1,3\nstart_no,games\n", "'start_no,games'"),  # a header after data
        (b"1,99999999999999999999\n", "'1,99999999999999999999'"),  # absurd count
        (b"\xc2\xb2,5\n", "'\u00b2,5'"),  # '²' passes str.isdigit() but is no number
        (b"\x00\x00\n", "'\\x00\\x00'"),
    ],
)
def test_cli_games_before_bad_lines_are_refused(trf, tmp_path, capsys, content, shown) -> None:
    csv_path = tmp_path / "before.csv"
    csv_path.write_bytes(content)
    assert main(["rating-change", trf, "--games-before", str(csv_path)]) == EXIT_BAD_GAMES_BEFORE
    captured = capsys.readouterr()
    assert "Traceback" not in captured.err
    assert f"{csv_path} line" in captured.err
    assert shown in captured.err
    assert captured.out == ""


def test_cli_games_before_not_utf8_names_the_file(trf, tmp_path, capsys) -> None:
    csv_path = tmp_path / "before.csv"
    csv_path.write_bytes(b"\xff\xfe1,3\n")
    assert main(["rating-change", trf, "--games-before", str(csv_path)]) == EXIT_BAD_GAMES_BEFORE
    err = capsys.readouterr().err
    assert f"{csv_path}: not a UTF-8 text file" in err
    assert "codec" not in err


def test_cli_games_before_good_files_still_read() -> None:
    """A header first (words), a BOM-free CRLF file, comments and blank lines are fine."""
    assert read_games_before("No,Games\r\n1,3\r\n\r\n# x\r\n2,40\r\n") == {1: 3, 2: 40}
    assert read_games_before("# only a comment\n") == {}
