"""Belgian federation results file (spec B3, B4): reading, writing, mapping to the core model.

Expected values are worked out by hand from the fixture files (tests/fixtures/frbe, see its
PROVENANCE.md) and from spec B3's column table, never copied from the reader's output.
"""

from __future__ import annotations

import datetime
from fractions import Fraction
from pathlib import Path

import pytest

from chessclub.formats import frbe
from chessclub.formats import read_tournament as dispatch_read_tournament
from chessclub.formats.errors import ExportError, FrbeError
from chessclub.formats.frbe import (
    CodeLine,
    FrbeLayout,
    FrbeResultsFile,
    PlayerRecord,
    RoundCell,
    from_tournament,
    read_results_file,
    read_tournament,
    to_tournament,
    write_results_file,
    write_tournament,
)
from chessclub.model import (
    Bye,
    ByeKind,
    Game,
    GameResult,
    PairingNumber,
    Player,
    Round,
    RoundNumber,
    Tournament,
    TournamentSystem,
)

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures" / "frbe"
ELITE = "elite-2000-16p-7r.txt"
CLOSED = "closed-group-unrated.txt"
OPEN = "open-unrated.txt"
ALL = (ELITE, CLOSED, OPEN)
P = PairingNumber


def data(name: str) -> bytes:
    return (FIXTURES / name).read_bytes()


def lines_of(name: str) -> list[bytes]:
    return data(name).split(b"\n")


def with_line(name: str, lineno: int, new: bytes) -> bytes:
    lines = lines_of(name)
    lines[lineno - 1] = new
    return b"\n".join(lines)


def patch(name: str, lineno: int, column: int, new: bytes) -> bytes:
    """The file with ``new`` written over line ``lineno`` from ``column`` (both 1-based)."""
    line = lines_of(name)[lineno - 1]
    return with_line(name, lineno, line[: column - 1] + new + line[column - 1 + len(new) :])


def problems_of(content: bytes) -> list[tuple[int, int]]:
    with pytest.raises(FrbeError) as info:
        read_results_file(content, source="test.txt")
    return [(p.line, p.column) for p in info.value.problems]


# ---------------------------------------------------------------------------------------------
# B3: reading the three example files
# ---------------------------------------------------------------------------------------------


def test_b3_reads_elite_file() -> None:
    doc = read_results_file(data(ELITE))
    assert doc.layout is FrbeLayout.OLD_NAME19
    assert doc.encoding == "latin-1"  # pure ASCII: read as the federation's Latin-1
    assert doc.line_ending == "\n"
    assert doc.final_newline
    assert doc.header_lines[0] == "Tournoi : Cht FEFB ELITE"
    assert len(doc.header_lines) == 5
    assert doc.code == CodeLine("00", 16, 7, "20000601", "20000612", trailer="", lead=" ")
    assert not doc.code.has_nul
    assert doc.round_dates == ("000601", "000603", "000605", "000607", "000609", "000611", "000613")
    assert len(doc.players) == 16
    first = doc.players[0]
    assert first == PlayerRecord(
        number=1,
        name="Alpha Anne",
        matricule="40037",
        club="209",
        nat="BEL",
        elo=2334,
        rounds=(
            RoundCell(8, "N", "5"),
            RoundCell(2, "B", "5"),
            RoundCell(12, "N", "1"),
            RoundCell(4, "B", "5"),
            RoundCell(5, "N", "5"),
            RoundCell(7, "N", "1"),
            RoundCell(9, "B", "5"),
        ),
    )
    assert doc.players[14].rounds[1:] == (RoundCell(0, "-", "-"),) * 6
    assert doc.footer_lines == ()


