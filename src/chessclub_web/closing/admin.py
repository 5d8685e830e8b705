"""Admin of the closing app: its rows read-only, and a closed tournament read-only in the admin
too (spec C1: "no code path, the admin included, can reopen it").

The tournaments app registers the admins of tournaments, entries, rounds, boards and byes; they
are registered again here with the lock of ``closing.guards`` shown in the admin instead of
failing on save: for a closed tournament ``closed_at``/``closed_by`` and what the club Elo was
computed from (club, kind, system, time-control category) are read-only; its entries, rounds,
boards and byes can be viewed but neither changed, added nor deleted (results are corrected on
the results page, which keeps the history and recomputes the club Elo, C3); the tournament
cannot be deleted, alone or with the *delete selected* action. A row added or moved into a
closed tournament is refused with a message on the form. Entries are read-only in the admin
for every tournament, open ones too (``tournaments.admin``: they go through
``pairings.services``).
"""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib import admin
from django.core.exceptions import ValidationError
from django.db.models import Model
from django.http import HttpRequest
from django.utils.translation import gettext_lazy as _

from chessclub_web.closing.guards import LOCKED_TOURNAMENT_FIELDS
from chessclub_web.closing.models import Closure, EloRow, FinalStanding
from chessclub_web.tournaments import admin as tournament_admin
from chessclub_web.tournaments.models import Bye, Game, Round, Tournament, TournamentPlayer

CLOSED_MESSAGE = _("This tournament is closed: its rounds, boards, byes and entries stay.")


def tournament_of(obj: Any) -> Tournament | None:
    """The tournament of an entry, round, board or bye (``None`` for an unsaved one)."""
    if obj is None:
        return None
    if isinstance(obj, Tournament):
        return obj
    if isinstance(obj, TournamentPlayer | Round):
        return obj.tournament if obj.tournament_id else None
    round_row = obj.round if obj.round_id else None
    return round_row.tournament if round_row is not None else None


def is_locked(obj: Any) -> bool:
    """Whether ``obj`` belongs to a closed tournament (as stored)."""
    tournament = tournament_of(obj)
    return (
        tournament is not None
        and Tournament.objects.filter(pk=tournament.pk, closed_at__isnull=False).exists()
    )


class NotIntoClosedForm(forms.ModelForm):  # type: ignore[type-arg]  # generic in the stubs only
    """Refuses a row linked to a closed tournament (an added row, or one moved there)."""

    def clean(self) -> dict[str, Any]:
        super().clean()
        cleaned = self.cleaned_data
        candidate = self.instance
        for name, value in cleaned.items():
            if name in ("tournament", "round", "white", "black", "player") and value is not None:
                setattr(candidate, name, value)
        if is_locked(candidate):
            raise ValidationError(CLOSED_MESSAGE)
        return cleaned


class LockedRowAdmin(admin.ModelAdmin):  # type: ignore[type-arg]  # generic in the stubs only
    """The rows of a closed tournament: viewed, never changed or deleted."""

    form = NotIntoClosedForm

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        if obj is not None and is_locked(obj):
            return False
        return super().has_change_permission(request, obj)

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        if obj is not None and is_locked(obj):
            return False
        return super().has_delete_permission(request, obj)


class LockedInlineMixin:
    """An inline of a closed tournament's (or round's) rows: view only."""

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        if obj is not None and is_locked(obj):
            return False
        return bool(super().has_add_permission(request, obj))  # type: ignore[misc]  # a mixin

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        if obj is not None and is_locked(obj):
            return False
        return bool(super().has_change_permission(request, obj))  # type: ignore[misc]  # a mixin

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        if obj is not None and is_locked(obj):
            return False
        return bool(super().has_delete_permission(request, obj))  # type: ignore[misc]  # a mixin


class LockedTournamentPlayerInline(LockedInlineMixin, tournament_admin.TournamentPlayerInline):
    pass


class LockedRoundInline(LockedInlineMixin, tournament_admin.RoundInline):
    pass


class LockedGameInline(LockedInlineMixin, tournament_admin.GameInline):
    pass


class LockedByeInline(LockedInlineMixin, tournament_admin.ByeInline):
    pass


class ClosedTournamentAdmin(tournament_admin.TournamentAdmin):
    """The tournaments' admin with ``closed_at``/``closed_by`` shown read-only; for a closed
    tournament the club, kind, system and time-control category are read-only too, its rows
    view-only, and it cannot be deleted (its rounds are locked, see ``closing.guards``)."""

    readonly_fields = ("closed_at", "closed_by")
    inlines = (LockedTournamentPlayerInline, LockedRoundInline)

    def get_readonly_fields(self, request: HttpRequest, obj: Any = None) -> Any:
        fields = tuple(super().get_readonly_fields(request, obj))
        if obj is not None and obj.pk is not None and is_locked(obj):
            locked = tuple(name.removesuffix("_id") for name in LOCKED_TOURNAMENT_FIELDS)
            fields += tuple(name for name in locked if name not in fields)
        return fields

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        if obj is not None and obj.is_closed:
            return False
        return super().has_delete_permission(request, obj)


class LockedTournamentPlayerAdmin(LockedRowAdmin, tournament_admin.TournamentPlayerAdmin):
    form = NotIntoClosedForm


class LockedRoundAdmin(LockedRowAdmin, tournament_admin.RoundAdmin):
    form = NotIntoClosedForm
    inlines = (LockedGameInline, LockedByeInline)


class LockedGameAdmin(LockedRowAdmin, tournament_admin.GameAdmin):
    form = NotIntoClosedForm


class LockedByeAdmin(LockedRowAdmin, tournament_admin.ByeAdmin):
    form = NotIntoClosedForm


REGISTRY: tuple[tuple[type[Model], type[admin.ModelAdmin[Any]]], ...] = (
    (Tournament, ClosedTournamentAdmin),
    (TournamentPlayer, LockedTournamentPlayerAdmin),
    (Round, LockedRoundAdmin),
    (Game, LockedGameAdmin),
    (Bye, LockedByeAdmin),
)
for model, model_admin in REGISTRY:
    if admin.site.is_registered(model):
        admin.site.unregister(model)
    admin.site.register(model, model_admin)


class ReadOnlyAdmin(admin.ModelAdmin):  # type: ignore[type-arg]  # generic in the stubs only
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
