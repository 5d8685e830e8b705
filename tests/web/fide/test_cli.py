"""``chessclub lists import-fide FILE`` (and ``lists rollback fide``): streamed from the file,
counts on standard output, the lines left out on standard error, exit code 3 for a refused
file, 1 for a refused change."""

from __future__ import annotations

import pytest
from django.utils import translation

from chessclub.cli import EXIT_FAILURE, EXIT_INVALID_INPUT, EXIT_OK
from chessclub_web.cli import main
from chessclub_web.fide.models import FidePlayer

from .files import COMBINED, RAPID, zipped

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _english():
    with translation.override("en"):
        yield


def test_fide_cli_imports_prints_counts_and_warnings(tmp_path, capsys):
    path = tmp_path / "players_list.zip"
    path.write_bytes(zipped("players_list_foa.txt", COMBINED))
    assert main(["lists", "import-fide", str(path), "--list-date", "2026-09-01"]) == EXIT_OK
    out, err = capsys.readouterr()
    assert "Imported version 1 of the fide list: 7 records, 7 new, 0 changed, 0 removed" in out
    assert "combined list (standard, rapid, blitz), TXT. 1 line was left out." in out
    assert err.splitlines() == [
        "chessclub: warnings:",
        "  Line 6, column 95: OTit 'LSI,FI,SI,SLI,NA' runs over its 15 columns: the rest of "
        "the line was read from its end",
        "  Line 8, column 114: SRtng '19x0' is not a number: the line is left out",
    ]
    assert FidePlayer.objects.count() == 7
    assert main(["lists", "import-fide", str(path)]) == EXIT_FAILURE  # the same file
    assert main(["lists", "import-fide", str(path), "--again"]) == EXIT_OK


def test_fide_cli_time_control_of_a_renamed_list(tmp_path, capsys):
    path = tmp_path / "list.txt"
    path.write_bytes(RAPID)
    assert main(["lists", "import-fide", str(path)]) == EXIT_INVALID_INPUT
    assert "standard_, rapid_, blitz_" in capsys.readouterr().err
    assert main(["lists", "import-fide", str(path), "--time-control", "rapid"]) == EXIT_OK
    assert FidePlayer.objects.get(fide_id=10000011).rapid_rating == 2460


def test_fide_cli_bad_header_exit_3_line_named(tmp_path, capsys):
    path = tmp_path / "players_list_foa.txt"
    path.write_bytes(COMBINED.replace(b"Flag", b"Flg ", 1))
    assert main(["lists", "import-fide", str(path)]) == EXIT_INVALID_INPUT
    err = capsys.readouterr().err
    assert "the FIDE list was not imported" in err and "Flag" in err
    assert not FidePlayer.objects.exists()


def test_fide_cli_rollback_says_the_list_is_updated_in_place(tmp_path, capsys):
    path = tmp_path / "players_list_foa.txt"
    path.write_bytes(COMBINED)
    assert main(["lists", "import-fide", str(path)]) == EXIT_OK
    capsys.readouterr()
    assert main(["lists", "rollback", "fide"]) == EXIT_FAILURE
    assert "updated in place" in capsys.readouterr().err
    assert FidePlayer.objects.count() == 7


def help_text(capsys, *command: str) -> str:
    with pytest.raises(SystemExit):
        main([*command, "--help"])
    return " ".join(capsys.readouterr().out.split())


def test_fide_cli_help_texts(capsys):
    text = help_text(capsys, "lists", "import-fide")
    for words in (
        "players_list.zip",
        "standard_, rapid_ or blitz_rating_list.zip",
        "--time-control {standard,rapid,blitz}",
        "(exit code 3, each problem printed)",
        "--again",
        "updated in place",
        "printed on standard error (line, column, why)",
    ):
        assert words in text, words
    assert "The FIDE list has no roll-back" in help_text(capsys, "lists", "rollback")
