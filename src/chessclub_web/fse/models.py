"""Rows of the fse app: the FSE ranking list (site data in versions, spec W1–W9) and
each closed tournament's FSE options.

The ranking list is one federation list of the site (``chessclub_web.federation``): each import
is a :class:`~chessclub_web.federation.models.ListVersion` holding one :class:`ListRow` per line
of the uploaded CSV (the layout ``chessclub fse rating-run --list`` reads,
:mod:`chessclub.ratings.fse.listfile`); the version's ``list_date`` is the list's date (W9).
The forecast pages turn the current version's rows back into the core's
:class:`~chessclub.ratings.fse.ListEntry` rows.
"""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _

from chessclub_web.federation.models import CurrentListRows, ListKind, ListVersion


class ListRow(models.Model):
    """One line of a version of the list (columns of :data:`chessclub.ratings.fse.COLUMNS`).
    ``ListRow.objects`` holds the current version's rows only; ``all_versions`` every kept
    one."""

    version = models.ForeignKey(
        ListVersion, on_delete=models.CASCADE, related_name="fse_rows", verbose_name=_("list")
    )
    line = models.PositiveIntegerField(_("line"))
    code = models.TextField(_("federation code"))
    name = models.TextField(_("name"))
    #: The name as the registration search reads it (``federation.search.name_key``).
    name_key = models.TextField(_("searched name"), blank=True, editable=False)
    points = models.PositiveSmallIntegerField(_("points"), null=True, blank=True)
    games = models.PositiveIntegerField(_("games since entry"), default=0)
    entry_date = models.DateField(_("entry date"), null=True, blank=True)
    birth_date = models.DateField(_("birth date"), null=True, blank=True)
    last_active = models.DateField(_("last countable game"), null=True, blank=True)
    fide_id = models.TextField(_("FIDE ID"), blank=True)
    foreign_rating = models.PositiveSmallIntegerField(_("foreign rating"), null=True, blank=True)
    pending_games = models.PositiveIntegerField(_("games collected"), default=0)
    pending_opponents = models.PositiveIntegerField(_("opponents' points"), default=0)
    pending_score = models.CharField(_("score collected"), max_length=32, default="0")

    all_versions = models.Manager()
    objects = CurrentListRows(ListKind.FSE)

    class Meta:
        verbose_name = _("FSE list row")
        verbose_name_plural = _("FSE list rows")
        ordering = ("line",)
        constraints = (
            models.UniqueConstraint(fields=("version", "code"), name="fse_list_row_version_code"),
        )

    def __str__(self) -> str:
        return f"{self.code} {self.name}"


class TournamentFseOptions(models.Model):
    """What a closed tournament's file does not say, for the FSE list (spec W4, W5):
    its time control, and whether it is a national team/cup/individual championship (all games
    count, unrated players valued at ``unrated_value``; W5 not applied)."""

    tournament = models.OneToOneField(
        "tournaments.Tournament",
        on_delete=models.CASCADE,
        related_name="fse_options",
        verbose_name=_("tournament"),
    )
    time_control = models.CharField(
        _("time control"),
        max_length=100,
        blank=True,
        help_text=_("Empty: the time control of the file."),
    )
    national_championship = models.BooleanField(_("national championship"), default=False)
    unrated_value = models.PositiveSmallIntegerField(
        _("value of unrated players"), null=True, blank=True
    )

    class Meta:
        verbose_name = _("FSE options of a tournament")
        verbose_name_plural = _("FSE options of tournaments")

    def __str__(self) -> str:
        return str(self.tournament)