def test_b3_elite_tournament_points_and_dates() -> None:
    t = read_tournament(data(ELITE), source=ELITE)
    assert t.name == "Cht FEFB ELITE"
    assert t.system is TournamentSystem.SWISS  # event code 00
    assert len(t.players) == 16
    assert t.planned_rounds == 7 and len(t.rounds) == 7
    assert t.start_date == datetime.date(2000, 6, 1)
    assert t.end_date == datetime.date(2000, 6, 12)
    assert t.time_control == "40C 2H + 1H KO"
    assert t.chief_arbiter == "ARBITRE Exemple, 4540 Ampsin"
    # Round dates YYMMDD, century from the code line (round 7 is dated after the end date).
    assert t.rounds[0].date == datetime.date(2000, 6, 1)
    assert t.rounds[6].date == datetime.date(2000, 6, 13)
    scores = t.scores()
    # Player 3 "Charlie Claire": 1 + ½ + ½ + 1 + ½ + 1 + ½ = 5, the winner.
    assert scores[P(3)] == Fraction(5)
    assert max(scores.values()) == Fraction(5)
    assert [pn for pn, s in scores.items() if s == 5] == [P(3)]
    # Player 1: ½ ½ 1 ½ ½ 1 ½ = 4½.
    assert scores[P(1)] == Fraction(9, 2)
    # Player 15: lost to 7 in round 1, then absent six times.
    assert scores[P(15)] == 0
    cells = t.entries()[P(15)]
    assert [c.played for c in cells] == [True] + [False] * 6
    assert [c.bye for c in cells[1:]] == [ByeKind.ABSENT] * 6
    # Round 1: 7 boards; 11 and 16 absent.
    r1 = t.rounds[0]
    assert len(r1.games) == 7
    assert {b.player for b in r1.byes} == {P(11), P(16)}
    assert Game(P(4), P(12), GameResult.WHITE_WINS) in r1.games  # 4 "12 B 1", 12 "4 N 0"
    assert Game(P(8), P(1), GameResult.DRAW) in r1.games  # 1 "8 N 5", 8 "1 B 5"
    assert Game(P(13), P(5), GameResult.BLACK_WINS) in r1.games  # 5 "13 N 1", 13 "5 B 0"
    alpha = t.player(P(1))
    assert alpha.name == "Alpha Anne"
    assert (alpha.matricule, alpha.club, alpha.federation, alpha.rating) == (
        "40037",
        "209",
        "BEL",
        2334,
    )
    assert not alpha.fictitious_rating


def test_b3_reads_closed_group_older_layout() -> None:
    doc = read_results_file(data(CLOSED))
    assert doc.layout is FrbeLayout.OLD_NAME20
    assert doc.encoding == "utf-8"  # the "N°" of the column header
    assert doc.column_labels.startswith("N° Nom")
    assert doc.code == CodeLine("11", 8, 7, "20001001", "20001118", trailer="", lead="")
    assert doc.players[1].name == "BRAVO BRUNO"
    assert doc.players[1].nat == "***"
    assert doc.players[0].nat == ""
    assert doc.round_dates == ("991230",) * 7


def test_b4_closed_group_fictitious_elo_players() -> None:
    t = read_tournament(data(CLOSED))
    assert t.system is TournamentSystem.ROUND_ROBIN  # event code 11
    assert t.name == "TEST (00TST1B)"  # the "NAME - du … au …" line, not "Club: 618 CNTE"
    marked = [p for p in t.players if p.fictitious_rating]
    assert [p.pairing_number for p in marked] == [2, 7]
    assert [p.rating for p in marked] == [1222, 1222]
    assert all(p.federation == "" for p in t.players)  # Nat blank or ***
    # The 991230 round dates are the older program's empty date (30/12/1899), not a date.
    assert all(r.date is None for r in t.rounds)
    # Round 1: 2 "7 N -" and 7 "2 B -": a double forfeit, White 7.
    assert Game(P(7), P(2), GameResult.DOUBLE_FORFEIT) in t.rounds[0].games
    assert Game(P(7), P(6), GameResult.DOUBLE_FORFEIT) in t.rounds[4].games
    assert Game(P(4), P(3), GameResult.DOUBLE_FORFEIT) in t.rounds[5].games
    # B4 worked example: the NC played 11 games against rated players, scored 5, against
    # ratings summing to 13836.
    games, score, total = nc_games_against_rated(t)
    assert (games, score, total) == (11, Fraction(5), 13836)


