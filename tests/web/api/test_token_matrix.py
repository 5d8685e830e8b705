"""The tokens' permission matrix of every write endpoint (and of the entries' list): each one
answers 401 without a token and with a revoked one, 403 to a token of another club, to a token
without the endpoint's scope and to an account without the right in the club (an outsider of
the public club: ``docs/permissions.md``), 404 to another club's token when the tournament is
in a private club, and its 2xx to the right scope and role. Whatever is refused, nothing
changes (the entries, rounds, boards and history are compared)."""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pytest
from tests.web.api.conftest import bearer
from tests.web.builders import make_swiss, make_tournament

from chessclub_web.accounts.models import ApiToken, Scope
from chessclub_web.accounts.services import revoke_token
from chessclub_web.audit.models import Entry
from chessclub_web.clubs.models import Club, Role
from chessclub_web.tournaments.models import Game, Round, Tournament

pytestmark = pytest.mark.django_db

API = "/api/v1"


def _base(row: Tournament) -> str:
    return f"{API}/clubs/{row.club.number}/tournaments/{row.pk}"


def _board_one(row: Tournament) -> Game:
    return Game.objects.get(round__tournament=row, round__number=2, board=1)


@dataclass(frozen=True)
class Endpoint:
    """``setup(club)`` makes the tournament; ``call(row)`` gives the method, URL and body."""

    name: str
    scope: str
    ok: int
    setup: Callable[[Club], Tournament]
    call: Callable[[Tournament], tuple[str, str, Any]]


def _empty_swiss(club: Club) -> Tournament:
    return Tournament.objects.create(club=club, name="Open", system="swiss", planned_rounds=5)


def _four_players(club: Club) -> Tournament:
    players = [("Alpha", 2000), ("Bravo", 1900), ("Charlie", 1800), ("Delta", 1700)]
    return make_tournament(club, players, [], system="swiss", planned_rounds=3)


ENDPOINTS = [
    Endpoint(
        "register an entry",
        Scope.MANAGE_ENTRIES,
        201,
        _empty_swiss,
        lambda row: ("post", f"{_base(row)}/entries", {"name": "Neuf, Nina", "rating": 1500}),
    ),
    Endpoint(
        "list the entries",
        Scope.MANAGE_ENTRIES,
        200,
        lambda club: make_swiss(club),
        lambda row: ("get", f"{_base(row)}/entries", None),
    ),
    Endpoint(
        "pair a round",
        Scope.EDIT_PAIRINGS,
        202,
        _four_players,
        lambda row: ("post", f"{_base(row)}/rounds/1/pair", {}),
    ),
    Endpoint(
        "publish a round",
        Scope.PUBLISH_ROUND,
        200,
        lambda club: make_swiss(club, round2_state="draft"),
        lambda row: ("post", f"{_base(row)}/rounds/2/publish", {}),
    ),
    Endpoint(
        "save one board",
        Scope.ENTER_RESULTS,
        200,
        lambda club: make_swiss(club),
        lambda row: (
            "put",
            f"{_base(row)}/rounds/2/boards/{_board_one(row).pk}",
            {"result": "1-0", "version": 1},
        ),
    ),
    Endpoint(
        "save boards",
        Scope.ENTER_RESULTS,
        200,
        lambda club: make_swiss(club),
        lambda row: (
            "post",
            f"{_base(row)}/rounds/2/results",
            {"boards": [{"game": _board_one(row).pk, "result": "1-0", "version": 1}]},
        ),
    ),
]


def _state(row: Tournament) -> tuple[object, ...]:
    """What a write changes: the entries, the rounds and their state, the boards' results
    and versions, the history."""
    return (
        tuple(row.players.order_by("pk").values_list("pk", "pairing_number", "name")),
        tuple(Round.objects.filter(tournament=row).order_by("number").values_list("pk", "state")),
        tuple(
            Game.objects.filter(round__tournament=row)
            .order_by("pk")
            .values_list("pk", "result", "version")
        ),
        Entry.objects.filter(tournament=row).count(),
    )


def _send(client, endpoint: Endpoint, row: Tournament, secret: str | None):
    method, url, body = endpoint.call(row)
    extra = bearer(secret) if secret else {}
    if method == "get":
        return client.get(url, **extra)
    send = getattr(client, method)
    return send(url, json.dumps(body), content_type="application/json", **extra)


CASES = [
    "no token",
    "revoked token",
    "token of another club",
    "token without the scope",
    "account without the role",
    "right scope and role",
]


@pytest.mark.parametrize("endpoint", ENDPOINTS, ids=[e.name for e in ENDPOINTS])
@pytest.mark.parametrize("case", CASES)
def test_api_token_matrix(client, public_club, private_club, make_user, make_token, endpoint, case):
    row = endpoint.setup(public_club)
    arbiter = make_user("arbiter", public_club, Role.ARBITER)
    every_scope = list(Scope.values)
    secret: str | None
    expected = 403
    if case == "no token":
        secret, expected = None, 401
    elif case == "revoked token":
        secret, expected = make_token(arbiter, public_club, every_scope), 401
        revoke_token(arbiter, ApiToken.objects.get(user=arbiter).pk)
    elif case == "token of another club":
        # The owner of another club, with every scope there: the public tournament is seen,
        # not written.
        elsewhere = make_user("ailleurs", private_club, Role.OWNER)
        secret = make_token(elsewhere, private_club, every_scope)
    elif case == "token without the scope":
        secret = make_token(arbiter, public_club, [s for s in every_scope if s != endpoint.scope])
    elif case == "account without the role":
        secret = make_token(make_user("passant"), public_club, [endpoint.scope])
    else:
        secret, expected = make_token(arbiter, public_club, [endpoint.scope]), endpoint.ok
    before = _state(row)
    answer = _send(client, endpoint, row, secret)
    assert answer.status_code == expected, answer.content
    body = answer.json()
    if expected >= 400:
        assert body["error"] and set(body) >= {"error", "field", "board"}
        assert _state(row) == before
    if expected == 401:
        assert answer["WWW-Authenticate"] == "Bearer"


@pytest.mark.parametrize("endpoint", ENDPOINTS, ids=[e.name for e in ENDPOINTS])
def test_api_another_club_s_token_does_not_see_a_private_club(
    client, public_club, private_club, make_user, make_token, endpoint
):
    row = endpoint.setup(private_club)
    stranger = make_user("ailleurs", public_club, Role.OWNER)
    before = _state(row)
    answer = _send(client, endpoint, row, make_token(stranger, public_club, list(Scope.values)))
    assert answer.status_code == 404
    assert _state(row) == before
    # The private club's own arbiter, with the scope, does it.
    member = make_user("membre", private_club, Role.ARBITER)
    answer = _send(client, endpoint, row, make_token(member, private_club, [endpoint.scope]))
    assert answer.status_code == endpoint.ok, answer.content
