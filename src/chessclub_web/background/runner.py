"""Running a background job once (:func:`run`) and marking it done (:func:`complete`); the
queue's task (``tasks.run_job``) and, in process, ``services.submit`` call :func:`run`.

- :func:`run`: a finished job is left as it is (a task delivered twice does nothing the
  second time); a refusal of the rules makes it *refused* with the message and status the page
  would have shown; any other error makes it *failed* (logged), nothing stored.
- :func:`complete`: inside the handler's storing transaction.
"""

from __future__ import annotations

import contextlib
import datetime
import logging
import threading
import uuid
from collections.abc import Iterator
from typing import Any

from django.conf import settings
from django.db import connection, transaction
from django.utils import timezone, translation
from django.utils.translation import gettext as _

from chessclub_web.audit.services import channel
from chessclub_web.background.models import Job, Status
from chessclub_web.background.registry import Outcome, registration
from chessclub_web.refusals import Refused

logger = logging.getLogger("chessclub_web.background")

#: A running job's worker writes its heartbeat this often (seconds).
HEARTBEAT_SECONDS = 5.0


def runs_in_process() -> bool:
    """Whether jobs run in the process that submits them (``CHESSCLUB_TASKS=immediate``, the
    default) rather than in ``chessclub worker`` processes."""
    backend = settings.TASKS.get("default", {}).get("BACKEND", "")
    return backend.endswith("ImmediateBackend")


def stale_seconds() -> int:
    """A running job whose heartbeat is older than this (seconds) has lost its worker
    (``CHESSCLUB_JOB_STALE_SECONDS``, default 120; the heartbeat comes every 5 s)."""
    return int(getattr(settings, "CHESSCLUB_JOB_STALE_SECONDS", 120))


def _claim(job_id: uuid.UUID) -> Job | None:
    """Mark the job running (one more attempt) and return it; ``None`` when it is finished or
    gone (nothing to do)."""
    with transaction.atomic():
        job = Job.objects.select_for_update().filter(pk=job_id).first()
        if job is None or job.is_finished:
            return None
        now = timezone.now()
        if job.status == Status.RUNNING and job.heartbeat_at is not None:
            fresh = now - datetime.timedelta(seconds=stale_seconds())
            if job.heartbeat_at >= fresh:
                return None  # the same job delivered again while a worker runs it
        job.status = Status.RUNNING
        job.attempts += 1
        job.started_at = now
        job.heartbeat_at = now
        job.save(update_fields=["status", "attempts", "started_at", "heartbeat_at"])
        return job


def run(job_id: uuid.UUID) -> Job:
    """Run the job ``job_id`` once and return its row as it ends (see the module docstring);
    a job finished, or running in a worker whose heartbeat is fresh, is left as it is."""
    job = _claim(job_id)
    if job is None:
        return Job.objects.get(pk=job_id)
    entry = registration(job.kind)
    logger.info(
        "job %s (%s, %s) started, attempt %s: %s",
        job.pk,
        job.kind,
        f"tournament {job.tournament_id}",
        job.attempts,
        job.title,
    )
    through = job.params.get("channel", "") if isinstance(job.params, dict) else ""
    with translation.override(job.language), channel(through), _heartbeat(job) as progress:
        try:
            if entry is None:
                raise RuntimeError(f"no handler for background jobs of kind {job.kind!r}")
            if entry.atomic:
                with transaction.atomic():
                    outcome = entry.handler(job, progress)
                    complete(job, outcome)
            else:
                outcome = entry.handler(job, progress)
                complete(job, outcome)
        except Refused as exc:
            _finish(job, Status.REFUSED, str(exc), status_code=exc.status, field=exc.field)
        except Exception:
            logger.exception("background job %s (%s) failed", job.pk, job.kind)
            _finish(
                job,
                Status.FAILED,
                _("The work stopped on an unexpected error; nothing was saved. Try again."),
                status_code=500,
            )
    ended = Job.objects.get(pk=job.pk)
    logger.info("job %s (%s) ended: %s", ended.pk, ended.kind, ended.status)
    return ended


def complete(job: Job, outcome: Outcome) -> None:
    """Mark ``job`` done with ``outcome``; inside the transaction that stores its result, so
    that both are stored or neither. A job already finished is left as it is."""
    Job.objects.filter(pk=job.pk, status=Status.RUNNING).update(
        status=Status.DONE,
        message=outcome.message,
        result_url=outcome.url[:500],
        result=dict(outcome.result),
        status_code=200,
        progress="",
        finished_at=timezone.now(),
    )


def _finish(job: Job, status: str, message: str, *, status_code: int, field: str = "") -> None:
    Job.objects.filter(pk=job.pk, status=Status.RUNNING).update(
        status=status,
        message=message,
        status_code=status_code,
        field=field[:60],
        progress="",
        finished_at=timezone.now(),
    )


@contextlib.contextmanager
def _heartbeat(job: Job) -> Iterator[Any]:
    """While the job runs in a worker, a thread writes its heartbeat and latest progress every
    :data:`HEARTBEAT_SECONDS` on its own database connection (the job's own work may hold a
    long transaction). In process, progress is kept for nothing: the request is waiting."""
    latest: dict[str, str] = {}

    def progress(text: str) -> None:
        latest["text"] = text[:200]

    if runs_in_process():
        yield progress
        return
    stop = threading.Event()

    def beat() -> None:
        try:
            while not stop.wait(HEARTBEAT_SECONDS):
                changes: dict[str, Any] = {"heartbeat_at": timezone.now()}
                if "text" in latest:
                    changes["progress"] = latest["text"]
                try:
                    Job.objects.filter(pk=job.pk, status=Status.RUNNING).update(**changes)
                except Exception:  # a busy database: the next beat tries again
                    logger.warning("heartbeat of background job %s not written", job.pk)
        finally:
            connection.close()

    thread = threading.Thread(target=beat, name=f"heartbeat-{job.pk}", daemon=True)
    thread.start()
    try:
        yield progress
    finally:
        stop.set()
        thread.join(timeout=HEARTBEAT_SECONDS * 2)
