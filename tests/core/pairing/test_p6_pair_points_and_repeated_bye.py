"""Spec P6, ``chessclub pair``: the points field written before the round to pair's bye
scored agrees; other disagreements pair from the rounds with a warning; a pre-assigned
``0000 - U`` for a player who already had the pairing-allocated bye is refused at its cell
(FIDE C.04.1: a player receives the pairing-allocated bye at most once).

Files are built on the hand-made edge case E1 (7 players, tests/fixtures/pairing/edge).
Hand-worked file ``SEVEN`` (rounds 1–2 played): round 1 1–5 1-0, 6–2 0-1, 3–4 1-0, 7 U;
round 2 2–1 ½, 3–6 1-0, 4–7 0-1, 5 U. Points by hand: 1 = 1.5, 2 = 1.5, 3 = 2, 4 = 0,
5 = 1, 6 = 0, 7 = 2.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from chessclub.cli import EXIT_INVALID_INPUT, EXIT_OK, main
from chessclub.pairing import pair_trf
from chessclub.pairing.bbp_format import parse_bbp

EDGE = Path(__file__).resolve().parents[2] / "fixtures" / "pairing" / "edge"

ROUNDS = {
    1: ("1.5", ["0005 w 1", "0002 b ="]),
    2: ("1.5", ["0006 b 1", "0001 w ="]),
    3: ("2.0", ["0004 w 1", "0006 w 1"]),
    4: ("0.0", ["0003 b 0", "0007 w 0"]),
    5: ("1.0", ["0001 b 0", "0000 - U"]),
    6: ("0.0", ["0002 w 0", "0003 b 0"]),
    7: ("2.0", ["0000 - U", "0004 b 1"]),
}


def seven(changes: dict[int, tuple[str, list[str]]] | None = None) -> str:
    """E1 with the rounds of ``ROUNDS`` (updated by ``changes``): points in cols 81–84,
    round cells from col 92, ten columns apart."""
    table = {**ROUNDS, **(changes or {})}
    lines = (EDGE / "E1-odd-round1.trf").read_text().split("\n")
    for index, line in enumerate(lines):
        if line.startswith("001"):
            points, cells = table[int(line[4:8])]
            body = line.rstrip().ljust(90)
            lines[index] = (
                body[:80] + f"{points:>4}" + body[84:90] + "  ".join([" " + cells[0], *cells[1:]])
            )
    return "\n".join(lines)


def run(tmp_path: Path, capsys: pytest.CaptureFixture[str], text: str) -> tuple[int, str, str]:
    path = tmp_path / "t.trf"
    path.write_text(text)
    code = main(["pair", str(path)])
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def test_p6_hand_file_pairs_as_it_is(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(tmp_path, capsys, seven())
    assert code == EXIT_OK
    assert "points" not in err
    assert out.splitlines()[0] == "4"  # 3 boards and the bye


def test_p6_pair_refuses_a_pre_assigned_bye_to_a_player_who_had_one(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # player 7 (line 10): U in round 1 and again in round 3's cell (col 119)
    code, out, err = run(
        tmp_path, capsys, seven({7: ("2.0", ["0000 - U", "0004 b 1", "0000 - U"])})
    )
    assert code == EXIT_INVALID_INPUT
    assert out == ""
    assert "line 10, column 119" in err
    assert "round 1" in err
    assert "at most once" in err


def test_p6_pair_keeps_a_pre_assigned_bye_to_a_player_who_never_had_one(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # player 4 (0 points, never a bye) set aside; points written before round 3 (0.0)
    code, out, err = run(
        tmp_path, capsys, seven({4: ("0.0", ["0003 b 0", "0007 w 0", "0000 - U"])})
    )
    assert code == EXIT_OK, err
    assert out.splitlines()[-1] == "4 0"
    assert "points" not in err


def test_p6_pair_accepts_points_with_the_pre_assigned_bye_counted(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = run(
        tmp_path, capsys, seven({4: ("1.0", ["0003 b 0", "0007 w 0", "0000 - U"])})
    )
    assert code == EXIT_OK, err
    assert out.splitlines()[-1] == "4 0"
    assert "points" not in err


def test_p6_pair_pairs_from_the_rounds_and_warns_other_point_disagreements(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # player 6 (line 9) written with 5.0 though the rounds give 0: paired on 0, warned
    code, out, err = run(tmp_path, capsys, seven({6: ("5.0", ["0002 w 0", "0003 b 0"])}))
    assert code == EXIT_OK, err
    assert "line 9, column 81" in err
    assert "says 5.0 but the rounds add up to 0.0" in err
    assert out == pair_to_text(seven())  # the same pairing as with the right points


def pair_to_text(text: str) -> str:
    return pair_trf(text.encode(), source="t.trf")


def test_p6_points_before_the_bye_in_the_library_call() -> None:
    # E1, round 1 to pair, player 1 already has U, points 0.0 written before the round
    lines = (EDGE / "E1-odd-round1.trf").read_text().split("\n")
    lines[3] = lines[3].rstrip().ljust(90) + " 0000 - U"
    warnings: list[object] = []
    pairs = parse_bbp(pair_trf("\n".join(lines).encode(), source="e1.trf", warnings=warnings))  # type: ignore[arg-type]
    assert pairs[-1] == (1, 0)
    assert warnings == []