def nc_games_against_rated(t: Tournament) -> tuple[int, Fraction, int]:
    games, score, total = 0, Fraction(0), 0
    for pn, cells in t.entries().items():
        if not t.player(pn).fictitious_rating:
            continue
        for cell in cells:
            if cell.played and cell.opponent is not None:
                opponent = t.player(cell.opponent)
                if not opponent.fictitious_rating:
                    games += 1
                    score += cell.points
                    total += opponent.rating or 0
    return games, score, total


def test_b4_open_fictitious_elo_players() -> None:
    t = read_tournament(data(OPEN))
    assert t.player(P(2)).rating == 1200 and t.player(P(2)).fictitious_rating
    assert t.player(P(7)).rating == 1257 and t.player(P(7)).fictitious_rating
    # Here 2–7 of round 1 was played: 2 "7 N 1", 7 "2 B 0".
    assert Game(P(7), P(2), GameResult.BLACK_WINS) in t.rounds[0].games
    # B4 fixed point: player 2 scores 3/7 against 8750, player 7 3/6 against 7543.
    entries = t.entries()
    for pn, games, points, total in ((2, 7, 3, 8750), (7, 6, 3, 7543)):
        played = [c for c in entries[P(pn)] if c.played]
        assert len(played) == games
        assert sum(c.points for c in played) == points
        assert sum(t.player(c.opponent).rating or 0 for c in played if c.opponent) == total


def test_b3_dispatcher_reads_frbe_files() -> None:
    t = dispatch_read_tournament(data(ELITE), source=ELITE)
    assert t.scores()[P(3)] == 5


# ---------------------------------------------------------------------------------------------
# B3: round trips
# ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize("name", ALL)
def test_b3_document_round_trip_is_byte_exact(name: str) -> None:
    assert write_results_file(read_results_file(data(name))) == data(name)


@pytest.mark.parametrize("name", ALL)
def test_b3_round_trip_through_tournament(name: str) -> None:
    original = data(name)
    doc = read_results_file(original)
    t = to_tournament(doc)
    back = from_tournament(t, layout=doc.layout, template=doc)
    written = write_results_file(back)
    first = doc.first_player_line - 1
    player_lines = original.split(b"\n")[first : first + len(doc.players)]
    assert written.split(b"\n")[first : first + len(doc.players)] == player_lines
    assert written == original
    assert to_tournament(read_results_file(written)) == t


@pytest.mark.parametrize("name", ALL)
def test_b3_current_layout_reads_back_equal(name: str) -> None:
    t = read_tournament(data(name))
    written = write_tournament(t)
    assert read_results_file(written).layout is FrbeLayout.CURRENT
    assert read_tournament(written) == t


def sample_tournament() -> Tournament:
    players = (
        Player(P(1), "Dupont, Émile", rating=1850, federation="BEL", matricule="12345", club="618"),
        Player(P(2), "Van den Berghe-Vermeersch, Anne-Sophie", rating=None, matricule="23456"),
        Player(P(3), "Nowak, Łucja", rating=1300, federation="POL", club="201"),
        Player(P(4), "Peeters, Jan", rating=1222, federation="BEL", fictitious_rating=True),
    )
    rounds = (
        Round(
            RoundNumber(1),
            games=(
                Game(P(1), P(2), GameResult.WHITE_WINS),
                Game(P(3), P(4), GameResult.DRAW),
            ),
            date=datetime.date(2025, 9, 28),
        ),
        Round(
            RoundNumber(2),
            games=(
                Game(P(4), P(1), GameResult.BLACK_WINS_BY_FORFEIT),
                Game(P(2), P(3), GameResult.DOUBLE_FORFEIT),
            ),
            date=datetime.date(2025, 10, 5),
        ),
        Round(
            RoundNumber(3),
            games=(Game(P(2), P(1), GameResult.BLACK_WINS),),
            byes=(Bye(P(3), ByeKind.ABSENT), Bye(P(4), ByeKind.ABSENT)),
            date=datetime.date(2026, 1, 4),
        ),
    )
    return Tournament(
        name="Open d'automne",
        players=players,
        rounds=rounds,
        planned_rounds=3,
        start_date=datetime.date(2025, 9, 28),
        end_date=datetime.date(2026, 1, 4),
        chief_arbiter="Arbitre, Exemple",
        time_control="90 min + 30 s/coup",
    )


