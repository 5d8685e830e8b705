from django.contrib import admin

from chessclub_web.clubs.models import Club, Membership


class MembershipInline(admin.TabularInline):  # type: ignore[type-arg]  # generic in the stubs only
    model = Membership
    extra = 0
    autocomplete_fields = ("user",)


@admin.register(Club)
class ClubAdmin(admin.ModelAdmin):  # type: ignore[type-arg]  # generic in the stubs only
    list_display = ("name", "number", "public")
    list_filter = ("public",)
    search_fields = ("name", "number")
    inlines = (MembershipInline,)


@admin.register(Membership)
class MembershipAdmin(admin.ModelAdmin):  # type: ignore[type-arg]  # generic in the stubs only
    list_display = ("user", "club", "role")
    list_filter = ("role", "club")
    search_fields = ("user__username", "club__name", "club__number")
    autocomplete_fields = ("user", "club")
