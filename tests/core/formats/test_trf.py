"""FIDE Tournament Report File (spec §2: TRF-16 columns and codes, TRF-2026 records, XXR/XXC/
XXS/BB* extensions): exact round trip, problems with line and column, conversion to the core
model. Expected values are worked out from the fixture files' text (see fixtures/trf/PROVENANCE.md).
"""

from __future__ import annotations

import dataclasses
import datetime
import re
from fractions import Fraction
from pathlib import Path

import pytest

from chessclub import formats
from chessclub.formats import trf
from chessclub.formats.errors import Problem, TrfError
from chessclub.model import (
    Bye,
    ByeKind,
    Colour,
    Game,
    GameResult,
    PairingNumber,
    Player,
    Round,
    RoundNumber,
    ScoringSystem,
    Tournament,
    TournamentSystem,
)

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures" / "trf"
ALL_TRF = sorted(p for p in FIXTURES.iterdir() if p.suffix in (".trf", ".input"))
P = PairingNumber

ONLINE = "online-swiss-13p-10r.trf"
FIDE284 = "fide-trf16-example-284p.trf"
TRF26 = "trf26-individual-sample.trf"
TEAM26 = "trf26-team-sample-fide-tec.trf"


def data(name: str) -> bytes:
    return (FIXTURES / name).read_bytes()


def text_lines(raw: bytes) -> list[str]:
    return re.split(r"\r\n|\r|\n", raw.decode("utf-8"))


def problems_of(raw: bytes) -> list[Problem]:
    with pytest.raises(TrfError) as info:
        trf.read_trf(raw, source="bad.trf")
    problems: list[Problem] = info.value.problems
    return problems


def where(problems: list[Problem]) -> list[tuple[int, int]]:
    return [(p.line, p.column) for p in problems]


def patch(raw: bytes, line: int, column: int, text: str) -> bytes:
    """Overwrite ``text`` at a 1-based line and column of an LF file."""
    lines = raw.decode("utf-8").split("\n")
    s = lines[line - 1].ljust(column - 1 + len(text))
    lines[line - 1] = s[: column - 1] + text + s[column - 1 + len(text) :]
    return "\n".join(lines).encode("utf-8")


# ---------------------------------------------------------------------------------------------
# P1 — exact round trip


def test_p1_fixture_set_covers_every_kind_of_file() -> None:
    assert len(ALL_TRF) == 38
    endings = {trf.read_trf(p.read_bytes()).newline for p in ALL_TRF}
    assert endings == {"\n", "\r"}


@pytest.mark.parametrize("path", ALL_TRF, ids=lambda p: p.name)
def test_p1_trf16_round_trip_exact(path: Path) -> None:
    raw = path.read_bytes()
    assert trf.write_trf(trf.read_trf(raw)) == raw


@pytest.mark.parametrize(
    ("transform", "newline", "final"),
    [
        (lambda b: b.replace(b"\n", b"\r\n"), "\r\n", True),
        (lambda b: b.replace(b"\n", b"\r"), "\r", True),
        (lambda b: b.rstrip(b"\n"), "\n", False),
        (lambda b: b.replace(b"\n", b"\r\n", 3), "\n", True),  # mixed
        (lambda b: b + b"\n\n", "\n", True),
    ],
)
def test_p1_line_endings_and_final_newline_kept(transform, newline, final) -> None:  # type: ignore[no-untyped-def]
    raw = transform(data(ONLINE))
    doc = trf.read_trf(raw)
    assert doc.newline == newline
    assert doc.final_newline is final
    assert trf.write_trf(doc) == raw


def test_p1_encoding_and_bom_kept() -> None:
    latin = data(ONLINE).replace(b"Player0001, Anon", "Müller, Jörg    ".encode("latin-1"))
    doc = trf.read_trf(latin)
    assert doc.encoding == "latin-1"
    assert doc.players()[0].name == "Müller, Jörg"
    assert trf.write_trf(doc) == latin
    utf8 = b"\xef\xbb\xbf" + data(ONLINE).replace(b"Player0001, Anon", "Łukasz, Ćwik    ".encode())
    doc = trf.read_trf(utf8)
    assert (doc.encoding, doc.bom) == ("utf-8", True)
    assert doc.players()[0].name == "Łukasz, Ćwik"
    assert trf.write_trf(doc) == utf8


