"""FIDE's downloadable lists (``chessclub.formats.fide_list``; spec ``rating-lists.md`` §1.2–§1.7):
the combined TXT, one time control's TXT, the XML, zipped or not, read as a stream.

The files are synthetic, hand-made in FIDE's exact layouts (``tests/fixtures/fide``, README
there); each expected record below is written from the line as the fixture spells it."""

from __future__ import annotations

import datetime
import io
import zipfile
from pathlib import Path

import pytest

from chessclub.formats.fide_list import (
    FideListError,
    FideRecord,
    ListLayout,
    open_fide_list,
    time_control_of_name,
)

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures" / "fide"
COMBINED = FIXTURES / "players_list_foa.txt"
RAPID = FIXTURES / "rapid_sep26frl.txt"
HEADER = (
    "ID Number      Name                                                         Fed Sex Tit  "
    "WTit OTit           FOA SRtng SGm SK RRtng RGm Rk BRtng BGm BK B-day Flag"
)
RATING_HEADER = (
    "ID Number      Name                                                         Fed Sex Tit  "
    "WTit OTit           FOA SEP26 Gms K  B-day Flag"
)

ALPHA = FideRecord(
    fide_id=10000011,
    name="Alpha, Adam",
    federation="BEL",
    sex="M",
    title="GM",
    w_title=None,
    o_title="IA",
    foa_title=None,
    standard_rating=2501,
    standard_games=5,
    standard_k=10,
    rapid_rating=2450,
    rapid_games=0,
    rapid_k=20,
    blitz_rating=2399,
    blitz_games=12,
    blitz_k=20,
    birth_year=1980,
    flag=None,
    line=2,
)
BETA = FideRecord(
    fide_id=10000020,
    name="Beta, Berta",
    federation="IND",
    sex="F",
    title="WCM",
    w_title="WCM",
    blitz_rating=1807,
    blitz_games=0,
    blitz_k=40,
    birth_year=2013,
    flag="w",
    line=3,
)
GAMMA = FideRecord(fide_id=10000038, name="Gamma, Gil", federation="NON", sex="M", flag="i", line=4)
DELTA = FideRecord(
    fide_id=10000046,
    name="Delta, Dora",
    federation="FRA",
    sex="F",
    title="WIM",
    w_title="WIM",
    o_title="FA,FST",
    foa_title="AIM",
    standard_rating=2205,
    standard_games=0,
    standard_k=20,
    birth_year=1975,
    flag="wi",
    line=5,
)
EPSILON = FideRecord(
    fide_id=10000054,
    name="Epsilon-Ernst, Eva Maria",
    federation="SUI",
    sex="F",
    o_title="LSI,FI,SI,SLI,NA",
    standard_rating=1850,
    standard_games=9,
    standard_k=20,
    rapid_rating=1799,
    rapid_games=4,
    rapid_k=20,
    birth_year=1990,
    flag="w",
    line=6,
)
ZETA = FideRecord(
    fide_id=10000062,
    name="Zeta, Zoltán",
    federation="HUN",
    sex="M",
    title="FM",
    foa_title="AFM",
    standard_rating=2310,
    standard_games=0,
    standard_k=20,
    rapid_rating=2288,
    rapid_games=7,
    rapid_k=20,
    blitz_rating=2301,
    blitz_games=0,
    blitz_k=20,
    birth_year=2001,
    line=7,
)
IOTA = FideRecord(
    fide_id=537001345,
    name="Iota, Ida",
    federation="BEL",
    sex="F",
    rapid_rating=1431,
    rapid_games=0,
    rapid_k=40,
    birth_year=2018,
    flag="w",
    line=9,
)


def read(source, **options):
    with open_fide_list(source, **options) as listing:
        return listing, list(listing)


def where(listing) -> list[tuple[int, int, str]]:
    return [(p.line, p.column, p.message) for p in listing.problems]


# --------------------------------------------------------------------------------------------
# The combined TXT
# --------------------------------------------------------------------------------------------


def test_fide_combined_txt_every_field_of_every_line():
    listing, records = read(COMBINED)
    assert listing.layout is ListLayout.COMBINED_TXT
    assert listing.time_control is None
    assert listing.list_date is None  # the combined list does not give its month
    assert records == [ALPHA, BETA, GAMMA, DELTA, EPSILON, ZETA, IOTA]
    assert (listing.lines, listing.records, listing.skipped) == (8, 7, 1)


def test_fide_combined_txt_bad_rating_left_out_with_line_and_column_others_kept():
    listing, records = read(COMBINED)
    assert 10000070 not in {r.fide_id for r in records}
    assert (8, 114, "SRtng '19x0' is not a number: the line is left out") in where(listing)


