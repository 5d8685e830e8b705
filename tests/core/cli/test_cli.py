"""The ``chessclub`` command over the core (issue 2, deliverable 7; spec S1).

Expected points are worked out by hand from ``elite-2000-16p-7r.txt`` (result column: ``1``
win, ``5`` draw, ``0`` loss, ``0 - -`` no game), not taken from our own output.
"""

from __future__ import annotations

import json
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import pytest

from chessclub.cli import EXIT_INVALID_INPUT, EXIT_NOT_FOUND, EXIT_USAGE, main

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures"
ELITE = FIXTURES / "frbe" / "elite-2000-16p-7r.txt"

# start number -> (name, Elo, points); points summed by hand over the seven round columns.
ELITE_BY_HAND: dict[int, tuple[str, int, Fraction]] = {
    1: ("Alpha Anne", 2334, Fraction(9, 2)),  # ½ ½ 1 ½ ½ 1 ½
    2: ("Bravo Bruno", 2315, Fraction(9, 2)),  # 0 ½ 1 ½ 1 1 ½
    3: ("Charlie Claire", 2300, Fraction(5)),  # 1 ½ ½ 1 ½ 1 ½
    4: ("Delta David", 2267, Fraction(9, 2)),  # 1 ½ 1 ½ ½ 0 1
    5: ("Echo Emma", 2232, Fraction(4)),  # 1 ½ ½ 0 ½ ½ 1
    6: ("Foxtrot Felix", 2185, Fraction(3)),  # 1 ½ ½ 0 1 0 -
    7: ("Golf Gilles", 2184, Fraction(7, 2)),  # 1 ½ 1 1 0 0 0
    8: ("Hotel Helene", 2171, Fraction(4)),  # ½ 0 1 ½ ½ ½ 1
    9: ("India Ivan", 2159, Fraction(9, 2)),  # 1 1 0 1 1 0 ½
    10: ("Juliett Julie", 2142, Fraction(3, 2)),  # 0 1 0 0 - 0 ½
    11: ("Kilo Karim", 2136, Fraction(5, 2)),  # - 1 0 1 0 - ½
    12: ("Lima Louise", 2093, Fraction(2)),  # 0 - 0 0 0 1 1
    13: ("Mike Marc", 2078, Fraction(1)),  # 0 0 - 1 0 0 0
    14: ("November Nadia", 2016, Fraction(2)),  # 0 0 0 - 1 1 0
    15: ("Oscar Olivier", 2015, Fraction(0)),  # 0 - - - - - -
    16: ("Papa Paul", 1932, Fraction(5, 2)),  # - ½ ½ 0 ½ 1 0
}


def _json_rows(capsys: pytest.CaptureFixture[str], *args: str) -> list[dict[str, object]]:
    assert main(["standings", str(ELITE), "--format", "json", *args]) == 0
    rows: list[dict[str, object]] = json.loads(capsys.readouterr().out)
    return rows


def test_s1_cli_json_points_equal_the_file(capsys: pytest.CaptureFixture[str]) -> None:
    rows = _json_rows(capsys)
    assert len(rows) == 16
    by_start = {row["start_no"]: row for row in rows}
    assert set(by_start) == set(ELITE_BY_HAND)
    for start_no, (name, elo, points) in ELITE_BY_HAND.items():
        row = by_start[start_no]
        assert row["name"] == name
        assert row["rating"] == elo
        assert Fraction(str(row["points_exact"])) == points
        assert row["points"] == float(points)
    # the points of a round robin-free field of 49 games add up to 49
    assert sum(Fraction(str(r["points_exact"])) for r in rows) == 49


def test_s1_cli_ranks_charlie_first_and_shares_equal_points(
    capsys: pytest.CaptureFixture[str],
) -> None:
    rows = _json_rows(capsys, "--tiebreaks", "none")
    assert (rows[0]["rank"], rows[0]["name"], rows[0]["points"]) == (1, "Charlie Claire", 5.0)
    # 1, 2, 4 and 9 have 4½: ranks 2 to 5, shared when no tiebreak separates them
    four_and_a_half = [r for r in rows if r["points"] == 4.5]
    assert {r["start_no"] for r in four_and_a_half} == {1, 2, 4, 9}
    assert {r["rank"] for r in four_and_a_half} == {2}
    assert all(r["shared_rank"] and r["tiebreaks"] == {} for r in four_and_a_half)
    assert rows[-1]["name"] == "Oscar Olivier"
    points = [r["points"] for r in rows]
    assert points == sorted(points, reverse=True)


