"""Closing a team event (spec C1, S4): the final standings stored are the team standings."""

from __future__ import annotations

import datetime

import pytest

from chessclub_web.closing import services
from chessclub_web.closing.models import Closure, FinalStanding
from chessclub_web.teams import services as team_services
from chessclub_web.tournaments.models import Game, System, Tournament

pytestmark = pytest.mark.django_db


def test_c1_s4_team_event_stores_team_standings(public_club):
    """C1/S4: 2 teams × 2 boards, one match. Board 1 (home White) 1-0 → home 1; board 2 (home
    Black) ½-½ → ½ each: home 1½ – ½ away, match points 2 – 0 (default 2/1/0). Stored: the
    teams ranked by match points, game points under GP (S4 default GP EDE EMGSB); the first
    version stored the four players' individual standings instead."""
    t = Tournament.objects.create(
        club=public_club, name="Interclubs", system=System.TEAM_ROUND_ROBIN, kind="independent"
    )
    settings = team_services.settings_of(t)
    settings.boards = 2
    settings.save()
    for n in (1, 2):
        team = team_services.add_team(t, f"Team {n}", f"Club {n}")
        for k in (1, 2):
            team_services.add_member(team, f"Player {n}.{k}", 2000 - 10 * k - n)
    team_services.pair_round_robin(t)
    games = list(Game.objects.filter(round__tournament=t).order_by("board"))
    assert len(games) == 2
    Game.objects.filter(pk=games[0].pk).update(result="1-0")
    Game.objects.filter(pk=games[1].pk).update(result="=")
    t.refresh_from_db()
    services.close_tournament(t, None, datetime.date(2026, 5, 2))
    closure = Closure.objects.get(tournament=t)
    assert closure.codes[0] == "GP"
    stored = [
        (f.rank, f.pairing_number, f.name, f.points, f.tiebreaks["GP"])
        for f in FinalStanding.objects.filter(tournament=t).order_by("position")
    ]
    assert stored == [("1", 1, "Team 1", "2", "1½"), ("2", 2, "Team 2", "0", "½")]
