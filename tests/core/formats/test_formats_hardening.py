"""Hostile input for the file readers and impossible output for the writers.

A malformed file is refused with a :class:`FormatError` naming line and column — never a
traceback, never a hang, nothing partial returned; a tournament that does not fit a format is
refused by the writer with an :class:`ExportError` (not a ``FormatError``: no input file is at
fault).
"""

from __future__ import annotations

import dataclasses
from fractions import Fraction
from pathlib import Path

import pytest

from chessclub.formats import (
    MAX_ROUNDS,
    MAX_TRF_PLAYERS,
    UTF16_MESSAGE,
    ExportError,
    FileFormat,
    FormatError,
    Problem,
    detect_format,
    frbe,
    read_tournament,
    trf,
)
from chessclub.formats.errors import FrbeError, TrfError
from chessclub.model import Game, GameResult, PairingNumber, Player, Round, RoundNumber, Tournament

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures"
ONLINE = FIXTURES / "trf" / "online-swiss-13p-10r.trf"  # XXR 10 on line 14, XXC on line 15
TRF26 = FIXTURES / "trf" / "trf26-individual-sample.trf"  # 142 5; 240 H 2 4 on line 36
ELITE = FIXTURES / "frbe" / "elite-2000-16p-7r.txt"  # code line 6, header 7, players 8–23
P = PairingNumber


def lines(path: Path) -> list[bytes]:
    return path.read_bytes().split(b"\n")


def with_line(path: Path, lineno: int, new: bytes) -> bytes:
    out = lines(path)
    out[lineno - 1] = new
    return b"\n".join(out)


def patch(path: Path, lineno: int, column: int, new: bytes) -> bytes:
    line = lines(path)[lineno - 1]
    return with_line(path, lineno, line[: column - 1] + new + line[column - 1 + len(new) :])


def trf_problems(raw: bytes) -> list[Problem]:
    with pytest.raises(TrfError) as info:
        trf.read_trf(raw)
    with pytest.raises(FormatError):  # the dispatcher, too, refuses without a traceback
        read_tournament(raw)
    return info.value.problems


def frbe_problems(raw: bytes) -> list[Problem]:
    with pytest.raises(FrbeError) as info:
        frbe.read_results_file(raw)
    with pytest.raises(FormatError):
        read_tournament(raw)
    return info.value.problems


def at(problems: list[Problem]) -> list[tuple[int, int]]:
    return [(p.line, p.column) for p in problems]


# --------------------------------------------------------------------------------------------
# 1–2. Huge numbers and absurd sizes in a TRF

BIG = "3" * 5000


@pytest.mark.parametrize(
    ("record", "column", "message"),
    [
        (f"162 W 1.{BIG}", 7, "W points '1.333333333333333333'…: too many decimals (at most 2)"),
        (f"162 W {'9' * 400}", 7, "number too large (at most 9999.99)"),
        (f"162 W 1.0    D {BIG}", 16, "D points '33333333333333333333'…: number too large"),
        (f"XXS W={BIG}", 7, "W points '33333333333333333333'…: number too large"),
        (f"XXS WW=1.0 BD={BIG}", 15, "number too large"),
        (f"BBW {BIG}", 5, "points '33333333333333333333'…: number too large"),
        (f"XXR {BIG}", 5, "number of rounds '33333333333333333333'…: number too large"),
        (f"142 {BIG}", 5, "number too large (at most 99)"),
        ("XXR 99999999999999999999999", 5, "number too large (at most 99)"),
        ("XXR 100", 5, "number of rounds '100': number too large (at most 99)"),
        (f"240 H   1 {BIG}", 11, "starting rank '33333333333333333333'…: number too large"),
        (f"240 H   1    2 {BIG}", 16, "number too large (at most 9999)"),
        (f"260   1   2    1 {BIG}", 18, "number too large (at most 9999)"),
        ("240 H   1    0", 14, "starting rank 0 is not valid (1–9999)"),
        ("162" + "  W 1.0" * 26 + "  D 0.5", 3 + 7 * 26 + 3, "more than 26 values"),
        ("240 H   1" + "    1" * 10000, 10 + 5 * 9999 + 4, "more than 9999 starting ranks"),
    ],
)
def test_trf_numbers_are_bounded(record: str, column: int, message: str) -> None:
    raw = with_line(ONLINE, 15, record.encode())
    problems = trf_problems(raw)
    assert at(problems) == [(15, column)]
    assert message in problems[0].message
    assert len(str(problems[0])) < 200  # the 5000 digits are not copied into the message


