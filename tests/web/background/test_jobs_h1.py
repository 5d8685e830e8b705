"""Issue 17, deliverable 1 (H1): long actions run as background jobs.

In process (``CHESSCLUB_TASKS=immediate``, the default and ``make run``'s) the page behaves as
before: the job has run when the page answers. Queued (``database``) the page answers at once
with the job's page and a worker runs it; here the worker is played by calling the queue's own
task function, the real ``chessclub worker`` processes are in ``test_worker_postgresql_h1``.
Expected values: the FIDE Dutch pairing of round 1 for four players rated 2400 > 2363 > 2326 >
2289 with white for the top seed is 1–3, 4–2 (C.04.3: top half against bottom half, colours
alternating from the drawn colour), worked by hand.
"""

from __future__ import annotations

import datetime

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import override_settings
from django.urls import reverse
from django.utils import timezone
from django_tasks_db.models import DBTaskResult

from chessclub.pairing import PairingError
from chessclub_web.background import runner
from chessclub_web.background import services as background
from chessclub_web.background.models import Job, Status
from chessclub_web.background.tasks import run_job
from chessclub_web.closing.models import Closure
from chessclub_web.pairings import jobs as pairing_jobs
from chessclub_web.pairings import services
from chessclub_web.tournaments.models import Game, Round, Tournament

pytestmark = pytest.mark.django_db

QUEUED = {"default": {"BACKEND": "django_tasks_db.DatabaseBackend"}}


def swiss(club, owner, players=4, rounds=3):
    t = Tournament.objects.create(
        name="Open du mardi",
        system="swiss",
        planned_rounds=rounds,
        initial_colour="W",
        club=club,
        creator=owner,
    )
    for i in range(1, players + 1):
        services.add_player(
            t, services.NewEntry(name=f"Joueur{i}", rating=2400 - 37 * (i - 1)), owner
        )
    return t


def pair_url(t):
    return reverse("pair_next", args=(t.club.number, t.pk))


def boards(t, number):
    games = Game.objects.filter(round__tournament=t, round__number=number).select_related(
        "white", "black"
    )
    return sorted((g.white.pairing_number, g.black.pairing_number) for g in games)


def test_h1_in_process_the_page_pairs_and_opens_the_round(owner_client, public_club, owner):
    t = swiss(public_club, owner)
    response = owner_client.post(pair_url(t))
    assert response.status_code == 302
    assert response["Location"] == reverse("pairing_round", args=(public_club.number, t.pk, 1))
    job = Job.objects.get(tournament=t)
    assert (job.kind, job.status, job.result) == ("pair_round", Status.DONE, {"round": 1})
    assert boards(t, 1) == [(1, 3), (4, 2)]
    assert job.user == owner and job.attempts == 1


def test_h1_a_job_run_twice_stores_one_round(owner_client, public_club, owner):
    t = swiss(public_club, owner)
    owner_client.post(pair_url(t))
    job = Job.objects.get(tournament=t)
    again = runner.run(job.pk)
    assert again.status == Status.DONE and again.attempts == 1
    assert Round.objects.filter(tournament=t).count() == 1
    assert boards(t, 1) == [(1, 3), (4, 2)]


def test_h1_the_job_is_done_in_the_round_s_own_transaction(
    owner_client, public_club, owner, monkeypatch
):
    """Marking the job done fails: the round it would have stored is not stored either."""
    t = swiss(public_club, owner)

    def broken(job, outcome):
        raise RuntimeError("the job's row cannot be written")

    monkeypatch.setattr(pairing_jobs.background, "complete", broken)
    response = owner_client.post(pair_url(t))
    assert response.status_code == 500 or Job.objects.get(tournament=t).status == Status.FAILED
    assert not Round.objects.filter(tournament=t).exists()


def test_h1_the_engine_s_refusal_is_the_job_s_message_in_french(
    owner_client, public_club, owner, monkeypatch
):
    t = swiss(public_club, owner)

    class Failing:
        def pair(self, *args, **kwargs):
            raise PairingError("round 1 has no legal pairing (FIDE C.04.3 art. 1.9.3)")

    monkeypatch.setattr(services, "swiss_engine", Failing)
    response = owner_client.post(pair_url(t))
    assert response.status_code == 409
    job = Job.objects.get(tournament=t)
    assert job.status == Status.REFUSED and job.status_code == 409
    assert job.message.startswith("Appariement impossible : ")
    assert "Appariement impossible" in response.content.decode()
    assert not Round.objects.filter(tournament=t).exists()


