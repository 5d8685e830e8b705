"""Issue 17, deliverable 1 (H1), with real ``chessclub worker`` processes on PostgreSQL.

The tests start the workers themselves (the suite's second pass in CI runs on PostgreSQL), on
the test database, with ``CHESSCLUB_TASKS=database``. FIDE's engine is made slow by running it
through an interpreter that sleeps first (``CHESSCLUB_PAIRING_PYTHON``), so that the pairing
lasts longer than the request that asked for it; the pairing expected is worked by hand (see
``test_jobs_h1``): four players 2400 > 2363 > 2326 > 2289, white to the top seed, round 1 is
1–3, 4–2.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from django.db import connection
from django.test import override_settings
from django.urls import reverse

from chessclub_web.background.models import Job, Status
from chessclub_web.background.tasks import run_job
from chessclub_web.clubs.models import Club, Membership, Role
from chessclub_web.pairings import jobs as pairing_jobs
from chessclub_web.pairings import services
from chessclub_web.tournaments.models import Game, Round, Tournament

pytestmark = pytest.mark.django_db(transaction=True)

QUEUED = {"default": {"BACKEND": "django_tasks_db.DatabaseBackend"}}
CHESSCLUB = Path(sys.executable).with_name("chessclub")


@pytest.fixture(autouse=True)
def _postgresql():
    if connection.vendor != "postgresql":
        pytest.skip("needs PostgreSQL (worker processes beside the test; CI's second pass)")


def slow_python(tmp_path: Path, seconds: int) -> str:
    """An interpreter for FIDE's engine that waits ``seconds`` first."""
    script = tmp_path / f"python-after-{seconds}s"
    script.write_text(f'#!/bin/sh\nsleep {seconds}\nexec "{sys.executable}" "$@"\n')
    script.chmod(0o755)
    return str(script)


def start_worker(tmp_path: Path, name: str, **env: str) -> subprocess.Popen[bytes]:
    db = connection.settings_dict
    user, host, port = db["USER"] or "postgres", db["HOST"] or "127.0.0.1", db["PORT"] or 5432
    url = f"postgres://{user}@{host}:{port}/{db['NAME']}"
    environ = {
        **os.environ,
        "DATABASE_URL": url,
        "CHESSCLUB_TASKS": "database",
        "CHESSCLUB_SECRET_KEY": os.environ.get(
            "CHESSCLUB_SECRET_KEY", "worker-test-key-" + "x" * 40
        ),
        **env,
    }
    with (tmp_path / f"{name}.log").open("wb") as log:  # the worker keeps its own copy
        return subprocess.Popen(
            [str(CHESSCLUB), "worker", "--interval", "0.2"],
            env=environ,
            stdout=log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )


def stop(worker: subprocess.Popen[bytes], sig: int = signal.SIGTERM) -> None:
    if worker.poll() is None:
        os.killpg(worker.pid, sig)
        try:
            worker.wait(timeout=30)
        except subprocess.TimeoutExpired:
            os.killpg(worker.pid, signal.SIGKILL)
            worker.wait()


def wait_for(condition, seconds: float = 60.0) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if condition():
            return
        time.sleep(0.2)
    raise AssertionError("waited in vain")


def swiss(owner) -> Tournament:
    club = Club.objects.create(name="Cercle des travaux", number="790", public=True)
    Membership.objects.create(user=owner, club=club, role=Role.OWNER)
    t = Tournament.objects.create(
        name="Open du jeudi", system="swiss", planned_rounds=3, initial_colour="W", club=club
    )
    for i in range(1, 5):
        services.add_player(
            t, services.NewEntry(name=f"Joueur{i}", rating=2400 - 37 * (i - 1)), owner
        )
    return t


def boards(t: Tournament, number: int) -> list[tuple[int, int]]:
    games = Game.objects.filter(round__tournament=t, round__number=number).select_related(
        "white", "black"
    )
    return sorted((g.white.pairing_number, g.black.pairing_number) for g in games)


