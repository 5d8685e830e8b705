"""Small tournaments for the tests of the standings pages, built row by row."""

from __future__ import annotations

from collections.abc import Sequence

from chessclub_web.clubs.models import Club
from chessclub_web.tournaments.models import (
    Game,
    Round,
    RoundState,
    Tournament,
    TournamentPlayer,
    touch_tournament,
)

#: One board: (white's pairing number, black's, result code as stored: ``1-0``, ``=``…).
Board = tuple[int, int, str]

#: A 6-player round robin (results worked by hand in the tests that use it).
ROUND_ROBIN_PLAYERS = [(f"Player{n:04d}, Anon", 1500) for n in range(1, 7)]
ROUND_ROBIN_ROUNDS: list[list[Board]] = [
    [(1, 6, "0-1"), (2, 5, "="), (3, 4, "1-0")],
    [(6, 4, "="), (5, 3, "0-1"), (1, 2, "1-0")],
    [(2, 6, "+-"), (3, 1, "="), (4, 5, "1-0")],
    [(6, 5, "-+"), (1, 4, "="), (2, 3, "0-1")],
    [(3, 6, "+-"), (4, 2, "1-0"), (5, 1, "0-1")],
]


def make_tournament(
    club: Club,
    players: Sequence[tuple[str, int | None]],
    rounds: Sequence[Sequence[Board]],
    *,
    system: str = "round_robin",
    states: Sequence[str] = (),
    planned_rounds: int | None = None,
) -> Tournament:
    """``players``: (name, rating), pairing numbers 1, 2…; ``rounds``: each round's boards;
    ``states``: the rounds' states in order (published when not given)."""
    tournament = Tournament.objects.create(
        club=club,
        name="Championnat",
        system=system,
        planned_rounds=planned_rounds if planned_rounds is not None else len(rounds),
    )
    entries = {
        number: TournamentPlayer.objects.create(
            tournament=tournament, pairing_number=number, name=name, rating=rating
        )
        for number, (name, rating) in enumerate(players, start=1)
    }
    for index, boards in enumerate(rounds, start=1):
        state = states[index - 1] if index <= len(states) else RoundState.PUBLISHED
        rnd = Round.objects.create(tournament=tournament, number=index, state=state)
        for board, (white, black, result) in enumerate(boards, start=1):
            Game.objects.create(
                round=rnd, board=board, white=entries[white], black=entries[black], result=result
            )
    tournament.refresh_from_db()
    return tournament


def round_robin(
    club: Club, withdrawn_from: int | None = 3, states: Sequence[str] = ()
) -> Tournament:
    """The 6-player round robin above; player 6 withdrew from round ``withdrawn_from``."""
    tournament = make_tournament(club, ROUND_ROBIN_PLAYERS, ROUND_ROBIN_ROUNDS, states=states)
    if withdrawn_from is not None:
        TournamentPlayer.objects.filter(tournament=tournament, pairing_number=6).update(
            withdrawn_from_round=withdrawn_from
        )
        touch_tournament(tournament.pk)
        tournament.refresh_from_db()
    return tournament
