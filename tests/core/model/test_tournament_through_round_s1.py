"""Standings after round N (spec S1): the tournament as it stood then."""

from __future__ import annotations

import pytest

from chessclub.model import (
    Game,
    GameResult,
    PairingNumber,
    Player,
    Round,
    RoundNumber,
    Tournament,
)
from chessclub.standings import compute_standings

P = PairingNumber


def _tournament() -> Tournament:
    players = tuple(Player(P(n), f"Joueur{n}, Anon", 2000 - n) for n in range(1, 5))
    rounds = (
        Round(
            RoundNumber(1),
            (Game(P(1), P(2), GameResult.parse("1-0")), Game(P(3), P(4), GameResult.parse("½-½"))),
        ),
        Round(
            RoundNumber(2),
            (Game(P(4), P(1), GameResult.parse("1-0")), Game(P(2), P(3), GameResult.parse("0-1"))),
        ),
        Round(
            RoundNumber(3),
            (Game(P(1), P(3), GameResult.parse("½-½")), Game(P(2), P(4), GameResult.parse("1-0"))),
        ),
    )
    return Tournament("Open", players, rounds, planned_rounds=5, withdrawals={P(2): RoundNumber(3)})


def points(t: Tournament) -> dict[int, str]:
    return {int(r.pairing_number): str(r.points) for r in compute_standings(t, [])}


def test_s1_standings_after_each_round_count_only_rounds_up_to_it() -> None:
    t = _tournament()
    # By hand: after round 1, 1 → 1, 2 → 0, 3 → ½, 4 → ½; after round 2, 1 → 1, 2 → 0,
    # 3 → 1½, 4 → 1½; after round 3 (the whole file), 1 → 1½, 2 → 1, 3 → 2, 4 → 1½.
    assert points(t.through_round(1)) == {1: "1", 2: "0", 3: "1/2", 4: "1/2"}
    assert points(t.through_round(2)) == {1: "1", 2: "0", 3: "3/2", 4: "3/2"}
    assert points(t.through_round(3)) == {1: "3/2", 2: "1", 3: "2", 4: "3/2"}
    assert t.through_round(3) is t and t.through_round(9) is t


def test_s1_a_later_withdrawal_had_not_happened_yet() -> None:
    t = _tournament()
    assert t.through_round(2).withdrawals == {}
    assert t.through_round(3).withdrawals == {P(2): 3}
    assert t.through_round(2).planned_rounds == 5
    assert [r.number for r in t.through_round(0).rounds] == []
    with pytest.raises(ValueError):
        t.through_round(-1)
