"""Issue 20 (reading files): the reader's shortcuts give the values and the spellings the
rules give (FIDE TRF-16 round cells, cols 92–99; a record keeps its spelling only when it is
not canonical), and a document just read is not validated twice unless it was changed."""

from __future__ import annotations

import dataclasses
import itertools

import pytest

from chessclub.formats.errors import TrfError
from chessclub.formats.trf import read_trf, to_tournament, write_trf
from chessclub.formats.trf.records import PlayerRecord, ResultCode, RoundCell, parse_cell
from chessclub.model import Colour

OPPONENTS = (0, 1, 9, 10, 99, 100, 999, 1000, 9999)
COLOURS = {"w": Colour.WHITE, "b": Colour.BLACK, "-": None}


def test_trf16_every_canonical_cell_reads_as_written() -> None:
    """` 0000 - U `, `   12 w 1 `: opponent right-aligned in cols 92–95 (0000: none), colour
    at 97, code at 99 — read with no problem and no spelling kept."""
    for opponent, (letter, colour), code in itertools.product(
        OPPONENTS, COLOURS.items(), ResultCode
    ):
        digits = "0000" if opponent == 0 else f"{opponent:>4}"
        text = f" {digits} {letter} {code.value} "
        cell, problems = parse_cell(text, 3)
        assert problems == []
        assert cell == RoundCell(opponent or None, colour, code)
        assert cell.text is None, text


@pytest.mark.parametrize(
    ("text", "opponent", "colour", "code"),
    [
        (" 0012 w 1 ", 12, Colour.WHITE, ResultCode.WIN),  # leading zeros
        ("    0 - U ", None, None, ResultCode.PAIRING_ALLOCATED_BYE),  # 0 for 0000
        (" 0000 - h ", None, None, ResultCode.HALF_POINT_BYE),  # lower-case code
        ("   12 W = ", 12, Colour.WHITE, ResultCode.DRAW),  # upper-case colour
        (" 0000   Z ", None, None, ResultCode.ZERO_POINT_BYE),  # blank colour
    ],
)
def test_trf16_other_spellings_are_read_and_kept(text, opponent, colour, code) -> None:
    cell, problems = parse_cell(text, 2)
    assert problems == []
    assert (cell.opponent, cell.colour, cell.result) == (opponent, colour, code)
    assert cell.text == text and cell.render() == text


LINE = (
    "001    1 m    Alpha, Anne                       2100 BEL     1234567 1990/01/01  1.0"
    "    1     2 w 1  "
)
OTHER = (
    "001    2 f    Bravo, Berthe                     2000 BEL     7654321 1991/02/02  0.0"
    "    2     1 b 0"
)


def test_trf16_canonical_player_record_round_trips_without_a_source() -> None:
    data = f"012 Test\n{LINE}\n{OTHER}\n".encode()
    doc = read_trf(data)
    first = doc.players()[0]
    assert first.source is None and first.trailing == "  "
    assert write_trf(doc) == data


def test_trf16_non_canonical_cell_keeps_its_spelling_in_the_record() -> None:
    odd = OTHER.replace("     1 b 0", "  0001 b 0")  # the opponent with leading zeros
    assert odd != OTHER
    data = f"012 Test\n{LINE}\n{odd}\n".encode()
    doc = read_trf(data)
    assert doc.players()[1].cells[0].text == " 0001 b 0 "
    assert write_trf(doc) == data


def test_a_changed_document_is_validated_again() -> None:
    """A document read is validated once; replacing a record makes ``to_tournament`` check
    the records again (here an opponent who no longer shows the game)."""
    doc = read_trf(f"012 Test\n{LINE}\n{OTHER}\n".encode())
    assert doc.is_checked()
    assert len(to_tournament(doc).players) == 2
    second = doc.players()[1]
    index = doc.records.index(second)
    doc.records[index] = dataclasses.replace(second, cells=(RoundCell(),))
    assert not doc.is_checked()
    with pytest.raises(TrfError, match="shows no opponent"):
        to_tournament(doc)
    assert isinstance(doc.records[index], PlayerRecord)
