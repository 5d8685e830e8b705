"""The pairing engine interface, the gacrux Dutch engine and its input, the checker, bbp format."""

from __future__ import annotations

import json
import os
import stat
import sys
from dataclasses import replace
from fractions import Fraction
from pathlib import Path

import pytest

from chessclub.formats.trf import read_trf, write_trf
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
    Tournament,
    TournamentSystem,
)
from chessclub.pairing import warm
from chessclub.pairing.bbp_format import check_trf, format_bbp, pair_trf, parse_bbp
from chessclub.pairing.checker import (
    check_rounds,
    compare_round,
    format_differences,
)
from chessclub.pairing.engine import (
    Acceleration,
    Board,
    GacruxDutchEngine,
    Pairing,
    PairingError,
    PairingOptions,
    baku_acceleration,
    engine_input,
    initial_colour_of,
    next_round_number,
    tournament_before,
)
from chessclub.pairing.request import options_from_trf, read_pairing_request

P = PairingNumber
ENGINE = GacruxDutchEngine()


def field(n: int, *rounds: Round, planned: int = 5) -> Tournament:
    players = tuple(Player(P(i), f"Player{i:02}, A", 2400 - 10 * i) for i in range(1, n + 1))
    return Tournament("test", players, tuple(rounds), planned_rounds=planned)


def game(white: int, black: int, result: str = "1-0") -> Game:
    return Game(P(white), P(black), GameResult.parse(result))


def rnd(number: int, *games: Game, byes: tuple[Bye, ...] = ()) -> Round:
    return Round(RoundNumber(number), games, byes)


def pairs(p: Pairing) -> list[tuple[int, int]]:
    return [(b.white, b.black) for b in p.boards]


# -- the engine on small fields --------------------------------------------------------------


def test_round_one_odd_field() -> None:
    pairing = ENGINE.pair(field(7), 1, options=PairingOptions(initial_colour=Colour.WHITE))
    assert pairs(pairing) == [(1, 4), (5, 2), (3, 6)]  # fide.md §4.2 E.5: odd TPN, initial
    assert pairing.bye == 7
    assert pairing.round == 1


def test_initial_colour_black() -> None:
    pairing = ENGINE.pair(field(6), 1, options=PairingOptions(initial_colour=Colour.BLACK))
    assert pairs(pairing) == [(4, 1), (2, 5), (6, 3)]


def test_initial_colour_record_152() -> None:
    """Issue 4's measured colour difference: initial colour White, a player absent in round 1.

    C.04.3 art. 5.2.5: with no colour preferences, the higher-ranked player gets the initial
    colour if his pairing number is odd — counted over the players paired (bbpPairings does the
    same: in generated/n100-r10-s100002 round 1, player 40 has a half-point bye and 41, 43…
    play Black). The initial colour is the tournament's, drawn by lot: our input states it as
    record 152. Without that record gacrux guesses it from round 1's first entry, the absent
    player's ``0000 - Z``, reads Black, and flips every board: that was the difference.
    """
    t = field(8, rnd(1, byes=(Bye(P(1), ByeKind.ZERO_POINT),)))
    options = PairingOptions(initial_colour=Colour.WHITE)
    text = write_trf(engine_input(t, 1, options)).decode()
    assert "\n152 W\n" in text
    ours = ENGINE.pair(t, 1, options=options)
    assert pairs(ours) == [(2, 5), (6, 3), (4, 7)]
    assert ours.bye == 8
    # The same input without record 152: gacrux alone flips every board.
    guessed = ENGINE.run(text.replace("152 W\n", "").encode(), 1, timeout=60)
    assert guessed["pairs"] == [[5, 2], [3, 6], [7, 4], [8, 0]]


def test_initial_colour_of_round_one() -> None:
    assert initial_colour_of(field(4)) is None
    assert initial_colour_of(field(4, rnd(1, game(1, 3), game(4, 2)))) is Colour.WHITE
    assert initial_colour_of(field(4, rnd(1, game(3, 1), game(2, 4)))) is Colour.BLACK
    # Player 1 had the pairing-allocated bye (paired, no colour): one flip.
    flipped = field(3, rnd(1, game(2, 3), byes=(Bye(P(1), ByeKind.PAIRING_ALLOCATED),)))
    assert initial_colour_of(flipped) is Colour.BLACK


def test_later_round_reads_initial_colour_from_round_one() -> None:
    t = field(4, rnd(1, game(3, 1, "0-1"), game(2, 4, "1-0")))
    assert "\n152 B\n" in write_trf(engine_input(t, 2)).decode()