@override_settings(TASKS=QUEUED)
def test_h1_queued_the_page_answers_at_once_and_the_worker_pairs(owner_client, public_club, owner):
    t = swiss(public_club, owner)
    response = owner_client.post(pair_url(t), {"date": "", "time": ""})
    job = Job.objects.get(tournament=t)
    assert response.status_code == 302 and response["Location"] == reverse("job", args=(job.pk,))
    assert job.status == Status.QUEUED and not Round.objects.filter(tournament=t).exists()
    task = DBTaskResult.objects.get(id=job.task_id)
    assert task.args_kwargs["args"] == [str(job.pk)]
    page = owner_client.get(reverse("job", args=(job.pk,)))
    text = page.content.decode()
    assert page.status_code == 200 and 'http-equiv="refresh"' in text
    assert "En file d’attente…" in text
    # The same round asked again while the job waits: the same job, no second task.
    assert owner_client.post(pair_url(t), {"date": "", "time": ""})["Location"] == reverse(
        "job", args=(job.pk,)
    )
    assert Job.objects.filter(tournament=t).count() == 1
    # The worker's task.
    assert run_job.call(str(job.pk)) == "done"
    page = owner_client.get(reverse("job", args=(job.pk,)))
    assert page["Location"] == reverse("pairing_round", args=(public_club.number, t.pk, 1))
    assert boards(t, 1) == [(1, 3), (4, 2)]
    # Delivered twice: nothing more.
    assert run_job.call(str(job.pk)) == "done"
    assert Round.objects.filter(tournament=t).count() == 1


@override_settings(TASKS=QUEUED)
def test_h1_a_job_for_a_round_paired_meanwhile_pairs_nothing_else(owner_client, public_club, owner):
    """Round 1 paired and published by another arbiter meanwhile: the queued job of round 1
    is refused, it never pairs round 2 in its place."""
    t = swiss(public_club, owner)
    owner_client.post(pair_url(t), {"date": "", "time": ""})
    job = Job.objects.get(tournament=t)
    services.pair_next_round(t, owner)
    services.publish_round(Round.objects.get(tournament=t, number=1), owner)
    Game.objects.filter(round__tournament=t).update(result="=")
    assert run_job.call(str(job.pk)) == "refused"
    job.refresh_from_db()
    assert job.message == "Quelqu’un d’autre a apparié cette ronde entre-temps."
    assert list(Round.objects.filter(tournament=t).values_list("number", flat=True)) == [1]


def test_h1_the_job_page_is_only_for_who_asked(owner_client, public_club, owner, make_user, client):
    t = swiss(public_club, owner)
    owner_client.post(pair_url(t))
    job = Job.objects.get(tournament=t)
    url = reverse("job", args=(job.pk,))
    owner_client.logout()
    assert client.get(url).status_code == 404
    client.force_login(make_user("curieux"))
    assert client.get(url).status_code == 404
    assert client.post(url).status_code == 405


@override_settings(TASKS=QUEUED, CHESSCLUB_JOB_STALE_SECONDS=30)
def test_h1_a_lost_worker_s_job_is_queued_again_then_interrupted(public_club, owner):
    t = swiss(public_club, owner)
    job = pairing_jobs.submit(t, owner, None, None, back_url="/")
    old = timezone.now() - datetime.timedelta(seconds=31)
    Job.objects.filter(pk=job.pk).update(status=Status.RUNNING, attempts=1, heartbeat_at=old)
    first_task = job.task_id
    assert [j.pk for j in background.sweep()] == [job.pk]
    job.refresh_from_db()
    assert job.status == Status.QUEUED and job.task_id != first_task
    assert DBTaskResult.objects.filter(id=job.task_id).exists()
    # A fresh heartbeat is not stale.
    Job.objects.filter(pk=job.pk).update(status=Status.RUNNING, heartbeat_at=timezone.now())
    assert background.sweep() == []
    # The third start lost too: reported, never run a fourth time.
    Job.objects.filter(pk=job.pk).update(status=Status.RUNNING, attempts=3, heartbeat_at=old)
    background.sweep()
    job.refresh_from_db()
    assert job.status == Status.INTERRUPTED and job.status_code == 503
    assert "rien n’a été enregistré" in job.message
    assert run_job.call(str(job.pk)) == "interrupted"
    assert not Round.objects.filter(tournament=t).exists()


@override_settings(TASKS=QUEUED)
def test_h1_closing_is_a_job(owner_client, public_club, owner):
    """C1 through the queue: the page answers with the job; the worker closes."""
    t = swiss(public_club, owner, players=2, rounds=1)
    t.system = "round_robin"
    t.save()
    services.pair_next_round(t, owner)
    rnd = Round.objects.get(tournament=t, number=1)
    services.publish_round(rnd, owner)
    Game.objects.filter(round=rnd).update(result="1-0")
    url = reverse("close", args=(public_club.number, t.pk))
    response = owner_client.post(
        url, {"action": "close", "end_date": "2026-12-01", "confirm": "on"}
    )
    job = Job.objects.get(tournament=t, kind="close_tournament")
    assert response["Location"] == reverse("job", args=(job.pk,))
    assert not Closure.objects.filter(tournament=t).exists()
    assert run_job.call(str(job.pk)) == "done"
    t.refresh_from_db()
    assert t.closed_at is not None and t.end_date == datetime.date(2026, 12, 1)
    assert Closure.objects.filter(tournament=t).count() == 1


