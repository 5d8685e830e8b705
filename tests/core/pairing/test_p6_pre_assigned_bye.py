"""Spec P6: ``chessclub pair`` on a file whose round to pair already holds ``0000 - U`` keeps
that pairing-allocated bye and pairs the others (it used to drop it silently and give the bye to
someone else); two ``U`` in the round, or one that leaves an odd number to pair, is refused
with the line (exit 3).

The files are the hand-made edge cases E1 (7 players, round 1 to pair) and E3 (8 players,
round 3 to pair) of tests/fixtures/pairing/edge (provenance there), with one cell added.
Expected pairing of E1 with player 1 set aside, by FIDE C.04.3 by hand: one score group of six
(2…7, all on 0), S1 = {2, 3, 4} meets S2 = {5, 6, 7} in order: 2–5, 3–6, 4–7.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from chessclub.cli import EXIT_INVALID_INPUT, main
from chessclub.formats.errors import TrfError
from chessclub.pairing import pair_trf
from chessclub.pairing.bbp_format import parse_bbp

EDGE = Path(__file__).resolve().parents[2] / "fixtures" / "pairing" / "edge"


def with_cell(path: Path, player: int, points: str, cell: str) -> str:
    """The file with ``cell`` appended to player ``player``'s line (round cells from col 91)
    and their points field (cols 81–84) set to ``points``."""
    lines = path.read_text().split("\n")
    for index, line in enumerate(lines):
        if line.startswith("001") and int(line[4:8]) == player:
            body = line.rstrip().ljust(90)
            lines[index] = body[:80] + f"{points:>4}" + body[84:] + cell
    return "\n".join(lines)


def test_p6_pair_keeps_a_pairing_allocated_bye_already_in_the_round(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text = with_cell(EDGE / "E1-odd-round1.trf", 1, "1.0", " 0000 - U")
    pairs = parse_bbp(pair_trf(text.encode(), source="e1.trf"))
    assert pairs[-1] == (1, 0)  # the bye stays with player 1, written last
    assert {frozenset(p) for p in pairs[:-1]} == {
        frozenset({2, 5}),
        frozenset({3, 6}),
        frozenset({4, 7}),
    }
    path = tmp_path / "e1.trf"
    path.write_text(text)
    assert main(["pair", str(path)]) == 0
    assert capsys.readouterr().out.splitlines()[-1] == "1 0"


def test_p6_pair_refuses_a_second_pairing_allocated_bye_with_its_line() -> None:
    text = with_cell(EDGE / "E1-odd-round1.trf", 1, "1.0", " 0000 - U")
    lines = text.split("\n")
    lines[5] = lines[5].rstrip().ljust(90)[:80] + " 1.0" + "      " + " 0000 - U"  # player 3
    with pytest.raises(TrfError) as caught:
        pair_trf("\n".join(lines).encode(), source="e1.trf")
    assert [(p.line, p.column) for p in caught.value.problems] == [(6, 99)]
    assert "at most one" in caught.value.problems[0].message


def test_p6_pair_refuses_a_bye_that_leaves_an_odd_number_to_pair(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # E3 (8 players), round 3: player 3's requested half-point bye (line 6) written as a
    # pairing-allocated bye instead; the 7 others cannot all be paired without a second bye.
    text = (EDGE / "E3-requested-H-bye.trf").read_text()
    old = "1.5          7 w 1     2 b 0  0000 - H"
    assert old in text
    text = text.replace(old, "2.0          7 w 1     2 b 0  0000 - U")
    path = tmp_path / "e3.trf"
    path.write_text(text)
    assert main(["pair", str(path)]) == EXIT_INVALID_INPUT
    err = capsys.readouterr().err
    assert "line 6, column 119" in err
    assert "odd" in err