def test_b3_writes_current_layout_by_the_column_table() -> None:
    written = write_tournament(sample_tournament())
    assert written.endswith(b"\r\n")
    lines = written.split(b"\r\n")[:-1]
    assert all(b"\n" not in line for line in lines)
    code = lines[5]
    # NUL, code 00, players (3 wide), rounds (2 wide), dates, +W=D-L: 2 decisive games played
    # (1-0 and 0-1; forfeits are not counted), one draw counted on both sides.
    assert code == b"\x0000  4 32025092820260104+2=2-2"
    header = lines[6]
    assert header[50:56] == b"250928" and header[58:64] == b"251005" and header[66:72] == b"260104"
    one, two, three, four = lines[7:11]
    # cols 1-3 N°, 5-29 name (Latin-1 é), 31-35 matricule, 37-39 club, 41-43 Nat, 45-48 Elo.
    assert one[0:3] == b"  1"
    assert one[4:29] == "Dupont, Émile".ljust(25).encode("latin-1")
    assert one[30:35] == b"12345" and one[36:39] == b"618" and one[40:43] == b"BEL"
    assert one[44:48] == b"1850"
    # Round 1: opponent 50-52, colour 54, result 56; round 2 eight columns to the right.
    assert (one[49:52], one[53:54], one[55:56]) == (b"  2", b"B", b"1")
    assert (one[57:60], one[61:62], one[63:64]) == (b"  4", b"N", b"1")  # forfeit win
    assert (four[57:60], four[61:62], four[63:64]) == (b"  1", b"B", b"-")  # forfeit loss
    assert len(one) == 72
    # 25 characters of a longer name; unrated is Elo 0000; no club is 0.
    assert two[4:29] == b"Van den Berghe-Vermeersch"
    assert two[36:39] == b"  0" and two[44:48] == b"0000"
    assert (two[57:60], two[61:62], two[63:64]) == (b"  3", b"B", b"-")  # double forfeit
    assert (three[57:60], three[61:62], three[63:64]) == (b"  2", b"N", b"-")
    assert three[65:72] == b"  0 - -"  # round 3: absent
    assert four[40:43] == b"***" and four[44:48] == b"1222"


def test_b3_current_layout_sample_reads_back_equal() -> None:
    t = sample_tournament()
    back = read_tournament(write_tournament(t))
    assert back.players[0] == t.players[0]
    assert back.players[1].name == "Van den Berghe-Vermeersch"  # cut to 25 characters
    assert back.players[2].name == "Nowak, Lucja"  # Ł is not Latin-1: written L
    # "***" replaces the nationality (B4): the federation is not kept.
    assert back.players[3] == Player(P(4), "Peeters, Jan", rating=1222, fictitious_rating=True)
    assert back.rounds == t.rounds
    assert back.scores() == t.scores()
    assert (back.name, back.start_date, back.end_date) == (t.name, t.start_date, t.end_date)
    assert (back.chief_arbiter, back.time_control) == (t.chief_arbiter, t.time_control)


