"""The API's throttles (docs/api.md, "Answers"): per address without a token and for wrong
tokens (guessing secrets is throttled), per account with a token (all its tokens together:
making more tokens gives no more calls), 429 with ``Retry-After`` and the JSON error body."""

from __future__ import annotations

import pytest
from django.core.cache import caches

from chessclub_web.accounts.services import create_token
from chessclub_web.clubs.models import Role

from .conftest import bearer

pytestmark = pytest.mark.django_db

URL = "/api/v1/clubs"


@pytest.fixture(autouse=True)
def _low_rates(settings):
    settings.CHESSCLUB_API_RATE_ADDRESS = "3/min"
    settings.CHESSCLUB_API_RATE_TOKEN = "4/min"
    caches["throttle"].clear()
    yield
    caches["throttle"].clear()


def _statuses(client, n: int, **headers) -> list[int]:
    return [client.get(URL, **headers).status_code for _ in range(n)]


def test_api_address_throttled_after_its_rate_with_retry_after(client):
    assert _statuses(client, 3) == [200, 200, 200]
    refused = client.get(URL)
    assert refused.status_code == 429
    assert int(refused["Retry-After"]) >= 1
    assert refused.json()["error"]


def test_api_wrong_tokens_count_against_the_address(client):
    # Guessing: each wrong token is a 401 until the address's rate, then 429.
    answers = [client.get(URL, **bearer(f"cc_guess{n}")).status_code for n in range(4)]
    assert answers == [401, 401, 401, 429]
    assert client.get(URL).status_code == 429  # the same address, anonymous now


def test_api_tokens_of_one_account_share_one_count(client, public_club, make_user):
    user = make_user("arbitre", public_club, Role.ARBITER)
    first = create_token(user, public_club, "one", [])[1]
    second = create_token(user, public_club, "two", [])[1]
    assert _statuses(client, 4, **bearer(first)) == [200, 200, 200, 200]
    assert client.get(URL, **bearer(second)).status_code == 429  # no fresh quota
    other = create_token(make_user("autre", public_club, Role.ARBITER), public_club, "x", [])[1]
    assert client.get(URL, **bearer(other)).status_code == 200  # another account: its own
