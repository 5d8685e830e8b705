"""Fixtures of the JSON API's tests: a client, personal tokens, no throttling by default."""

from __future__ import annotations

import pytest

from chessclub_web.accounts.services import create_token


@pytest.fixture(autouse=True)
def _api_not_throttled(settings):
    """The suite's many calls from one address are not throttled (the throttle's own tests set
    a low rate)."""
    settings.CHESSCLUB_API_RATE_ADDRESS = "100000/min"
    settings.CHESSCLUB_API_RATE_TOKEN = "100000/min"


@pytest.fixture
def make_token():
    """``make_token(user, club, scopes) -> "cc_…"``: a personal token's secret."""

    def make(user, club, scopes=()):
        return create_token(user, club, "test", scopes)[1]

    return make


def bearer(secret: str) -> dict[str, str]:
    return {"HTTP_AUTHORIZATION": f"Bearer {secret}"}


def pytest_terminal_summary(terminalreporter) -> None:
    """After a run that fuzzed the schema: how many cases were tried, over how many operations
    (the closing notes quote it)."""
    import sys

    module = sys.modules.get("web.api.test_schemathesis_openapi") or sys.modules.get(
        "tests.web.api.test_schemathesis_openapi"
    )
    cases = getattr(module, "CASES", None)
    if cases:
        terminalreporter.write_line(
            f"schemathesis: {len(cases)} cases tried over {len(set(cases))} operations"
        )
