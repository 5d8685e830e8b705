from django.contrib import admin

from chessclub_web.tournaments.models import Bye, Game, Round, Tournament, TournamentPlayer


class TournamentPlayerInline(admin.TabularInline):
    model = TournamentPlayer
    extra = 0
    fields = ("pairing_number", "name", "rating", "fictitious_rating", "matricule", "fide_id")


class RoundInline(admin.TabularInline):
    model = Round
    extra = 0
    show_change_link = True


@admin.register(Tournament)
class TournamentAdmin(admin.ModelAdmin):
    list_display = ("name", "club", "kind", "time_control_category", "start_date", "end_date")
    list_filter = ("kind", "time_control_category", "system", "club")
    search_fields = ("name", "club__name", "club__number")
    raw_id_fields = ("creator",)
    inlines = (TournamentPlayerInline, RoundInline)


@admin.register(TournamentPlayer)
class TournamentPlayerAdmin(admin.ModelAdmin):
    list_display = ("pairing_number", "name", "rating", "tournament")
    list_filter = ("tournament",)
    search_fields = ("name", "matricule", "fide_id")


#: Results are entered on the *Échiquiers* pages only, where each change is versioned (R3)
#: and kept in the history (R5): the admin shows them read-only.
RESULT_FIELDS = ("result", "version")


class GameInline(admin.TabularInline):
    model = Game
    extra = 0
    raw_id_fields = ("white", "black")
    readonly_fields = RESULT_FIELDS


class ByeInline(admin.TabularInline):
    model = Bye
    extra = 0
    raw_id_fields = ("player",)


@admin.register(Round)
class RoundAdmin(admin.ModelAdmin):
    list_display = ("tournament", "number", "date")
    list_filter = ("tournament",)
    inlines = (GameInline, ByeInline)


@admin.register(Game)
class GameAdmin(admin.ModelAdmin):
    list_display = ("round", "board", "white", "black", "result")
    raw_id_fields = ("white", "black", "round")
    readonly_fields = RESULT_FIELDS


@admin.register(Bye)
class ByeAdmin(admin.ModelAdmin):
    list_display = ("round", "player", "kind")
    raw_id_fields = ("player", "round")