def test_requested_bye_absence_and_score() -> None:
    t = field(
        6,
        rnd(1, game(1, 4, "1-0"), game(5, 2, "0-1"), game(3, 6, "½-½")),
        rnd(2, byes=(Bye(P(3), ByeKind.HALF_POINT),)),
    )
    options = PairingOptions(absent=frozenset({P(6)}))
    pairing = ENGINE.pair(t, 2, options=options)
    assert pairing.players() == {1, 2, 4, 5}
    assert pairing.bye is None
    assert {(b.player, b.kind) for b in pairing.not_paired} == {
        (3, ByeKind.HALF_POINT),
        (6, ByeKind.ABSENT),
    }
    doc = read_trf(write_trf(engine_input(t, 2, options)))
    by_rank = {p.starting_rank: p for p in doc.players()}
    assert by_rank[3].points == Fraction(1)  # ½ from round 1 + the requested ½ of round 2
    assert by_rank[3].cells[1].result.value == "H"
    assert by_rank[6].cells[1].result.value == "Z"
    assert len(by_rank[1].cells) == 1  # to be paired: no cell for round 2
    stored = pairing.to_round()
    assert stored.number == 2 and [g.board for g in stored.games] == [1, 2]
    assert {b.player for b in stored.byes} == {3, 6}


def test_requested_bye_from_options_and_bad_kind() -> None:
    t = field(4, rnd(1, game(1, 3), game(4, 2)))
    pairing = ENGINE.pair(t, 2, options=PairingOptions(byes=(Bye(P(4), ByeKind.HALF_POINT),)))
    assert pairing.bye is not None and 4 not in pairing.players()
    with pytest.raises(PairingError, match="cannot pair: player 4"):
        ENGINE.pair(t, 2, options=PairingOptions(byes=(Bye(P(4), ByeKind.PAIRING_ALLOCATED),)))


def test_unknown_player_in_options() -> None:
    with pytest.raises(PairingError, match="unknown player 9"):
        ENGINE.pair(field(4), 1, options=PairingOptions(absent=frozenset({P(9)})))


def test_forbidden_pair_record_260() -> None:
    options = PairingOptions(initial_colour=Colour.WHITE, forbidden=(frozenset({P(1), P(3)}),))
    assert "\n260   1   1    1    3\n" in write_trf(engine_input(field(4), 1, options)).decode()
    pairing = ENGINE.pair(field(4), 1, options=options)
    assert {frozenset((b.white, b.black)) for b in pairing.boards} == {
        frozenset({1, 4}),
        frozenset({2, 3}),
    }


def test_baku_acceleration() -> None:
    assert baku_acceleration(16, 9) == (
        Acceleration(Fraction(1), 1, 3, 1, 8),
        Acceleration(Fraction(1, 2), 4, 5, 1, 8),
    )
    assert baku_acceleration(10, 2) == (Acceleration(Fraction(1), 1, 1, 1, 6),)
    options = PairingOptions(initial_colour=Colour.WHITE, baku=True)
    text = write_trf(engine_input(field(16, planned=9), 1, options)).decode()
    assert "\n250       1.0   1   3    1    8\n" in text
    assert "\n250       0.5   4   5    1    8\n" in text
    # Group A (1–8) is paired within itself in round 1: 1–5, 6–2, 3–7, 8–4 …
    pairing = ENGINE.pair(field(16, planned=9), 1, options=options)
    assert pairs(pairing)[:4] == [(1, 5), (6, 2), (3, 7), (8, 4)]
    plain = ENGINE.pair(field(16, planned=9), 1, options=PairingOptions(Colour.WHITE))
    assert pairs(plain)[0] == (1, 9)


def test_tournament_before_ignores_the_round_and_later() -> None:
    t = field(
        4,
        rnd(1, game(1, 3), game(4, 2)),
        rnd(2, game(1, 2), game(3, 4), byes=()),
        rnd(3, game(1, 4)),
    )
    before = tournament_before(t, 2)
    assert [r.number for r in before.rounds] == [1]
    with pytest.raises(PairingError, match="no round 0"):
        tournament_before(t, 0)


def test_next_round_number() -> None:
    assert next_round_number(field(4)) == 1
    assert next_round_number(field(4, rnd(1, game(1, 3), game(4, 2)))) == 2
    t = field(4, rnd(1, game(1, 3), game(4, 2)), rnd(2, byes=(Bye(P(1), ByeKind.HALF_POINT),)))
    assert next_round_number(t) == 2


