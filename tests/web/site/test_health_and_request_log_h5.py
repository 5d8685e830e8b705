"""H5: ``/health/`` (database, cache, queue; 200 or 503; no login, no secret, never cached)
and the request log (one line per request; JSON with CHESSCLUB_LOG_FORMAT=json)."""

from __future__ import annotations

import io
import json
import logging
import sqlite3
from logging.config import DictConfigurator

import pytest
from django.conf import settings as django_settings
from django.core.cache import cache
from django.db import connections
from django.test import Client

from chessclub_web import health

pytestmark = pytest.mark.django_db


def test_h5_health_all_pass_answers_200_uncached_without_login(client):
    response = client.get("/health/")
    assert response.status_code == 200
    body = response.json()
    assert body["status"] == "ok"
    assert list(body["checks"]) == ["database", "cache", "queue"]
    assert all(check["ok"] for check in body["checks"].values())
    assert body["checks"]["queue"]["detail"] == "tasks run in the web process"
    assert "no-store" in response["Cache-Control"] and "max-age=0" in response["Cache-Control"]
    assert client.post("/health/").status_code == 405
    assert Client(enforce_csrf_checks=True).post("/health/").status_code == 405


def test_h5_health_database_down_answers_503_naming_only_the_error_kind(client, monkeypatch):
    def unreachable(*args, **kwargs):
        raise sqlite3.OperationalError("unable to open database file /secret/place.sqlite3")

    monkeypatch.setattr(type(connections["default"]), "create_cursor", unreachable)
    response = client.get("/health/")
    assert response.status_code == 503
    body = response.json()
    assert body["status"] == "failing"
    assert body["checks"]["database"] == {
        "ok": False,
        "detail": "OperationalError",
        "ms": body["checks"]["database"]["ms"],
    }
    assert body["checks"]["cache"]["ok"] is True
    assert "secret" not in response.content.decode()


def test_h5_health_cache_and_extra_checks(client, monkeypatch):
    monkeypatch.setattr(cache, "get", lambda *a, **k: None)  # a cache that keeps nothing
    monkeypatch.setattr(health, "EXTRA_CHECKS", [lambda: ("queue", False, "no worker for 120 s")])
    body = client.get("/health/").json()
    assert body["checks"]["cache"] == {
        "ok": False,
        "detail": "value not read back",
        "ms": body["checks"]["cache"]["ms"],
    }
    assert body["checks"]["queue"]["detail"] == "no worker for 120 s"
    monkeypatch.setattr(health, "EXTRA_CHECKS", [lambda: 1 / 0])
    body = client.get("/health/").json()
    assert body["status"] == "failing"
    assert {"ok": False, "detail": "ZeroDivisionError"}.items() <= body["checks"][
        "<lambda>"
    ].items()


def test_h5_health_queue_fails_when_a_job_waits_for_a_worker_too_long(
    client, settings, public_club, owner
):
    """With workers (the database backend) the queue's check counts the jobs that waited more
    than ``CHESSCLUB_JOB_STALE_SECONDS`` for one, or run without one."""
    import datetime

    from django.utils import timezone

    from chessclub_web.background.models import Job, Status

    settings.TASKS = {"default": {"BACKEND": "django_tasks_db.DatabaseBackend"}}
    settings.CHESSCLUB_JOB_STALE_SECONDS = 60
    assert client.get("/health/").status_code == 200
    job = Job.objects.create(kind="pair_round", title="Ronde 1", user=owner)
    assert client.get("/health/").status_code == 200  # just queued
    Job.objects.filter(pk=job.pk).update(created_at=timezone.now() - datetime.timedelta(seconds=61))
    response = client.get("/health/")
    assert response.status_code == 503
    assert response.json()["checks"]["queue"] == {
        "ok": False,
        "detail": "1 waiting over 60 s, 0 running without a heartbeat",
        "ms": response.json()["checks"]["queue"]["ms"],
    }
    Job.objects.filter(pk=job.pk).update(status=Status.DONE)
    assert client.get("/health/").status_code == 200


@pytest.fixture
def request_lines():
    """The request log's records, formatted by the settings' JSON formatter (the one
    ``CHESSCLUB_LOG_FORMAT=json`` puts on the console), parsed back."""
    stream = io.StringIO()
    handler = logging.StreamHandler(stream)
    config = dict(django_settings.LOGGING["formatters"]["json"])
    handler.setFormatter(DictConfigurator({}).configure_formatter(config))
    logger = logging.getLogger("chessclub_web.requests")
    logger.addHandler(handler)
    try:
        yield lambda: [json.loads(line) for line in stream.getvalue().splitlines()]
    finally:
        logger.removeHandler(handler)


def test_h5_one_json_line_per_request_with_user_request_id_and_client(
    client, owner, public_club, request_lines, settings
):
    settings.CHESSCLUB_PROXY_COUNT = 1
    client.force_login(owner)
    response = client.get(
        f"/clubs/{public_club.number}/?q=secret",
        HTTP_X_REQUEST_ID="abc-123",
        HTTP_X_FORWARDED_FOR="203.0.113.9",
    )
    assert response["X-Request-ID"] == "abc-123"
    client.logout()
    other = client.get("/nowhere/", HTTP_X_REQUEST_ID="bad id with spaces")
    lines = request_lines()
    assert len(lines) == 2
    first, last = lines[0], lines[-1]
    assert {k: first[k] for k in ("method", "path", "status", "user", "request_id", "client")} == {
        "method": "GET",
        "path": "/clubs/700/",
        "status": 200,
        "user": str(owner.pk),
        "request_id": "abc-123",
        "client": "203.0.113.9",
    }
    assert isinstance(first["duration_ms"], float) and first["duration_ms"] > 0
    assert first["level"] == "INFO" and first["logger"] == "chessclub_web.requests"
    assert "secret" not in json.dumps(lines)  # no query string
    assert (last["status"], last["user"]) == (404, "-")
    assert len(last["request_id"]) == 32 and last["request_id"] == other["X-Request-ID"]
