"""Issue 4 deliverable 5 (bad input): a TRF that cannot be paired is refused with its line,
through ``chessclub pair`` and ``chessclub check``: exit code 3 (FormatError), no traceback.

The file is the edge case E3 (tests/fixtures/pairing/edge, provenance there) with one field
changed by hand; the expected numbers are that file's own results added up."""

from __future__ import annotations

from pathlib import Path

import pytest

from chessclub.cli import main
from chessclub.formats.errors import Problem
from chessclub.pairing import check_trf, pair_trf

E3 = (
    Path(__file__).resolve().parents[2] / "fixtures" / "pairing" / "edge" / "E3-requested-H-bye.trf"
)
LINE_1 = "2.0          5 w 1     4 b 1"  # player 1: won both rounds
LINE_3 = "1.5          7 w 1     2 b 0  0000 - H"  # player 3: 1 + 0 + a half-point bye


def edited(old: str, new: str) -> bytes:
    text = E3.read_text()
    assert old in text
    return text.replace(old, new).encode()


def test_p6_scores_disagreeing_with_results_pair_from_the_rounds_with_warnings():
    """Player 1's record (line 4) says 3.0 but his rounds are 1 + 1 = 2.0; player 3's (line 6)
    says 2.5 for 1 + 0 + ½ = 1.5 (1.0 before the round to pair). Both are warned at column 81
    (the points field), and the file pairs as the unchanged file does: pairing goes by the
    rounds (spec P6)."""
    data = edited(LINE_1, LINE_1.replace("2.0", "3.0", 1))
    data = data.replace(LINE_3.encode(), LINE_3.replace("1.5", "2.5", 1).encode())
    warnings: list[Problem] = []
    assert pair_trf(data, source="bad.trf", warnings=warnings) == pair_trf(E3.read_bytes())
    assert [(p.line, p.column) for p in warnings] == [(4, 81), (6, 81)]
    text = " ".join(p.message for p in warnings)
    assert "player 1" in text and "3.0" in text and "2.0" in text
    checked: list[Problem] = []
    check_trf(data, source="bad.trf", warnings=checked)
    assert [(p.line, p.column) for p in checked] == [(4, 81), (6, 81)]
    assert pair_trf(E3.read_bytes()).splitlines()[0] == "4"


@pytest.mark.parametrize("command", ["pair", "check"])
@pytest.mark.parametrize(
    ("old", "new", "where"),
    [
        (LINE_1, LINE_1.replace("5 w 1", "9 w 1", 1), "line 4, column 92"),  # no player 9
    ],
    ids=["unknown-player"],
)
def test_bad_input_cli_refuses_with_the_line_and_exit_code(
    tmp_path, capsys, command, old, new, where
):
    """``chessclub pair|check`` on such a file: exit code 3, the line on stderr, nothing on
    stdout, no traceback."""
    path = tmp_path / "bad.trf"
    path.write_bytes(edited(old, new))
    code = main([command, str(path)])
    out, err = capsys.readouterr()
    assert code == 3
    assert where in err and "Traceback" not in err and out == ""
