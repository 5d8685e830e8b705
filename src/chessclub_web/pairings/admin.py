"""The pairing history in the admin: read-only, each line in the reader's language."""

from __future__ import annotations

from django.contrib import admin
from django.http import HttpRequest
from django.utils.translation import gettext_lazy as _

from chessclub_web.pairings.models import PairingChange


@admin.register(PairingChange)
class PairingChangeAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    """Lines are written by the pairing pages only (who, when, what): the admin shows them
    as each reader's language words them (:attr:`PairingChange.text`) and changes nothing."""

    list_display = ("at", "tournament", "round_number", "user", "text")
    list_filter = ("tournament",)
    list_select_related = ("tournament", "user")
    fields = ("at", "tournament", "round_number", "user", "text", "message", "params")
    readonly_fields = fields

    @admin.display(description=_("change"))
    def text(self, obj: PairingChange) -> str:
        return obj.text

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: object = None) -> bool:
        return False