def test_b3_representable_tournament_reads_back_equal() -> None:
    t = sample_tournament()
    players = (
        Player(P(1), "Dupont, Émile", rating=1850, federation="BEL", matricule="12345", club="618"),
        Player(P(2), "Berghe, Anne", matricule="23456"),
        Player(P(3), "Nowak, Lucja", rating=1300, federation="POL", club="201"),
        Player(P(4), "Peeters, Jan", rating=1222, fictitious_rating=True),
    )
    representable = Tournament(
        name=t.name,
        players=players,
        rounds=t.rounds,
        planned_rounds=3,
        start_date=t.start_date,
        end_date=t.end_date,
        chief_arbiter=t.chief_arbiter,
        time_control=t.time_control,
    )
    assert read_tournament(write_tournament(representable)) == representable


def test_b3_every_bye_is_written_as_a_round_without_game() -> None:
    players = (Player(P(1), "A, A"), Player(P(2), "B, B"), Player(P(3), "C, C"))
    t = Tournament(
        name="Byes",
        players=players,
        rounds=(
            Round(
                RoundNumber(1),
                games=(Game(P(1), P(2), GameResult.DRAW),),
                byes=(Bye(P(3), ByeKind.PAIRING_ALLOCATED),),
            ),
        ),
        planned_rounds=2,
    )
    doc = from_tournament(t)
    assert doc.players[2].rounds == (RoundCell(0, "-", "-"), RoundCell(0, "-", "-"))
    assert doc.code.rounds == 2
    back = to_tournament(read_results_file(write_results_file(doc)))
    assert back.rounds[0].byes == (Bye(P(3), ByeKind.ABSENT),)
    assert len(back.rounds) == 2


def test_b3_game_without_result_cannot_be_written() -> None:
    t = Tournament(
        name="Unfinished",
        players=(Player(P(1), "A, A"), Player(P(2), "B, B")),
        rounds=(Round(RoundNumber(1), games=(Game(P(1), P(2)),)),),
    )
    with pytest.raises(ValueError, match="no result"):
        write_tournament(t)


def test_b3_convert_older_file_to_current_layout() -> None:
    doc = read_results_file(data(ELITE))
    current = from_tournament(to_tournament(doc), template=doc)
    written = write_results_file(current)
    assert written.startswith(data(ELITE).split(b"\n")[0] + b"\r\n")  # template header, CR LF
    back = read_results_file(written)
    assert back.layout is FrbeLayout.CURRENT
    assert back.code.has_nul
    assert back.code.event_code == "00"
    assert to_tournament(back).scores() == to_tournament(doc).scores()


# ---------------------------------------------------------------------------------------------
# B3: layouts and name widths
# ---------------------------------------------------------------------------------------------


def test_b3_layout_is_detected_from_the_column_header() -> None:
    assert read_results_file(data(ELITE)).layout is FrbeLayout.OLD_NAME19
    assert read_results_file(data(CLOSED)).layout is FrbeLayout.OLD_NAME20
    current = write_tournament(read_tournament(data(ELITE)))
    assert read_results_file(current).layout is FrbeLayout.CURRENT


def test_b3_accepts_names_filling_their_columns() -> None:
    # 19 characters in the example layout (cols 4-22), and 20 touching the matricule (col 24).
    nineteen = patch(ELITE, 8, 4, b"Alphabetical Annett")
    assert read_results_file(nineteen).players[0].name == "Alphabetical Annett"
    twenty = patch(ELITE, 8, 4, b"Alphabetical Annette")
    doc = read_results_file(twenty)
    assert doc.players[0].name == "Alphabetical Annette"
    assert doc.players[0].matricule == "40037"
    assert write_results_file(doc) == twenty


def test_b3_latin1_and_crlf_are_kept() -> None:
    content = data(ELITE).replace(b"\n", b"\r\n").replace(b"Alpha Anne", b"Alpha Ann\xe9")
    doc = read_results_file(content)
    assert doc.encoding == "latin-1" and doc.line_ending == "\r\n"
    assert doc.players[0].name == "Alpha Anné"
    assert write_results_file(doc) == content