def test_fide_otit_overflow_read_again_from_the_right_and_noted():
    """Sharly Chess PR #76: ``LSI,FI,SI,SLI,NA`` is 16 characters in a 15-wide column."""
    listing, records = read(COMBINED)
    assert EPSILON in records
    assert (
        6,
        95,
        "OTit 'LSI,FI,SI,SLI,NA' runs over its 15 columns: the rest of the line was read from "
        "its end",
    ) in where(listing)
    assert EPSILON.other_titles == ("LSI", "FI", "SI", "SLI", "NA")


def test_fide_wcm_in_both_title_columns_non_federation_blank_ratings_year_0000():
    assert (BETA.title, BETA.w_title) == ("WCM", "WCM")
    assert GAMMA.federation == "NON" and GAMMA.birth_year is None
    assert (GAMMA.standard_rating, GAMMA.rapid_rating, GAMMA.blitz_rating) == (None, None, None)
    assert GAMMA.inactive and DELTA.inactive and not BETA.inactive  # i, wi; w is not


def test_fide_lf_line_ends_read_as_crlf():
    data = COMBINED.read_bytes()
    _crlf, records = read(io.BytesIO(data), name="players_list_foa.txt")
    _lf, again = read(io.BytesIO(data.replace(b"\r\n", b"\n")), name="players_list_foa.txt")
    assert records == again


def test_fide_latin1_line_read_and_noted_once():
    listing, records = read(FIXTURES / "latin1_list.txt")
    assert [r.name for r in records] == ["Müller, Jürgen"]
    assert (records[0].fide_id, records[0].standard_rating, records[0].birth_year) == (
        10000097,
        2050,
        1966,
    )
    assert where(listing) == [
        (2, 0, "the file is not UTF-8 from this line on: such lines are read as latin-1")
    ]


def test_fide_utf8_bom_and_trailing_spaces_trimmed():
    lines = COMBINED.read_text(encoding="utf-8").splitlines()
    text = "\ufeff" + "\r\n".join([lines[0], lines[1].rstrip()]) + "\r\n"
    _listing, records = read(io.BytesIO(text.encode("utf-8")), name="x.txt")
    assert records == [ALPHA]


def test_fide_header_positions_read_from_the_header_not_assumed():
    """A layout FIDE would shift (the name one column narrower, every later column one to the
    left): read from where its header places the columns."""
    header = HEADER[:75] + HEADER[76:]
    line = COMBINED.read_text(encoding="utf-8").splitlines()[1]
    shifted = line[:75] + line[76:]
    _listing, records = read(io.BytesIO(f"{header}\r\n{shifted}\r\n".encode()), name="x.txt")
    assert records == [ALPHA]


def test_fide_header_missing_a_mandatory_column_refused_on_line_1():
    header = HEADER.replace(" SK ", "    ")
    data = f"{header}\r\n".encode() + COMBINED.read_bytes().split(b"\r\n", 1)[1]
    with pytest.raises(FideListError) as caught:
        open_fide_list(io.BytesIO(data), name="players_list_foa.txt")
    problem = caught.value.first
    assert problem.line == 1
    assert "the header has no column SK" in problem.message


def test_fide_not_a_fide_header_refused_on_line_1():
    with pytest.raises(FideListError) as caught:
        open_fide_list(io.BytesIO(b"Nom;Matricule;Elo\r\nA;1;2\r\n"), name="list.txt")
    assert caught.value.first.line == 1
    assert "not a FIDE rating list" in caught.value.first.message


def test_fide_empty_and_utf16_refused():
    with pytest.raises(FideListError, match="empty"):
        open_fide_list(io.BytesIO(b"  \r\n"), name="x.txt")
    with pytest.raises(FideListError, match="UTF-16"):
        open_fide_list(io.BytesIO(HEADER.encode("utf-16")), name="x.txt")


def test_fide_header_only_refused_no_player():
    with pytest.raises(FideListError, match="no player"):
        read(io.BytesIO(f"{HEADER}\r\n".encode()), name="x.txt")


def test_fide_control_character_line_left_out():
    line = COMBINED.read_text(encoding="utf-8").splitlines()[1]
    bad = line[:20] + "\x07" + line[21:]
    listing, records = read(io.BytesIO(f"{HEADER}\r\n{bad}\r\n{line}\r\n".encode()), name="x.txt")
    assert records == [ALPHA._replace(line=3)]
    assert where(listing) == [
        (2, 21, "control character U+0007 (BEL) is not allowed: the line is left out")
    ]


