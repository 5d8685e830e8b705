"""The served OpenAPI schema against the API itself, property-based (issue: "schemathesis in
``make test-full``: no 500, every response matches the schema").

schemathesis reads ``/api/v1/schema`` from the WSGI application in-process and, for every
operation, generates requests from the schema (valid and invalid paths, queries and bodies),
sends them with the demo club owner's token holding every scope (so write endpoints run their
services, not only their 401) and checks each answer: never a 5xx, a status the schema
declares, a body matching the declared schema, the declared content type. The number of cases
tried is printed at the end of the run (the closing notes quote it).

Slow (``make test-full``); locally: ``.venv/bin/python -m pytest -q -m slow
tests/web/api/test_schemathesis_openapi.py``.
"""

from __future__ import annotations

import pytest
import schemathesis
from django.core.wsgi import get_wsgi_application
from hypothesis import HealthCheck, settings
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    response_schema_conformance,
    status_code_conformance,
)

from chessclub_web.accounts.models import Scope
from chessclub_web.accounts.services import create_token
from chessclub_web.clubs.models import Club, Player, Role
from chessclub_web.tournaments.models import Game, Tournament

pytestmark = [pytest.mark.slow, pytest.mark.django_db(transaction=True)]

APPLICATION = get_wsgi_application()
CHECKS = [
    not_a_server_error,
    status_code_conformance,
    content_type_conformance,
    response_schema_conformance,
]
#: Each case's operation, in the order tried (printed by ``conftest.pytest_terminal_summary``).
CASES: list[str] = []


@pytest.fixture
def demo_ids(demo, settings) -> dict[str, object]:
    """The owner's token with every scope, and path values that exist in the demo club."""
    settings.CHESSCLUB_API_RATE_ADDRESS = "1000000/min"
    settings.CHESSCLUB_API_RATE_TOKEN = "1000000/min"
    club = Club.objects.get(number="618")
    owner = club.memberships.get(role=Role.OWNER).user
    tournament = Tournament.objects.get(club=club)
    return {
        "token": create_token(owner, club, "schemathesis", list(Scope.values))[1],
        "number": club.number,
        "pk": tournament.pk,
        "games": list(
            Game.objects.filter(round__tournament=tournament).values_list("pk", flat=True)
        ),
        "players": list(Player.objects.filter(club=club).values_list("pk", flat=True)),
    }


def _existing(case, ids: dict[str, object]) -> None:
    """Half of the cases get path values that exist (the demo club, its tournament, a round,
    a game, a player), so that the endpoints' inner code runs, not only their 404."""
    params = case.path_parameters
    if not params or hash(repr(sorted(params.items(), key=str))) % 2:
        return
    chosen = dict(params)
    if "number" in chosen:
        chosen["number"] = ids["number"]
    if "pk" in chosen:
        chosen["pk"] = ids["pk"]
    for name in ("round_number", "n"):
        if name in chosen:
            chosen[name] = 1 + abs(hash(str(params[name]))) % 8
    for name in ("game", "game_id"):
        if name in chosen and ids["games"]:
            games = ids["games"]
            chosen[name] = games[abs(hash(str(params[name]))) % len(games)]  # type: ignore[arg-type]
    if "pairing_number" in chosen:
        chosen["pairing_number"] = 1 + abs(hash(str(params["pairing_number"]))) % 9
    if "player" in chosen and ids["players"]:
        players = ids["players"]
        chosen["player"] = players[abs(hash(str(params["player"]))) % len(players)]  # type: ignore[arg-type]
    case.path_parameters = chosen


schema = schemathesis.openapi.from_wsgi("/api/v1/schema", APPLICATION)


@schema.parametrize()
@settings(
    max_examples=100,
    deadline=None,
    suppress_health_check=list(HealthCheck),
)
def test_api_openapi_every_answer_matches_the_schema_and_none_is_a_5xx(case, demo_ids):
    _existing(case, demo_ids)
    case.headers = {**(case.headers or {}), "Authorization": f"Bearer {demo_ids['token']}"}
    response = case.call()
    CASES.append(case.operation.label)
    case.validate_response(response, checks=CHECKS)
