"""Submitting, running and watching background jobs (see the package's docstring).

- :func:`submit` records a job and either runs it now (``CHESSCLUB_TASKS=immediate``) or
  enqueues it in the same transaction (``database``: a ``chessclub worker`` runs it).
- :func:`run` runs a job once: a finished job is left as it is (a task delivered twice does
  nothing the second time); a refusal of the rules makes it *refused* with the message and
  status the page would have shown; any other error makes it *failed* (logged), nothing stored.
- :func:`complete` marks a job done inside the handler's storing transaction.
- :func:`sweep` finds the jobs whose worker stopped answering (killed, machine lost): each is
  queued again (its handler stores nothing twice) up to :data:`MAX_ATTEMPTS` starts, then
  reported *interrupted*.
"""

from __future__ import annotations

import datetime
import logging
from collections.abc import Mapping
from typing import Any

from django.conf import settings
from django.db import IntegrityError, transaction
from django.utils import timezone, translation
from django.utils.translation import gettext as _

from chessclub_web.audit.services import current_channel
from chessclub_web.background.models import ACTIVE, FINISHED, Job, Status
from chessclub_web.background.registry import registration
from chessclub_web.background.runner import complete, run, runs_in_process, stale_seconds
from chessclub_web.background.tasks import run_job

__all__ = [
    "complete",
    "queue_health",
    "run",
    "runs_in_process",
    "stale_seconds",
    "submit",
    "sweep",
    "visible_to",
]

logger = logging.getLogger("chessclub_web.background")


#: A job run in a web process (``CHESSCLUB_TASKS=immediate``) still *running* this long after
#: it started was lost with its process (a web server's time limit, a restart).
IN_PROCESS_LIMIT = datetime.timedelta(hours=1)
#: A finished job's row is deleted by :func:`sweep` after this many days.
KEEP_DAYS = 30
#: How many times a job is started before a lost worker makes it *interrupted*.
MAX_ATTEMPTS = 3


def submit(
    kind: str,
    *,
    title: str,
    params: Mapping[str, Any],
    user: Any,
    tournament: Any = None,
    key: str = "",
    back_url: str = "",
) -> Job:
    """Record a job of ``kind`` with JSON ``params`` for ``user`` and start it.

    ``key``: while a job with this key is queued or running, that job is returned instead of a
    new one (the same round asked twice, by a double click or by two arbiters, is paired once).
    In process (:func:`runs_in_process`) the job has run when this returns; else it is queued
    (the caller follows it on its page). ``ValueError`` for a kind no app registered.
    """
    if registration(kind) is None:
        raise ValueError(f"no handler for background jobs of kind {kind!r}")
    if runs_in_process():
        key = ""  # the request itself runs it: a second request runs its own (the rules refuse)
    if key:
        existing = Job.objects.filter(key=key, status__in=ACTIVE).first()
        if existing is not None:
            return _followed_by(existing, user)
    fields = {
        "kind": kind,
        "title": title[:200],
        # The door the request came through (the JSON API), for the job's history lines.
        "params": {**params, **({"channel": through} if (through := current_channel()) else {})},
        "language": translation.get_language() or settings.LANGUAGE_CODE,
        "user": user if getattr(user, "is_authenticated", False) else None,
        "tournament": tournament,
        "key": key,
        "back_url": back_url[:500],
    }
    if runs_in_process():
        job = Job.objects.create(**fields)
        return run(job.pk)
    try:
        with transaction.atomic():
            job = Job.objects.create(**fields)
            # Enqueued in the job's own transaction: a job is never recorded without its task.
            job.task_id = str(run_job.enqueue(str(job.pk)).id)[:64]
            job.save(update_fields=["task_id"])
    except IntegrityError:
        # Another request recorded the same key meanwhile: follow that job.
        existing = Job.objects.filter(key=key, status__in=ACTIVE).first()
        if existing is None:
            raise
        return _followed_by(existing, user)
    return job


def _followed_by(job: Job, user: Any) -> Job:
    """``job``, which ``user`` asked for too: they may follow it on its page."""
    pk = getattr(user, "pk", None)
    if getattr(user, "is_authenticated", False) and pk != job.user_id:
        with transaction.atomic():
            locked = Job.objects.select_for_update().get(pk=job.pk)
            if pk not in locked.followers:
                locked.followers = [*locked.followers, pk]
                locked.save(update_fields=["followers"])
        job.refresh_from_db()
    return job


