"""Every answer under /api/ is JSON, also those no endpoint made (docs/api.md, "Errors"): an
unknown address 404, a method an address does not take 405 (with ``Allow``), a server failure
500 — each with the API's error body and the status a client can act on."""

from __future__ import annotations

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
