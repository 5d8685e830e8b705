"""Absolute criteria of a hand-edited pairing (FIDE C.04.3 C1–C3, C.04.1 b–g).

Each case is built by hand; the docstrings give the colour arithmetic (difference = Whites −
Blacks over played games).
"""

from __future__ import annotations

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
)
from chessclub.pairing.criteria import check_pairing
from chessclub.pairing.engine import Board

P = PairingNumber


def field(n: int, *rounds: Round, planned: int = 5) -> Tournament:
    players = tuple(Player(P(i), f"Player{i:02}", 2400 - 10 * i) for i in range(1, n + 1))
    return Tournament("test", players, tuple(rounds), planned_rounds=planned)


def game(white: int, black: int, result: str = "1-0") -> Game:
    return Game(P(white), P(black), GameResult.parse(result))


def rnd(number: int, *games: Game, byes: tuple[Bye, ...] = ()) -> Round:
    return Round(RoundNumber(number), games, byes)


def b(white: int, black: int) -> Board:
    return Board(P(white), P(black))


def kinds(found) -> list[tuple[str, str, tuple[int, ...]]]:
    return [(v.rule, v.kind, tuple(int(p) for p in v.players)) for v in found]


def test_c1_rematch_but_not_after_a_forfeit() -> None:
    """C.04.1 b: 1 and 2 played in round 1: a rematch breaks C1. 3 and 4's round-1 game was
    a forfeit (not played, C.04.2): they may meet."""
    t = field(4, rnd(1, game(1, 2), game(3, 4, "+/-")))
    assert kinds(check_pairing(t, 2, [b(2, 1), b(4, 3)])) == [("C1", "rematch", (2, 1))]


def test_c2_second_pab_and_win_without_playing() -> None:
    """C.04.1 c/d: 5 had the PAB, 3 won by forfeit: neither may receive it; 4 lost by forfeit
    and may."""
    t = field(
        5,
        rnd(1, game(1, 2), game(3, 4, "+/-"), byes=(Bye(P(5), ByeKind.PAIRING_ALLOCATED),)),
    )
    assert kinds(check_pairing(t, 2, [], [P(5)])) == [("C2", "second_pab", (5,))]
    assert kinds(check_pairing(t, 2, [], [P(3)])) == [("C2", "second_pab", (3,))]
    assert check_pairing(t, 2, [], [P(4)]) == []
    two = kinds(check_pairing(t, 2, [], [P(4), P(2)]))
    assert ("C2", "several_pabs", (2, 4)) in two


def test_c3_same_colour_three_times_and_difference_beyond_two() -> None:
    """C.04.1 g: 3 had B, W, W (difference +1); White again gives W W W in a row though the
    difference is only +2. 5 had W, B, W: White again (W B W W, +2, no three running) and 2
    with B, W, B gets Black (B W B B, −2): allowed. C.04.1 f: 1 had W, W (+2); White again is
    +3, beyond ±2."""
    t = field(
        6,
        rnd(1, game(1, 2), game(4, 3), game(5, 6)),
        rnd(2, game(1, 4), game(3, 5), game(2, 6)),
        rnd(3, game(3, 6), game(5, 1), game(4, 2)),
    )
    # Before round 4: 1 = W W B (diff +1); 3 = B W W (diff +1).
    found = kinds(check_pairing(t, 4, [b(3, 1)]))
    assert found == [("C3", "same_colour_three_times", (3,))]
    assert check_pairing(t, 4, [b(5, 2)]) == []
    t2 = field(2, rnd(1, game(1, 2)), rnd(2, game(1, 2, "0-1")))
    # 1: W W (+2), White again: +3; 2: B B (−2), Black again: −3; and a rematch (C1).
    assert kinds(check_pairing(t2, 3, [b(1, 2)])) == [
        ("C1", "rematch", (1, 2)),
        ("C3", "colour_difference", (1,)),
        ("C3", "colour_difference", (2,)),
    ]


def test_c3_topscorers_exempt_in_the_final_round() -> None:
    """C.04.3 C3 applies to non-topscorers; topscorers score more than 50 % of the maximum
    when the final round is paired. 1 won both rounds with White (2 of 2 > 1): a third White
    in the final round (3 of 3 planned) is no violation; before the final round it is. 4 (B, W)
    takes Black: no violation."""
    t = field(4, rnd(1, game(1, 2), game(3, 4)), rnd(2, game(1, 3), game(4, 2)), planned=3)
    assert check_pairing(t, 3, [b(1, 4)]) == []
    t5 = field(4, rnd(1, game(1, 2), game(3, 4)), rnd(2, game(1, 3), game(4, 2)), planned=5)
    assert [v.rule for v in check_pairing(t5, 3, [b(1, 4)])] == ["C3"]
    assert check_pairing(t5, 3, [b(1, 4)])[0].colour is Colour.WHITE


def test_forbidden_pair_reported() -> None:
    t = field(4)
    found = kinds(check_pairing(t, 1, [b(1, 3), b(4, 2)], forbidden=[{P(1), P(3)}]))
    assert found == [("260", "forbidden", (1, 3))]