def test_trf_more_than_99_rounds_of_cells() -> None:
    line = lines(ONLINE)[15].decode().rstrip().ljust(190) + " 0000 - - " * 90  # rounds 11–100
    problems = trf_problems(with_line(ONLINE, 16, line.encode()))
    assert at(problems) == [(16, 91 + 10 * 99 + 1)]  # the opponent column of round 100
    assert problems[0].message.startswith("more than 99 rounds")


def test_trf_more_than_99_round_dates() -> None:
    line = "132" + " " * 88 + "20/05/29  " * 100
    problems = trf_problems(with_line(ONLINE, 13, line.encode()))
    assert at(problems) == [(13, 91 + 10 * 99 + 1)]
    assert problems[0].message == "more than 99 round dates"


def test_trf_99_rounds_are_fine() -> None:
    raw = with_line(ONLINE, 14, b"XXR 99")
    assert trf.read_tournament(raw).planned_rounds == MAX_ROUNDS == 99
    assert MAX_TRF_PLAYERS == 9999


# --------------------------------------------------------------------------------------------
# 4. Control characters in a TRF


@pytest.mark.parametrize(
    ("lineno", "column", "text", "message"),
    [
        (16, 20, b"\x07", "control character U+0007 (BEL) is not allowed"),
        (16, 15, b"\x1b[31m", "control character U+001B (ESC) is not allowed"),
        (16, 16, b"\t", "U+0009 (TAB) is not allowed in a fixed-column record: use spaces"),
        (16, 20, b"\x00", "control character U+0000 (NUL) is not allowed"),
        (1, 8, b"\x1b]0;pwned\x07", "control character U+001B (ESC) is not allowed"),
        (2, 5, b"\x7f", "control character U+007F (DEL) is not allowed"),
        (16, 49, b"\x0c", "control character U+000C (FF) is not allowed"),  # str.strip() eats it
        (16, 92, b"\x1f", "control character U+001F is not allowed"),  # opponent "\x1f 13"
    ],
)
def test_trf_control_characters_refused(
    lineno: int, column: int, text: bytes, message: str
) -> None:
    problems = trf_problems(patch(ONLINE, lineno, column, text))
    assert problems == [Problem(lineno, column, message)]


def test_trf_c1_control_in_utf8_name_refused() -> None:
    line = lines(ONLINE)[15]
    raw = with_line(ONLINE, 16, line[:19] + "\u009b".encode() + line[20:])  # one character
    assert trf_problems(raw) == [
        Problem(16, 20, "control character U+009B (CSI) is not allowed"),
    ]


def test_trf_control_character_in_comment_and_unknown_record() -> None:
    raw = with_line(ONLINE, 15, b"### note \x08\x08")
    assert trf_problems(raw) == [Problem(15, 10, "control character U+0008 (BS) is not allowed")]


def test_trf_tab_in_free_text_and_final_ctrl_z_are_kept() -> None:
    raw = with_line(ONLINE, 1, b"012 Mai\t5 Plus 0") + b"\x1a"
    doc = trf.read_trf(raw)
    assert trf.write_trf(doc) == raw
    assert trf.read_tournament(raw).name == "Mai\t5 Plus 0"


def test_trf_windows_1252_bytes_are_characters_not_controls() -> None:
    raw = patch(ONLINE, 16, 27, b"O\x92Neil \x80")  # ’ and € in a non-UTF-8 file
    doc = trf.read_trf(raw)
    assert doc.encoding == "cp1252"
    assert doc.players()[0].name == "Player0001, O’Neil €"
    assert trf.write_trf(doc) == raw
    raw = patch(ONLINE, 16, 27, b"\x81")  # undefined in Windows-1252: a C1 control in Latin-1
    assert trf_problems(raw) == [Problem(16, 27, "control character U+0081 is not allowed")]


# --------------------------------------------------------------------------------------------
# 6. TRF 240 bye requests


@pytest.mark.parametrize(
    ("record", "column", "message"),
    [
        ("240 H   6    4", 7, "round 6 is beyond the 5 planned rounds"),
        ("240 H   0    4", 7, "round 0 is not valid (rounds start at 1)"),
        ("240 H   2    4   17", 18, "starting rank 17 has no player record"),
        ("240 Z   2   99    4", 13, "starting rank 99 has no player record"),
        ("260   1   6    1    2", 9, "round 6 is beyond the 5 planned rounds"),
        ("260   1   2    1   20", 20, "starting rank 20 has no player record"),
    ],
)
def test_trf_requests_name_real_rounds_and_players(record: str, column: int, message: str) -> None:
    problems = trf_problems(with_line(TRF26, 36, record.encode()))
    assert problems == [Problem(36, column, message)]