# -- failures ----------------------------------------------------------------------------------


def test_no_legal_pairing() -> None:
    t = field(2, rnd(1, game(1, 2)), planned=3)
    with pytest.raises(PairingError) as info:
        ENGINE.pair(t, 2)
    message = str(info.value)
    assert message.startswith("cannot pair: round 2 has no legal pairing (FIDE C.04.3 art. 1.9.3)")
    assert "score bracket" in message  # the engine's own reason
    assert info.value.round == 2


def test_timeout() -> None:
    with pytest.raises(PairingError, match=r"cannot pair: .* within 0\.001 s"):
        GacruxDutchEngine(timeout=0.001).pair(field(4), 1)


def test_engine_cannot_start(tmp_path: Path) -> None:
    engine = GacruxDutchEngine(python=str(tmp_path / "no-python"))
    with pytest.raises(PairingError, match="could not be started"):
        engine.pair(field(4), 1)


BAD_OPPONENT = (
    "012 x\nXXR 3\n152 W\n"
    "001    1      A                                 2000                             1.0"
    "          3 w 1\n"
    "001    2      B                                 1900                             0.0"
    "          1 b 0\n"
)


def test_engine_input_refused() -> None:
    with pytest.raises(PairingError, match=r"refused the tournament .*names player 3"):
        ENGINE.run(BAD_OPPONENT.encode(), 2, timeout=60)


@pytest.mark.skipif(sys.platform == "win32", reason="shell script as interpreter")
def test_engine_crash_and_bad_answers(tmp_path: Path) -> None:
    def fake(body: str) -> GacruxDutchEngine:
        script = tmp_path / f"fake{len(list(tmp_path.iterdir()))}"
        script.write_text("#!/bin/sh\ncat > /dev/null\n" + body)
        script.chmod(script.stat().st_mode | stat.S_IEXEC)
        return GacruxDutchEngine(python=str(script), warm=False)

    with pytest.raises(PairingError, match=r"failed on round 1 \(exit status 7\): boom"):
        fake('echo \'{"error": "boom"}\'\nexit 7\n').pair(field(4), 1)
    with pytest.raises(PairingError, match="unreadable answer"):
        fake("echo 'not json'\n").pair(field(4), 1)
    with pytest.raises(PairingError, match="leaves out 4"):
        fake("echo '{\"pairs\": [[1, 3], [2, 0]]}'\n").pair(field(4), 1)
    with pytest.raises(PairingError, match="two pairing-allocated byes"):
        fake("echo '{\"pairs\": [[1, 0], [2, 0]]}'\n").pair(field(4), 1)


# -- bbp format, request, checker -------------------------------------------------------------


def test_bbp_format_round_trip() -> None:
    pairing = Pairing(RoundNumber(3), (Board(P(1), P(5)), Board(P(3), P(2))), P(6))
    text = format_bbp(pairing)
    assert text == "3\n1 5\n3 2\n6 0\n"
    assert parse_bbp(text) == [(1, 5), (3, 2), (6, 0)]
    with pytest.raises(ValueError, match="2 pairs announced"):
        parse_bbp("2\n1 5\n")
    with pytest.raises(ValueError):
        parse_bbp("")


PAD = " " * 28


def _player(n: int, name: str, rating: int, points: str, cells: str) -> str:
    """A ``001`` line: name at col 15, rating at 49, points at 81, round cells from col 91."""
    return f"001 {n:>4}      {name:<33} {rating:>4}{PAD}{points:>4}      {cells}\n"


TRF = (
    "012 request\n"
    "XXR 5\n"
    "XXC black1\n"
    "XXP 1 2\n"
    "240 H   2    4\n"
    "260   2   3    3    5\n"
    "250       1.0   1   2    1    2\n"
    + _player(1, "A", 2400, "1.0", "    3 w 1")
    + _player(2, "B", 2300, "1.0", "    4 b 1")
    + _player(3, "C", 2200, "0.0", "    1 b 0")
    + _player(4, "D", 2100, "0.0", "    2 w 0")
    + _player(5, "E", 2000, "0.0", " 0000 - Z  0000 - Z")
)