def test_b3_footer_lines_are_kept() -> None:
    content = data(ELITE) + b"\nFin du fichier\n\x1a"
    doc = read_results_file(content)
    assert len(doc.players) == 16
    assert doc.footer_lines == ("", "Fin du fichier", "\x1a")
    assert not doc.final_newline
    assert write_results_file(doc) == content
    again = from_tournament(to_tournament(doc), layout=doc.layout, template=doc)
    assert write_results_file(again) == content


def test_b3_template_text_is_fitted_to_the_target_encoding() -> None:
    doc = read_results_file(data(CLOSED))  # UTF-8
    header = ("Tournoi : Mémorial Łukasz", *doc.header_lines[1:])
    utf8 = FrbeResultsFile(
        layout=doc.layout,
        header_lines=header,
        code=doc.code,
        column_labels=doc.column_labels,
        round_dates=doc.round_dates,
        players=doc.players,
        encoding=doc.encoding,
        line_ending=doc.line_ending,
    )
    current = write_results_file(from_tournament(to_tournament(utf8), template=utf8))
    assert current.startswith("Tournoi : Mémorial Lukasz\r\n".encode("latin-1"))


# ---------------------------------------------------------------------------------------------
# B3: malformed files — every problem, with its line and column
# ---------------------------------------------------------------------------------------------
# Elite file: header lines 1-5, code line 6, column header 7, player n on line 7 + n.
# Columns (example layout): Elo 38-41; round r: opponent 43-45 (+8(r-1)), colour 47, result 49.


def test_b3_error_bad_colour() -> None:
    # Player 3 (line 10), round 2 "   6 B 5": colour at 47 + 8 = 55.
    content = patch(ELITE, 10, 55, b"X")
    assert problems_of(content) == [(10, 55)]


def test_b3_error_bad_result() -> None:
    # Closed group (older layout: round r result at 49 + 7(r-1)); player 1 (line 8), round 2.
    content = patch(CLOSED, 8, 56, b"x")
    assert problems_of(content) == [(8, 56)]


def test_b3_error_non_numeric_elo() -> None:
    content = patch(ELITE, 9, 38, b"23l5")  # player 2, Elo cols 38-41
    with pytest.raises(FrbeError) as info:
        read_results_file(content, source="elite.txt")
    assert [(p.line, p.column) for p in info.value.problems] == [(9, 38)]
    assert "Elo" in info.value.problems[0].message
    assert str(info.value).startswith("elite.txt: line 9, column 38:")


def test_b3_error_non_reciprocal_pairing() -> None:
    # Player 1 (line 8) round 1 says 9 instead of 8: player 9 says 2, player 8 still says 1.
    content = patch(ELITE, 8, 43, b"  9")
    assert problems_of(content) == [(8, 43), (15, 43)]


def test_b3_error_opponent_does_not_exist() -> None:
    content = patch(ELITE, 8, 43, b" 17")
    with pytest.raises(FrbeError) as info:
        read_results_file(content)
    assert [(p.line, p.column) for p in info.value.problems] == [(8, 43), (15, 43)]
    assert "does not exist" in info.value.problems[0].message


def test_b3_error_results_do_not_match() -> None:
    # Round 1: 4 "12 B 1" (line 11) made a draw; 12 "4 N 0" (line 19) reported at its result.
    content = patch(ELITE, 11, 49, b"5")
    assert problems_of(content) == [(19, 49)]


def test_b3_error_colours_do_not_match() -> None:
    content = patch(ELITE, 19, 47, b"B")  # 12 "4 N 0" → "4 B 0", and 4 also has B
    assert problems_of(content) == [(19, 47)]


