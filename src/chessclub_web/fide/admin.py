"""FIDE's list in the Django admin: read-only (imports go through the site's *Listes fédérales*
page or ``chessclub lists import-fide``, which keep the versions)."""

from django.contrib import admin

from chessclub_web.federation.admin import ReadOnly
from chessclub_web.fide.models import FideImport, FidePlayer


@admin.register(FidePlayer)
class FidePlayerAdmin(ReadOnly):
    list_display = (
        "fide_id",
        "name",
        "federation",
        "title",
        "standard_rating",
        "rapid_rating",
        "blitz_rating",
        "birth_year",
        "flag",
    )
    search_fields = ("=fide_id", "name_key")
    show_full_result_count = False  # 1.9 million rows: no second COUNT(*) per page


@admin.register(FideImport)
class FideImportAdmin(ReadOnly):
    list_display = ("version", "layout", "time_control", "skipped", "omitted")