def test_p1_trailing_spaces_kept_and_not_part_of_values() -> None:
    raw = data(ONLINE).replace(b"w 1\n001    2", b"w 1   \n001    2").replace(b"XXR 10", b"XXR 10 ")
    doc = trf.read_trf(raw)
    player = doc.players()[0]
    assert player.trailing == "   "
    assert len(player.cells) == 10
    assert doc.records[13] == trf.RoundsRecord("XXR", 10)
    assert trf.write_trf(doc) == raw


def test_p1_representation_details_live_in_the_document() -> None:
    # held_swiss_5 writes the bye opponent as "   0", the TRF-2026 sample as "0000".
    held = trf.read_trf(data("held_swiss_5.trf"))
    david = next(p for p in held.players() if p.starting_rank == 4)
    bye = david.cells[1]
    assert (bye.opponent, bye.colour, bye.result) == (None, None, trf.ResultCode.HALF_POINT_BYE)
    assert bye.text == "    0 - H "
    sample = trf.read_trf(data(TRF26))
    same = next(p for p in sample.players() if p.starting_rank == 4).cells[1]
    assert same == bye  # equal values, different spelling
    assert same.text is None  # "0000 - H" is the canonical spelling


def test_p1_edited_values_never_write_stale_spelling() -> None:
    doc = trf.read_trf(data("held_swiss_5.trf"))
    index = next(
        i
        for i, r in enumerate(doc.records)
        if isinstance(r, trf.PlayerRecord) and r.starting_rank == 4
    )
    david = doc.records[index]
    assert isinstance(david, trf.PlayerRecord)
    cells = list(david.cells)
    cells[1] = dataclasses.replace(cells[1], result=trf.ResultCode.ZERO_POINT_BYE)
    doc.records[index] = dataclasses.replace(david, name="Davide", cells=tuple(cells))
    line = trf.write_trf(doc).decode().split("\n")[index]
    assert line[14:47] == "Davide".ljust(33)
    assert line[90:110] == "   12 b 1  0000 - Z "
    assert line[110:120] == "   13 w 1 "  # untouched cells keep their spelling
    reread = trf.read_trf(trf.write_trf(doc))
    assert reread.records[index] == doc.records[index]


def test_p1_round_dates_written_one_column_off_are_read_and_kept() -> None:
    doc = trf.read_trf(data(TRF26))
    (dates,) = [r for r in doc.records if isinstance(r, trf.RoundDatesRecord)]
    assert dates.dates == (
        datetime.date(2025, 9, 13),
        datetime.date(2025, 9, 13),
        datetime.date(2025, 9, 13),
        datetime.date(2025, 9, 14),
        datetime.date(2025, 9, 14),
    )
    assert dates.source is not None  # the sample puts them at cols 93–100, not 92–99
    team = trf.read_trf(data(TEAM26))
    (team_dates,) = [r for r in team.records if isinstance(r, trf.RoundDatesRecord)]
    assert len(team_dates.dates) == 14
    assert team_dates.dates[6] == datetime.date(2024, 1, 6)
    assert team_dates.source is None  # at cols 92–99 as FIDE TRF-16 prescribes


# ---------------------------------------------------------------------------------------------
# P2 — the document model


def test_p2_player_record_fixed_columns() -> None:
    doc = trf.read_trf(data(TRF26))
    first = doc.players()[0]
    # 001    1 m  g Player0001, Anon                  2840 NOR     1503014 1990/11/30  3.5    2
    assert first.starting_rank == 1
    assert first.sex == "m"
    assert first.title == "g"
    assert first.name == "Player0001, Anon"
    assert first.rating == 2840
    assert first.federation == "NOR"
    assert first.fide_id == "1503014"
    assert first.birth_date == "1990/11/30"
    assert first.points == Fraction(7, 2)
    assert first.rank == 2
    assert first.cells[0] == trf.RoundCell(9, Colour.WHITE, trf.ResultCode.WIN)
    assert first.cells[1] == trf.RoundCell(13, Colour.BLACK, trf.ResultCode.DRAW)
    second = doc.players()[1]
    assert (second.title, second.fide_id, second.birth_date) == ("", "", "")


