"""H2 (issue 17, deliverable 2): the standings, crosstables and documents cached by tournament
revision in a cache shared by every worker process (Django's Redis backend, as production
runs it), never stale.

"Worker A" and "worker B" are two Redis backends built apart (two clients, two connection
pools) on the same Redis database (redis://127.0.0.1:6379/5, this work's own): what A computed
B reuses (the computations are counted), and a result saved gives a new revision, so that B
never serves what A cached before it. Skipped, with the reason, when no Redis answers there.
"""

from __future__ import annotations

import pickle
import re
import warnings

import pytest
from django.core.cache.backends.base import memcache_key_warnings
from django.test import override_settings
from django.urls import reverse

from chessclub_web.clubs.models import Role
from chessclub_web.documents import kinds as document_kinds
from chessclub_web.documents import services as documents
from chessclub_web.results.services import Change, save_results
from chessclub_web.tournaments import presentation
from chessclub_web.tournaments.models import Game, Tournament

REDIS_URL = "redis://127.0.0.1:6379/5"

pytestmark = pytest.mark.django_db


def _redis_or_skip():
    redis = pytest.importorskip("redis", reason="the redis package is not installed")
    client = redis.Redis.from_url(REDIS_URL, socket_connect_timeout=1)
    try:
        client.ping()
    except redis.exceptions.ConnectionError as error:
        pytest.skip(f"no Redis answers at {REDIS_URL}: {error}")
    return client


def _backend(prefix: str):
    """A Redis cache backend of its own (its own client), as each worker process builds."""
    from django.core.cache.backends.redis import RedisCache

    return RedisCache(REDIS_URL, {"KEY_PREFIX": prefix})


@pytest.fixture
def redis_client():
    client = _redis_or_skip()
    yield client
    for key in client.scan_iter("h2test*"):
        client.delete(key)


@pytest.fixture
def workers(redis_client, request):
    """``(a, b)``: two backends on the same Redis, one key prefix per test."""
    prefix = f"h2test-{request.node.name}"
    a, b = _backend(prefix), _backend(prefix)
    assert a is not b and a._cache is not b._cache
    yield a, b
    a.clear()


@pytest.fixture
def row(demo) -> Tournament:
    return Tournament.objects.get(club__number="618")


@pytest.fixture
def computations(monkeypatch):
    """Counts the standings the core computes (``compute_standings`` as presentation calls
    it)."""
    calls: list[object] = []
    original = presentation.compute_standings

    def counting(*args, **kwargs):
        calls.append(args)
        return original(*args, **kwargs)

    monkeypatch.setattr(presentation, "compute_standings", counting)
    return calls


def _as(monkeypatch, backend) -> None:
    """Serve the next requests as the worker whose cache is ``backend``."""
    monkeypatch.setattr(presentation, "cache", backend)
    monkeypatch.setattr(documents, "cache", backend)


def _save_charlie_win(row: Tournament) -> None:
    """Round 7 of the demo: 3 Charlie Claire (White) drew with 2 Bravo Bruno; she wins it."""
    game = Game.objects.get(round__tournament=row, round__number=7, white__pairing_number=3)
    owner = row.club.memberships.get(role=Role.OWNER).user
    assert not save_results(row, game.round, [Change(game.pk, "1-0", game.version)], owner).stale


def _charlie(summary) -> str:
    return next(r.points for r in summary.rows if r.pairing_number == 3)


def test_h2_worker_b_reuses_the_standings_worker_a_computed(
    monkeypatch, workers, row, computations
):
    a, b = workers
    _as(monkeypatch, a)
    first = presentation.tournament_summary(row)
    assert len(computations) == 1
    _as(monkeypatch, b)
    again = presentation.tournament_summary(Tournament.objects.get(pk=row.pk))
    assert len(computations) == 1
    assert again == first
    assert _charlie(again) == "5"
    # The crosstable's entries were stored with the summary: B reads them too.
    assert presentation.tournament_cells(Tournament.objects.get(pk=row.pk)) is not None
    assert len(computations) == 1


def test_h2_a_saved_result_is_a_new_revision_worker_b_never_serves_the_old(
    monkeypatch, workers, row, computations
):
    a, b = workers
    _as(monkeypatch, a)
    assert _charlie(presentation.tournament_summary(row)) == "5"
    _save_charlie_win(row)
    fresh = Tournament.objects.get(pk=row.pk)
    assert fresh.revision != row.revision
    assert fresh.revised_at > row.revised_at
    _as(monkeypatch, b)
    assert _charlie(presentation.tournament_summary(fresh)) == "5½"
    assert len(computations) == 2
    _as(monkeypatch, a)
    assert _charlie(presentation.tournament_summary(Tournament.objects.get(pk=row.pk))) == "5½"
    assert len(computations) == 2


