"""The audit log in the admin: read-only, each line in the reader's language."""

from __future__ import annotations

from django.contrib import admin
from django.http import HttpRequest
from django.utils.translation import gettext_lazy as _

from chessclub_web.audit.models import Entry


@admin.register(Entry)
class EntryAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    """Lines are written by the services only (who, when, what): the admin shows them as each
    reader's language words them (:attr:`Entry.text`) and adds, changes and deletes none."""

    list_display = ("at", "action", "tournament", "round_number", "board", "username", "text")
    list_filter = ("action",)
    list_select_related = ("tournament",)
    search_fields = ("description", "username")
    fields = (
        "at",
        "action",
        "tournament",
        "round_number",
        "board",
        "username",
        "text",
        "message",
        "params",
        "old",
        "new",
    )
    readonly_fields = fields

    @admin.display(description=_("change"))
    def text(self, obj: Entry) -> str:
        return obj.text

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: object = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: object = None) -> bool:
        """Never from the log's own pages; a tournament's deletion (its admin page lists its
        lines among what goes with it) takes them along."""
        match = request.resolver_match
        own_page = match is None or (match.url_name or "").startswith("audit_")
        return obj is not None and not own_page and super().has_delete_permission(request, obj)
