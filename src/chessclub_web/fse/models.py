"""Rows of the fse app: a club's previous FSE ranking list (issue 9, spec W1–W9).

One :class:`PreviousList` per club (replaced by each upload), holding one :class:`ListRow` per
line of the uploaded CSV (the layout ``chessclub fse rating-run --list`` reads,
:mod:`chessclub.ratings.fse.listfile`). The forecast page turns them back into the core's
:class:`~chessclub.ratings.fse.ListEntry` rows.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from chessclub_web.clubs.models import Club


class PreviousList(models.Model):
    """The previous ranking list uploaded for a club (the start of the predicted period)."""

    club = models.OneToOneField(
        Club, on_delete=models.CASCADE, related_name="fse_list", verbose_name=_("club")
    )
    filename = models.CharField(_("file name"), max_length=255, blank=True)
    list_date = models.DateField(
        _("date of the list"),
        null=True,
        blank=True,
        help_text=_("Decides whether the 1 January 2025 uplift is still to be applied (W9)."),
    )
    uploaded_at = models.DateTimeField(_("uploaded at"), auto_now=True)
    uploaded_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("uploaded by"),
    )

    class Meta:
        verbose_name = _("previous FSE list")
        verbose_name_plural = _("previous FSE lists")

    def __str__(self) -> str:
        return f"{self.club} — {self.filename}"


class ListRow(models.Model):
    """One line of the previous list (columns of :data:`chessclub.ratings.fse.COLUMNS`)."""

    previous_list = models.ForeignKey(
        PreviousList, on_delete=models.CASCADE, related_name="rows", verbose_name=_("list")
    )
    line = models.PositiveIntegerField(_("line"))
    code = models.TextField(_("federation code"))
    name = models.TextField(_("name"))
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

    class Meta:
        verbose_name = _("FSE list row")
        verbose_name_plural = _("FSE list rows")
        ordering = ("line",)
        constraints = (
            models.UniqueConstraint(fields=("previous_list", "code"), name="fse_list_row_code"),
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
