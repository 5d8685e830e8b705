"""B1 — the tournament data the federation requires (arbiter, time control, round dates) is
read from every file that holds it, so that an imported tournament does not show them missing
on the export; and each export file is blocked only by the problems that concern it.

Expected values are the files' own (``tests/fixtures/frbe``, ``tests/fixtures/tiebreaks``; see
their PROVENANCE.md) or the spec's (``frbe.md`` B1/B3, ``fide.md`` §2)."""

from __future__ import annotations

import dataclasses
import datetime
from fractions import Fraction
from pathlib import Path

from chessclub.formats import read_tournament
from chessclub.formats import trf as trf_format
from chessclub.formats.frbe_export import (
    FIDE_TRF,
    RESULTS_FILE,
    TRF_LIKE_FILE,
    check_export,
    plain_trf,
    results_file,
    trf_like_file,
)
from chessclub.formats.trf import encoded_time_control_text
from chessclub.formats.trf.teams import has_team_records, read_team_trf
from chessclub.model import Colour
from chessclub.model.teams import TeamScore
from chessclub.ratings.frbe.eligibility import parse_time_control

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures"
CLOSED = FIXTURES / "frbe" / "closed-group-unrated.txt"
OPEN = FIXTURES / "frbe" / "open-unrated.txt"
ELITE = FIXTURES / "frbe" / "elite-2000-16p-7r.txt"
TEAMS = FIXTURES / "tiebreaks" / "trf26-team-sample-fide-tec.trf"
FIDE284 = FIXTURES / "trf" / "fide-trf16-example-284p.trf"


def test_b1_older_layout_dt_line_is_the_arbiter_and_timing_the_tempo() -> None:
    """The federation's older examples write ``DT : Exemple`` (the responsible person) and
    ``… - Timing: 40c/2h, 1h KO`` instead of ``Envoye par :`` / ``Tempo :``."""
    for path in (CLOSED, OPEN):
        t = read_tournament(path.read_bytes())
        assert t.chief_arbiter == "Exemple"
        assert t.time_control == "40c/2h, 1h KO"
        # the tempo is one the eligibility check reads (B6): 40 moves in 2 h, then 1 h
        control = parse_time_control(t.time_control)
        assert [(s.moves, s.minutes) for s in control.stages] == [(40, 120), (None, 60)]


def test_b1_older_layout_title_dates_when_the_code_line_has_none() -> None:
    """The title line ``TEST (00TST1B) - du 01/10/2000 au 18/11/2000`` agrees with the code
    line (``20001001``, ``20001118``); with the code line's dates zeroed, the title's are
    read."""
    data = CLOSED.read_bytes()
    zeroed = data.replace(b"11 8 72000100120001118", b"11 8 70000000000000000")
    assert zeroed != data
    for raw in (data, zeroed):
        t = read_tournament(raw)
        assert (t.start_date, t.end_date) == (
            datetime.date(2000, 10, 1),
            datetime.date(2000, 11, 18),
        )


def test_b1_older_layout_only_the_null_round_dates_block() -> None:
    """Round dates ``991230`` are the Pascal zero date (no date): they are the only B1 data
    missing from the closed-group example once the arbiter and tempo are read."""
    check = check_export(read_tournament(CLOSED.read_bytes()))
    assert [(i.kind, i.params.get("round")) for i in check.blocking] == [
        ("missing_round_date", n) for n in range(1, 8)
    ]


def test_b1_current_layout_still_reads_envoye_par_and_tempo() -> None:
    t = read_tournament(ELITE.read_bytes())
    assert t.chief_arbiter == "ARBITRE Exemple, 4540 Ampsin"
    assert t.time_control == "40C 2H + 1H KO"
    assert [r.date for r in t.rounds][:2] == [datetime.date(2000, 6, 1), datetime.date(2000, 6, 3)]


def test_b1_trf_222_time_control_read_as_a_tempo() -> None:
    """fide.md §2.2: ``222`` codes 90'+30" as ``5400+30`` and 100'/40+15'+30" as
    ``40/6000+30:900+30`` (seconds). A TRF without ``122`` gets a tempo that B6 reads in
    minutes, not 5400 minutes."""
    assert encoded_time_control_text("5400+30") == "90 min + 30 s"
    control = parse_time_control(encoded_time_control_text("5400+30"))
    assert [(s.moves, s.minutes) for s in control.stages] == [(None, 90)]
    assert control.increment_seconds == 30
    text = encoded_time_control_text("40/6000+30:900+30")
    control = parse_time_control(text)
    assert [(s.moves, s.minutes) for s in control.stages] == [(40, 100), (None, 15)]
    assert control.increment_seconds == 30
    assert encoded_time_control_text("W300-B240") == "W300-B240"  # Armageddon: as written
    assert encoded_time_control_text(None) == ""
    data = TEAMS.read_bytes().replace(b"122 100'x40+15'+30\"\n", b"")
    assert read_tournament(data).time_control == text


