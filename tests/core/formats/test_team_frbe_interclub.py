"""Issue 8 §5: the Belgian results file of an interclub round (frbe.md B2, B3, B5)."""

from __future__ import annotations

import datetime

import pytest

from chessclub.formats import frbe
from chessclub.formats.frbe_interclub import (
    InterclubError,
    interclub_file,
    interclub_file_name,
)
from chessclub.formats.frbe_name import FrbeFileNameError, parse_file_name
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
)

P = PairingNumber


def _event() -> Tournament:
    """Two rounds of a 2-board interclub between two teams of three (players 1-3 and 4-6).
    Round 2 (5 Oct 2025): board 1 player 4 (White) – player 1, 1-0; board 2 player 2 (White)
    – player 5, ½-½; player 3 has no game (his opponent team fielded nobody: a bye row)."""
    players = tuple(
        Player(P(n), f"Player{n}, Test", 1500 + 10 * n, matricule=str(10000 + n), club="601")
        for n in range(1, 7)
    )
    r1 = Round(
        RoundNumber(1),
        games=(Game(P(1), P(4), GameResult.BLACK_WINS, board=1),),
        date=datetime.date(2025, 9, 21),
    )
    r2 = Round(
        RoundNumber(2),
        games=(
            Game(P(2), P(5), GameResult.DRAW, board=2),
            Game(P(4), P(1), GameResult.WHITE_WINS, board=1),
        ),
        byes=(Bye(P(3), ByeKind.FULL_POINT),),
        date=datetime.date(2025, 10, 5),
    )
    return Tournament(name="Interclubs", players=players, rounds=(r1, r2), planned_rounds=2)


def test_issue8_5_interclub_file_rereads_to_the_rounds_games():
    """Round 2 only, players renumbered in board order: 1 = player 4 (board 1 White),
    2 = player 1, 3 = player 2 (board 2 White), 4 = player 5. Re-read by the core reader:
    1–2 1-0, 3–4 ½-½, one round dated 2025-10-05, player 3 and 6 absent (no game)."""
    data = interclub_file(_event(), 2)
    back = frbe.read_tournament(data)
    names = {int(p.pairing_number): p.name for p in back.players}
    assert names == {1: "Player4, Test", 2: "Player1, Test", 3: "Player2, Test", 4: "Player5, Test"}
    matricules = {int(p.pairing_number): p.matricule for p in back.players}
    assert matricules == {1: "10004", 2: "10001", 3: "10002", 4: "10005"}
    assert len(back.rounds) == 1
    games = {(int(g.white), int(g.black), g.result) for g in back.rounds[0].games}
    assert games == {(1, 2, GameResult.WHITE_WINS), (3, 4, GameResult.DRAW)}
    assert back.rounds[0].date == datetime.date(2025, 10, 5)
    assert back.start_date == back.end_date == datetime.date(2025, 10, 5)
    # B3 code line: NUL, "00", players 3 wide, rounds 2 wide, dates, +W=D-L
    # (one win, the draw counted twice, one loss)
    code = next(line for line in data.split(b"\r\n") if line.startswith(b"\x00"))
    assert code == b"\x0000  4 12025100520251005+1=2-1"


def test_issue8_5_forfeit_board_is_not_sent_as_a_game():
    """B3: forfeits are not transmitted as games — a +/- board is written 1 / - and the code
    line counts no game for it."""
    t = _event()
    r2 = t.rounds[1]
    forfeited = Round(
        r2.number,
        games=(Game(P(4), P(1), GameResult.WHITE_WINS_BY_FORFEIT, board=1), r2.games[0]),
        date=r2.date,
    )
    t = Tournament(name=t.name, players=t.players, rounds=(t.rounds[0], forfeited))
    back = frbe.read_tournament(interclub_file(t, 2))
    results = {(int(g.white), int(g.black)): g.result for g in back.rounds[0].games}
    assert results[(1, 2)] is GameResult.WHITE_WINS_BY_FORFEIT
    assert results[(3, 4)] is GameResult.DRAW


def test_issue8_5_b5_sender_code_998_and_b2_name():
    """B2: month 10 → 'A', day 05, identifier INT (reserved for national interclubs), division
    1, series A; B5: sender code 998 as the extension → 'A05INT1A.998'."""
    name = interclub_file_name(datetime.date(2025, 10, 5))
    assert name == "A05INT1A.998"
    parsed = parse_file_name(name)
    assert (parsed.identifier, parsed.club) == ("INT", "998")
    assert interclub_file_name(datetime.date(2000, 6, 25), "3", "C") == "625INT3C.998"
    for division, series in (("0", "A"), ("1", "a"), ("10", "A"), ("1", "")):
        with pytest.raises(FrbeFileNameError):
            interclub_file_name(datetime.date(2000, 6, 25), division, series)


def test_issue8_5_round_not_sendable_is_named():
    """B1: a round without date, without games, with a game lacking its result, or not held."""
    t = _event()
    with pytest.raises(InterclubError) as missing:
        interclub_file(t, 3)
    assert missing.value.kind == "no_round"
    undated = Tournament(
        name="x", players=t.players, rounds=(Round(RoundNumber(1), games=t.rounds[0].games),)
    )
    with pytest.raises(InterclubError) as no_date:
        interclub_file(undated, 1)
    assert no_date.value.kind == "no_date"
    pending = Tournament(
        name="x",
        players=t.players,
        rounds=(Round(RoundNumber(1), games=(Game(P(1), P(4)),), date=datetime.date(2025, 1, 1)),),
    )
    with pytest.raises(InterclubError) as no_result:
        interclub_file(pending, 1)
    assert (no_result.value.kind, no_result.value.params["count"]) == ("no_result", 1)
    empty = Tournament(
        name="x",
        players=t.players,
        rounds=(
            Round(
                RoundNumber(1),
                byes=(Bye(P(1), ByeKind.FULL_POINT),),
                date=datetime.date(2025, 1, 1),
            ),
        ),
    )
    with pytest.raises(InterclubError) as no_game:
        interclub_file(empty, 1)
    assert no_game.value.kind == "no_game"
