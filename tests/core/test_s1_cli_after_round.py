"""S1 on the command line: ``chessclub standings FILE --after-round N``.

Points after round 4, worked out by hand from ``elite-2000-16p-7r.txt`` (rounds 1–4 of each
line; ``1`` win, ``5`` draw, ``0`` loss, ``0 - -`` no game, no point):

- 7 Golf Gilles: 1 ½ 1 1 → 3½, alone first;
- 3 Charlie Claire: 1 ½ ½ 1 → 3; 4 Delta David: 1 ½ 1 ½ → 3; 9 India Ivan: 1 1 0 1 → 3;
- 1 Alpha Anne: ½ ½ 1 ½ → 2½; 16 Papa Paul: – ½ ½ 0 → 1; 15 Oscar Olivier: 0 – – – → 0.
"""

from __future__ import annotations

import json
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import pytest

from chessclub.cli import EXIT_NOT_FOUND, EXIT_OK, EXIT_USAGE, main

ELITE = Path(__file__).resolve().parent.parent / "fixtures" / "frbe" / "elite-2000-16p-7r.txt"

AFTER_4 = {7: Fraction(7, 2), 3: Fraction(3), 4: Fraction(3), 9: Fraction(3), 1: Fraction(5, 2)}


def _rows(capsys: pytest.CaptureFixture[str], *args: str) -> list[dict[str, object]]:
    assert main(["standings", str(ELITE), "--format", "json", *args]) == EXIT_OK
    rows: list[dict[str, object]] = json.loads(capsys.readouterr().out)
    return rows


def test_s1_cli_after_round_4_counts_rounds_1_to_4(capsys: pytest.CaptureFixture[str]) -> None:
    rows = _rows(capsys, "--after-round", "4")
    by_start = {row["start_no"]: row for row in rows}
    for start_no, points in AFTER_4.items():
        assert Fraction(str(by_start[start_no]["points_exact"])) == points
    assert Fraction(str(by_start[16]["points_exact"])) == 1
    assert Fraction(str(by_start[15]["points_exact"])) == 0
    assert rows[0]["start_no"] == 7 and rows[0]["rank"] == 1
    assert by_start[7]["rounds"] == ["15b1", "4w½", "10b1", "6w1"]
    assert all(len(row["rounds"]) == 4 for row in rows)  # type: ignore[arg-type]


def test_s1_cli_after_the_last_round_is_the_whole_file(capsys: pytest.CaptureFixture[str]) -> None:
    assert _rows(capsys, "--after-round", "7") == _rows(capsys)


def test_s1_cli_after_round_text_and_csv_name_the_round(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["standings", str(ELITE), "--after-round", "2", "--tiebreaks", "none"]) == 0
    text = capsys.readouterr().out
    assert "Standings after round 2" in text.splitlines()[1]
    assert main(["standings", str(ELITE), "--after-round", "2", "--format", "csv"]) == 0
    header = capsys.readouterr().out.splitlines()[0].split(",")
    assert header[-2:] == ["r1", "r2"]


def test_s1_cli_after_round_explain(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["standings", str(ELITE), "--after-round", "1", "--explain", "7"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("7 Golf Gilles")


@pytest.mark.parametrize("bad", ["0", "-2", "four", "1.5"])
def test_s1_cli_after_round_not_a_round_is_a_usage_error(
    capsys: pytest.CaptureFixture[str], bad: str
) -> None:
    with pytest.raises(SystemExit) as exit_:
        main(["standings", str(ELITE), f"--after-round={bad}"])
    assert exit_.value.code == EXIT_USAGE
    assert "--after-round" in capsys.readouterr().err


def test_s1_cli_after_round_beyond_the_file_is_not_found(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["standings", str(ELITE), "--after-round", "8"]) == EXIT_NOT_FOUND
    err = capsys.readouterr().err
    assert "no round 8" in err and "its last round is 7" in err


def test_s1_cli_after_round_help_runs_without_django() -> None:
    code = (
        "import sys\n"
        "from chessclub.cli import main\n"
        "try:\n"
        "    main(['standings', '--help'])\n"
        "except SystemExit:\n"
        "    pass\n"
        "assert 'django' not in sys.modules\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=60
    )
    assert "--after-round N" in done.stdout
    assert "4 not found" in done.stdout
