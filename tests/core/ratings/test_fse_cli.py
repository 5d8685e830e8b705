"""The CLI function of ``chessclub fse rating-run`` (issue 9 item 4) on synthetic fixtures.

``open-5r.trf`` (6 players, 5 rounds, 90 min + 30 s, 1–15 Feb 2025) with ``previous.csv``.
Worked by hand (FIDE B.02 table 8.1.2, spec W6/W7):

* Alpha 1800 (K 24: born 1980, entered 2010, 50 games): r1 beats Bravo 1700 (D +100 → .64:
  +8.64), r2 draws Charlie 1900 (D −100 → .36: +3.36), r3 loses to Delta 1850 (D −50 → .43:
  −10.32); r4 vs Echo (not on a recognised list) and r5 forfeit do not count (W4).
  ΣW = +1.68 → 1801.68 → **1802**.
* Foxtrot: FIDE 2000 with a FIDE ID → enters with 2000 (W3), K 36 (new, W7): r2 beats Delta
  1850 (D +150 → .70: 36 × .30 = +10.80), r3 draws Bravo 1700 (D +300 → .85: −12.60), r4
  draws Charlie 1900 (D +100 → .64: −5.04); r1 vs Echo not counted, r5 forfeit.
  ΣW = −6.84 → 1993.16 → **1993**.
* Echo: no rating, lost five games to Foxtrot 2000, Bravo 1700, Charlie 1900, Alpha 1800,
  Delta 1850: 5 games (< 7), ΣF = 9250, score 0 → pending.
* Golf 1600: last game 2019-06-30, five years before the closing date 2025-02-15 → removed.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from chessclub.formats import FormatError
from chessclub.ratings.fse import ListFileError, read_list_csv, run_cli

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures" / "fse"
LIST = (FIXTURES / "previous.csv").read_bytes()
OPEN = ("open-5r.trf", (FIXTURES / "open-5r.trf").read_bytes())


def test_cli_json_values() -> None:
    out = json.loads(run_cli(LIST, [OPEN], "current", "json"))
    assert out["rules"]["key"] == "current" and out["table"]["name"] == "fide-b02-derived"
    assert out["period_end"] == "2025-02-15"
    players = {p["name"]: p for p in out["players"]}
    alpha = players["Alpha, Anna"]
    assert (alpha["old_value"], alpha["games"], alpha["coefficient"]) == (1800, 3, 24)
    assert (alpha["sum_w"], alpha["new_value"]) == (1.68, 1802)
    assert [g["w"] for g in alpha["sheet"]] == [8.64, 3.36, -10.32]
    fox = players["Foxtrot, Fabienne"]
    assert (fox["status"], fox["coefficient"], fox["new_value"]) == ("entered_foreign", 36, 1993)
    echo = players["Echo, Emil"]
    assert echo["status"] == "pending"
    assert echo["pending"] == {"games": 5, "opponents_total": 9250, "score": 0.0}
    assert players["Golf, Gina"]["status"] == "removed"
    reasons = [g["reasons"][0] for g in out["ineligible_games"]]
    assert reasons.count("forfeit: never counted (W4)") == 1


def test_cli_text_names_rule_set_and_table() -> None:
    out = run_cli(LIST, [OPEN], "1998", "text")
    assert "Rule set: FSE ranking-list regulation 1998 [1998, version 1998]" in out
    assert "Evaluation table: fide-b02-derived (version 1)" in out
    assert "ΣW +1.68 → FN = 1801.68 → 1802" in out
    assert "Bravo, Beat (1700)  D +100  result 1  expected 0.64  W +8.64" in out


def test_cli_csv_is_the_next_list() -> None:
    """The CSV output reads back as a list: Golf removed, Echo pending, Foxtrot listed."""
    rows = {r.name: r for r in read_list_csv(run_cli(LIST, [OPEN], "current", "csv").encode())}
    assert "Golf, Gina" not in rows
    assert rows["Echo, Emil"].points is None and rows["Echo, Emil"].pending_games == 5
    assert rows["Foxtrot, Fabienne"].points == 1993 and rows["Alpha, Anna"].games == 53


def test_cli_errors_name_line_and_column() -> None:
    bad = LIST.replace(b"1800,50", b"18OO,50")
    with pytest.raises(ListFileError, match=r"prev.csv: line 2, column 3: points"):
        run_cli(bad, [OPEN], "current", "text", list_source="prev.csv")
    with pytest.raises(FormatError, match=r"open-5r\.trf"):
        run_cli(LIST, [("open-5r.trf", b"not a results file\n")], "current", "text")
    with pytest.raises(LookupError, match="unknown FSE rule set"):
        run_cli(LIST, [OPEN], "2000", "text")


def test_cli_period_date_and_missing_time_control() -> None:
    """A closing date before the tournament's end puts it in the next period (W1); a tempo given
    on the command line is used for a file without one."""
    out = json.loads(run_cli(LIST, [OPEN], "current", "json", period_end="2025-02-10"))
    assert not out["tournaments"][0]["countable"]
    no_tempo = OPEN[1].replace(b"122 90 min + 30 s\n", b"")
    out = json.loads(
        run_cli(
            LIST,
            [("x.trf", no_tempo)],
            "current",
            "json",
            time_control="40 moves in 2 hours, then 1 hour",
        )
    )
    assert out["tournaments"][0]["countable"], out["tournaments"][0]["reasons"]


def test_w9_cli_csv_output_names_rule_set_and_table_on_stderr(capsys) -> None:
    """``--format csv`` writes only the next list on stdout (readable as the next ``--list``)
    and names the rule set and the table on stderr (W8, W9). Alpha's row: 1802 with 50 + 3
    games since entry."""
    from chessclub.cli import main as cli_main

    argv = ["fse", "rating-run", "--list", str(FIXTURES / "previous.csv")]
    assert cli_main([*argv, str(FIXTURES / "open-5r.trf"), "--format", "csv"]) == 0
    out, err = capsys.readouterr()
    rows = {e.id: e for e in read_list_csv(out.encode())}
    assert (rows["1001"].points, rows["1001"].games) == (1802, 53)
    assert "Rule set: FSE ranking list, current parameters [current" in err
    assert "Evaluation table: fide-b02-derived (version 1)" in err