def test_options_from_trf() -> None:
    request = read_pairing_request(TRF.encode())
    assert request.round_number == 2
    options = request.options
    assert options.initial_colour is Colour.BLACK
    assert options.absent == {5}
    assert options.byes == (Bye(P(4), ByeKind.HALF_POINT),)
    assert set(options.forbidden) == {frozenset({3, 5}), frozenset({1, 2})}
    assert options.acceleration == (Acceleration(Fraction(1), 1, 2, 1, 2),)
    doc = read_trf(TRF.encode())
    assert options_from_trf(doc, 4).forbidden == (frozenset({1, 2}),)
    assert options_from_trf(doc, 4).byes == ()
    assert read_trf(("152 W\n" + TRF).encode()) and (
        options_from_trf(read_trf(("152 W\n" + TRF).encode()), 2).initial_colour is Colour.WHITE
    )


def test_pair_trf_with_options() -> None:
    # 1–2 forbidden, 4 has a half-point bye, 5 is absent; 2 ranks higher: his White (E.4).
    assert parse_bbp(pair_trf(TRF.encode())) == [(2, 3), (1, 0)]


def test_pair_trf_refuses_a_finished_tournament_and_round_robins() -> None:
    done = (
        TRF.replace("XXR 5", "XXR 1")
        .replace("  0000 - Z\n", "\n")
        .replace("240 H   2    4\n", "")
        .replace("260   2   3    3    5\n", "")
    )
    with pytest.raises(PairingError, match="has 1 rounds, there is no round 2"):
        pair_trf(done.encode())
    robin = TRF.replace("012 request", "012 request\n092 Individual: Round-Robin")
    with pytest.raises(PairingError, match="round robin"):
        pair_trf(robin.encode())


NO_OPTIONS = PairingOptions()


class FixedEngine:
    """A stand-in engine answering a fixed pairing per round (or failing)."""

    def __init__(self, answers: dict[int, Pairing | PairingError]) -> None:
        self.answers = answers
        self.calls: list[tuple[int, PairingOptions]] = []

    def pair(
        self,
        tournament: Tournament,
        round_number: int,
        *,
        options: PairingOptions = NO_OPTIONS,
    ) -> Pairing:
        self.calls.append((round_number, options))
        answer = self.answers[round_number]
        if isinstance(answer, PairingError):
            raise answer
        return answer


def _pairing(number: int, boards: list[tuple[int, int]], bye: int | None = None) -> Pairing:
    return Pairing(
        RoundNumber(number),
        tuple(Board(P(w), P(b)) for w, b in boards),
        P(bye) if bye else None,
    )


def test_compare_round_kinds() -> None:
    played = rnd(
        2, game(1, 2), game(3, 4), game(5, 6), byes=(Bye(P(7), ByeKind.PAIRING_ALLOCATED),)
    )
    assert compare_round(played, _pairing(2, [(1, 2), (3, 4), (5, 6)], 7)) == []
    rows = compare_round(played, _pairing(2, [(2, 1), (3, 5), (4, 7)], 6))
    # By pairs, each once, by lowest pairing number, the bye last; no board (none was given).
    assert [(r.board, r.played, r.engine, r.kind) for r in rows] == [
        (None, (1, 2), (2, 1), "colours"),
        (None, (3, 4), None, "played_only"),
        (None, None, (3, 5), "engine_only"),
        (None, None, (4, 7), "engine_only"),
        (None, (5, 6), None, "played_only"),
        (None, (7, 0), (6, 0), "bye"),
    ]
    assert str(rows[0]) == "round 2: played 1-2, engine 2-1 (colours)"
    assert str(rows[1]) == "round 2: played 3-4, not paired by the engine"
    assert str(rows[2]) == "round 2: engine 3-5, not played"
    assert str(rows[5]) == "round 2: pairing-allocated bye: played 7, engine 6"


def test_check_rounds_with_a_stand_in_engine() -> None:
    t = field(
        5,
        rnd(1, game(1, 3), game(4, 2), byes=(Bye(P(5), ByeKind.PAIRING_ALLOCATED),)),
        rnd(2, game(1, 2), byes=(Bye(P(3), ByeKind.HALF_POINT),)),
        rnd(3, game(2, 3), game(4, 1), byes=(Bye(P(5), ByeKind.PAIRING_ALLOCATED),)),
    )
    engine = FixedEngine(
        {
            1: _pairing(1, [(1, 3), (4, 2)], 5),
            2: _pairing(2, [(2, 1)]),
            3: PairingError("no legal pairing", round_number=3),
        }
    )
    rows = check_rounds(t, engine=engine, workers=2)
    assert [(r.round, r.kind) for r in rows] == [(2, "colours"), (3, "error")]
    assert str(rows[1]) == "round 3: cannot pair: no legal pairing"
    # Players missing from a played round are absent when it is re-paired.
    options_of = {number: options for number, options in engine.calls}
    assert options_of[2].absent == {4, 5}
    assert options_of[1].absent == frozenset()
    assert format_differences([]) == "all rounds agree with the engine's pairing\n"
    assert format_differences([], rounds_checked=3).startswith("all 3 rounds agree")
    assert format_differences(rows).count("\n") == 2


