"""Issue 17, deliverable 2 (H2): a team event's pages read its core from the shared cache by
revision. The score expected is worked by hand: every board of the match drawn gives each
team half a point a board."""

from __future__ import annotations

from fractions import Fraction

import pytest
from django.contrib.auth import get_user_model
from django.core.cache import cache
from django.urls import reverse

from chessclub_web.clubs.models import Role
from chessclub_web.results.services import Change, save_results
from chessclub_web.teams import services as teams
from chessclub_web.teams.presentation import points
from chessclub_web.tournaments.models import Game

from ..builders import team_round_robin

pytestmark = pytest.mark.django_db


def test_h2_team_pages_load_the_core_once_per_revision(client, public_club, monkeypatch):
    row = team_round_robin(public_club)
    loads = []
    real = teams.load_team_tournament

    def counted(tournament):
        loads.append(tournament.pk)
        return real(tournament)

    monkeypatch.setattr(teams, "load_team_tournament", counted)
    cache.clear()
    number = public_club.number
    urls = [
        reverse("team_standings", args=(number, row.pk)),
        reverse("team_round", args=(number, row.pk, 1)),
    ]
    for url in urls * 2:
        assert client.get(url).status_code == 200
    assert loads == [row.pk]  # four pages, one load: the others read the cache
    games = list(Game.objects.filter(round__tournament=row, round__number=1).order_by("pk"))
    arbiter = get_user_model().objects.create(username="arbitre-equipes")
    public_club.memberships.create(user=arbiter, role=Role.ARBITER)
    assert "– " not in client.get(urls[1]).content.decode().split("Score", 1)[1]
    save_results(row, games[0].round, [Change(g.pk, "=", g.version) for g in games], arbiter)
    page = client.get(urls[1]).content.decode()
    assert loads == [row.pk, row.pk]  # a new revision: loaded again, never the stale core
    half = points(Fraction(len(games), 2))  # every board drawn: half the boards' points each
    assert f"{half} – {half}" in page