@override_settings(TASKS=QUEUED)
def test_h1_a_pairing_longer_than_the_request_completes_in_a_worker(
    client, django_user_model, tmp_path
):
    owner = django_user_model.objects.create_user("arbitre", password="pw-123-secret")
    t = swiss(owner)
    client.force_login(owner)
    worker = start_worker(tmp_path, "worker", CHESSCLUB_PAIRING_PYTHON=slow_python(tmp_path, 4))
    try:
        response = client.post(reverse("pair_next", args=(t.club.number, t.pk)))
        job = Job.objects.get(tournament=t)
        # The request answered with the job's page while the engine still waits its 4 s.
        assert response["Location"] == reverse("job", args=(job.pk,))
        assert not Round.objects.filter(tournament=t).exists()
        wait_for(lambda: Job.objects.get(pk=job.pk).status == Status.RUNNING)
        page = client.get(reverse("job", args=(job.pk,)))
        assert page.status_code == 200 and 'http-equiv="refresh"' in page.content.decode()
        wait_for(lambda: Job.objects.get(pk=job.pk).is_finished)
    finally:
        stop(worker)
    job.refresh_from_db()
    assert job.status == Status.DONE, (tmp_path / "worker.log").read_text()
    assert boards(t, 1) == [(1, 3), (4, 2)]
    page = client.get(reverse("job", args=(job.pk,)))
    assert page["Location"] == reverse("pairing_round", args=(t.club.number, t.pk, 1))


@override_settings(TASKS=QUEUED)
def test_h1_a_task_delivered_twice_stores_one_round(django_user_model, tmp_path):
    owner = django_user_model.objects.create_user("arbitre", password="pw-123-secret")
    t = swiss(owner)
    job = pairing_jobs.submit(t, owner, None, None, back_url="/")
    run_job.enqueue(str(job.pk))  # the queue delivers it a second time
    worker = start_worker(tmp_path, "worker")
    try:
        wait_for(lambda: Job.objects.get(pk=job.pk).is_finished)
        from django_tasks_db.models import DBTaskResult

        wait_for(lambda: DBTaskResult.objects.filter(status="SUCCESSFUL").count() == 2)
    finally:
        stop(worker)
    job.refresh_from_db()
    assert (job.status, job.attempts) == (Status.DONE, 1)
    assert Round.objects.filter(tournament=t).count() == 1
    assert boards(t, 1) == [(1, 3), (4, 2)]


@override_settings(TASKS=QUEUED)
def test_h1_a_killed_worker_s_pairing_is_run_again_never_half_stored(django_user_model, tmp_path):
    owner = django_user_model.objects.create_user("arbitre", password="pw-123-secret")
    t = swiss(owner)
    job = pairing_jobs.submit(t, owner, None, None, back_url="/")
    first = start_worker(tmp_path, "first", CHESSCLUB_PAIRING_PYTHON=slow_python(tmp_path, 30))
    try:
        wait_for(lambda: Job.objects.get(pk=job.pk).status == Status.RUNNING)
    finally:
        stop(first, signal.SIGKILL)  # the machine lost: no clean-up at all
    assert not Round.objects.filter(tournament=t).exists()
    second = start_worker(tmp_path, "second", CHESSCLUB_JOB_STALE_SECONDS="10")
    try:
        wait_for(lambda: Job.objects.get(pk=job.pk).is_finished, seconds=90)
    finally:
        stop(second)
    job.refresh_from_db()
    assert job.status == Status.DONE, (tmp_path / "second.log").read_text()
    assert job.attempts == 2
    assert Round.objects.filter(tournament=t).count() == 1
    assert boards(t, 1) == [(1, 3), (4, 2)]


@override_settings(TASKS=QUEUED)
def test_h1_the_engine_s_time_limit_still_refuses_in_a_worker(django_user_model, tmp_path):
    """The engine's own limit (``CHESSCLUB_PAIRING_TIMEOUT``, here 1 s against an engine that
    needs 5 s) gives the arbiter "cannot pair", nothing stored; no web server cut it."""
    owner = django_user_model.objects.create_user("arbitre", password="pw-123-secret")
    t = swiss(owner)
    job = pairing_jobs.submit(t, owner, None, None, back_url="/")
    worker = start_worker(
        tmp_path,
        "worker",
        CHESSCLUB_PAIRING_PYTHON=slow_python(tmp_path, 5),
        CHESSCLUB_PAIRING_TIMEOUT="1",
    )
    try:
        wait_for(lambda: Job.objects.get(pk=job.pk).is_finished)
    finally:
        stop(worker)
    job.refresh_from_db()
    assert (job.status, job.status_code) == (Status.REFUSED, 409)
    assert job.message.startswith("Appariement impossible : ")
    assert "within 1 s" in job.message
    assert not Round.objects.filter(tournament=t).exists()
