"""One board's result through ``PUT …/rounds/{n}/boards/{game}`` (spec R2–R5): the same save as
the boards page and ``POST …/results`` (``results.services.save_results``): the version read,
a stale one answering 409 with the stored result and nothing saved (R3), the history line
marked *JSON API* (R5), the result codes of ``ResultCode`` only."""

from __future__ import annotations

import json

import pytest
from tests.web.api.conftest import bearer
from tests.web.builders import make_swiss

from chessclub_web.audit.models import Entry
from chessclub_web.clubs.models import Role
from chessclub_web.tournaments.models import Game

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("english")]

API = "/api/v1"


@pytest.fixture
def secret(public_club, make_user, make_token):
    arbiter = make_user("arbiter", public_club, Role.ARBITER)
    return make_token(arbiter, public_club, ["enter_results"])


def _board(row, number: int, board: int) -> Game:
    return Game.objects.get(round__tournament=row, round__number=number, board=board)


def _put(client, row, game_id, body, secret, round_number=2):
    url = (
        f"{API}/clubs/{row.club.number}/tournaments/{row.pk}/rounds/{round_number}/boards/{game_id}"
    )
    return client.put(url, json.dumps(body), content_type="application/json", **bearer(secret))


def test_r2_r5_put_saves_one_board_and_the_history_says_api(client, public_club, secret):
    row = make_swiss(public_club)  # round 2: board 1 is 1–3, no result yet
    game = _board(row, 2, 1)
    answer = _put(client, row, game.pk, {"result": "0-1", "version": 1}, secret)
    assert answer.status_code == 200, answer.content
    assert answer.json() == {"game": game.pk, "result": "0-1", "version": 2}
    game.refresh_from_db()
    assert (game.result, game.version) == ("0-1", 2)
    line = Entry.objects.get(tournament=row, action="result.entered")
    assert (line.board, line.params["via"], line.username) == (1, "api", "arbiter")
    # The other board is untouched.
    assert _board(row, 2, 2).result == ""


def test_r3_a_stale_version_answers_409_with_the_stored_result(client, public_club, secret):
    row = make_swiss(public_club)
    game = _board(row, 2, 1)
    assert _put(client, row, game.pk, {"result": "=", "version": 1}, secret).status_code == 200
    # A second client still holds version 1.
    stale = _put(client, row, game.pk, {"result": "1-0", "version": 1}, secret)
    assert stale.status_code == 409
    assert stale.json()["stale"] == [{"game": game.pk, "result": "=", "version": 2}]
    game.refresh_from_db()
    assert (game.result, game.version) == ("=", 2)
    assert Entry.objects.filter(tournament=row, action__startswith="result.").count() == 1


def test_api_put_bad_input_answers_400_naming_the_place(client, public_club, secret):
    row = make_swiss(public_club)
    game = _board(row, 2, 1)
    wrong = _put(client, row, game.pk, {"result": "2-0", "version": 1}, secret)
    assert wrong.status_code == 400
    assert "“2-0” is not a result code" in wrong.json()["error"]
    missing = _put(client, row, game.pk, {"result": "1-0"}, secret)
    assert missing.status_code == 400 and "version" in missing.json()["error"]
    zero = _put(client, row, 0, {"result": "1-0", "version": 1}, secret)
    assert zero.status_code == 400 and "game" in zero.json()["error"]
    # A game of round 1 sent as a board of round 2.
    other = _put(client, row, _board(row, 1, 1).pk, {"result": "1-0", "version": 1}, secret)
    assert other.status_code == 400
    assert "is not a board of this round" in other.json()["error"]
    assert _put(client, row, game.pk, {"result": "1-0", "version": 1}, secret, 7).status_code == 404
    game.refresh_from_db()
    assert (game.result, game.version) == ("", 1)
