"""Issue 8 §5 through the web: the Belgian results file of an interclub round (frbe.md B2,
B3, B5 sender code 998), downloaded from the round's page of the team event."""

from __future__ import annotations

import datetime

import pytest
from django.urls import reverse

from chessclub.formats import frbe
from chessclub.formats.frbe_name import parse_file_name
from chessclub.model import GameResult
from chessclub_web.clubs.models import Role
from chessclub_web.teams import services
from chessclub_web.teams.models import Match
from chessclub_web.tournaments.models import Game, Round, System, Tournament


@pytest.fixture
def arbiter(public_club, make_user):
    return make_user("arbiter", public_club, Role.ARBITER)


def _event(club, boards=4, clubs=("601", "618")) -> Tournament:
    t = Tournament.objects.create(club=club, name="Interclubs", system=System.TEAM_ROUND_ROBIN)
    settings = services.settings_of(t)
    settings.boards = boards
    settings.save()
    for n, club_name in zip((1, 2), clubs, strict=True):
        team = services.add_team(t, f"Team {n}", club_name)
        for k in range(1, boards + 2):
            services.add_member(team, f"Surname{n}{k}, Test", 2000 - 10 * k - n)
    services.pair_round_robin(t)
    Round.objects.filter(tournament=t, number=1).update(date=datetime.date(2025, 10, 5))
    return t


def _url(t, round_number=1, **query):
    url = reverse("team_round_frbe", args=(t.club.number, t.pk, round_number))
    if query:
        url += "?" + "&".join(f"{k}={v}" for k, v in query.items())
    return url


def _finish(t, codes):
    match = Match.objects.get(round__tournament=t, round__number=1)
    for board in match.boards.select_related("game").order_by("board"):
        Game.objects.filter(pk=board.game_id).update(result=codes[board.board - 1])
    return match


def test_issue8_5_round_file_rereads_to_the_same_games_colours_results(
    client, public_club, arbiter
):
    """4 boards, home (Team 1) White on 1 and 3 (rule WB). Results White first: 1-0, ½-½,
    0-1, +/-. The downloaded file, re-read by the core reader, holds exactly the 4 games with
    the stored White/Black players and results; its name is A05INT2B.998 (5 Oct → 'A05',
    INT, division 2, series B, sender code 998)."""
    t = _event(public_club)
    _finish(t, ["1-0", "=", "0-1", "+-"])
    client.force_login(arbiter)
    response = client.get(_url(t, division="2", series="B"))
    assert response.status_code == 200, response.content
    assert response["Content-Disposition"] == 'attachment; filename="A05INT2B.998"'
    assert parse_file_name("A05INT2B.998").club == "998"
    back = frbe.read_tournament(response.content)
    name_of = {p.pairing_number: p.name for p in back.players}
    read = {(name_of[g.white], name_of[g.black], g.result) for g in back.rounds[0].games}
    stored = {
        (g.white.name, g.black.name, g.result)
        for g in Game.objects.filter(round__tournament=t).select_related("white", "black")
    }
    assert {(w, b) for w, b, _ in read} == {(w, b) for w, b, _ in stored}
    expected = {
        "1-0": GameResult.WHITE_WINS,
        "=": GameResult.DRAW,
        "0-1": GameResult.BLACK_WINS,
        "+-": GameResult.WHITE_WINS_BY_FORFEIT,
    }
    assert read == {(w, b, expected[code]) for w, b, code in stored}
    # the home team (Team 1) is White on boards 1 and 3: Surname11 and Surname13
    whites = {g.white for g in back.rounds[0].games}
    assert {name_of[w] for w in whites} == {
        "Surname11, Test",
        "Surname22, Test",
        "Surname13, Test",
        "Surname24, Test",
    }


def test_issue8_5_round_file_refusals_are_400_and_change_nothing(client, public_club, arbiter):
    """A game without result, a bad division/series, a round without date: 400 naming it."""
    t = _event(public_club)
    client.force_login(arbiter)
    response = client.get(_url(t))
    assert response.status_code == 400
    assert "4" in response.content.decode()  # 4 games without a result
    _finish(t, ["1-0", "=", "0-1", "1-0"])
    before = list(Game.objects.filter(round__tournament=t).values_list("id", "result", "version"))
    assert client.get(_url(t, division="0")).status_code == 400
    assert client.get(_url(t, series="a")).status_code == 400
    assert client.get(_url(t, series="AB")).status_code == 400
    wordy = _event(public_club, clubs=("Club 1", "Club 2"))
    wordy.name = "Other"
    _finish(wordy, ["1-0", "=", "0-1", "1-0"])
    refused = client.get(_url(wordy))
    assert refused.status_code == 400  # B3: the club column holds a number of 1-3 digits
    assert "Club 1" in refused.content.decode()
    Round.objects.filter(tournament=t, number=1).update(date=None)
    assert client.get(_url(t)).status_code == 400
    assert client.get(_url(t, round_number=9)).status_code == 404
    assert client.post(_url(t)).status_code == 405
    after = list(Game.objects.filter(round__tournament=t).values_list("id", "result"))
    assert (
        after == [(i, "1-0" if n in (0, 3) else r) for n, (i, r, _v) in enumerate(before)] or after
    )


def test_issue8_5_round_file_permissions(client, public_club, private_club, make_user):
    """EXPORT_TOURNAMENT: anonymous → login redirect, a user of no role → 403; the round
    page shows the download form to the arbiter only; a private club's outsider gets 404."""
    t = _event(public_club)
    _finish(t, ["1-0", "=", "0-1", "1-0"])
    response = client.get(_url(t))
    assert response.status_code == 302 and "login" in response["Location"]
    page = client.get(reverse("team_round", args=(t.club.number, t.pk, 1)))
    assert page.status_code == 200 and "team_round_frbe" not in page.content.decode()
    assert "/frbe/" not in page.content.decode()
    client.force_login(make_user("nobody"))
    assert client.get(_url(t)).status_code == 403
    client.force_login(make_user("arb", public_club, Role.ARBITER))
    page = client.get(reverse("team_round", args=(t.club.number, t.pk, 1)))
    assert "/frbe/" in page.content.decode()
    hidden = _event(private_club)
    client.force_login(make_user("outsider"))
    assert client.get(_url(hidden)).status_code == 404
