"""Builders for the results tests (issue 5): a small Swiss tournament with two published rounds.

Expected values in the tests come from the spec's rules (R1–R5, C3) applied by hand to these
tournaments, never from the code's own output.
"""

from __future__ import annotations

import datetime

from django.urls import reverse

from chessclub_web.clubs.models import Club
from chessclub_web.tournaments.models import (
    Bye,
    Game,
    Round,
    RoundState,
    Tournament,
    TournamentPlayer,
)

#: Five players (placeholders), ratings for the boards page.
PLAYERS = (
    ("Alpha, Anne", 1900),
    ("Bravo, Bert", 1800),
    ("Charlie, Claire", 1700),
    ("Delta, Dirk", 1600),
    ("Echo, Emma", None),
)


def make_swiss(
    club: Club,
    *,
    system: str = "swiss",
    kind: str = "club",
    creator=None,
    round2_state: str = RoundState.PUBLISHED,
    planned_rounds: int = 5,
) -> Tournament:
    """Round 1 (published, complete): 1–2 ``1-0`` on board 1, 3–4 ``=`` on board 2, 5 a
    pairing-allocated bye. Round 2 (``round2_state``): board 1 is 1–3 and board 2 is 4–2,
    both without result; 5 a half-point bye. Planned: ``planned_rounds`` rounds.

    Points before round 2 (FIDE scoring, by hand): 1 → 1, 2 → 0, 3 → ½, 4 → ½, 5 → 1 (bye).
    """
    tournament = Tournament.objects.create(
        club=club,
        name="Open de test",
        kind=kind,
        system=system,
        planned_rounds=planned_rounds,
        creator=creator,
        start_date=datetime.date(2026, 3, 1),
    )
    players = {
        n: TournamentPlayer.objects.create(
            tournament=tournament, pairing_number=n, name=name, rating=rating
        )
        for n, (name, rating) in enumerate(PLAYERS, start=1)
    }
    r1 = Round.objects.create(
        tournament=tournament, number=1, date=datetime.date(2026, 3, 1), state="published"
    )
    Game.objects.create(round=r1, board=1, white=players[1], black=players[2], result="1-0")
    Game.objects.create(round=r1, board=2, white=players[3], black=players[4], result="=")
    Bye.objects.create(round=r1, player=players[5], kind="U")
    r2 = Round.objects.create(
        tournament=tournament, number=2, date=datetime.date(2026, 3, 8), state=round2_state
    )
    Game.objects.create(round=r2, board=1, white=players[1], black=players[3])
    Game.objects.create(round=r2, board=2, white=players[4], black=players[2])
    Bye.objects.create(round=r2, player=players[5], kind="H")
    tournament.refresh_from_db()
    return tournament


def board(tournament: Tournament, round_number: int, number: int) -> Game:
    return Game.objects.get(round__tournament=tournament, round__number=round_number, board=number)


def boards_url(tournament: Tournament, round_number: int = 2) -> str:
    return reverse("boards", args=(tournament.club.number, tournament.pk, round_number))


def save_url(tournament: Tournament, round_number: int = 2) -> str:
    return reverse("save_board", args=(tournament.club.number, tournament.pk, round_number))


def button_data(tournament: Tournament, round_number: int, chosen: dict[int, str]) -> dict:
    """The button's form as the page sends it: every board of the round with its version and
    initial value; ``chosen`` maps board numbers to the user's new codes."""
    data = {}
    for game in Game.objects.filter(round__tournament=tournament, round__number=round_number):
        data[f"result-{game.pk}"] = chosen.get(game.board, game.result)
        data[f"version-{game.pk}"] = str(game.version)
        data[f"initial-{game.pk}"] = game.result
    return data