def test_b3_error_wrong_player_count() -> None:
    content = patch(ELITE, 6, 4, b" 15")  # players: cols 4-6 after the lead and the code
    assert problems_of(content) == [(6, 4)]
    content = patch(CLOSED, 6, 3, b" 9")  # older code line: players cols 3-4
    assert problems_of(content) == [(6, 3)]


def test_b3_error_truncated_line() -> None:
    # Player 5 (line 12) cut inside round 4 (opponent 67-69, colour 71, result 73).
    line = lines_of(ELITE)[11][:70]
    assert problems_of(with_line(ELITE, 12, line)) == [(12, 71)]


def test_b3_error_garbage_bytes() -> None:
    content = patch(ELITE, 9, 38, b"\xff\xfe\x00\x01")  # binary in the Elo field of player 2
    assert problems_of(content) == [(9, 38)]
    lines = lines_of(ELITE)
    garbage = b"\x00\xff\xfe\x07 garbage \x1b[0m"
    content = b"\n".join([*lines[:9], garbage, *lines[9:]])  # a line between players 2 and 3
    assert problems_of(content) == [(10, 1)]


def test_b3_error_every_problem_is_collected() -> None:
    content = patch(ELITE, 10, 55, b"X")  # bad colour
    lines = content.split(b"\n")
    lines[8] = lines[8][:37] + b"abcd" + lines[8][41:]  # bad Elo of player 2
    lines[11] = lines[11][:70]  # truncated player 5
    lines[5] = lines[5][:3] + b" 17" + lines[5][6:]  # 17 players announced
    assert problems_of(b"\n".join(lines)) == [(6, 4), (9, 38), (10, 55), (12, 71)]


def test_b3_error_mixed_line_endings() -> None:
    lines = lines_of(ELITE)
    content = b"\n".join(lines[:3]) + b"\r\n" + b"\n".join(lines[3:])
    assert problems_of(content) == [(3, len(lines[2]) + 1)]


def test_b3_error_no_column_header_or_unknown_layout() -> None:
    assert problems_of(b"just text\n") == [(1, 0)]
    assert problems_of(b"") == [(1, 0)]
    shifted = patch(ELITE, 7, 24, b"  Matr")  # "Matr." moved from column 24 to 26
    assert problems_of(shifted) == [(7, 26)]


def test_b3_error_bad_code_line_date() -> None:
    content = patch(ELITE, 6, 17, b"20001312")  # end date: month 13
    assert problems_of(content) == [(6, 17)]


def test_b3_error_self_pairing_and_bye_with_colour() -> None:
    content = patch(ELITE, 8, 43, b"  1")  # player 1 against itself in round 1
    assert problems_of(content) == [(8, 43), (15, 43)]
    content = patch(ELITE, 13, 95, b"B")  # player 6 round 7 "0 - -" given a colour
    assert problems_of(content) == [(13, 95)]


def test_b3_writer_refuses_inconsistent_document() -> None:
    doc = read_results_file(data(ELITE))
    first = doc.players[0]
    bad = PlayerRecord(
        first.number,
        first.name,
        first.matricule,
        first.club,
        first.nat,
        first.elo,
        (RoundCell(8, "N", "1"), *first.rounds[1:]),  # 8 also says 5 (draw)
    )
    broken = FrbeResultsFile(
        layout=doc.layout,
        header_lines=doc.header_lines,
        code=doc.code,
        column_labels=doc.column_labels,
        round_dates=doc.round_dates,
        players=(bad, *doc.players[1:]),
        encoding=doc.encoding,
        line_ending=doc.line_ending,
    )
    with pytest.raises(ExportError) as info:  # a writer failure, not a bad input file
        write_results_file(broken)
    assert not isinstance(info.value, FrbeError)
    assert [(p.line, p.column) for p in info.value.problems] == [(15, 49)]
    assert str(info.value).startswith("player 8 (")
    with pytest.raises(FrbeError):
        to_tournament(broken)
    assert frbe.check_results_file(doc) == []