def test_s4_cli_default_swiss_tiebreaks_under_2009_rules(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """A Swiss (event code 00) of 2000: S4's Swiss defaults, under the pre-2023 rules where an
    opponent's unplayed rounds count as draws (fide.md §1.5). Worked by hand for player 1
    "Alpha Anne" (opponents 8, 2, 12, 4, 5, 7, 9 with 4, 4½, 2+½ (absent in round 2), 4½, 4,
    3½, 4½): BH = 27½, BH/C1 = 27½ − 2½ = 25, SB = ½·4 + ½·4½ + 1·2½ + ½·4½ + ½·4 + 1·3½ +
    ½·4½ = 16¾, WIN = 2 (rounds 3 and 6)."""
    rows = _json_rows(capsys)
    alpha = next(r for r in rows if r["start_no"] == 1)
    assert list(alpha["tiebreaks"]) == ["BH/C1", "BH", "SB", "DE", "WIN"]
    assert alpha["tiebreaks_exact"]["BH"] == "55/2"
    assert alpha["tiebreaks_exact"]["BH/C1"] == "25"
    assert alpha["tiebreaks_exact"]["SB"] == "67/4"
    assert alpha["tiebreaks"]["WIN"] == 2
    # the 4½ group is separated: India Ivan (9) has BH/C1 26 = Bravo Bruno (2), BH 29 > 27½
    group = [r["start_no"] for r in rows if r["points"] == 4.5]
    assert group[:2] == [9, 2]
    assert [r["rank"] for r in rows[:3]] == [1, 2, 3]


def test_s1_cli_explain_shows_contributions(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["standings", str(ELITE), "--tiebreaks", "BH/C1", "--explain", "1"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("1 Alpha Anne")
    assert "BH/C1 = 25" in out
    assert "removed: Cut-1" in out
    assert main(["standings", str(ELITE), "--explain", "99"]) == EXIT_NOT_FOUND


def test_s1_cli_unknown_tiebreak_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["standings", str(ELITE), "--tiebreaks", "BH,XYZ"]) == EXIT_USAGE
    assert "XYZ" in capsys.readouterr().err


def test_s2_cli_json_rounds_show_absences(capsys: pytest.CaptureFixture[str]) -> None:
    rows = {r["start_no"]: r for r in _json_rows(capsys)}
    assert rows[15]["rounds"] == ["7w0", "-", "-", "-", "-", "-", "-"]
    assert rows[3]["rounds"][0] == "10b1"
    assert rows[3]["rounds"][1] == "6w½"


def test_s1_cli_csv_and_text(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["standings", str(ELITE), "--format", "csv"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("rank,shared_rank,start_no,name,rating,points,BH/C1,BH,SB,DE,")
    assert lines[1].startswith("1,no,3,Charlie Claire,2300,5.0,")
    assert len(lines) == 17
    assert main(["standings", str(ELITE)]) == 0
    text = capsys.readouterr().out
    assert "Charlie Claire" in text.splitlines()[4]
    alpha = next(line for line in text.splitlines() if "Alpha Anne" in line)
    assert "27½" in alpha and "16.75" in alpha  # BH and SB written like the points
    assert "rules 2009" in text.splitlines()[1]


def test_cli_malformed_file_names_line_and_column(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    lines = ELITE.read_bytes().split(b"\n")
    # line 9 is player 2; its round-1 colour letter "B" becomes "X"
    assert lines[8].startswith(b" 2 Bravo Bruno")
    column = lines[8].index(b" 9 B 0") + 4  # 1-based column of the colour letter
    lines[8] = lines[8][: column - 1] + b"X" + lines[8][column:]
    bad = tmp_path / "bad.txt"
    bad.write_bytes(b"\n".join(lines))
    assert main(["standings", str(bad)]) == EXIT_INVALID_INPUT
    err = capsys.readouterr().err
    assert "line 9" in err
    assert f"column {column}" in err


def test_cli_missing_file(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["standings", "/nonexistent/file.txt"]) == EXIT_NOT_FOUND
    assert "no such file" in capsys.readouterr().err


def test_cli_console_script_help() -> None:
    out = subprocess.run(
        [sys.executable, "-m", "chessclub.cli", "standings", "--help"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    assert "--format" in out


def test_p1_convert_to_frbe_warns_about_byes_it_cannot_hold(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The Belgian file writes every bye as a round without game (spec B3): FIDE's exercise
    tournament has half-point byes (player 4 "David": 3½ with an H in round 2)."""
    out = tmp_path / "held.txt"
    source = FIXTURES / "trf" / "held_swiss_5.trf"
    assert main(["convert", str(source), "--to", "frbe", "-o", str(out)]) == 0
    err = capsys.readouterr().err
    assert "player 4 (David): 3.5 points in the source, 3 once converted" in err
    assert out.read_bytes().startswith(b"Tournoi : ")


def test_p3_convert_trf_to_trf_loses_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "online.trf"
    source = FIXTURES / "trf" / "online-swiss-13p-10r.trf"
    assert main(["convert", str(source), "--to", "trf", "-o", str(out)]) == 0
    assert capsys.readouterr().err == ""
    assert b"001    1" in out.read_bytes()


def test_cli_folder_instead_of_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["standings", str(tmp_path)]) == EXIT_NOT_FOUND
    assert "is a folder, not a file" in capsys.readouterr().err


def test_p3_cli_pair_prints_bbp_format(capsys: pytest.CaptureFixture[str]) -> None:
    """bbpPairings' own golden file for Dutch 2025 criterion C5 (the bye goes to the lowest
    score)."""
    base = FIXTURES / "pairing" / "dutch_2025_C5"
    assert main(["pair", str(base.with_suffix(".input"))]) == 0
    expected = base.with_suffix(".output.expected").read_text()
    assert capsys.readouterr().out.split() == expected.split()


def test_p3_cli_check_agrees_with_reference_file(capsys: pytest.CaptureFixture[str]) -> None:
    path = FIXTURES / "pairing" / "generated" / "n10-r7-s10001.trf"
    assert main(["check", str(path)]) == 0
    assert "Every round" in capsys.readouterr().out


def test_cli_berger_table_for_four(capsys: pytest.CaptureFixture[str]) -> None:
    """FIDE C.05 Annex 1, 3 or 4 players: round 1 1-4 2-3, round 2 4-3 1-2, round 3 2-4 3-1."""
    assert main(["berger", "4"]) == 0
    assert capsys.readouterr().out.splitlines() == [
        "Round 1: 1-4 2-3",
        "Round 2: 4-3 1-2",
        "Round 3: 2-4 3-1",
    ]
    assert main(["berger", "1"]) == 2
    assert main(["berger", "9999", "--double"]) == 2


def test_s4_team_tiebreak_refused_for_individual_tournament(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["standings", str(ELITE), "--tiebreaks", "BH,EMGSB"]) == EXIT_USAGE
    assert "EMGSB is a team tiebreak" in capsys.readouterr().err


def test_w6_cli_fse_rating_run(capsys: pytest.CaptureFixture[str]) -> None:
    """Player 1001 "Alpha, Anna" (1800, K 24) beats 1700, draws 1900, loses to 1850: expected
    scores 0.64, 0.36, 0.43 (FIDE table 8.1.2 for D = +100, −100, −50), W = 24 × (1 − 0.64)
    + 24 × (½ − 0.36) + 24 × (0 − 0.43) = 8.64 + 3.36 − 10.32 = +1.68 → FN 1801.68 → 1802."""
    fse = FIXTURES / "fse"
    args = ["fse", "rating-run", "--list", str(fse / "previous.csv"), str(fse / "open-5r.trf")]
    assert main([*args, "--format", "json"]) == 0
    payload = json.loads(capsys.readouterr().out)
    assert "rules" in json.dumps(payload)
    assert main(args) == 0
    out = capsys.readouterr().out
    alpha = next(line for line in out.splitlines() if line.strip().startswith("1001"))
    assert alpha.split()[-2:] == ["1802", "rated"]
    assert "+1.68" in alpha


def test_w1_fse_rating_run_counts_a_tournament_once(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    fse = FIXTURES / "fse"
    copy = tmp_path / "copy.trf"
    copy.write_bytes((fse / "open-5r.trf").read_bytes().replace(b"\n", b"\r\n"))
    args = ["fse", "rating-run", "--list", str(fse / "previous.csv"), str(fse / "open-5r.trf")]
    assert main([*args, str(fse / "open-5r.trf")]) == 1
    assert "is the same file as" in capsys.readouterr().err
    assert main([*args, str(copy)]) == 1  # other bytes, same tournament
    assert "holds the same tournament as" in capsys.readouterr().err


def test_w1_fse_list_with_an_overlong_field_names_the_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    listing = tmp_path / "list.csv"
    listing.write_bytes(
        b"id,name,points,games,entry_date,birth_date\n"
        b"1000,a,1800,10,2020-01-01,1990-01-01\n"
        b"1001," + b"x" * 200_000 + b",1800,10,2020-01-01,1990-01-01\n"
    )
    trf_file = FIXTURES / "fse" / "open-5r.trf"
    assert main(["fse", "rating-run", "--list", str(listing), str(trf_file)]) == 3
    assert "line 3: not readable as CSV" in capsys.readouterr().err


def test_s1_cli_tiebreak_list_like_the_settings_page(capsys: pytest.CaptureFixture[str]) -> None:
    """Separators as on the web's settings page (commas, semicolons, spaces); a code listed
    twice is refused there and here."""
    assert main(["standings", str(ELITE), "--tiebreaks", "BH;SB DE", "--format", "json"]) == 0
    assert list(json.loads(capsys.readouterr().out)[0]["tiebreaks"]) == ["BH", "SB", "DE"]
    assert main(["standings", str(ELITE), "--tiebreaks", "BH,BH"]) == EXIT_USAGE
    assert "listed twice" in capsys.readouterr().err


def test_p3_cli_pair_refuses_a_trf_without_players(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    empty = tmp_path / "empty.trf"
    empty.write_text("012 X\nXXR 3\n")
    assert main(["pair", str(empty)]) == EXIT_INVALID_INPUT
    assert "no player record (001)" in capsys.readouterr().err
    assert main(["check", str(empty)]) == EXIT_INVALID_INPUT
