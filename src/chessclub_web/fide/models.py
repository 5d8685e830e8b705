"""Rows of the fide app: FIDE's rating list, one row per FIDE ID (site data), and what each
import of it was.

The combined list has some 1.9 million players: it is not copied per version as the Belgian and
Swiss lists are. Each import is a :class:`~chessclub_web.federation.models.ListVersion` (who,
when, the file, the counts) and updates :class:`FidePlayer` in place (``changed_in``: the
version that added the row or last changed it), so that an earlier version cannot be made
current again: import its file instead. :class:`FideImport`
keeps what the reader said of the file (layout, time control, the lines left out and why).
"""

from __future__ import annotations

from typing import Any

from django.db import models
from django.db.backends.base.base import BaseDatabaseWrapper
from django.utils.translation import gettext_lazy as _

from chessclub.formats.fide_list import TEXT_LIMITS
from chessclub_web.federation.models import ListVersion


class BytewiseCharField(models.CharField):  # type: ignore[type-arg]
    """Text compared byte by byte on every database (PostgreSQL: ``COLLATE "C"``; SQLite's
    ``BINARY`` is so already), so that a B-tree index on it serves a prefix as a range
    (``"leko" <= name_key < "lekp"``) and the order of the search's results."""

    def db_parameters(self, connection: BaseDatabaseWrapper) -> dict[str, Any]:
        parameters = super().db_parameters(connection)
        if connection.vendor == "postgresql":
            parameters["collation"] = "C"
        return parameters


class FidePlayer(models.Model):
    """One player of FIDE's list as last imported (spec ``rating-lists.md`` §1.2): ``""`` where
    the list gives no text, ``None`` where it gives no number. ``flag`` is the combined list's
    (it describes the standard rating: ``i`` inactive, ``w`` woman); the rapid and blitz lists'
    own inactivity is in ``rapid_inactive``/``blitz_inactive`` once such a list was imported.
    ``name_key``: the name as the search reads it (``federation.search.name_key``)."""

    fide_id = models.PositiveBigIntegerField(_("FIDE ID"), primary_key=True)
    name = models.CharField(_("name"), max_length=TEXT_LIMITS["name"])
    name_key = BytewiseCharField(_("name as searched"), max_length=TEXT_LIMITS["name"])
    federation = models.CharField(_("federation"), max_length=TEXT_LIMITS["federation"], blank=True)
    sex = models.CharField(_("sex"), max_length=TEXT_LIMITS["sex"], blank=True)
    title = models.CharField(_("title"), max_length=TEXT_LIMITS["title"], blank=True)
    w_title = models.CharField(_("women's title"), max_length=TEXT_LIMITS["w_title"], blank=True)
    o_title = models.CharField(_("other titles"), max_length=TEXT_LIMITS["o_title"], blank=True)
    foa_title = models.CharField(
        _("FIDE Online Arena title"), max_length=TEXT_LIMITS["foa_title"], blank=True
    )
    standard_rating = models.PositiveIntegerField(_("standard rating"), null=True, blank=True)
    standard_games = models.PositiveIntegerField(_("standard games"), null=True, blank=True)
    standard_k = models.PositiveIntegerField(_("standard K"), null=True, blank=True)
    rapid_rating = models.PositiveIntegerField(_("rapid rating"), null=True, blank=True)
    rapid_games = models.PositiveIntegerField(_("rapid games"), null=True, blank=True)
    rapid_k = models.PositiveIntegerField(_("rapid K"), null=True, blank=True)
    blitz_rating = models.PositiveIntegerField(_("blitz rating"), null=True, blank=True)
    blitz_games = models.PositiveIntegerField(_("blitz games"), null=True, blank=True)
    blitz_k = models.PositiveIntegerField(_("blitz K"), null=True, blank=True)
    birth_year = models.PositiveIntegerField(_("birth year"), null=True, blank=True)
    flag = models.CharField(_("flag"), max_length=TEXT_LIMITS["flag"], blank=True)
    rapid_inactive = models.BooleanField(_("inactive in rapid"), default=False)
    blitz_inactive = models.BooleanField(_("inactive in blitz"), default=False)
    # No index and no database constraint: 1.9 million rows would each queue a check at commit
    # (PostgreSQL's deferred constraint triggers: a third of an import's time) against
    # versions, which are never deleted.
    changed_in = models.ForeignKey(
        ListVersion,
        on_delete=models.PROTECT,
        related_name="+",
        db_index=False,
        db_constraint=False,
        verbose_name=_("last changed in"),
    )

    class Meta:
        verbose_name = _("FIDE player")
        verbose_name_plural = _("FIDE players")
        indexes = (models.Index(fields=["name_key"], name="fide_player_name_key"),)

    def __str__(self) -> str:
        return f"{self.name} ({self.fide_id})"

    @property
    def standard_inactive(self) -> bool:
        """The combined (or standard) list's flag says inactive."""
        return "i" in self.flag


class FideImport(models.Model):
    """What one import read: the layout (combined or one time control, TXT or XML), the time
    control of a per-time-control list (``""``: the combined list), and the problems the reader
    reported (the lines left out, the notes; each ``{"line", "column", "template", "params"}``,
    translated when shown) with how many more were only counted."""

    version = models.OneToOneField(
        ListVersion,
        on_delete=models.CASCADE,
        primary_key=True,
        related_name="fide_import",
        verbose_name=_("version"),
    )
    layout = models.CharField(_("layout"), max_length=16)
    time_control = models.CharField(_("time control"), max_length=8, blank=True)
    skipped = models.PositiveIntegerField(_("lines left out"), default=0)
    problems = models.JSONField(_("problems"), default=list, blank=True)
    omitted = models.PositiveIntegerField(_("problems not listed"), default=0)

    class Meta:
        verbose_name = _("FIDE list import")
        verbose_name_plural = _("FIDE list imports")

    def __str__(self) -> str:
        return f"{self.version} ({self.layout})"