def test_p2_trf2026_records_typed() -> None:
    doc = trf.read_trf(data(TRF26))
    by_tag = {r.tag: r for r in doc.records if not isinstance(r, trf.RawLine)}
    assert by_tag["142"] == trf.RoundsRecord("142", 5)
    assert by_tag["152"] == trf.InitialColourRecord(Colour.BLACK)
    assert by_tag["172"] == trf.TextRecord("172", "NIDOF")
    assert by_tag["182"] == trf.TextRecord("182", "Sharly Chess")
    assert by_tag["192"] == trf.TextRecord("192", "FIDE_DUTCH_2026_BAKU")
    byes = [r for r in doc.records if isinstance(r, trf.ByesRecord)]
    assert byes == [
        trf.ByesRecord("H", 2, (4,)),
        trf.ByesRecord("H", 3, (9,)),
        trf.ByesRecord("Z", 4, (12, 14)),
        trf.ByesRecord("Z", 5, (12,)),
    ]
    raw = [r.text for r in doc.records if isinstance(r, trf.RawLine)]
    assert "" in raw  # blank lines
    assert any(t.startswith("### SSSS") for t in raw)  # comments
    assert any(t.startswith("FRA    1") for t in raw)  # national rating (NRS) line


def test_p2_team_sample_records_typed_and_team_records_verbatim() -> None:
    doc = trf.read_trf(data(TEAM26))
    assert len(doc.players()) == 249
    by_tag: dict[str, list[trf.Record]] = {}
    for record in doc.records:
        by_tag.setdefault(record.tag, []).append(record)
    assert by_tag["202"] == [trf.TextRecord("202", "EDET/P,EMGSB/C1/P,BH:MP/C1/P,MPvGP")]
    assert by_tag["222"] == [trf.TextRecord("222", "40/6000+30:900+30")]
    assert len(by_tag["240"]) == 18
    assert by_tag["250"][1] == trf.AccelerationRecord(Fraction(2), None, 1, 1, 4, 25)
    assert by_tag["260"] == [trf.ProhibitedRecord(1, 14, (1, 11, 16))]
    for tag in ("013", "300", "310", "320", "330", "352", "362", "801", "802", "299"):
        assert all(isinstance(r, trf.RawLine) for r in by_tag[tag]), tag


def test_p2_extension_records_typed() -> None:
    doc = trf.read_trf(data(ONLINE))
    records = {r.tag: r for r in doc.records}
    assert records["XXR"] == trf.RoundsRecord("XXR", 10)
    xxc = records["XXC"]
    assert isinstance(xxc, trf.XxcRecord)
    assert xxc.initial_colour is Colour.WHITE


def test_p2_blank_opponent_cells_of_online_platform() -> None:
    doc = trf.read_trf(data(ONLINE))
    five = doc.players()[4]
    # "    H" then "    -": blank opponent, blank colour
    assert five.cells[0] == trf.RoundCell(None, None, trf.ResultCode.HALF_POINT_BYE)
    assert five.cells[0].text == "        H "
    assert five.cells[1] == trf.RoundCell(None, None, trf.ResultCode.FORFEIT_LOSS)


def test_p2_fide_example_player_13_forfeit_without_colour() -> None:
    doc = trf.read_trf(data(FIDE284))
    players = {p.starting_rank: p for p in doc.players()}
    assert len(players) == 284
    assert players[13].cells == (trf.RoundCell(153, None, trf.ResultCode.FORFEIT_LOSS),)
    assert players[153].cells[0] == trf.RoundCell(13, None, trf.ResultCode.FORFEIT_WIN)
    assert players[276].cells[0].is_blank  # a blank first round, then games