def test_check_rounds_refuses_round_robins() -> None:
    t = replace(field(4), system=TournamentSystem.ROUND_ROBIN)
    with pytest.raises(PairingError, match="round robin"):
        check_rounds(t, engine=FixedEngine({}))


def test_check_trf_finds_a_changed_board() -> None:
    data = (Path(__file__).parents[2] / "fixtures/pairing/generated/n10-r7-s10001.trf").read_bytes()
    text = data.decode("latin-1")
    # Swap colours of the round-7 game 1–10 (1 b 1 / 10 w 0 → 1 w 1 / 10 b 0).
    lines = text.split("\r")
    for i, line in enumerate(lines):
        if line.startswith("001    1 "):
            lines[i] = line.replace("  10 b 1", "  10 w 1")
        if line.startswith("001   10 "):
            lines[i] = line.replace("   1 w 0", "   1 b 0")
    rows = check_trf("\r".join(lines).encode("latin-1"))
    assert [(r.round, r.played, r.kind) for r in rows] == [(7, (1, 10), "colours")]


def test_worker_answer_is_json_only() -> None:
    """The worker writes nothing but its JSON answer on standard output."""
    answer = ENGINE.run(write_trf(engine_input(field(4), 1)), 1, timeout=60)
    assert json.loads(json.dumps(answer)) == {"round": 1, "pairs": [[1, 3], [4, 2]]}


# -- warm workers (chessclub.pairing.warm) ----------------------------------------------------


def _worker_pids() -> set[int]:
    return {w.process.pid for ws in warm._POOL.idle.values() for w in ws}


def test_warm_worker_is_reused_and_pairs_as_a_fresh_process() -> None:
    """Issue 20 (pairing overhead): the second round is paired by the worker of the first
    (no new process), and a warm worker's pairing equals a one-shot process's."""
    warm.stop_idle()
    t = field(6)
    first = GacruxDutchEngine().pair(t, 1)
    pids = _worker_pids()
    assert len(pids) == 1
    again = GacruxDutchEngine().pair(t, 1)
    assert _worker_pids() == pids
    assert again == first == GacruxDutchEngine(warm=False).pair(t, 1)


def test_warm_worker_killed_after_a_timeout_then_replaced() -> None:
    """A warm worker that passes the time limit is killed; the next round gets a new one."""
    warm.stop_idle()
    GacruxDutchEngine().pair(field(4), 1)
    (old,) = _worker_pids()
    with pytest.raises(PairingError, match=r"within 0\.001 s"):
        GacruxDutchEngine(timeout=0.001).pair(field(40), 1)
    with pytest.raises(ProcessLookupError):
        os.kill(old, 0)  # killed and reaped
    assert len(GacruxDutchEngine().pair(field(4), 1).boards) == 2
    assert old not in _worker_pids() and len(_worker_pids()) == 1


@pytest.mark.skipif(sys.platform == "win32", reason="shell script as interpreter")
def test_warm_worker_crash_and_garbage(tmp_path: Path) -> None:
    """A warm worker that dies, or answers outside the protocol, is a clear PairingError
    and is never given another round."""

    def fake(body: str) -> GacruxDutchEngine:
        script = tmp_path / f"fake{len(list(tmp_path.iterdir()))}"
        script.write_text("#!/bin/sh\nread header\n" + body)
        script.chmod(script.stat().st_mode | stat.S_IEXEC)
        return GacruxDutchEngine(python=str(script))

    warm.stop_idle()
    with pytest.raises(PairingError, match=r"pairing worker died \(exit status 9\)"):
        fake("exit 9\n").pair(field(4), 1)
    with pytest.raises(PairingError, match="outside its protocol"):
        fake("echo 'not a header'\n").pair(field(4), 1)
    with pytest.raises(PairingError, match="unreadable answer"):
        fake("printf '0 8\\nnot json'\nsleep 5\n").pair(field(4), 1)
    assert warm.idle_count() == 1  # only the last one, alive and within the protocol
    warm.stop_idle()