def test_h2_crosstable_pages_shared_between_workers(
    monkeypatch, workers, row, computations, client
):
    a, b = workers
    url = reverse("tournament", args=("618", row.pk)) + "crosstable/"
    written: list[object] = []
    original = presentation.display_rows

    def counting(*args, **kwargs):
        written.append(args)
        return original(*args, **kwargs)

    monkeypatch.setattr(presentation, "display_rows", counting)
    _as(monkeypatch, a)
    first = client.get(url)
    _as(monkeypatch, b)
    second = client.get(url)
    assert first.status_code == second.status_code == 200
    assert _page(first) == _page(second)
    assert (len(computations), len(written)) == (1, 1)
    # Another language: the rows are written again (their labels are translated), the
    # standings are not computed again.
    english = client.get(url, HTTP_ACCEPT_LANGUAGE="en")
    assert english.status_code == 200
    assert (len(computations), len(written)) == (1, 2)
    _save_charlie_win(row)
    _as(monkeypatch, a)
    third = client.get(url)
    assert _page(third) != _page(first)
    assert (len(computations), len(written)) == (2, 3)


def _page(response) -> str:
    """The page without its CSRF tokens (a new mask on every answer)."""
    return re.sub(r'name="csrfmiddlewaretoken" value="[^"]*"', "", response.content.decode())


def test_h2_documents_shared_between_workers(monkeypatch, workers, row):
    a, b = workers
    built: list[object] = []
    drawn: list[int] = []
    original_document = documents.document
    original_pdf = documents.rendering.pdf

    def counting_document(*args, **kwargs):
        built.append(args)
        return original_document(*args, **kwargs)

    def counting_pdf(pages):
        drawn.append(len(pages))
        return original_pdf(pages)

    monkeypatch.setattr(documents, "document", counting_document)
    monkeypatch.setattr(documents.rendering, "pdf", counting_pdf)
    kind = document_kinds.BY_SLUG["standings"]
    from django.contrib.auth.models import AnonymousUser

    visitor = AnonymousUser()
    _as(monkeypatch, a)
    html_a, round_a = documents.document_html(row, visitor, kind)
    pdf_a, _ = documents.document_pdf(row, visitor, kind)
    assert (len(built), len(drawn)) == (1, 1)
    _as(monkeypatch, b)
    html_b, round_b = documents.document_html(row, visitor, kind)
    pdf_b, _ = documents.document_pdf(row, visitor, kind, round_value=" ")
    assert (html_b, round_b, pdf_b) == (html_a, round_a, pdf_a)
    assert (len(built), len(drawn)) == (1, 1)
    assert pdf_a.startswith(b"%PDF")
    # Round 4 is another document; a saved result another revision.
    documents.document_html(row, visitor, kind, round_value="4")
    assert len(built) == 2
    _save_charlie_win(row)
    fresh = Tournament.objects.get(pk=row.pk)
    html_new, _ = documents.document_html(fresh, visitor, kind)
    assert len(built) == 3
    assert html_new != html_a


def test_h2_cached_values_pickle_and_keys_are_memcached_safe(
    monkeypatch, workers, row, redis_client
):
    a, _b = workers
    _as(monkeypatch, a)
    summary = presentation.tournament_summary(row)
    cells = presentation.tournament_cells(row)
    rows = presentation.page_rows(row, summary, crosstable=True, explain_prefix="/x/")
    for value in (summary, cells, rows):
        assert pickle.loads(pickle.dumps(value)) == value
    from django.contrib.auth.models import AnonymousUser

    documents.document_pdf(row, AnonymousUser(), document_kinds.BY_SLUG["crosstable"])
    keys = [k.decode() for k in redis_client.scan_iter(f"h2test-{_test_name()}*")]
    assert len(keys) >= 5
    for key in keys:
        # Django's cache key is "prefix:version:key"; our part is the key.
        own = key.split(":", 2)[2]
        assert own.startswith("chessclub:")
        assert len(own) <= 120, own
        with warnings.catch_warnings():
            warnings.simplefilter("error")
            assert list(memcache_key_warnings(own)) == []
        assert re.fullmatch(r"[\x21-\x7e]+", own), own
        # Every value expires (a timeout is set: none is kept forever).
        assert 0 < redis_client.ttl(key) <= presentation.CACHE_TIMEOUT


def _test_name() -> str:
    return "test_h2_cached_values_pickle_and_keys_are_memcached_safe"


def test_h2_pages_served_through_the_settings_redis_cache(client, row, redis_client):
    """The whole site on Redis as configured (``CACHES`` pointing at it): the second request
    of a page is a warm one, its 304 computes nothing."""
    caches = {
        name: {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": REDIS_URL,
            "KEY_PREFIX": f"h2test-settings-{name}",
        }
        for name in ("default", "explanations", "throttle")
    }
    url = reverse("tournament", args=("618", row.pk))
    with override_settings(CACHES=caches):
        from django.core.cache import caches as handler

        handler["default"].clear()
        first = client.get(url)
        assert first.status_code == 200
        assert any(redis_client.scan_iter("h2test-settings-default*"))
        again = client.get(url, HTTP_IF_NONE_MATCH=first["ETag"])
        assert again.status_code == 304
        handler["default"].clear()
