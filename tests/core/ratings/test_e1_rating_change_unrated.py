"""``chessclub rating-change`` with unrated players (spec E1, E4; FIDE B.02 via fide.md §3.1).

The rules: a game counts only between two rated players (B.02: games against unrated opponents
are not rated for the rated player; the club Elo starts from each player's initial Elo, E1, and
counts games played on the board, E4); an unrated player's first FIDE rating needs at least 5
games against rated opponents (B.02 8.2), which one file cannot give. So a file whose players
are all unrated has nothing to compute, and the output says why instead of a bare ``n = 0``.
"""

from __future__ import annotations

import json
from pathlib import Path

from test_rating_change import tournament, write

from chessclub.cli import main
from chessclub.ratings.rating_change import (
    REASON_FICTITIOUS,
    REASON_NO_COUNTING_GAME,
    REASON_UNRATED,
    KRule,
    rating_notes,
    tournament_rating_changes,
)

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures"
HELD = FIXTURES / "trf" / "held_swiss_5.trf"
CLOSED_GROUP = FIXTURES / "frbe" / "closed-group-unrated.txt"


def _all_unrated(tmp_path: Path) -> str:
    """``held_swiss_5.trf`` (16 players, all rated) with the FIDE rating field of every
    player line (TRF-16 columns 49–52) left blank: 16 unrated players."""
    lines = HELD.read_text(encoding="utf-8").splitlines()
    out = [line[:48] + "    " + line[52:] if line.startswith("001") else line for line in lines]
    assert sum(1 for line in out if line.startswith("001")) == 16
    path = tmp_path / "unrated.trf"
    path.write_text("\n".join(out) + "\n", encoding="utf-8")
    return str(path)


def test_e1_all_unrated_text_says_why_nothing_is_computed(tmp_path, capsys) -> None:
    assert main(["rating-change", _all_unrated(tmp_path)]) == 0
    out = capsys.readouterr().out
    rows = [line for line in out.splitlines() if line[:4].strip().isdigit()]
    assert len(rows) == 16
    assert all(line.split()[-7:] == ["-", "-", "0", "0", "0", "-", "-"] for line in rows)
    assert (
        "Note: No rating change computed: none of the 16 players has a rating in the file." in out
    )
    assert "games against unrated opponents are not rated" in out
    assert "at least 5 games against rated opponents (B.02 8.2)" in out
    assert "initial Elo (spec E1)" in out


def test_e1_all_unrated_json_gives_each_reason_and_the_note(tmp_path, capsys) -> None:
    for rule in ("club", "fide"):
        path = _all_unrated(tmp_path)
        assert main(["rating-change", path, "--format", "json", "--k-rule", rule]) == 0
        payload = json.loads(capsys.readouterr().out)
        assert {p["reason"] for p in payload["players"]} == {REASON_UNRATED}
        assert {(p["ro"], p["k"], p["games"], p["rn"]) for p in payload["players"]} == {
            (None, None, 0, None)
        }
        assert len(payload["notes"]) == 1
        assert payload["notes"][0].startswith("No rating change computed: none of the 16")


def test_e4_mixed_file_names_the_unrated_and_the_players_without_counting_game() -> None:
    """1 (1600) wins by forfeit against 2 (1600) and beats 3 (unrated) over the board: 3 has
    no rating; 1 and 2 have no counting game (a forfeit, a game against an unrated player)."""
    t = tournament(
        [("A", 1600, ""), ("B", 1600, ""), ("C", None, "")],
        [[(1, 2, "+-")], [(1, 3, "1-0")]],
    )
    rows = tournament_rating_changes(t)
    assert [r.reason for r in rows] == [
        REASON_NO_COUNTING_GAME,
        REASON_NO_COUNTING_GAME,
        REASON_UNRATED,
    ]
    notes = rating_notes(rows, KRule.CLUB)
    assert len(notes) == 2
    assert notes[0].startswith("No rating in the file (Ro '-'): start number(s) 3.")
    assert notes[1].startswith("No counting game (n = 0, delta 0): start number(s) 1, 2.")


def test_e3_rated_players_with_games_get_no_reason_nor_note(tmp_path, capsys) -> None:
    t = tournament([("Low, Lea", 1500, ""), ("High, Hal", 1900, "")], [[(1, 2, "1-0")]])
    assert main(["rating-change", write(tmp_path, t), "--format", "json"]) == 0
    payload = json.loads(capsys.readouterr().out)
    assert [p["reason"] for p in payload["players"]] == [None, None]
    assert payload["notes"] == []


def test_e1_fictitious_elo_is_unrated_for_fide_only(capsys) -> None:
    """``closed-group-unrated.txt``: players 2 and 7 carry the Belgian fictitious Elo 1222
    (``***``, spec B4); the club rule uses it, FIDE's does not (no FIDE rating)."""
    assert main(["rating-change", str(CLOSED_GROUP), "--format", "json", "--k-rule", "fide"]) == 0
    payload = json.loads(capsys.readouterr().out)
    reasons = {p["start_no"]: p["reason"] for p in payload["players"]}
    assert {n for n, r in reasons.items() if r == REASON_FICTITIOUS} == {2, 7}
    assert any("start number(s) 2, 7" in n and "fictitious" in n for n in payload["notes"])
    assert main(["rating-change", str(CLOSED_GROUP), "--format", "json"]) == 0
    club = json.loads(capsys.readouterr().out)
    assert {p["start_no"]: p["ro"] for p in club["players"]}[2] == 1222
    assert not any(p["reason"] == REASON_FICTITIOUS for p in club["players"])