# ---------------------------------------------------------------------------------------------
# P3 — points: an independent check of every file


def _points_by_hand(raw: bytes) -> dict[int, tuple[Fraction, Fraction]]:
    """Start rank → (points column, sum of the result column under FIDE scoring)."""
    one, half, zero = Fraction(1), Fraction(1, 2), Fraction(0)
    value = {"1": one, "=": half, "0": zero, "+": one, "-": zero, "W": one, "D": half}
    value |= {"L": zero, "H": half, "F": one, "U": one, "Z": zero, " ": zero}
    out: dict[int, tuple[Fraction, Fraction]] = {}
    for line in text_lines(raw):
        if line.startswith("001"):
            body = line.rstrip()
            results = [body[c] for c in range(98, len(body), 10)]
            out[int(line[4:8])] = (Fraction(line[80:84]), sum((value[r] for r in results), zero))
    return out


@pytest.mark.parametrize("path", ALL_TRF, ids=lambda p: p.name)
def test_p3_points_column_equals_results(path: Path) -> None:
    raw = path.read_bytes()
    by_hand = _points_by_hand(raw)
    assert all(column == total for column, total in by_hand.values())  # the file agrees
    doc = trf.read_trf(raw)
    assert {p.starting_rank: p.points for p in doc.players()} == {
        k: v[0] for k, v in by_hand.items()
    }
    scores = trf.to_tournament(doc).scores()
    assert scores == {P(k): v[1] for k, v in by_hand.items()}


def test_p3_online_swiss_values() -> None:
    t = trf.read_tournament(data(ONLINE))
    assert t.scores()[P(1)] == 8
    assert t.planned_rounds == 10
    assert len(t.rounds) == 10
    assert t.name == "Mai 5 Plus 0 Turnier"
    assert t.start_date == datetime.date(2020, 5, 29)
    assert t.system is TournamentSystem.SWISS
    round1, round2 = t.rounds[0], t.rounds[1]
    assert Bye(P(5), ByeKind.HALF_POINT) in round1.byes
    assert Bye(P(12), ByeKind.PAIRING_ALLOCATED) in round1.byes
    assert Game(P(13), P(1), GameResult.BLACK_WINS) in round1.games  # 1: "13 b 1"
    assert P(5) not in set(round2.participants())  # "-" without opponent: absent
    assert Bye(P(6), ByeKind.PAIRING_ALLOCATED) in round2.byes
    assert all(P(13) not in set(r.participants()) for r in t.rounds[3:])  # withdrew


def test_p3_fide_example_values() -> None:
    t = trf.read_tournament(data(FIDE284))
    assert len(t.players) == 284
    assert len(t.rounds) == 7
    assert t.planned_rounds == 7
    assert t.name == "9. Karl-Mala-Gedenkturnier"
    assert t.city == "Frankfurt (Main) /GER"
    assert (t.start_date, t.end_date) == (datetime.date(2005, 7, 28), datetime.date(2005, 7, 31))
    assert t.chief_arbiter == "Ralph Blum (SV Griesheim)"
    assert t.deputy_arbiters == ("NSR Thomas Rondio, NSR Wolfgang Hettler",)
    assert t.time_control == "40/120, 60"
    one = t.player(P(1))
    assert (one.title, one.rating, one.federation, one.fide_id) == ("g", 2558, "CHI", "9000001")
    assert t.player(P(151)).rating is None
    round1 = t.rounds[0]
    # 13 "153 - -", 153 "13 - +": a forfeit without colours; the winner is written as White
    assert Game(P(153), P(13), GameResult.WHITE_WINS_BY_FORFEIT) in round1.games
    assert Bye(P(276), ByeKind.ZERO_POINT) in round1.byes  # blank round before games
    assert Bye(P(282), ByeKind.FULL_POINT) in t.rounds[4].byes  # "0000 - +"
    assert t.scores()[P(282)] == 1


