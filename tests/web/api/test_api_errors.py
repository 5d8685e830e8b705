"""Every answer under /api/ is JSON, also those no endpoint made (docs/api.md, "Errors"): an
unknown address 404, a method an address does not take 405 (with ``Allow``), a server failure
500 — each with the API's error body and the status a client can act on."""

from __future__ import annotations

import json

import pytest
from django.test import Client

from chessclub_web.api import read

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("path", ["/api/v1/nope", "/api/", "/api/v2/clubs", "/api/v1/clubs/x/y/z"])
def test_api_unknown_address_is_a_json_404(client, path):
    response = client.get(path, HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 404
    assert response["Content-Type"].startswith("application/json")
    assert response.json() == {
        "error": "There is no such address in the API: see /api/v1/docs.",
        "field": "",
        "board": None,
    }


def test_api_unknown_address_message_is_translated(client):
    response = client.get("/api/v1/nope", HTTP_ACCEPT_LANGUAGE="fr")
    assert response.json()["error"] != "There is no such address in the API: see /api/v1/docs."


def test_api_method_not_taken_is_a_json_405_naming_the_allowed_ones(client):
    response = client.delete("/api/v1/clubs")
    assert response.status_code == 405
    assert response["Content-Type"].startswith("application/json")
    assert "GET" in response["Allow"]
    assert response.json()["error"]


def test_api_pages_outside_the_api_keep_their_html_404(client):
    response = client.get("/no-such-page/")
    assert response.status_code == 404
    assert response["Content-Type"].startswith("text/html")


def test_api_server_failure_is_a_json_500(monkeypatch, db):
    def broken(*args, **kwargs):
        raise RuntimeError("boom")

    monkeypatch.setattr(read, "_visible_clubs", broken)
    response = Client(raise_request_exception=False).get("/api/v1/clubs", HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 500
    assert response["Content-Type"].startswith("application/json")
    assert "boom" not in response.content.decode()  # nothing of the failure leaks
    assert response.json()["error"].startswith("The server failed to answer")


def test_api_head_answers_as_get_without_a_body(client, demo):
    got = client.get("/api/v1/clubs/618")
    head = client.head("/api/v1/clubs/618")
    assert head.status_code == 200 and head.content == b""
    assert head["ETag"] == got["ETag"]
    assert int(head["Content-Length"]) == len(got.content)


def test_api_body_too_large_is_a_json_400(client, settings, demo, make_token):
    from chessclub_web.clubs.models import Club, Role
    from chessclub_web.tournaments.models import Tournament

    club = Club.objects.get(number="618")
    owner = club.memberships.get(role=Role.OWNER).user
    secret = make_token(owner, club, ["manage_entries"])
    row = Tournament.objects.get(club=club)
    settings.DATA_UPLOAD_MAX_MEMORY_SIZE = 1024
    response = Client(raise_request_exception=False).post(
        f"/api/v1/clubs/618/tournaments/{row.pk}/entries",
        '{"name": "' + "a" * 5000 + '"}',
        content_type="application/json",
        HTTP_AUTHORIZATION=f"Bearer {secret}",
        HTTP_ACCEPT_LANGUAGE="en",
    )
    assert response.status_code == 400
    assert response["Content-Type"].startswith("application/json")
    assert response.json()["error"].startswith("The request could not be read")


def _entry_post(body: str, secret: str, language: str):
    from chessclub_web.tournaments.models import Tournament

    row = Tournament.objects.get(club__number="618")
    return Client(raise_request_exception=False).post(
        f"/api/v1/clubs/618/tournaments/{row.pk}/entries",
        body,
        content_type="application/json",
        HTTP_AUTHORIZATION=f"Bearer {secret}",
        HTTP_ACCEPT_LANGUAGE=language,
    )


@pytest.fixture
def owner_secret(demo, make_token):
    from chessclub_web.clubs.models import Club, Role

    club = Club.objects.get(number="618")
    return make_token(club.memberships.get(role=Role.OWNER).user, club, ["manage_entries"])


def test_api_a_body_that_is_not_json_answers_400_in_the_readers_language(owner_secret):
    english = _entry_post("{not json", owner_secret, "en")
    assert english.status_code == 400
    assert english.json()["error"] == "The request's body is not JSON: send a JSON object."
    french = _entry_post("{not json", owner_secret, "fr")
    assert french.status_code == 400
    assert "JSON" in french.json()["error"] and "send" not in french.json()["error"]


def test_api_schema_problems_are_named_in_the_readers_language(owner_secret):
    """A word where a number goes: the place and the problem in French, not pydantic's English."""
    response = _entry_post('{"name": "Dupont, Jean", "rating": "lots"}', owner_secret, "fr")
    assert response.status_code == 400
    body = response.json()
    assert "body.rating : un nombre entier est attendu" in body["error"]
    assert "valid integer" not in body["error"]


def test_api_bad_result_code_names_the_board_as_the_page_numbers_it(demo, make_token):
    """The demo championship was read from a TRF, whose games have no board number: a bad
    code on the round's first game names "Board 1" (its place on the boards page), not "?"."""
    from chessclub_web.clubs.models import Club, Role
    from chessclub_web.tournaments.models import Game, Tournament

    club = Club.objects.get(number="618")
    secret = make_token(club.memberships.get(role=Role.OWNER).user, club, ["enter_results"])
    row = Tournament.objects.get(club=club)
    first = Game.objects.filter(round__tournament=row, round__number=1).order_by("board", "id")[0]
    assert first.board is None
    response = Client(raise_request_exception=False).put(
        f"/api/v1/clubs/618/tournaments/{row.pk}/rounds/1/boards/{first.pk}",
        json.dumps({"result": "2-0", "version": first.version}),
        content_type="application/json",
        HTTP_AUTHORIZATION=f"Bearer {secret}",
        HTTP_ACCEPT_LANGUAGE="en",
    )
    assert response.status_code == 400
    assert response.json()["error"].startswith("Board 1: “2-0” is not a result code")
