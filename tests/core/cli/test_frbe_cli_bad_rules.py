"""``chessclub frbe rating-run --rules FILE.json`` with a rule set a run cannot use (spec
``frbe.md`` B5: the rule set is data an administrator edits; bad-input rule: a clear message
naming the file and field, exit code 3 — an invalid input file in ``chessclub.cli``'s table —
never a traceback)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from chessclub.cli import main
from chessclub.ratings.frbe import NationalRules

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures"
PLAYERS = FIXTURES / "frbe_players" / "PLAYER.DBF"
OPEN = FIXTURES / "frbe" / "open-unrated.txt"


@pytest.mark.parametrize(
    ("change", "field"),
    [
        ({"rated_after_games": 0}, "rated_after_games"),
        ({"difference_cap": -350}, "difference_cap"),
        ({"floor": -1}, "floor"),
        ({"k_by_games": [[0, 0]]}, "k_by_games"),
        ({"k_by_games": [[1.5, 2]]}, "k_by_games"),  # int(1.5) was silently 1
        ({"k_by_games": "abc"}, "k_by_games"),
        ({"k_by_rating": [[2200, 16], [2000, 12], [None, 10]]}, "k_by_rating"),
        ({"k_by_rating": [[2000, -16], [None, 10]]}, "k_by_rating"),
        ({"foreign_start_games": [[1, 2, 3]]}, "foreign_start_games"),
    ],
)
def test_b5_rule_set_out_of_range_refused_naming_the_field(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], change: dict[str, object], field: str
) -> None:
    rules = tmp_path / "rules.json"
    rules.write_text(json.dumps({"key": "t", "version": "1", **change}))
    code = main(["frbe", "rating-run", "--players", str(PLAYERS), "--rules", str(rules), str(OPEN)])
    err = capsys.readouterr().err
    assert code == 3
    assert f"rule set field {field}" in err and "rules.json" in err
    assert "Traceback" not in err


@pytest.mark.parametrize(
    ("data", "message"),
    [(b"\xff\xfe{", "not UTF-8"), (b"{", "not JSON"), (b"[1]", "a JSON object is needed")],
)
def test_b5_rule_set_file_unreadable_is_exit_3(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], data: bytes, message: str
) -> None:
    rules = tmp_path / "rules.json"
    rules.write_bytes(data)
    code = main(["frbe", "rating-run", "--players", str(PLAYERS), "--rules", str(rules), str(OPEN)])
    err = capsys.readouterr().err
    assert code == 3 and message in err and "rules.json" in err


def test_b5_rule_set_with_b5_values_from_data_accepted() -> None:
    """Art. 10's own constants written as data pass the range checks (they are not too
    strict): K 32/24 by games to 100/300, 16/12/10 at 2000/2200, floor 1150, cap 350."""
    rules = NationalRules.from_mapping(
        {
            "key": "copy",
            "version": "1",
            "k_by_games": [[100, 32], [300, 24]],
            "k_by_rating": [[2000, 16], [2200, 12], [None, 10]],
            "floor": 1150,
            "difference_cap": 350,
            "foreign_start_games": [[2300, 300], [2000, 200], [0, 50]],
        }
    )
    assert rules.k_for(101, 1500) == 24 and rules.k_for(301, 2100) == 12
