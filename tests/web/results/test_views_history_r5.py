"""The history names the board the user saw (spec R5: who, when, old, new, board, round),
also in a round read from a TRF, whose games have no board number: the boards page numbers
them by their place in the round, and so does the history."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from chessclub_web.clubs.models import Role
from chessclub_web.tournaments.models import Game

from ..audit.lines import result_lines
from ..builders import make_swiss, save_url

pytestmark = pytest.mark.django_db


def test_r5_history_board_of_a_round_without_board_numbers(client, public_club, make_user):
    tournament = make_swiss(public_club)
    games = list(Game.objects.filter(round__tournament=tournament, round__number=2).order_by("pk"))
    assert len(games) == 2
    Game.objects.filter(pk__in=[g.pk for g in games]).update(board=None)
    client.force_login(make_user("arbitre", public_club, Role.ARBITER))
    second = games[1]
    page = client.get(reverse("boards", args=("700", tournament.pk, 2))).content.decode()
    # The boards page shows the second game of the round as board 2 …
    assert f'<tr id="board-2" data-game="{second.pk}"' in page
    response = client.post(
        save_url(tournament, 2), {"game": second.pk, "result": "0-1", "version": second.version}
    )
    assert response.status_code == 200, response.content
    # … and the history row names board 2 too.
    change = result_lines().get(game=second)
    assert (change.round_number, change.board, change.new_result) == (2, 2, "0-1")
    history = client.get(reverse("history", args=("700", tournament.pk))).content.decode()
    # Columns: when, who, round, board, game.
    assert re.search(
        r'<td class="num">2</td>\s*<td class="num">2</td>\s*<td class="name">'
        + re.escape(change.params["white"]),
        history,
    )
