from django.contrib import admin

from chessclub_web.accounts.models import ApiToken


@admin.register(ApiToken)
class ApiTokenAdmin(admin.ModelAdmin):  # type: ignore[type-arg]  # generic in the stubs only
    """Tokens are listed for staff (who may revoke one by setting *revoked at*); the secret is
    never stored, so it is never shown."""

    list_display = ("name", "lead", "user", "club", "created_at", "last_used_at", "revoked_at")
    list_filter = ("revoked_at",)
    search_fields = ("name", "lead", "user__username")
    readonly_fields = ("user", "club", "lead", "scopes", "created_at", "last_used_at")