def test_p3_trf2026_sample_values() -> None:
    t = trf.read_tournament(data(TRF26))
    assert t.planned_rounds == 5
    assert t.system is TournamentSystem.SWISS  # 192 FIDE_DUTCH_2026_BAKU
    assert t.rounds[2].date == datetime.date(2025, 9, 13)
    assert Bye(P(4), ByeKind.HALF_POINT) in t.rounds[1].byes
    assert Bye(P(12), ByeKind.ZERO_POINT) in t.rounds[3].byes
    assert Bye(P(9), ByeKind.PAIRING_ALLOCATED) in t.rounds[4].byes
    # 11: "9 w +", 9: "11 b -"; 12: "14 b +", 14: "12 w -"
    assert Game(P(11), P(9), GameResult.WHITE_WINS_BY_FORFEIT) in t.rounds[3].games
    assert Game(P(14), P(12), GameResult.BLACK_WINS_BY_FORFEIT) in t.rounds[2].games
    assert t.scores()[P(2)] == 4


def test_p3_team_sample_plus_without_opponent_is_full_point_bye() -> None:
    t = trf.read_tournament(data(TEAM26))
    # player 3: "0000 - -" in round 1 (not in the line-up), "0000 - +" in round 7
    assert P(3) not in set(t.rounds[0].participants())
    assert Bye(P(3), ByeKind.FULL_POINT) in t.rounds[6].byes
    assert t.planned_rounds == 14
    assert t.deputy_arbiters == (
        "The first Deputy Chief Arbiter",
        "The second Deputy Chief Arbiter",
    )
    assert t.time_control == "100'x40+15'+30\""


def test_p3_unrated_short_games_and_double_forfeit() -> None:
    raw = data(ONLINE)
    raw = patch(raw, 16, 99, "W")  # player 1, round 1: "13 b W"
    raw = patch(raw, 28, 99, "L")  # player 13, round 1: "1 w L"
    raw = patch(raw, 16, 119, "-")  # player 1, round 3: "3 w -"
    raw = patch(raw, 18, 119, "-")  # player 3, round 3: "1 b -"
    t = trf.read_tournament(raw)
    assert Game(P(13), P(1), GameResult.BLACK_WINS, rated=False) in t.rounds[0].games
    assert Game(P(1), P(3), GameResult.DOUBLE_FORFEIT) in t.rounds[2].games
    assert not any(g.result.is_played for g in t.rounds[2].games if P(1) in (g.white, g.black))


def test_p3_pending_game_has_no_result() -> None:
    raw = patch(patch(data(ONLINE), 16, 99, " "), 28, 99, " ")
    t = trf.read_tournament(raw)
    assert Game(P(13), P(1), GameResult.NONE) in t.rounds[0].games


@pytest.mark.parametrize(
    ("extra", "expected"),
    [
        (
            "162  W 3.0    D 1.0    L 0.0    A 0.0",
            ScoringSystem(
                win=Fraction(3),
                draw=Fraction(1),
                forfeit_win=Fraction(3),
                half_point_bye=Fraction(1),
                full_point_bye=Fraction(3),
                pairing_allocated_bye=Fraction(3),
            ),
        ),
        (
            "XXS W=2.0 D=1.0 PAB=1.0",
            ScoringSystem(
                win=Fraction(2),
                draw=Fraction(1),
                forfeit_win=Fraction(2),
                full_point_bye=Fraction(2),
                half_point_bye=Fraction(1),
            ),
        ),
        (
            "BBW  3.0\nBBD  1.0",
            ScoringSystem(
                win=Fraction(3),
                draw=Fraction(1),
                forfeit_win=Fraction(3),
                full_point_bye=Fraction(3),
                half_point_bye=Fraction(1),
                pairing_allocated_bye=Fraction(3),
            ),
        ),
    ],
)
def test_p3_scoring_from_162_xxs_bb(extra: str, expected: ScoringSystem) -> None:
    raw = data(ONLINE).replace(b"XXR 10\n", b"XXR 10\n" + extra.encode() + b"\n")
    doc = trf.read_trf(raw)
    assert trf.write_trf(doc) == raw
    assert trf.to_tournament(doc).scoring == expected


