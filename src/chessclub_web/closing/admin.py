"""Admin of the closing app: its rows read-only, and the tournament's closing fields shown
read-only (spec C1: the admin cannot reopen a closed tournament either)."""

from __future__ import annotations

from typing import Any

from django.contrib import admin
from django.http import HttpRequest

from chessclub_web.closing.models import Closure, EloRow, FinalStanding
from chessclub_web.tournaments import admin as tournament_admin
from chessclub_web.tournaments.models import Tournament


class ClosedTournamentAdmin(tournament_admin.TournamentAdmin):
    """The tournaments' admin with ``closed_at``/``closed_by`` shown read-only; a closed
    tournament cannot be deleted (its rounds are locked, see ``closing.guards``)."""

    readonly_fields = ("closed_at", "closed_by")

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        if obj is not None and obj.is_closed:
            return False
        return super().has_delete_permission(request, obj)


if admin.site.is_registered(Tournament):
    admin.site.unregister(Tournament)
admin.site.register(Tournament, ClosedTournamentAdmin)


class ReadOnlyAdmin(admin.ModelAdmin):
    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


@admin.register(Closure)
class ClosureAdmin(ReadOnlyAdmin):
    list_display = ("tournament", "closed_at", "closed_by")


@admin.register(FinalStanding)
class FinalStandingAdmin(ReadOnlyAdmin):
    list_display = ("tournament", "rank", "name", "points")
    list_filter = ("tournament",)


@admin.register(EloRow)
class EloRowAdmin(ReadOnlyAdmin):
    list_display = ("tournament", "player", "time_control", "ro", "k", "games", "delta", "rn")
    list_filter = ("time_control",)
