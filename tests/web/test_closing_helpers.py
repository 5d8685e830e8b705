"""Builders of small tournaments for the closing and club Elo tests (issue 6)."""

from __future__ import annotations

from collections.abc import Sequence

from chessclub_web.clubs.models import Club, Player
from chessclub_web.tournaments.models import (
    Bye,
    Game,
    Round,
    RoundState,
    Tournament,
    TournamentPlayer,
)

#: Result codes as stored: "1-0", "=", "0-1", "+-", "-+", "--", "" (none).
Board = tuple[int, int, str]


def make_tournament(
    club: Club,
    players: Sequence[tuple[str, int | None]],
    rounds: Sequence[Sequence[Board]],
    *,
    name: str = "Championnat",
    kind: str = "club",
    system: str = "round_robin",
    time_control: str = "standard",
    planned_rounds: int | None = None,
    byes: Sequence[tuple[int, int, str]] = (),
    states: Sequence[str] = (),
    creator: object = None,
) -> Tournament:
    """``players``: (name, rating) with pairing numbers 1, 2…; ``rounds``: per round, boards
    (white no., black no., result code); ``byes``: (round, player no., kind letter)."""
    tournament = Tournament.objects.create(
        club=club,
        name=name,
        kind=kind,
        system=system,
        time_control_category=time_control,
        planned_rounds=planned_rounds if planned_rounds is not None else len(rounds),
        creator=creator,
    )
    entries = {
        number: TournamentPlayer.objects.create(
            tournament=tournament, pairing_number=number, name=player_name, rating=rating
        )
        for number, (player_name, rating) in enumerate(players, start=1)
    }
    for index, boards in enumerate(rounds, start=1):
        state = states[index - 1] if index <= len(states) else RoundState.PUBLISHED
        rnd = Round.objects.create(tournament=tournament, number=index, state=state)
        for board, (white, black, result) in enumerate(boards, start=1):
            Game.objects.create(
                round=rnd, board=board, white=entries[white], black=entries[black], result=result
            )
    for round_number, player, kind in byes:
        rnd = Round.objects.get(tournament=tournament, number=round_number)
        Bye.objects.create(round=rnd, player=entries[player], kind=kind)
    tournament.refresh_from_db()
    return tournament


def roster_player(club: Club, surname: str, elo: int | None, **fields: object) -> Player:
    return Player.objects.create(club=club, surname=surname, initial_elo_standard=elo, **fields)
