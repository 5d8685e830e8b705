"""The Django admin of tournaments, entries, rounds, boards and byes (site staff only).

**Entries are read-only here.** An entry is added, corrected or removed only through
``pairings.services`` (``add_player``, ``update_entry``, ``remove_player``: the *Inscriptions*
page, the club's FRBE player list, a team's roster), which lock the tournament, check the
entry rules on its state under that lock (a round robin whose first round is paired takes no
one; a late entrant gets the byes of the rounds missed; pairing numbers follow the rating until
they freeze; a closed tournament changes nothing but the federation details) and write the
history. The admin did none of this: an entry added here had no game, no bye and no history
line in a round already paired. So :class:`TournamentPlayerAdmin` and the entries' inline of
:class:`TournamentAdmin` refuse adding, changing and deleting (``has_*_permission`` False, for
superusers too; the views still show the rows). Deleting a whole (open) tournament deletes its
entries with it: that is no change of an entry inside a tournament, and is still allowed.

**Rounds, boards and byes are read-only too**, for the same reason: they are paired, edited
by hand, published, unpaired and given results through ``pairings.services`` and
``results.services`` (the tournament's lock, FIDE's absolute criteria on hand edits, the round
state, the history); an admin edit of a board skipped all of it.
"""

from typing import Any

from django.contrib import admin
from django.http import HttpRequest

from chessclub_web.tournaments.models import Bye, Game, Round, Tournament, TournamentPlayer


class ReadOnlyEntries:
    """Entries, rounds, boards and byes change through the services only (see the module
    docstring): no add, change or delete permission in the admin."""

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


class TournamentPlayerInline(ReadOnlyEntries, admin.TabularInline):  # type: ignore[type-arg]
    model = TournamentPlayer
    extra = 0
    fields = ("pairing_number", "name", "rating", "fictitious_rating", "matricule", "fide_id")


class RoundInline(ReadOnlyEntries, admin.TabularInline):  # type: ignore[type-arg]
    model = Round
    extra = 0
    show_change_link = True


@admin.register(Tournament)
class TournamentAdmin(admin.ModelAdmin):  # type: ignore[type-arg]  # generic in the stubs only
    list_display = ("name", "club", "kind", "time_control_category", "start_date", "end_date")
    list_filter = ("kind", "time_control_category", "system", "club")
    search_fields = ("name", "club__name", "club__number")
    raw_id_fields = ("creator",)
    inlines = (TournamentPlayerInline, RoundInline)

    def get_deleted_objects(self, objs: Any, request: HttpRequest) -> Any:
        """Deleting a tournament deletes its entries with it (no change of an entry inside a
        tournament): their read-only admin does not stand in the way."""
        deleted, counts, perms_needed, protected = super().get_deleted_objects(objs, request)
        rows = {str(m._meta.verbose_name) for m in (TournamentPlayer, Round, Game, Bye)}
        perms_needed = {name for name in perms_needed if str(name) not in rows}
        return deleted, counts, perms_needed, protected


@admin.register(TournamentPlayer)
class TournamentPlayerAdmin(ReadOnlyEntries, admin.ModelAdmin):  # type: ignore[type-arg]
    """Entries, read-only (see the module docstring)."""

    list_display = ("pairing_number", "name", "rating", "tournament")
    list_filter = ("tournament",)
    search_fields = ("name", "matricule", "fide_id")


#: Results are entered on the *Échiquiers* pages only, where each change is versioned (R3)
#: and kept in the history (R5): the admin shows them read-only.
RESULT_FIELDS = ("result", "version")


class GameInline(ReadOnlyEntries, admin.TabularInline):  # type: ignore[type-arg]
    model = Game
    extra = 0
    raw_id_fields = ("white", "black")
    readonly_fields = RESULT_FIELDS


class ByeInline(ReadOnlyEntries, admin.TabularInline):  # type: ignore[type-arg]
    model = Bye
    extra = 0
    raw_id_fields = ("player",)


@admin.register(Round)
class RoundAdmin(ReadOnlyEntries, admin.ModelAdmin):  # type: ignore[type-arg]
    list_display = ("tournament", "number", "date")
    list_filter = ("tournament",)
    inlines = (GameInline, ByeInline)


@admin.register(Game)
class GameAdmin(ReadOnlyEntries, admin.ModelAdmin):  # type: ignore[type-arg]
    list_display = ("round", "board", "white", "black", "result")
    raw_id_fields = ("white", "black", "round")
    readonly_fields = RESULT_FIELDS


@admin.register(Bye)
class ByeAdmin(ReadOnlyEntries, admin.ModelAdmin):  # type: ignore[type-arg]
    list_display = ("round", "player", "kind")
    raw_id_fields = ("player", "round")