def test_b1_trf_102_122_132_read() -> None:
    """The team sample's ``102``, ``122`` (kept as written) and ``132`` (``YY/MM/DD``)."""
    t = read_tournament(TEAMS.read_bytes())
    assert t.chief_arbiter == "The Chief Arbiter"
    assert t.time_control == "100'x40+15'+30\""
    assert [r.date for r in t.rounds][:3] == [
        datetime.date(2024, 1, 1),
        datetime.date(2024, 1, 2),
        datetime.date(2024, 1, 3),
    ]


def test_b3_trf_like_variant_reads_matricules_and_00f_tempo() -> None:
    """B3: the TRF-like variant holds the matricule right-aligned in cols 64–68 (not a FIDE
    ID) and the tempo in ``00F``: read back, its players keep their matricules (player 1:
    40037, the elite file's) and nothing B1 needs is missing."""
    t = read_tournament(ELITE.read_bytes())
    check = check_export(t)
    data = trf_like_file(t, check, file_name="612OPE1A.618", club="618")
    without_122 = b"\r\n".join(line for line in data.split(b"\r\n") if not line.startswith(b"122 "))
    again = read_tournament(without_122)
    assert again.player(1).matricule == "40037" and again.player(1).fide_id == ""
    assert [p.matricule for p in again.players] == [p.matricule for p in t.players]
    assert again.time_control == "40C 2H + 1H KO"
    assert again.chief_arbiter == "ARBITRE Exemple, 4540 Ampsin"
    assert check_export(again).blocking == ()


def test_b1_belgian_checks_block_only_the_belgian_files() -> None:
    """No matricule (B1) blocks the two Belgian files, not FIDE's TRF, which is produced."""
    t = read_tournament(ELITE.read_bytes())
    t = dataclasses.replace(
        t,
        players=tuple(
            dataclasses.replace(p, matricule="") if p.pairing_number == 1 else p for p in t.players
        ),
    )
    check = check_export(t)
    [issue] = check.blocking
    assert issue.kind == "missing_matricule"
    assert issue.blocks == {RESULTS_FILE, TRF_LIKE_FILE}
    assert not check.ok_for(RESULTS_FILE) and not check.ok_for(TRF_LIKE_FILE)
    assert check.ok_for(FIDE_TRF)
    again = trf_format.read_tournament(plain_trf(t, check))
    assert again.player(1).name == "Alpha Anne"
    try:
        results_file(t, check)
    except ValueError as error:
        assert "no matricule" in str(error)
    else:  # pragma: no cover
        raise AssertionError("the results file was produced")


def test_b1_trf_requirements_block_every_file() -> None:
    """The name (012) and the chief arbiter (102) are mandatory for rating in TRF-16
    (fide.md §2.1, R■): they block FIDE's TRF too; the round dates only the Belgian files."""
    t = dataclasses.replace(read_tournament(ELITE.read_bytes()), chief_arbiter="")
    t = dataclasses.replace(t, rounds=tuple(dataclasses.replace(r, date=None) for r in t.rounds))
    check = check_export(t)
    by_kind = {i.kind: i.blocks for i in check.blocking}
    assert by_kind["missing_arbiter"] == {RESULTS_FILE, TRF_LIKE_FILE, FIDE_TRF}
    assert by_kind["missing_round_date"] == {RESULTS_FILE, TRF_LIKE_FILE}
    assert not check.ok_for(FIDE_TRF)


def test_p3_team_sample_is_recognised_and_empty_seats_follow_352() -> None:
    """The FIDE TEC team sample has team records (``310``/``013``); its ``352 WBWB`` gives
    the home team White on boards 1 and 3 and Black on 2 and 4. A board with an empty seat
    (``0000 - +``, no colour in the file) follows that sequence for the home team, like
    every other board (it followed it for whichever team came first: 13 boards were off)."""
    doc = trf_format.read_trf(TEAMS.read_bytes())
    assert has_team_records(doc)
    assert not has_team_records(trf_format.read_trf(FIDE284.read_bytes()))
    event = read_team_trf(TEAMS.read_bytes())
    off = [
        (m.round, m.home, g.board)
        for m in event.matches
        for g in m.boards
        if g.home_colour is not (Colour.WHITE if g.board % 2 else Colour.BLACK)
    ]
    assert off == []
    # round 1, Serbia (18) – Azerbaijan (6): board 2's seat of Azerbaijan is empty
    [match] = [m for m in event.matches if m.round == 1 and {m.home, m.away} == {18, 6}]
    board2 = match.boards[1]
    assert board2.away_player is None and board2.home_player == 71
    assert board2.home_colour is Colour.BLACK
    assert board2.result.name == "BLACK_WINS_BY_FORFEIT"  # Serbia's player 71 wins it
    totals = {
        int(line[4:7]): (Fraction(line[54:60].strip()), Fraction(line[61:67].strip()))
        for line in TEAMS.read_text(encoding="latin-1").splitlines()
        if line.startswith("310")
    }
    mp, gp = event.scores(TeamScore.MP), event.scores(TeamScore.GP)
    assert totals[18] == (mp[18], gp[18]) == (19, 34)
    assert totals[6] == (mp[6], gp[6]) == (19, Fraction(65, 2))
