"""The federation lists in the Django admin: read-only. Imports and roll-backs go through the
site's *Listes fédérales* page or ``chessclub lists`` (``federation.services``), which keep the
versions and events; the site role is given in *Groups* (``federation data managers``) or with
``chessclub user federation-data USERNAME``."""

from typing import Any

from django.contrib import admin
from django.http import HttpRequest

from chessclub_web.federation.models import FederationList, ListEvent, ListVersion


class ReadOnly(admin.ModelAdmin):  # type: ignore[type-arg]
    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


@admin.register(FederationList)
class FederationListAdmin(ReadOnly):
    list_display = ("kind", "current")


@admin.register(ListVersion)
class ListVersionAdmin(ReadOnly):
    list_display = (
        "federation_list",
        "number",
        "source",
        "list_date",
        "records",
        "created",
        "updated",
        "removed",
        "imported_at",
        "imported_by",
        "rows_kept",
    )
    list_filter = ("federation_list",)


@admin.register(ListEvent)
class ListEventAdmin(ReadOnly):
    list_display = ("federation_list", "action", "version", "previous", "user", "at")
    list_filter = ("federation_list", "action")
