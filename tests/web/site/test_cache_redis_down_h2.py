"""Issue 17, deliverable 2 (H2): with the shared cache unreachable (a Redis URL whose port
nobody listens on) the public pages are computed without it: 200 with the real standings
(the demo championship: Charlie Claire first on 5 points, README), never a 500; /health/
says the cache fails."""

from __future__ import annotations

import re
import socket

import pytest
from django.core.cache import caches
from django.test import override_settings


def _closed_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture
def redis_down():
    url = f"redis://127.0.0.1:{_closed_port()}/0"
    tolerant = {"BACKEND": "chessclub_web.cache.TolerantRedisCache", "LOCATION": url}
    with override_settings(
        CACHES={
            "default": {**tolerant, "KEY_PREFIX": "d"},
            "explanations": {**tolerant, "KEY_PREFIX": "e"},
            "throttle": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"},
        }
    ):
        for alias in ("default", "explanations"):
            caches[alias].close()
        yield
    for alias in ("default", "explanations"):
        caches[alias].close()


def test_h2_pages_are_computed_without_an_unreachable_redis(client, demo, redis_down):
    page = client.get(demo)
    assert page.status_code == 200
    # Charlie Claire is pairing number 3 (the demo file) with 5 points.
    found = re.search(
        r'<tr id="player-3">.*?<td class="num points">([^<]*)</td>', page.content.decode(), re.S
    )
    assert found and found.group(1) == "5"
    assert client.get(demo + "crosstable/").status_code == 200
    health = client.get("/health/")
    assert health.status_code == 503
    assert health.json()["checks"]["cache"]["ok"] is False
