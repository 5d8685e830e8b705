"""H4 without a database server: when every database access fails as an unreachable database
does (SQLite's "unable to open database file", psycopg's lost connection), pages answer 503
with Retry-After and the page saying nothing was saved, rendered without touching the database
— whether the failure comes from a view, from the session read by the account's middleware, or
from a middleware itself; "database is locked" keeps its own 503; other errors stay 500."""

from __future__ import annotations

import sqlite3

import psycopg
import pytest
from django.db import OperationalError, connections

from chessclub_web.middleware import database_failure, is_database_unavailable

from .servers import unreachable

pytestmark = pytest.mark.django_db


@pytest.fixture
def database_down(monkeypatch):
    """From now on every cursor of every connection fails like a vanished database file."""

    def down():
        monkeypatch.setattr(type(connections["default"]), "create_cursor", unreachable)

    return down


def _wrapped(cause: BaseException) -> OperationalError:
    try:
        raise OperationalError(str(cause)) from cause
    except OperationalError as error:
        return error


def test_h4_which_errors_mean_the_database_cannot_be_reached():
    assert is_database_unavailable(_wrapped(psycopg.OperationalError("connection failed: …")))
    assert is_database_unavailable(_wrapped(psycopg.errors.AdminShutdown("terminating")))
    assert is_database_unavailable(_wrapped(psycopg.InterfaceError("the connection is closed")))
    assert is_database_unavailable(
        _wrapped(sqlite3.OperationalError("unable to open database file"))
    )
    assert not is_database_unavailable(_wrapped(psycopg.errors.DeadlockDetected("deadlock")))
    assert not is_database_unavailable(_wrapped(psycopg.errors.QueryCanceled("timeout")))
    assert not is_database_unavailable(ValueError("unable to open database"))
    assert database_failure(OperationalError("database is locked")) == "busy"


def test_h4_logged_in_visitor_gets_503_when_the_session_cannot_be_read(
    client, owner, public_club, database_down
):
    client.force_login(owner)
    client.raise_request_exception = False
    database_down()
    response = client.get(f"/clubs/{public_club.number}/", HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 503
    assert response["Retry-After"] == "30"
    assert response["Cache-Control"] == "no-store"
    html = response.content.decode()
    assert "The database cannot be reached" in html and "Nothing was saved" in html
    assert "owner" not in html  # the account was not read
    assert "frame-ancestors 'none'" in response["Content-Security-Policy"]


def test_h4_anonymous_pages_and_form_posts_get_503(client, public_club, database_down):
    client.raise_request_exception = False
    database_down()
    for path in ("/", f"/clubs/{public_club.number}/", f"/clubs/{public_club.number}/players/"):
        assert client.get(path).status_code == 503, path
    response = client.post("/accounts/login/", {"username": "x", "password": "y"})
    assert response.status_code == 503  # django-axes and the login backend read the database
    assert '<html lang="fr">' in response.content.decode()


def test_h4_json_request_gets_a_json_503(client, public_club, database_down):
    client.raise_request_exception = False
    database_down()
    response = client.get(
        f"/clubs/{public_club.number}/", HTTP_ACCEPT="application/json", HTTP_ACCEPT_LANGUAGE="en"
    )
    assert response.status_code == 503
    assert response.json() == {
        "state": "unsaved",
        "message": "The database cannot be reached: nothing was saved.",
    }


class _FailingMiddleware:
    """Stands for a middleware (sessions, accounts, throttling) whose database read fails."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        raise OperationalError("server closed the connection") from psycopg.OperationalError(
            "server closed the connection unexpectedly"
        )


def test_h4_failure_inside_a_middleware_gets_503(client, settings):
    settings.MIDDLEWARE = [
        *settings.MIDDLEWARE[
            : settings.MIDDLEWARE.index("django.contrib.auth.middleware.AuthenticationMiddleware")
            + 1
        ],
        f"{__name__}._FailingMiddleware",
        *settings.MIDDLEWARE[
            settings.MIDDLEWARE.index("django.contrib.auth.middleware.AuthenticationMiddleware")
            + 1 :
        ],
    ]
    client.raise_request_exception = False
    response = client.get("/about/", HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 503
    assert "Nothing was saved" in response.content.decode()


def test_h4_busy_database_keeps_its_own_503_and_other_errors_stay_500(
    client, settings, monkeypatch
):
    client.raise_request_exception = False

    def locked(*args, **kwargs):
        raise OperationalError("database is locked")

    monkeypatch.setattr(type(connections["default"]), "create_cursor", locked)
    response = client.get("/", HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 503 and response["Retry-After"] == "5"
    assert "The site is busy" in response.content.decode()

    def broken(*args, **kwargs):
        raise OperationalError("no such table: clubs_club")

    monkeypatch.setattr(type(connections["default"]), "create_cursor", broken)
    assert client.get("/").status_code == 500