def test_h1_the_worker_command_says_jobs_run_in_process(capsys):
    from chessclub_web.cli import main

    assert main(["worker", "--batch"]) == 2
    assert "CHESSCLUB_TASKS" in capsys.readouterr().err


def test_h1_finished_jobs_are_forgotten_after_a_month(owner_client, public_club, owner):
    t = swiss(public_club, owner)
    owner_client.post(pair_url(t))
    job = Job.objects.get(tournament=t)
    now = timezone.now()
    Job.objects.filter(pk=job.pk).update(finished_at=now - datetime.timedelta(days=29))
    background.sweep(now)
    assert Job.objects.filter(pk=job.pk).exists()
    Job.objects.filter(pk=job.pk).update(finished_at=now - datetime.timedelta(days=31))
    background.sweep(now)
    assert not Job.objects.filter(pk=job.pk).exists()
    assert Round.objects.filter(tournament=t).count() == 1  # the work stays


@override_settings(TASKS=QUEUED)
def test_h1_a_second_arbiter_asking_the_same_round_follows_the_job(
    owner_client, public_club, owner, make_user, client
):
    from chessclub_web.clubs.models import Role

    t = swiss(public_club, owner)
    owner_client.post(pair_url(t), {"date": "", "time": ""})
    other = make_user("arbitre2", public_club, Role.ARBITER)
    client.force_login(other)
    response = client.post(pair_url(t), {"date": "", "time": ""})
    job = Job.objects.get(tournament=t)
    assert response["Location"] == reverse("job", args=(job.pk,))
    assert job.followers == [other.pk]
    assert client.get(response["Location"]).status_code == 200
    client.force_login(make_user("curieux"))
    assert client.get(response["Location"]).status_code == 404


@override_settings(TASKS=QUEUED, CHESSCLUB_JOB_STALE_SECONDS=30)
def test_h1_a_job_delivered_again_while_a_worker_runs_it_is_not_run_twice(public_club, owner):
    t = swiss(public_club, owner)
    job = pairing_jobs.submit(t, owner, None, None, back_url="/")
    Job.objects.filter(pk=job.pk).update(
        status=Status.RUNNING, attempts=1, heartbeat_at=timezone.now()
    )
    assert run_job.call(str(job.pk)) == "running"
    job.refresh_from_db()
    assert job.attempts == 1 and not Round.objects.filter(tournament=t).exists()


@override_settings(TASKS=QUEUED)
def test_h1_the_job_page_says_when_no_worker_takes_the_work(owner_client, public_club, owner):
    t = swiss(public_club, owner)
    owner_client.post(pair_url(t), {"date": "", "time": ""})
    job = Job.objects.get(tournament=t)
    url = reverse("job", args=(job.pk,))
    assert "Aucun worker" not in owner_client.get(url).content.decode()
    Job.objects.filter(pk=job.pk).update(
        created_at=timezone.now() - datetime.timedelta(seconds=200)
    )
    assert "Aucun worker n’a pris ce travail depuis" in owner_client.get(url).content.decode()


def test_h1_a_job_left_running_by_a_web_process_is_interrupted_after_an_hour(public_club, owner):
    t = swiss(public_club, owner)
    job = Job.objects.create(kind="pair_round", title="Ronde 1", user=owner, tournament=t)
    now = timezone.now()
    ten_minutes = now - datetime.timedelta(minutes=10)
    Job.objects.filter(pk=job.pk).update(
        status=Status.RUNNING, attempts=1, started_at=ten_minutes, heartbeat_at=ten_minutes
    )
    assert background.sweep(now) == []
    two_hours = now - datetime.timedelta(hours=2)
    Job.objects.filter(pk=job.pk).update(started_at=two_hours, heartbeat_at=two_hours)
    assert [j.pk for j in background.sweep(now)] == [job.pk]
    job.refresh_from_db()
    assert job.status == Status.INTERRUPTED


@override_settings(TASKS=QUEUED)
def test_h1_the_same_list_uploaded_twice_keeps_one_file(list_manager_client, tmp_path, settings):
    from django.core.files.storage import default_storage

    settings.MEDIA_ROOT = str(tmp_path)
    body = b"not a list at all\n"
    for _ in range(2):
        upload = SimpleUploadedFile("PLAYER.csv", body)
        response = list_manager_client.post(
            reverse("federation_list", args=("frbe",)), {"action": "import", "file": upload}
        )
        assert response.status_code == 302
    job = Job.objects.get(kind="import_list")
    assert sorted(p.name for p in (tmp_path / "jobs").iterdir()) == [
        job.params["path"].split("/")[-1]
    ]
    assert run_job.call(str(job.pk)) == "refused"
    assert not default_storage.exists(job.params["path"])
    job.refresh_from_db()
    assert job.status_code == 400
