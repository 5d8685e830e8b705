"""The job's page (``/jobs/<id>/``) and :func:`follow`, which the pages that start a job use.

Without JavaScript the page reloads itself every :data:`REFRESH_SECONDS` while the job runs
(an HTML refresh), then goes to the result's page; no web server's time limit applies to the
work, only to each short reload.
"""

from __future__ import annotations

import uuid

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils import timezone
from django.views.decorators.http import require_safe

from chessclub_web.background import services
from chessclub_web.background.models import Job, Status

#: How often the page of a running job reloads itself (seconds).
REFRESH_SECONDS = 2


def follow(request: HttpRequest, job: Job) -> HttpResponse | None:
    """Where a page goes after starting ``job``: a done job to its result's page (its message
    shown there), a queued or running one to the job's page; ``None`` for a refused or failed
    one — the page shows ``job.message`` itself, with ``job.status_code``."""
    if job.status == Status.DONE:
        if job.message:
            messages.success(request, job.message)
        return redirect(job.result_url or job.back_url or "home")
    if job.status in (Status.QUEUED, Status.RUNNING):
        return redirect("job", job.pk)
    return None


@require_safe
def job_page(request: HttpRequest, job_id: uuid.UUID) -> HttpResponse:
    """A job's progress for who asked for it (site staff too); 404 for anyone else."""
    job = Job.objects.filter(pk=job_id).first()
    if job is None or not services.visible_to(job, request.user):
        raise Http404
    if job.status == Status.RUNNING:
        services.sweep()
        job.refresh_from_db()
    if job.status == Status.DONE:
        if job.message:
            messages.success(request, job.message)
        return redirect(job.result_url or job.back_url or "home")
    active = job.status in (Status.QUEUED, Status.RUNNING)
    since = job.started_at or job.created_at
    elapsed = int((timezone.now() - since).total_seconds())
    response = render(
        request,
        "background/job.html",
        {
            "job": job,
            "active": active,
            "elapsed": elapsed,
            "refresh": REFRESH_SECONDS,
            "waiting_long": job.status == Status.QUEUED and elapsed > services.stale_seconds(),
        },
        status=200 if active else job.status_code,
    )
    response["Cache-Control"] = "no-store"
    return response
