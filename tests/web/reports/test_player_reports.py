"""Players report their own results (docs/rules/player-reports.md J1–J8): through *Mes parties*
(plain POST forms, no JavaScript), the arbiters' page, the boards page and the JSON API.

The tournament is the builders' Swiss (tests/web/builders.py ``make_swiss``): round 2 is
published, board 1 is player 1 (White) against player 3, without result."""

from __future__ import annotations

import pytest
from django.test import Client

from chessclub_web.accounts.models import Scope
from chessclub_web.accounts.services import create_token
from chessclub_web.audit.models import AuditAction, Entry
from chessclub_web.clubs.models import Player, Role
from chessclub_web.reports import services
from chessclub_web.reports.models import ReportedResult, ReportState
from chessclub_web.results.models import Via
from chessclub_web.tournaments.models import Game

from ..audit.lines import result_lines
from ..builders import board, boards_url, make_swiss, mark_closed

pytestmark = pytest.mark.django_db

GAMES = "/accounts/games/"


@pytest.fixture
def setup(public_club, make_user):
    row = make_swiss(public_club)
    arbiter = make_user("arbitre", public_club, Role.ARBITER)
    admin = make_user("admin", public_club, Role.ADMINISTRATOR)
    white_user, black_user = make_user("alice"), make_user("bruno")
    links = {}
    for number, user in ((1, white_user), (3, black_user)):
        entry = row.players.get(pairing_number=number)
        roster = Player.objects.create(club=public_club, surname=entry.name.split(",")[0])
        entry.roster_player = roster
        entry.save(update_fields=["roster_player"])
        links[number] = services.link_account(roster, user, admin)
    services.set_player_reports(row, True, admin)
    return row, arbiter, white_user, black_user