def test_trf_bye_requests_without_planned_rounds_stop_at_99() -> None:
    raw = with_line(ONLINE, 14, b"240 H 100    1")  # no XXR/142 left
    assert trf_problems(raw) == [
        Problem(14, 7, "round 100 is beyond the 99 rounds a tournament may have")
    ]
    assert trf.read_trf(with_line(ONLINE, 14, b"240 H  12    1")) is not None


def test_trf_unreadable_start_date_is_unknown_but_kept() -> None:
    raw = with_line(ONLINE, 4, b"042 the first Friday of May")
    assert trf.read_tournament(raw).start_date is None
    assert trf.write_trf(trf.read_trf(raw)) == raw


# --------------------------------------------------------------------------------------------
# 1–4. The Belgian results file


def test_frbe_player_number_zero_refused() -> None:
    problems = frbe_problems(patch(ELITE, 8, 2, b"0"))
    assert problems[0] == Problem(8, 2, "N° 0 is not valid: players are numbered from 1")
    assert [p for p in problems if p.line == 8] == problems[:1]
    # everyone who met player 1 now names a player that does not exist
    assert all("opponent 1 does not exist" in p.message for p in problems[1:])


@pytest.mark.parametrize(
    ("lineno", "column", "text", "message"),
    [
        (8, 5, b"\x1b", "control character U+001B (ESC) is not allowed"),
        (8, 10, b"\t", "U+0009 (TAB) is not allowed in a fixed-column record: use spaces"),
        (8, 9, b"\x00", "control character U+0000 (NUL) is not allowed"),
        (1, 3, b"\x07", "control character U+0007 (BEL) is not allowed"),
        (7, 2, b"\x81", "control character U+0081 is not allowed"),  # undefined in cp1252
        (6, 25, b"\x00", "control character U+0000 (NUL) is not allowed"),  # code line trailer
        (8, 36, b"\x0b", "control character U+000B (VT) is not allowed"),  # "BE\v": strip() eats it
        (8, 38, b"\x0b", "control character U+000B (VT) is not allowed"),  # Elo "\v334"
    ],
)
def test_frbe_control_characters_refused(
    lineno: int, column: int, text: bytes, message: str
) -> None:
    assert frbe_problems(patch(ELITE, lineno, column, text)) == [Problem(lineno, column, message)]


def test_frbe_control_character_in_footer_refused() -> None:
    raw = ELITE.read_bytes() + b"Fin\x7f\n"
    assert frbe_problems(raw) == [Problem(24, 4, "control character U+007F (DEL) is not allowed")]


def test_frbe_nul_leading_the_code_line_tab_in_header_and_ctrl_z_are_fine() -> None:
    raw = patch(ELITE, 6, 1, b"\x00")
    raw = with_line(ELITE, 1, b"Tournoi :\tCht FEFB ELITE").replace(b"\n 00 16", b"\n\x0000 16")
    raw += b"\x1a"
    doc = frbe.read_results_file(raw)
    assert doc.code.has_nul
    assert frbe.write_results_file(doc) == raw
    assert detect_format(raw) is FileFormat.FRBE


def test_frbe_windows_1252_names() -> None:
    raw = patch(ELITE, 8, 9, b"\x92")  # "Alpha’Anne"
    doc = frbe.read_results_file(raw)
    assert doc.encoding == "cp1252" and doc.players[0].name == "Alpha’Anne"
    assert frbe.write_results_file(doc) == raw


# --------------------------------------------------------------------------------------------
# 5. Format detection


@pytest.mark.parametrize("codec", ["utf-16", "utf-16-le", "utf-16-be"])
@pytest.mark.parametrize("path", [ONLINE, ELITE], ids=["trf", "frbe"])
def test_utf16_refused_on_line_1(codec: str, path: Path) -> None:
    raw = path.read_bytes().decode("latin-1").encode(codec)
    assert detect_format(raw) is FileFormat.UNKNOWN
    with pytest.raises(FormatError) as info:
        read_tournament(raw, source="upload.trf")
    assert info.value.problems == [Problem(1, 0, UTF16_MESSAGE)]
    assert str(info.value) == f"upload.trf: line 1: {UTF16_MESSAGE}"