@pytest.mark.parametrize(
    ("text", "system"),
    [
        ("FIDE_DUTCH_2025", TournamentSystem.SWISS),
        ("BERGER_ROUNDROBIN", TournamentSystem.ROUND_ROBIN),
        ("FIDE_DOUBLEROUNDROBIN", TournamentSystem.DOUBLE_ROUND_ROBIN),
        ("Individual: Swiss-System (Standard)", TournamentSystem.SWISS),
        ("Individual: Round-Robin", TournamentSystem.ROUND_ROBIN),
        ("CUSTOM_KNOCKOUT", TournamentSystem.OTHER),
        ("Blitz", None),
    ],
)
def test_p3_system_from_092_192(text: str, system: TournamentSystem | None) -> None:
    assert trf.system_from_text(text) is system


def test_p3_planned_rounds_142_then_xxr_then_cells() -> None:
    raw = data(ONLINE).replace(b"XXR 10\n", b"XXR 12\n142 11\n")
    assert trf.read_tournament(raw).planned_rounds == 11
    assert trf.read_tournament(data("E1-odd-round1.trf")).planned_rounds == 5
    assert trf.read_tournament(data("E1-odd-round1.trf")).rounds == ()
    assert trf.read_tournament(data(ONLINE).replace(b"XXR 10\n", b"")).planned_rounds == 10


def test_p3_dispatcher_reads_trf() -> None:
    t = formats.read_tournament(data("held_round_robin.trf"), source="rr.trf")
    assert len(t.players) == 6
    assert Game(P(6), P(5), GameResult.WHITE_WINS_BY_FORFEIT) not in t.rounds[3].games
    assert Game(P(5), P(6), GameResult.BLACK_WINS_BY_FORFEIT) in t.rounds[3].games


# ---------------------------------------------------------------------------------------------
# P4 — writing from the core model


@pytest.mark.parametrize("path", ALL_TRF, ids=lambda p: p.name)
def test_p4_core_round_trip(path: Path) -> None:
    t = trf.read_tournament(path.read_bytes())
    assert trf.to_tournament(trf.read_trf(trf.write_tournament(t))) == t


def test_p4_canonical_columns() -> None:
    t = Tournament(
        name="Club Championship",
        players=(
            Player(P(1), "Adams, Ann", rating=2100, title="FM", sex="w", federation="BEL"),
            Player(P(2), "Brown, Bob", fide_id="1234567", birth_date="1990/01/02"),
            Player(P(3), "Clark, Cy", rating=1500),
        ),
        rounds=(
            Round(
                RoundNumber(1),
                (Game(P(2), P(1), GameResult.DRAW),),
                (Bye(P(3), ByeKind.PAIRING_ALLOCATED),),
                date=datetime.date(2025, 3, 4),
            ),
            Round(
                RoundNumber(2),
                (Game(P(1), P(3), GameResult.WHITE_WINS_BY_FORFEIT),),
                (Bye(P(2), ByeKind.HALF_POINT),),
            ),
        ),
        planned_rounds=3,
        start_date=datetime.date(2025, 3, 4),
    )
    lines = trf.write_tournament(t).decode().split("\n")

    def columns(*fields: tuple[int, str]) -> str:
        """A line with each text at its 1-based column (blank elsewhere)."""
        out = ""
        for column, text in fields:
            out = out.ljust(column - 1) + text
        return out

    assert lines[-1] == ""  # final newline
    assert lines[:6] == [
        "012 Club Championship",
        "042 2025/03/04",
        "062 3",
        "072 2",
        "092 Individual: Swiss-System",
        "132" + " " * 88 + "25/03/04",
    ]
    assert lines[6:8] == ["XXR 3", "142 3"]
    # cols:  5-8 TPN, 10 sex, 11-13 title, 15-47 name, 49-52 rating, 54-56 fed, 58-68 id,
    #        70-79 birth, 81-84 points, 86-89 rank, 92-95 opp, 97 colour, 99 result
    assert lines[8] == columns(
        (1, "001"),
        (8, "1"),
        (10, "w"),
        (12, "FM"),
        (15, "Adams, Ann"),
        (49, "2100"),
        (54, "BEL"),
        (82, "1.5"),
        (89, "1"),
        (95, "2"),
        (97, "b"),
        (99, "="),
        (105, "3"),
        (107, "w"),
        (109, "+"),
    )
    assert lines[9] == columns(
        (1, "001"),
        (8, "2"),
        (15, "Brown, Bob"),
        (62, "1234567"),
        (70, "1990/01/02"),
        (82, "1.0"),
        (89, "2"),
        (95, "1"),
        (97, "w"),
        (99, "="),
        (102, "0000"),
        (107, "-"),
        (109, "H"),
    )
    assert lines[10] == columns(
        (1, "001"),
        (8, "3"),
        (15, "Clark, Cy"),
        (49, "1500"),
        (82, "1.0"),
        (89, "3"),
        (92, "0000"),
        (97, "-"),
        (99, "U"),
        (105, "1"),
        (107, "b"),
        (109, "-"),
    )
    assert trf.to_tournament(trf.read_trf(trf.write_tournament(t))) == t


