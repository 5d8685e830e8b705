"""The row of a background job (:class:`Job`); see the package's docstring."""

from __future__ import annotations

import uuid

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _


class Status(models.TextChoices):
    QUEUED = "queued", _("waiting for a worker")
    RUNNING = "running", _("running")
    DONE = "done", _("done")
    REFUSED = "refused", _("refused")
    FAILED = "failed", _("failed")
    INTERRUPTED = "interrupted", _("interrupted")


#: The statuses of a job still to finish (one such job per key at most).
ACTIVE = (Status.QUEUED, Status.RUNNING)
#: The statuses of a finished job: running it again changes nothing.
FINISHED = (Status.DONE, Status.REFUSED, Status.FAILED, Status.INTERRUPTED)


class Job(models.Model):
    """One piece of background work.

    ``kind`` names its handler (``registry``); ``params`` its JSON arguments; ``key`` makes it
    unique while active (the same round asked twice is one job: a double click, two arbiters);
    ``language`` the language of the page that asked (its messages are written in it);
    ``followers`` the other users who asked for the same key meanwhile (they see its page).
    ``status``: :class:`Status`; ``attempts`` how many times a worker started it (a worker
    killed meanwhile: started again, at most ``MAX_ATTEMPTS`` times, then *interrupted*);
    ``heartbeat_at`` when the running worker last said it was alive. The outcome: ``message``
    (what the user reads), ``status_code`` (the HTTP status a refusal answers), ``field`` (the
    form field a refusal concerns), ``result_url`` (the page of the result) and ``result``
    (JSON). Deleted with its tournament.
    """

    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    kind = models.CharField(_("kind"), max_length=40)
    key = models.CharField(max_length=200, blank=True, default="")
    title = models.CharField(_("title"), max_length=200)
    params = models.JSONField(default=dict, blank=True)
    language = models.CharField(max_length=12, default="fr")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    #: The ids of the other users who asked for the same work while it ran (they follow it).
    followers = models.JSONField(default=list, blank=True)
    tournament = models.ForeignKey(
        "tournaments.Tournament",
        null=True,
        blank=True,
        on_delete=models.CASCADE,
        related_name="jobs",
    )
    status = models.CharField(
        _("status"), max_length=12, choices=Status.choices, default=Status.QUEUED
    )
    progress = models.CharField(_("progress"), max_length=200, blank=True, default="")
    message = models.TextField(blank=True, default="")
    status_code = models.PositiveSmallIntegerField(default=200)
    field = models.CharField(max_length=60, blank=True, default="")
    result_url = models.CharField(max_length=500, blank=True, default="")
    back_url = models.CharField(max_length=500, blank=True, default="")
    result = models.JSONField(default=dict, blank=True)
    attempts = models.PositiveSmallIntegerField(default=0)
    task_id = models.CharField(max_length=64, blank=True, default="")
    created_at = models.DateTimeField(auto_now_add=True)
    started_at = models.DateTimeField(null=True, blank=True)
    heartbeat_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ("-created_at",)
        verbose_name = _("background job")
        verbose_name_plural = _("background jobs")
        constraints = (
            models.UniqueConstraint(
                fields=["key"],
                condition=Q(status__in=["queued", "running"]) & ~Q(key=""),
                name="background_one_active_job_per_key",
            ),
        )
        indexes = (models.Index(fields=["status", "heartbeat_at"], name="background_status_beat"),)

    def __str__(self) -> str:
        return f"{self.title} ({self.get_status_display()})"

    @property
    def is_finished(self) -> bool:
        return self.status in FINISHED