def test_fide_too_many_bad_lines_refused_at_the_end():
    """Up to 10 lines may be left out of any list, beyond that at most 1 % of its lines."""
    line = COMBINED.read_text(encoding="utf-8").splitlines()[1]
    bad = line[:113] + "xxxx" + line[117:]
    body = "\r\n".join([HEADER, *[bad] * 11, line]) + "\r\n"
    with pytest.raises(FideListError) as caught:
        read(io.BytesIO(body.encode()), name="x.txt")
    assert len(caught.value.problems) == 12
    assert caught.value.first.message == (
        "11 of the 12 lines read cannot be read: the list is refused (at most 10 may be left out)"
    )
    fine = "\r\n".join([HEADER, *[bad] * 10, line]) + "\r\n"
    listing, records = read(io.BytesIO(fine.encode()), name="x.txt")
    assert len(records) == 1 and listing.skipped == 10


def test_fide_line_without_id_or_name_left_out():
    line = COMBINED.read_text(encoding="utf-8").splitlines()[1]
    no_id = " " * 15 + line[15:]
    no_name = line[:15] + " " * 61 + line[76:]
    listing, records = read(
        io.BytesIO(f"{HEADER}\n{no_id}\n{no_name}\n{line}\n".encode()), name="x.txt"
    )
    assert records == [ALPHA._replace(line=4)]
    assert where(listing) == [
        (2, 1, "no FIDE ID: the line is left out"),
        (3, 16, "FIDE ID 10000011 has no name: the line is left out"),
    ]


# --------------------------------------------------------------------------------------------
# One time control's TXT
# --------------------------------------------------------------------------------------------


def test_fide_rapid_txt_sep26_the_month_and_the_time_control_from_the_name():
    listing, records = read(RAPID)
    assert listing.layout is ListLayout.RATING_TXT
    assert listing.time_control == "rapid"
    assert listing.list_date == datetime.date(2026, 9, 1)
    assert records == [
        FideRecord(
            fide_id=10000011,
            name="Alpha, Adam",
            federation="BEL",
            sex="M",
            title="GM",
            o_title="IA",
            rapid_rating=2460,
            rapid_games=3,
            rapid_k=20,
            birth_year=1980,
            line=2,
        ),
        FideRecord(
            fide_id=10000046,
            name="Delta, Dora",
            federation="FRA",
            sex="F",
            title="WIM",
            w_title="WIM",
            o_title="FA,FST",
            foa_title="AIM",
            rapid_rating=2190,
            rapid_games=0,
            rapid_k=20,
            birth_year=1975,
            flag="wi",
            line=3,
        ),
        FideRecord(
            fide_id=10000089,
            name="Kappa, Kurt",
            federation="AUT",
            sex="M",
            rapid_rating=1620,
            rapid_games=11,
            rapid_k=40,
            birth_year=2008,
            line=4,
        ),
    ]


def test_fide_rating_txt_time_control_chosen_when_the_name_does_not_say():
    data = RAPID.read_bytes()
    with pytest.raises(FideListError, match="choose which"):
        open_fide_list(io.BytesIO(data), name="list.txt")
    listing, records = read(io.BytesIO(data), name="list.txt", time_control="blitz")
    assert listing.time_control == "blitz"
    assert (records[0].blitz_rating, records[0].rapid_rating) == (2460, None)


def test_fide_time_control_against_the_name_or_for_the_combined_list_refused():
    with pytest.raises(FideListError, match="says it is the rapid list, but blitz was chosen"):
        open_fide_list(RAPID, time_control="blitz")
    with pytest.raises(FideListError, match="combined list holds the three time controls"):
        open_fide_list(COMBINED, time_control="rapid")


def test_fide_time_control_of_fide_file_names():
    assert time_control_of_name("standard_rating_list.zip") == "standard"
    assert time_control_of_name("downloads/Rapid_sep26frl.txt") == "rapid"
    assert time_control_of_name("blitz_rating_list_xml.zip") == "blitz"
    assert time_control_of_name("players_list_foa.txt") is None


# --------------------------------------------------------------------------------------------
# XML
# --------------------------------------------------------------------------------------------


def test_fide_combined_xml_every_field():
    listing, records = read(FIXTURES / "players_list_xml_foa.xml")
    assert listing.layout is ListLayout.COMBINED_XML
    assert records == [
        ALPHA._replace(line=3),
        BETA._replace(line=24),
        ZETA._replace(birth_year=None, flag="i", line=45),
        FideRecord(
            fide_id=10000070,
            name="Theta, Theo",
            federation="GER",
            sex="M",
            standard_games=0,
            standard_k=40,
            birth_year=2010,
            line=66,
        ),
    ]
    assert where(listing) == [(66, 0, "<rating> 'n/a' is not a number: read as empty")]


def test_fide_blitz_xml_its_rating_elements_are_blitz():
    listing, records = read(FIXTURES / "blitz_sep26frl_xml.xml")
    assert listing.layout is ListLayout.RATING_XML
    assert (listing.time_control, listing.list_date) == ("blitz", datetime.date(2026, 9, 1))
    assert [
        (r.fide_id, r.blitz_rating, r.blitz_games, r.blitz_k, r.standard_rating, r.flag)
        for r in records
    ] == [
        (10000011, 2410, 30, 20, None, "i"),
        (10000020, 1815, 9, 40, None, "w"),
    ]


