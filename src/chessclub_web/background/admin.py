"""Background jobs in the admin: read-only (the services write them), newest first, so that
site staff see what waits, what runs and what failed."""

from __future__ import annotations

from typing import Any

from django.contrib import admin
from django.http import HttpRequest

from chessclub_web.background.models import Job


@admin.register(Job)
class JobAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    list_display = ("created_at", "title", "status", "attempts", "user", "finished_at")
    list_filter = ("status", "kind")
    search_fields = ("title", "message")
    fields = (
        "title",
        "kind",
        "status",
        "progress",
        "message",
        "status_code",
        "result_url",
        "params",
        "result",
        "user",
        "tournament",
        "attempts",
        "task_id",
        "created_at",
        "started_at",
        "heartbeat_at",
        "finished_at",
    )
    readonly_fields = fields

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False
