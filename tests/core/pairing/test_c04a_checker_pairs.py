"""FIDE C.04.A (free pairings checker, fide.md §4.5; ``chessclub check``): each round is
re-paired and compared with the round as played *by pairs*, as an arbiter compares two pairing
lists — a TRF has no board numbers, so lining the two lists up by board number reported one
played pair on two boards and rows on a "board 0".

``checker-hand-8p-1r.trf`` (tests/fixtures/trf, made by hand for this test, placeholder names)
holds 8 players rated in pairing-number order and round 1 as "played":
4-1, 2-7, 3-5, the pairing-allocated bye (``U``) to 6 and a requested half-point bye (``H``)
for 8. Worked by hand from FIDE C.04.3 (Dutch) for round 1: 8 asked for a bye, so 7 players
are paired; the bye goes to the lowest-ranked player, 7; the other six, all on 0 points, form
S1 = {1, 2, 3} against S2 = {4, 5, 6}: 1-4, 2-5, 3-6; with ``XXC white1`` the odd-numbered S1
players 1 and 3 have White, 2 has Black: 1-4, 5-2, 3-6 (the same answer bbpPairings gives for
7 players, edge case E1 in tests/fixtures/pairing/edge/edge_results.json). So the differences,
each once, by lowest pairing number, the bye last:

- 4-1 played, 1-4 paired: the colours;
- 2-7 played, not paired; 5-2 paired, not played;
- 3-5 played, not paired; 3-6 paired, not played;
- the pairing-allocated bye: 6 as played, 7 by the system.

8's requested bye is no difference (not to be paired on either side).
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

from chessclub.cli import main
from chessclub.formats.trf import read_trf, to_tournament
from chessclub.pairing import check_trf
from chessclub.pairing.checker import played_pairs

TRF = Path(__file__).resolve().parents[2] / "fixtures" / "trf"
HAND = TRF / "checker-hand-8p-1r.trf"
ONLINE = TRF / "online-swiss-13p-10r.trf"


def test_c04a_hand_made_round_reported_by_pairs() -> None:
    rows = check_trf(HAND.read_bytes(), source=HAND.name)
    assert [(r.round, r.board, r.played, r.engine, r.kind) for r in rows] == [
        (1, None, (4, 1), (1, 4), "colours"),
        (1, None, (2, 7), None, "played_only"),
        (1, None, None, (5, 2), "engine_only"),
        (1, None, (3, 5), None, "played_only"),
        (1, None, None, (3, 6), "engine_only"),
        (1, None, (6, 0), (7, 0), "bye"),
    ]


def test_c04a_cli_prints_each_difference_once_and_exits_1(capsys) -> None:
    code = main(["check", str(HAND), "--workers", "1"])
    out, err = capsys.readouterr()
    assert code == 1 and err == ""
    assert out.splitlines()[:-2] == [
        "round 1: played 4-1, engine 1-4 (colours)",
        "round 1: played 2-7, not paired by the engine",
        "round 1: engine 5-2, not played",
        "round 1: played 3-5, not paired by the engine",
        "round 1: engine 3-6, not played",
        "round 1: pairing-allocated bye: played 6, engine 7",
    ]


def test_c04a_cli_exit_0_when_the_round_is_the_dutch_pairing(tmp_path, capsys) -> None:
    """The same file with round 1 played as worked out above (1-4, 5-2, 3-6, bye to 7; 8's
    half-point bye kept): every round agrees, exit 0."""
    text = HAND.read_text()
    cells = {
        "001    1 ": ("   4 b 0", "   4 w 0"),
        "001    2 ": ("   7 w 1", "   5 b 1"),
        "001    3 ": ("   5 w =", "   6 w ="),
        "001    4 ": ("   1 w 1", "   1 b 1"),
        "001    5 ": ("   3 b =", "   2 w 0"),
        "001    6 ": ("0000 - U", "   3 b ="),
        "001    7 ": ("   2 b 0", "0000 - U"),
    }
    points = {"001    5 ": ("0.5", "0.0"), "001    6 ": ("1.0", "0.5"), "001    7 ": ("0.0", "1.0")}
    lines = []
    for line in text.splitlines():
        key = line[:9]
        if key in cells:
            old, new = cells[key]
            assert line.endswith(old)
            line = line[: -len(old)] + new
        if key in points:
            old, new = points[key]
            assert line[80:84] == f" {old}"
            line = f"{line[:80]} {new}{line[84:]}"
        lines.append(line)
    path = tmp_path / "agrees.trf"
    path.write_text("\n".join(lines) + "\n")
    assert main(["check", str(path)]) == 0
    out, _err = capsys.readouterr()
    assert out.splitlines()[0] == "Every round is paired as the FIDE Dutch system pairs it."


def test_c04a_online_swiss_no_pair_twice_no_board_zero(capsys) -> None:
    """A real 13-player, 10-round online Swiss (placeholder names; provenance in
    tests/fixtures/trf/PROVENANCE.md), whose rounds were not paired by the Dutch system: every
    pair and bye appears in at most one row of its round, no row names a board (a TRF has
    none), each played side is a pair of that round in the file and each system-only side is
    not, and the players a round's rows move are the same on both sides."""
    data = ONLINE.read_bytes()
    tournament = to_tournament(read_trf(data, source=ONLINE.name), source=ONLINE.name)
    rows = check_trf(data, source=ONLINE.name, workers=2)
    assert rows, "the online platform's pairings are not the Dutch system's"
    assert [r.round for r in rows] == sorted(r.round for r in rows)
    assert all(r.board is None and r.kind != "error" for r in rows)
    for number in sorted({r.round for r in rows}):
        mine = [r for r in rows if r.round == number]
        played_round = tournament.round(number)
        assert played_round is not None
        file_pairs = set(played_pairs(played_round))
        seen = Counter(
            frozenset(side) for r in mine for side in (r.played, r.engine) if side is not None
        )
        # A colours row names the same two players on both sides: count each row once.
        twice = {pair for pair, n in seen.items() if n > 1} - {
            frozenset(r.played) for r in mine if r.kind == "colours" and r.played
        }
        assert not twice, (number, twice)
        assert all(r.played in file_pairs for r in mine if r.played is not None)
        assert all(
            r.engine not in file_pairs and (r.engine[1], r.engine[0]) not in file_pairs
            for r in mine
            if r.kind == "engine_only" and r.engine is not None
        )
        moved_played = {p for r in mine if r.kind != "colours" and r.played for p in r.played}
        moved_engine = {p for r in mine if r.kind != "colours" and r.engine for p in r.engine}
        assert moved_played - {0} == moved_engine - {0}, number
    assert main(["check", str(ONLINE)]) == 1
    out, _err = capsys.readouterr()
    lines = out.splitlines()
    assert {str(r) for r in rows} <= set(lines) and len(lines) == len(set(lines))
    assert "board" not in out