def test_p4_scoring_and_system_written() -> None:
    t = Tournament(
        name="Three points",
        players=(Player(P(1), "A"), Player(P(2), "B")),
        rounds=(Round(RoundNumber(1), (Game(P(1), P(2), GameResult.WHITE_WINS),)),),
        system=TournamentSystem.DOUBLE_ROUND_ROBIN,
        scoring=ScoringSystem(
            win=Fraction(3),
            draw=Fraction(1),
            forfeit_win=Fraction(3),
            full_point_bye=Fraction(3),
            half_point_bye=Fraction(1),
            pairing_allocated_bye=Fraction(3),
        ),
    )
    raw = trf.write_tournament(t)
    assert b"162  W 3.0    D 1.0    L 0.0    A 0.0    P 3.0\n" in raw
    assert b"092 Individual: Double Round-Robin\n" in raw
    assert trf.read_tournament(raw) == t
    odd = dataclasses.replace(t, scoring=ScoringSystem(forfeit_win=Fraction(2)))
    assert b"XXS WW=1.0" in trf.write_tournament(odd)
    assert trf.read_tournament(trf.write_tournament(odd)).scoring == odd.scoring


def test_p4_absent_players_written_and_read_back() -> None:
    t = Tournament(
        name="Absences",
        players=(Player(P(1), "A"), Player(P(2), "B"), Player(P(3), "C")),
        rounds=(
            Round(RoundNumber(1), (Game(P(1), P(2), GameResult.BLACK_WINS),)),
            Round(
                RoundNumber(2),
                (Game(P(3), P(1), GameResult.DRAW),),
                (Bye(P(2), ByeKind.ZERO_POINT),),
            ),
        ),
    )
    raw = trf.write_tournament(t)
    assert b"  0000 - -     1 w =\n" in raw  # player 3 absent in round 1
    assert trf.read_tournament(raw) == t


# ---------------------------------------------------------------------------------------------
# P5 — malformed files: every problem, with line and column


def test_p5_non_numeric_starting_rank() -> None:
    problems = problems_of(patch(data(ONLINE), 17, 5, "  x2"))
    assert Problem(17, 5, "starting rank 'x2' is not a number") in problems
    # the other problems follow from it: player 2's opponents find no player 2
    assert all("opponent 2 has no player record" in p.message for p in problems if p.line != 17)


def test_p5_duplicate_starting_rank() -> None:
    raw = (
        data(ONLINE)
        + b"001   13      Player0013, Again                                                  0.0\n"
    )
    assert where(problems_of(raw)) == [(29, 5)]


def test_p5_opponent_does_not_exist() -> None:
    raw = patch(data(ONLINE), 23, 102, "  99")  # player 8, round 2: "  99 -   " (was blank "-")
    raw = patch(raw, 23, 107, "w")
    problems = problems_of(raw)
    assert where(problems) == [(23, 102)]
    assert "opponent 99 has no player record" in problems[0].message