def test_mixed_belgian_and_trf_refused() -> None:
    raw = ELITE.read_bytes() + lines(ONLINE)[15] + b"\n"
    assert detect_format(raw) is FileFormat.UNKNOWN
    with pytest.raises(FormatError) as info:
        read_tournament(raw)
    assert info.value.problems == [
        Problem(
            24,
            1,
            "both a Belgian column header on line 7 and TRF player records on line 24: "
            "one file must hold one format",
        )
    ]
    raw = lines(ONLINE)[15] + b"\n" + ELITE.read_bytes()
    with pytest.raises(FormatError) as info:
        read_tournament(raw)
    assert at(info.value.problems) == [(8, 1)]


# --------------------------------------------------------------------------------------------
# 2, 7. Writers: bounded loops, ExportError


def tournament(**changes: object) -> Tournament:
    players = (Player(P(1), "Alpha, Anne"), Player(P(2), "Bravo, Bruno"))
    games = (Game(P(1), P(2), GameResult.WHITE_WINS),)
    base = Tournament(
        name="Club", players=players, rounds=(Round(RoundNumber(1), games),), planned_rounds=5
    )
    return dataclasses.replace(base, **changes)  # type: ignore[arg-type]


@pytest.mark.parametrize("write", [frbe.write_tournament, trf.write_tournament])
def test_writers_refuse_absurd_planned_rounds_without_looping(write: object) -> None:
    assert callable(write)
    with pytest.raises(ExportError) as info:
        write(tournament(planned_rounds=99999999999999999999999))
    assert not isinstance(info.value, FormatError)
    assert isinstance(info.value, ValueError)
    assert str(info.value).startswith("99999999999999999999999 planned rounds do not fit")


def test_writers_refuse_pairing_numbers_that_do_not_fit() -> None:
    players = (Player(P(1), "Alpha, Anne"), Player(P(1000), "Big, Number"))
    games = (Game(P(1), P(1000), GameResult.DRAW),)
    big = tournament(players=players, rounds=(Round(RoundNumber(1), games),))
    with pytest.raises(ExportError, match=r"^player 1000 \(Big, Number\): N° does not fit"):
        frbe.write_tournament(big)
    assert trf.read_tournament(trf.write_tournament(big)).player(P(1000)).name == "Big, Number"
    players = (Player(P(1), "Alpha, Anne"), Player(P(10000), "Huge, Number"))
    games = (Game(P(1), P(10000), GameResult.DRAW),)
    huge = tournament(players=players, rounds=(Round(RoundNumber(1), games),))
    with pytest.raises(ExportError, match=r"^player 10000 \(Huge, Number\): pairing number"):
        trf.write_tournament(huge)


def test_trf_writer_refuses_a_score_wider_than_its_column() -> None:
    scoring = dataclasses.replace(tournament().scoring, win=Fraction(500))
    with pytest.raises(ExportError, match=r"player 1 \(Alpha, Anne\): 500 points do not fit"):
        trf.write_tournament(tournament(scoring=scoring))


def test_trf_writer_turns_control_characters_into_spaces() -> None:
    players = (Player(P(1), "Alpha,\x1b[31m Anne"), Player(P(2), "Bravo\nBruno"))
    written = trf.write_tournament(tournament(players=players))
    back = trf.read_tournament(written)
    assert [p.name for p in back.players] == ["Alpha, [31m Anne", "Bravo Bruno"]


def test_frbe_write_results_file_raises_export_error_naming_the_code_line() -> None:
    doc = frbe.read_results_file(ELITE.read_bytes())
    bad = dataclasses.replace(doc, code=dataclasses.replace(doc.code, rounds=100))
    with pytest.raises(ExportError) as info:
        frbe.write_results_file(bad)
    assert "code line: 100 rounds do not fit (at most 99)" in str(info.value).splitlines()
    with pytest.raises(FrbeError):  # reading the same document as a tournament: its fault
        frbe.to_tournament(bad)


def test_frbe_writer_refuses_player_number_zero() -> None:
    doc = frbe.read_results_file(ELITE.read_bytes())
    zero = dataclasses.replace(doc.players[0], number=0)
    bad = dataclasses.replace(doc, players=(zero, *doc.players[1:]))
    with pytest.raises(ExportError) as info:
        frbe.write_results_file(bad)
    assert str(info.value).splitlines()[0] == (
        "player 0 (Alpha Anne): N° 0 is not valid: players are numbered from 1"
    )
