"""``chessclub rating-change`` and :mod:`chessclub.ratings.rating_change` (spec E3–E6)."""

from __future__ import annotations

import datetime
import json
from fractions import Fraction as F
from pathlib import Path

import pytest

from chessclub.cli import EXIT_INVALID_INPUT, EXIT_NOT_FOUND, EXIT_USAGE, main
from chessclub.formats.trf.convert import write_tournament
from chessclub.model import Game, GameResult, PairingNumber, Player, Round, RoundNumber, Tournament
from chessclub.ratings.rating_change import (
    KRule,
    read_games_before,
    tournament_rating_changes,
)

R = {
    "1-0": GameResult.WHITE_WINS,
    "=": GameResult.DRAW,
    "0-1": GameResult.BLACK_WINS,
    "+-": GameResult.WHITE_WINS_BY_FORFEIT,
}


def tournament(players, rounds, *, end=datetime.date(2026, 5, 1)) -> Tournament:
    """``players``: (name, rating, birth); ``rounds``: boards (white, black, code)."""
    return Tournament(
        name="Test",
        players=tuple(
            Player(PairingNumber(i), name, rating=rating, birth_date=birth)
            for i, (name, rating, birth) in enumerate(players, start=1)
        ),
        rounds=tuple(
            Round(
                RoundNumber(n),
                tuple(Game(PairingNumber(w), PairingNumber(b), R[c]) for w, b, c in boards),
            )
            for n, boards in enumerate(rounds, start=1)
        ),
        start_date=end,
        end_date=end,
    )


def write(tmp_path: Path, t: Tournament) -> str:
    path = tmp_path / "t.trf"
    path.write_bytes(write_tournament(t))
    return str(path)


@pytest.mark.parametrize(("code", "delta"), [("1-0", 37), ("=", 17), ("0-1", -3)])
def test_E3_fide_single_game_figures_through_the_cli(tmp_path, capsys, code, delta) -> None:
    """FIDE: 1500 (K 40) against 1900: D 400 → PD .08. Win 40 × .92 = 36.8 → +37; draw
    40 × .42 = 16.8 → +17; loss 40 × (−.08) = −3.2 → −3."""
    t = tournament([("Low, Lea", 1500, ""), ("High, Hal", 1900, "")], [[(1, 2, code)]])
    assert main(["rating-change", write(tmp_path, t), "--format", "json"]) == 0
    out = json.loads(capsys.readouterr().out)
    low = out["players"][0]
    assert (low["ro"], low["k"], low["games"], low["expected_exact"]) == (1500, 40, 1, "2/25")
    assert (low["delta"], low["rn"]) == (delta, 1500 + delta)


def test_E6_games_before_and_2400(tmp_path, capsys) -> None:
    """--games-before: 1 (2450, 40 games → K 10) beats 2 (2050, 35 games → K 20).

    D 400 → .92/.08: 1: 10 × (1 − .92) = .8 → +1 → 2451; 2: 20 × (0 − .08) = −1.6 → −2 → 2048.
    """
    t = tournament([("A", 2450, ""), ("B", 2050, "")], [[(1, 2, "1-0")]])
    csv_file = tmp_path / "before.csv"
    csv_file.write_text("start_no,games\n1,40\n2,35\n", encoding="utf-8")
    args = ["rating-change", write(tmp_path, t), "--games-before", str(csv_file)]
    assert main(args) == 0
    text = capsys.readouterr().out
    assert "K rule: club" in text
    line_a = next(line for line in text.splitlines() if line.split()[:2] == ["1", "A"])
    assert line_a.split()[2:] == ["2450", "10", "1", "1", "0.92", "+1", "2451"]
    line_b = next(line for line in text.splitlines() if line.split()[:2] == ["2", "B"])
    assert line_b.split()[2:] == ["2050", "20", "1", "0", "0.08", "-2", "2048"]


def test_E6_fide_junior_rule_differs_from_club() -> None:
    """B.02 8.3.3: a junior (born 2010, 16 in 2026) rated 2000 below 2300 keeps K 40 under
    'fide'; under 'club' (50 earlier games) K is 20. Beats 2000: PD .50 → club 20 × .5 = +10,
    fide 40 × .5 = +20."""
    t = tournament([("Young", 2000, "2010/03/04"), ("Old", 2000, "1970/01/01")], [[(1, 2, "1-0")]])
    club = tournament_rating_changes(t, k_rule=KRule.CLUB, games_before={1: 50, 2: 50})
    fide = tournament_rating_changes(t, k_rule=KRule.FIDE, games_before={1: 50, 2: 50})
    assert (club[0].k, club[0].delta) == (20, 10)
    assert (fide[0].k, fide[0].delta) == (40, 20)
    assert (fide[1].k, fide[1].delta) == (20, -10)


def test_E4_forfeits_and_unrated_opponents_do_not_count() -> None:
    """E4: 1 (1600) wins by forfeit against 2 and beats 3 (unrated) over the board: no
    counting game for 1 (n 0, Δ 0); 3 has no rating, so no change at all."""
    t = tournament(
        [("A", 1600, ""), ("B", 1600, ""), ("C", None, "")],
        [[(1, 2, "+-")], [(1, 3, "1-0")]],
    )
    rows = tournament_rating_changes(t)
    assert (rows[0].games, rows[0].score, rows[0].delta, rows[0].rn) == (0, F(0), 0, 1600)
    assert (rows[2].ro, rows[2].k, rows[2].rn) == (None, None, None)


def test_cli_errors(tmp_path, capsys) -> None:
    t = tournament([("A", 1600, ""), ("B", 1600, "")], [[(1, 2, "1-0")]])
    path = write(tmp_path, t)
    assert main(["rating-change", str(tmp_path / "missing.trf")]) == EXIT_NOT_FOUND
    bad = tmp_path / "bad.trf"
    bad.write_bytes(b"hello\n")
    assert main(["rating-change", str(bad)]) == EXIT_INVALID_INPUT
    before = tmp_path / "before.csv"
    before.write_text("1,10\n7,3\n", encoding="utf-8")
    assert main(["rating-change", path, "--games-before", str(before)]) == 1
    assert "no player with start number 7" in capsys.readouterr().err
    before.write_text("1,ten\n", encoding="utf-8")
    assert main(["rating-change", path, "--games-before", str(before)]) == 1
    assert "line 1" in capsys.readouterr().err
    with pytest.raises(SystemExit) as exc:
        main(["rating-change", path, "--k-rule", "uscf"])
    assert exc.value.code == EXIT_USAGE


def test_cli_help_is_complete(capsys) -> None:
    with pytest.raises(SystemExit):
        main(["rating-change", "--help"])
    text = capsys.readouterr().out
    for word in ("--k-rule", "--games-before", "--format", "Ro", "700", "2650", "fictitious"):
        assert word in text


def test_read_games_before() -> None:
    assert read_games_before("# comment\nstart_no,games\n\n3, 12\n1,0\n") == {3: 12, 1: 0}
    with pytest.raises(ValueError, match="given twice"):
        read_games_before("1,2\n1,3\n")