def test_p5_bad_colour() -> None:
    problems = problems_of(patch(data(ONLINE), 16, 97, "x"))
    assert where(problems) == [(16, 97)]
    assert "colour 'x'" in problems[0].message


def test_p5_unknown_result_code() -> None:
    problems = problems_of(patch(data(ONLINE), 17, 109, "Q"))  # player 2, round 2
    assert where(problems) == [(17, 109)]
    assert "unknown result code 'Q'" in problems[0].message


def test_p5_game_sides_disagree() -> None:
    # player 1 r1 "13 b 1", player 13 r1 "1 w 0": make 13 claim a win too
    problems = problems_of(patch(data(ONLINE), 28, 99, "1"))
    assert where(problems) == [(28, 99)]
    assert "result disagrees" in problems[0].message
    # same colour on both sides
    assert where(problems_of(patch(data(ONLINE), 28, 97, "b"))) == [(28, 97)]
    # opponent shows someone else: player 13 r1 names 2 instead of 1
    problems = problems_of(patch(data(ONLINE), 28, 92, "   2"))
    assert (16, 92) in where(problems)  # 1 plays 13, but 13 shows 2
    assert (28, 92) in where(problems)  # 13 plays 2, but 2 shows 7


def test_p5_forfeit_sides_disagree() -> None:
    held = data("held_swiss_5.trf")  # Maria (11) "9 w +" / Jessica (9) "11 b -", round 4
    lines = held.decode().split("\n")
    jessica = next(i for i, s in enumerate(lines, 1) if s.startswith("001    9"))
    problems = problems_of(patch(held, jessica, 129, "+"))
    assert where(problems) == [(jessica, 129)]


def test_p5_points_not_a_number() -> None:
    problems = problems_of(patch(data(ONLINE), 18, 81, "6,x "))
    assert problems == [Problem(18, 81, "points '6,x' is not a number")]


def test_p5_misaligned_cell() -> None:
    line = text_lines(data(ONLINE))[15]
    shifted = line[:90] + " " + line[90:]  # every cell one column to the right
    raw = data(ONLINE).replace(line.encode(), shifted.encode())
    problems = problems_of(raw)
    assert problems[0].line == 16
    # "    13 b 1" moved one column right: the "3" of "13" lands in blank column 96
    assert problems[0].column == 96
    assert "misaligned round cell" in problems[0].message


def test_p5_every_problem_collected_and_sorted() -> None:
    raw = patch(data(ONLINE), 20, 81, "abc ")
    raw = patch(raw, 17, 109, "Q")
    raw = patch(raw, 16, 97, "x")
    with pytest.raises(TrfError) as info:
        trf.read_trf(raw, source="club.trf")
    assert where(info.value.problems) == [(16, 97), (17, 109), (20, 81)]
    assert str(info.value).splitlines()[0].startswith("club.trf: line 16, column 97: ")
    with pytest.raises(TrfError):
        trf.read_tournament(raw)


def test_p5_bye_with_opponent_and_game_without_opponent() -> None:
    raw = patch(data(ONLINE), 16, 99, "H")
    assert (16, 99) in where(problems_of(raw))
    raw = patch(data(ONLINE), 20, 92, "    ")  # player 5 r1 "    H" → fine; player 5 r3 below
    raw = patch(raw, 20, 112, "    ")  # player 5, round 3: "     w 1" without opponent
    assert (20, 119) in where(problems_of(raw))


def test_p5_malformed_known_records() -> None:
    raw = data(ONLINE).replace(b"XXR 10", b"XXR ten")
    assert problems_of(raw) == [Problem(14, 5, "number of rounds 'ten' is not a number")]
    raw = data(TRF26).replace(b"152 B", b"152 R")
    assert where(problems_of(raw)) == [(12, 5)]


def test_p5_to_tournament_validates_hand_built_documents() -> None:
    doc = trf.read_trf(data(ONLINE))
    doc.records.append(trf.PlayerRecord(1, "Twice"))
    with pytest.raises(TrfError) as info:
        trf.to_tournament(doc)
    assert where(info.value.problems) == [(29, 5)]
