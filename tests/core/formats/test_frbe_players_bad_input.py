"""Adversarial PLAYER lists (spec ``frbe.md`` B3; bad-input rule: refused naming the record and
field, never a crash or a hang). The dBase files come from the independent tiny writer of
``test_frbe_players.py``."""

from __future__ import annotations

import struct

import pytest
from test_frbe_players import PLAYER_FIELDS, ROWS, player_csv, player_dbf, write_dbf

from chessclub.formats.frbe_players import PlayerListError, read_player_csv, read_player_dbf

HEADER = player_csv().split("\r\n")[0]


def _csv_with(column: str, value: str) -> str:
    lines = player_csv().split("\r\n")
    names = lines[0].split(";")
    cells = lines[1].split(";")
    cells[names.index(column)] = value
    lines[1] = ";".join(cells)
    return "\r\n".join(lines)


@pytest.mark.parametrize(
    ("column", "value", "width"),
    [
        ("MATRICULE", "1000000", 6),  # N6: 999,999 at most
        ("MATRICULE", "9" * 23, 6),  # overflowed the database's integers (HTTP 500)
        ("CLUB", "9" * 20, 6),
        ("ELO_CALCUL", "10000", 4),  # N4: a rating of 10,000 cannot be in the list
        ("PART_CALCU", "9" * 20, 4),
        ("ELO_PRECE", "99999", 4),
        ("FIDE", "9" * 11, 10),
    ],
)
def test_B3_number_wider_than_its_field_refused(column: str, value: str, width: int) -> None:
    """B3 gives each N field its width: ``N4`` holds at most 9999, ``N6`` 999,999, ``N10``
    9,999,999,999; a wider value is refused naming line 2 and the field."""
    with pytest.raises(PlayerListError) as error:
        read_player_csv(_csv_with(column, value))
    problem = error.value.problems[0]
    assert (problem.record, problem.field) == (2, column)
    assert f"N{width}" in problem.message


def test_B3_widest_values_of_each_field_accepted() -> None:
    """The largest values B3's widths allow are read unchanged (the bound is not off by one)."""
    text = _csv_with("ELO_CALCUL", "9999").replace("\r\n90001;", "\r\n999999;", 1)
    players = read_player_csv(text)
    assert players.by_matricule[999999].rating == 9999


@pytest.mark.parametrize("value", ["Alpha\x00, Anne", "Alpha,\x0bAnne"])
def test_B3_control_character_in_a_text_refused(value: str) -> None:
    """A NUL (which PostgreSQL cannot store) or another control character in NOM_PRENOM."""
    with pytest.raises(PlayerListError) as error:
        read_player_csv(_csv_with("NOM_PRENOM", value))
    assert (error.value.problems[0].record, error.value.field) == (2, "NOM_PRENOM")


def test_B3_dbf_control_character_in_a_text_refused() -> None:
    rows = [list(r) for r in ROWS]
    rows[1][1] = "Bravo,\x01Bruno"
    with pytest.raises(PlayerListError, match="record 2, field NOM_PRENOM"):
        read_player_dbf(write_dbf(PLAYER_FIELDS, rows))


@pytest.mark.parametrize("record_length", [0, 1, 88])
def test_B3_dbf_header_record_length_too_short_refused(record_length: int) -> None:
    """Bytes 10–11 give the record length: 1 (deletion flag) + 6+32+1+6+8+4+4+4+4+3+10+3+2+1
    = 89 for B3's fields. A header announcing less was read forever (record length 0) or
    misread; it is refused as a corrupt header."""
    data = player_dbf()
    assert struct.unpack("<H", data[10:12]) == (89,)
    bad = data[:10] + struct.pack("<H", record_length) + data[12:]
    with pytest.raises(PlayerListError, match="record length"):
        read_player_dbf(bad)