def test_fide_xml_doctype_and_broken_xml_refused_with_line():
    doctype = b'<?xml version="1.0"?>\n<!DOCTYPE x [<!ENTITY a "aaaa">]>\n<playerslist/>\n'
    with pytest.raises(FideListError, match="DOCTYPE") as caught:
        open_fide_list(io.BytesIO(doctype), name="players.xml")
    assert caught.value.first.line == 2
    broken = b"<playerslist>\n<player><fideid>1</fideid><name>A, B</name></player>\n<player>\n"
    with pytest.raises(FideListError, match="not well-formed XML") as caught:
        read(io.BytesIO(broken), name="players_list.xml")
    assert caught.value.first.line == 4


# --------------------------------------------------------------------------------------------
# Zipped, streamed
# --------------------------------------------------------------------------------------------


def zipped(*members: tuple[str, bytes]) -> bytes:
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in members:
            archive.writestr(name, data)
    return out.getvalue()


def test_fide_zip_member_read_as_the_file_itself():
    data = zipped(("players_list_foa.txt", COMBINED.read_bytes()))
    listing, records = read(io.BytesIO(data), name="players_list.zip")
    assert listing.member == "players_list_foa.txt"
    assert records == [ALPHA, BETA, GAMMA, DELTA, EPSILON, ZETA, IOTA]


def test_fide_zip_names_the_time_control_and_the_month():
    data = zipped(("rapid_sep26frl.txt", RAPID.read_bytes()))
    listing, _records = read(io.BytesIO(data), name="rapid_rating_list.zip")
    assert (listing.time_control, listing.list_date) == ("rapid", datetime.date(2026, 9, 1))
    with pytest.raises(FideListError, match="named for the blitz list but holds the rapid"):
        open_fide_list(io.BytesIO(data), name="blitz_rating_list.zip")


def test_fide_zip_with_no_list_or_several_refused():
    with pytest.raises(FideListError, match=r"holds no \.txt or \.xml file"):
        open_fide_list(io.BytesIO(zipped(("readme.pdf", b"%PDF"))), name="players_list.zip")
    several = zipped(("a.txt", b"x"), ("b.xml", b"<x/>"))
    with pytest.raises(FideListError, match=r"several lists \(a.txt, b.xml\)"):
        open_fide_list(io.BytesIO(several), name="players_list.zip")


def test_fide_zip_bomb_refused_before_unpacking():
    bomb = zipped(("players_list_foa.txt", b" " * 5_000_000))
    with pytest.raises(FideListError, match="zip bomb"):
        open_fide_list(io.BytesIO(bomb), name="players_list.zip")


def test_fide_damaged_zip_refused_while_read():
    data = bytearray(zipped(("players_list_foa.txt", COMBINED.read_bytes() * 40)))
    middle = len(data) // 2
    data[middle : middle + 8] = b"\x00" * 8  # inside the deflated member
    with pytest.raises(FideListError, match="the zip archive is damaged"):
        read(io.BytesIO(bytes(data)), name="players_list.zip")


def test_fide_not_a_zip_after_all_refused():
    with pytest.raises(FideListError, match="not a readable zip archive"):
        open_fide_list(io.BytesIO(b"PK\x03\x04 truncated"), name="players_list.zip")


class Endless(io.RawIOBase):
    """A combined list that never ends (a line of Alpha's, again and again), counting what is
    read of it: a reader that read the file whole would never return."""

    def __init__(self) -> None:
        self.served = 0
        self.pending = (HEADER + "\r\n").encode()
        self.line = (COMBINED.read_text(encoding="utf-8").splitlines()[1] + "\r\n").encode()

    def readable(self) -> bool:
        return True

    def readinto(self, buffer) -> int:
        while len(self.pending) < len(buffer):
            self.pending += self.line
        n = len(buffer)
        buffer[:n] = self.pending[:n]
        self.pending = self.pending[n:]
        self.served += n
        return n


def test_fide_streamed_never_read_whole():
    endless = Endless()
    with open_fide_list(io.BufferedReader(endless), name="players_list_foa.txt") as listing:
        batches = listing.batches(1000)
        first = next(batches)
        second = next(batches)
    assert len(first) == len(second) == 1000
    assert first[0] == ALPHA and second[-1].line == 2001
    assert endless.served < 4 * 1024 * 1024  # a few buffers, nothing like the whole file


def test_fide_read_once():
    with open_fide_list(COMBINED) as listing:
        list(listing)
        with pytest.raises(RuntimeError, match="read once"):
            list(listing)