def sweep(now: datetime.datetime | None = None) -> list[Job]:
    """Forget the jobs finished more than :data:`KEEP_DAYS` ago; queue again, or report
    *interrupted*, every running job whose heartbeat is older than
    :func:`stale_seconds` (its worker was killed or lost); the jobs changed. Run by every
    ``chessclub worker`` when it starts and then every minute."""
    now = now or timezone.now()
    # The finished jobs' rows are kept for a month (what the pages followed), then forgotten.
    Job.objects.filter(
        status__in=FINISHED, finished_at__lt=now - datetime.timedelta(days=KEEP_DAYS)
    ).delete()
    limit = now - datetime.timedelta(seconds=stale_seconds())
    changed: list[Job] = []
    for candidate in Job.objects.filter(status=Status.RUNNING, heartbeat_at__lt=limit):
        with transaction.atomic():
            # The job's row locked, then looked at again: two sweepers (two workers) never
            # queue it twice.
            job = Job.objects.select_for_update().get(pk=candidate.pk)
            if job.status != Status.RUNNING or job.heartbeat_at is None:
                continue
            if not job.task_id:
                # Run in a web process (no worker, no heartbeat): lost only once a request
                # could not be running any more.
                if job.started_at is None or job.started_at >= now - IN_PROCESS_LIMIT:
                    continue
            elif job.heartbeat_at >= limit:
                continue
            _forget_task(job.task_id)
            if job.task_id and job.attempts < MAX_ATTEMPTS and not runs_in_process():
                job.status = Status.QUEUED
                job.progress = ""
                job.task_id = str(run_job.enqueue(str(job.pk)).id)[:64]
                job.save(update_fields=["status", "progress", "task_id"])
                logger.warning("background job %s lost its worker: queued again", job.pk)
                changed.append(job)
                continue
            with translation.override(job.language):
                job.message = _(
                    "The work was interrupted (the process doing it stopped); nothing was "
                    "saved. Try again."
                )
            job.status = Status.INTERRUPTED
            job.status_code = 503
            job.finished_at = now
            job.save(update_fields=["status", "message", "status_code", "finished_at"])
            logger.warning("background job %s lost its worker: interrupted", job.pk)
            changed.append(job)
    return changed


def _forget_task(task_id: str) -> None:
    """Mark the queue's own record of a lost worker's task failed (it would stay *running*)."""
    if not task_id or runs_in_process():
        return
    try:
        from django_tasks.base import TaskResultStatus
        from django_tasks_db.models import DBTaskResult
    except ImportError:  # another backend keeps its own records
        return
    DBTaskResult.objects.filter(id=task_id, status=TaskResultStatus.RUNNING).update(
        status=TaskResultStatus.FAILED, finished_at=timezone.now()
    )


def queue_health() -> tuple[str, bool, str]:
    """For ``/health/``: whether the queue is served — in process, always; with workers, no
    job has waited more than :func:`stale_seconds` for one and none has lost its worker. No
    worker at all shows only once a job has waited that long (a worker leaves no row of its
    own to count)."""
    if runs_in_process():
        return ("queue", True, "tasks run in the web process")
    limit = timezone.now() - datetime.timedelta(seconds=stale_seconds())
    try:
        waiting = Job.objects.filter(status=Status.QUEUED, created_at__lt=limit).count()
        lost = Job.objects.filter(status=Status.RUNNING, heartbeat_at__lt=limit).count()
    except Exception as exc:  # the database away: its own check says why
        return ("queue", False, type(exc).__name__)
    ok = waiting == 0 and lost == 0
    return (
        "queue",
        ok,
        f"{waiting} waiting over {stale_seconds()} s, {lost} running without a heartbeat",
    )


def visible_to(job: Job, user: Any) -> bool:
    """Whether ``user`` may follow ``job``: who asked for it (first or meanwhile), and site
    staff."""
    if not getattr(user, "is_authenticated", False):
        return False
    if user.is_superuser:
        return True
    return (job.user_id is not None and job.user_id == user.pk) or user.pk in job.followers