def test_B3_dbf_header_announcing_more_records_than_the_file_refused() -> None:
    """Bytes 4–7: the record count. 2^32−1 records of 89 bytes cannot fit in a 927-byte file."""
    data = player_dbf()
    bad = data[:4] + struct.pack("<I", 2**32 - 1) + data[8:]
    with pytest.raises(PlayerListError, match="file truncated"):
        read_player_dbf(bad)


def test_B3_dbf_header_announcing_fewer_records_refused() -> None:
    """A record count of 2 in a file holding 5 records: dbfread read all 5 (it reads to the
    end of the file) while the deleted-record positions followed the header — the header lies,
    the list is refused rather than half-trusted."""
    data = player_dbf()
    short = data[:4] + struct.pack("<I", 2) + data[8:]
    with pytest.raises(PlayerListError, match="announces 2 records"):
        read_player_dbf(short)


def test_B3_dbf_bytes_after_the_end_mark_ignored() -> None:
    """After dBase's end-of-file mark 0x1A, whatever follows is not a record."""
    assert len(read_player_dbf(player_dbf() + b"junk")) == 4


def test_B3_dbf_memo_field_without_its_memo_file_accepted() -> None:
    """An upload is the ``.DBF`` alone: an extra memo field (remarks) is not one of B3's and
    does not make the list unreadable."""
    fields = (*PLAYER_FIELDS, ("REMARQUE", "M", 10, 0))
    rows = [(*r, None) for r in ROWS]
    assert len(read_player_dbf(write_dbf(fields, rows))) == len(ROWS)


def test_B3_dbf_zero_bytes_refused() -> None:
    with pytest.raises(PlayerListError, match="not a dBase III table"):
        read_player_dbf(b"")


@pytest.mark.parametrize(
    "data",
    [
        "\ufeff" + player_csv(),  # UTF-8 BOM
        player_csv().replace("É", "\u00c9"),
    ],
)
def test_B3_csv_with_bom_read(data: str) -> None:
    players = read_player_csv(data.encode("utf-8"))
    assert players.by_matricule[90005].name == "Echo, Émile"


def test_B3_csv_utf16_refused_naming_a_missing_field() -> None:
    """A UTF-16 export is not UTF-8 nor Windows-1252: its header is not B3's, refused."""
    with pytest.raises(PlayerListError) as error:
        read_player_csv(player_csv().encode("utf-16"))
    assert error.value.field == "MATRICULE"


def test_B3_csv_field_over_the_csv_limit_refused_naming_the_line() -> None:
    """A 200,000-character name (over Python's csv limit of 131,072) raised ``csv.Error``
    (HTTP 500, a traceback in the CLI): refused naming line 3."""
    lines = player_csv().split("\r\n")
    lines.insert(2, "1;" + "A" * 200_000 + ";M;;;;;;;;;;;F")
    with pytest.raises(PlayerListError) as error:
        read_player_csv("\r\n".join(lines))
    assert error.value.problems[0].record == 3
    assert "not a CSV line" in error.value.problems[0].message


def test_B3_csv_header_over_the_csv_limit_refused() -> None:
    with pytest.raises(PlayerListError, match="record 1: not a CSV line"):
        read_player_csv("A" * 200_000 + "\n")


def test_B3_dbf_overflow_stars_refused_not_read_as_no_rating() -> None:
    """dBase fills a numeric field with ``*`` when the value does not fit. ``****`` in
    ELO_CALCUL of record 1 read as 0, i.e. "no rating" — the player silently became unrated.
    Offset of ELO_CALCUL in a record: flag 1 + MATRICULE 6 + NOM_PRENOM 32 + SEXE 1 + CLUB 6 +
    DATE_NAISS 8 + ELO_PRECE 4 + PART_PRECE 4 = 62; header 32 + 14 × 32 + 1 = 481 bytes."""
    data = bytearray(player_dbf())
    start = 481 + 62
    assert data[start : start + 4] == b"2118"
    data[start : start + 4] = b"****"
    with pytest.raises(PlayerListError, match=r"record 1, field ELO_CALCUL: .*overflow"):
        read_player_dbf(bytes(data))