def _client(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def _report(client: Client, game: Game, result: str, version: int | None = None):
    return client.post(
        GAMES,
        {"action": "report", "game": game.pk, "result": result, "version": version or game.version},
    )


def test_j3_j4_report_then_opponent_confirms_saves_the_result_marked_players(setup):
    row, _arbiter, white_user, black_user = setup
    game = board(row, 2, 1)
    page = _client(white_user).get(GAMES)
    assert page.status_code == 200
    assert "Open de test" in page.content.decode() and 'value="1-0"' in page.content.decode()
    assert _report(_client(white_user), game, "1-0").status_code == 302
    game.refresh_from_db()
    assert game.result == ""  # proposed only
    (proposal,) = services.standing_reports(game)
    assert (proposal.side, proposal.result, proposal.state) == ("white", "1-0", "proposed")
    # The opponent sees it and confirms: saved through the boards' service.
    assert "1-0" in _client(black_user).get(GAMES).content.decode()
    confirmed = _client(black_user).post(GAMES, {"action": "confirm", "report": proposal.pk})
    assert confirmed.status_code == 302
    game.refresh_from_db()
    assert game.result == "1-0" and game.version == 2
    (line,) = result_lines(game=game)
    assert line.params["via"] == Via.PLAYER and line.user == black_user
    assert set(ReportedResult.objects.filter(game=game).values_list("state", flat=True)) == {
        ReportState.CONFIRMED
    }


def test_j4_j5_different_results_wait_for_the_arbiter_who_accepts(setup, client):
    row, arbiter, white_user, black_user = setup
    game = board(row, 2, 1)
    _report(_client(white_user), game, "1-0")
    _report(_client(black_user), game, "0-1")
    game.refresh_from_db()
    assert game.result == "" and len(services.standing_reports(game)) == 2
    client.force_login(arbiter)
    boards = client.get(boards_url(row, 2), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "proposed by the player: 1-0 (alice)" in boards
    assert "proposed by the player: 0-1 (bruno)" in boards
    reports_url = f"/clubs/{row.club.number}/tournaments/{row.pk}/reports/"
    page = client.get(reports_url, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "proposed by the player: 0-1 (bruno)" in page
    black = ReportedResult.objects.get(game=game, side="black")
    assert client.post(reports_url, {"action": "accept", "report": black.pk}).status_code == 302
    game.refresh_from_db()
    assert game.result == "0-1"
    (line,) = result_lines(game=game)
    assert (line.user, line.params["via"]) == (arbiter, "player")
    # The other report no longer stands (J6): the boards page shows none.
    assert services.standing_reports(game).count() == 0
    assert (
        "proposed by the player"
        not in client.get(boards_url(row, 2), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    )
    white = ReportedResult.objects.get(game=game, side="white")
    assert client.post(reports_url, {"action": "reject", "report": white.pk}).status_code == 409


def test_j3_my_games_offers_the_three_results_with_the_pages_labels(setup):
    white_user = setup[2]
    page = _client(white_user).get("/accounts/games/", HTTP_ACCEPT_LANGUAGE="en")
    html = page.content.decode()
    assert 'value="1-0">1-0</button>' in html
    assert 'value="=">½-½</button>' in html
    assert 'value="0-1">0-1</button>' in html


def test_j6_arbiters_entry_wins_and_a_game_with_a_result_takes_no_report(setup, client):
    row, arbiter, white_user, _black = setup
    game = board(row, 2, 1)
    _report(_client(white_user), game, "1-0")
    client.force_login(arbiter)
    saved = client.post(
        boards_url(row, 2).replace("/boards/", "/boards/save/"),
        {"game": game.pk, "result": "=", "version": game.version},
    )
    assert saved.status_code == 200
    game.refresh_from_db()
    assert game.result == "=" and services.standing_reports(game).count() == 0
    refused = _report(_client(white_user), game, "1-0")
    assert refused.status_code == 409
    game.refresh_from_db()
    assert game.result == "="


def test_j3_stale_version_not_linked_wrong_code_switch_off_closed_are_refused(
    setup, make_user, django_user_model
):
    row, _arbiter, white_user, _black = setup
    game = board(row, 2, 1)
    assert _report(_client(white_user), game, "1-0", version=game.version + 1).status_code == 409
    assert _report(_client(make_user("intrus")), game, "1-0").status_code == 403
    assert _report(_client(white_user), game, "+-").status_code == 400
    other = board(row, 2, 2)  # 4–2: not alice's game
    assert _report(_client(white_user), other, "1-0").status_code == 403
    admin = django_user_model.objects.get(username="admin")
    services.set_player_reports(row, False, admin)
    assert _report(_client(white_user), game, "1-0").status_code == 409
    assert ReportedResult.objects.count() == 0
    services.set_player_reports(row, True, admin)
    mark_closed(row)
    row.refresh_from_db()
    assert _report(_client(white_user), game, "1-0").status_code == 409
    assert ReportedResult.objects.count() == 0


def test_j7_a_new_report_replaces_the_earlier_one(setup):
    row, _arbiter, white_user, _black = setup
    game = board(row, 2, 1)
    _report(_client(white_user), game, "1-0")
    _report(_client(white_user), game, "=")
    (standing,) = services.standing_reports(game)
    assert standing.result == "="
    assert ReportedResult.objects.get(game=game, result="1-0").state == ReportState.SUPERSEDED


def test_j1_j2_links_and_switch_need_their_rights(setup, public_club, make_user):
    row, arbiter, white_user, _black = setup
    roster = Player.objects.create(club=public_club, surname="Nouveau")
    for who in (white_user, arbiter):  # linking needs the right to manage the roster (J1)
        with pytest.raises(Exception) as refused:
            services.link_account(roster, white_user, who)
        assert getattr(refused.value, "status", None) == 403
    for who in (white_user, arbiter):  # the switch is a setting of the tournament (J2)
        with pytest.raises(Exception) as refused:
            services.set_player_reports(row, False, who)
        assert getattr(refused.value, "status", None) == 403
    # The arbiters' page needs the right to enter results.
    page = _client(white_user).get(f"/clubs/{row.club.number}/tournaments/{row.pk}/reports/")
    assert page.status_code == 403


def test_j8_every_step_is_in_the_history(setup, client):
    row, _arbiter, white_user, black_user = setup
    game = board(row, 2, 1)
    _report(_client(white_user), game, "1-0")
    _report(_client(black_user), game, "1-0")
    actions = list(Entry.objects.filter(tournament=row).values_list("action", flat=True))
    for action in (
        AuditAction.ACCOUNT_LINKED,
        AuditAction.REPORTS_SWITCHED,
        AuditAction.REPORT_PROPOSED,
        AuditAction.REPORT_CONFIRMED,
        AuditAction.RESULT_ENTERED,
    ):
        assert action in actions, action
    assert actions.count(AuditAction.REPORT_PROPOSED) == 2


def test_j3_j4_api_me_games_and_report(setup, client):
    row, _arbiter, white_user, black_user = setup
    game = board(row, 2, 1)
    white_token = create_token(white_user, row.club, "phone", [Scope.REPORT_RESULTS])[1]
    black_token = create_token(black_user, row.club, "phone", [Scope.REPORT_RESULTS])[1]
    mine = client.get("/api/v1/me/games", HTTP_AUTHORIZATION=f"Bearer {white_token}").json()
    # Round 2's game to report, then round 1's, already 1-0 (newest round first).
    assert [(g["game"], g["side"], g["result"]) for g in mine] == [
        (game.pk, "white", ""),
        (board(row, 1, 1).pk, "white", "1-0"),
    ]
    url = f"/api/v1/me/games/{game.pk}/report"
    first = client.post(
        url,
        {"result": "=", "version": 1},
        content_type="application/json",
        HTTP_AUTHORIZATION=f"Bearer {white_token}",
    )
    assert first.status_code == 200 and first.json() == {
        "game": game.pk,
        "result": "=",
        "state": "proposed",
        "saved": False,
    }
    second = client.post(
        url,
        {"result": "=", "version": 1},
        content_type="application/json",
        HTTP_AUTHORIZATION=f"Bearer {black_token}",
    )
    assert second.json()["saved"] is True
    game.refresh_from_db()
    assert game.result == "="
    assert client.get("/api/v1/me/games").status_code == 401
    no_scope = create_token(white_user, row.club, "x", [])[1]
    assert (
        client.post(
            url,
            {"result": "=", "version": 2},
            content_type="application/json",
            HTTP_AUTHORIZATION=f"Bearer {no_scope}",
        ).status_code
        == 403
    )
