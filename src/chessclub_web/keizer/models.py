"""Rows of a Keizer competition: its parameters and who came each evening.

Only what happened is stored (K20): the games are the tournament's own ``Round``/``Game``
rows (entered on the boards page), the pairing bye its ``Bye`` row, the absences and club-duty
games these :class:`Attendance` rows. The Keizer table is recalculated from them on every page
and never stored.
"""

from __future__ import annotations

from typing import ClassVar

from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.utils.translation import gettext_lazy as _

from chessclub_web.tournaments.models import MAX_ROUNDS, Tournament, TournamentPlayer


class Preset(models.TextChoices):
    """Named parameter sets (``chessclub.club_systems.keizer.PRESETS``); ``custom``: as set."""

    STANDARD = "standard", _("Standard (own value counted, T = 2 × N)")
    KIJK_UIT = "kijk-uit", _("Kijk Uit (top value 100)")
    OPENPAIRINGS = "openpairings", _("OpenPairings (own value not counted)")
    BORNSE = "bornse", _("Bornse (bye 2/3, excused 1/6 at most 8 times)")
    CUSTOM = "custom", _("Custom")


class StartOrder(models.TextChoices):
    PREVIOUS = "previous", _("The ranking after the previous evening")
    RATING = "rating", _("The rating order")


class PairBy(models.TextChoices):
    """K29: the order the present players are paired in."""

    RANKING = "ranking", _("The Keizer ranking")
    RATING = "rating", _("The current rating (Westergoo)")


class KeizerSettings(models.Model):
    """Every parameter of the spec's table (§1.2, K1–K8); shares are exact fractions written
    ``1/3``. No row: the standard preset."""

    tournament = models.OneToOneField(
        Tournament,
        on_delete=models.CASCADE,
        related_name="keizer_settings",
        verbose_name=_("tournament"),
    )
    preset = models.CharField(
        _("preset"), max_length=16, choices=Preset.choices, default=Preset.STANDARD
    )
    top_value = models.PositiveIntegerField(_("top value"), null=True, blank=True)
    step = models.PositiveIntegerField(_("step"), default=1)
    count_own_value = models.BooleanField(_("own value counted once"), default=True)
    win = models.CharField(_("win"), max_length=12, default="1")
    draw = models.CharField(_("draw"), max_length=12, default="1/2")
    loss = models.CharField(_("loss"), max_length=12, default="0")
    bye = models.CharField(_("pairing-allocated bye"), max_length=12, default="1/2")
    excused = models.CharField(_("excused absence"), max_length=12, default="1/3")
    excused_limit = models.PositiveSmallIntegerField(
        _("excused absences counted at most"), null=True, blank=True
    )
    unexcused = models.CharField(_("unexcused absence"), max_length=12, default="0")
    club_duty_win = models.CharField(_("club team game won"), max_length=12, default="1")
    club_duty_draw = models.CharField(_("club team game drawn"), max_length=12, default="1/2")
    club_duty_loss = models.CharField(_("club team game lost"), max_length=12, default="0")
    forfeit_win = models.CharField(_("forfeit win"), max_length=12, default="1/2")
    forfeit_loss = models.CharField(_("forfeit loss"), max_length=12, default="0")
    start = models.CharField(
        _("recalculation starts from"),
        max_length=12,
        choices=StartOrder.choices,
        default=StartOrder.PREVIOUS,
    )
    rematch_gap = models.PositiveSmallIntegerField(
        _("no rematch within (evenings)"),
        null=True,
        blank=True,
        default=6,
        validators=[MaxValueValidator(MAX_ROUNDS)],
    )
    pair_by = models.CharField(
        _("pair the present players by"),
        max_length=12,
        choices=PairBy.choices,
        default=PairBy.RANKING,
    )

    class Meta:
        verbose_name = _("Keizer parameters")
        verbose_name_plural = _("Keizer parameters")


class Status(models.TextChoices):
    PRESENT = "present", _("Present")
    EXCUSED = "excused", _("Excused")
    UNEXCUSED = "unexcused", _("Unexcused")
    CLUB_DUTY = "club_duty", _("Club team")


class DutyResult(models.TextChoices):
    NONE = "", "–"
    WIN = "1-0", _("won")
    DRAW = "=", _("drawn")
    LOSS = "0-1", _("lost")


class Attendance(models.Model):
    """One player's evening when it is not an ordinary presence (no row: present)."""

    tournament = models.ForeignKey(
        Tournament,
        on_delete=models.CASCADE,
        related_name="keizer_attendance",
        verbose_name=_("tournament"),
    )
    evening = models.PositiveSmallIntegerField(
        _("evening"), validators=[MinValueValidator(1), MaxValueValidator(MAX_ROUNDS)]
    )
    player = models.ForeignKey(
        TournamentPlayer,
        on_delete=models.CASCADE,
        related_name="keizer_attendance",
        verbose_name=_("player"),
    )
    status = models.CharField(_("status"), max_length=12, choices=Status.choices)
    duty_result = models.CharField(
        _("club team result"), max_length=3, choices=DutyResult.choices, blank=True
    )

    class Meta:
        verbose_name = _("attendance")
        verbose_name_plural = _("attendance")
        constraints: ClassVar[list[models.BaseConstraint]] = [
            models.UniqueConstraint(
                fields=["tournament", "evening", "player"], name="keizer_one_attendance"
            )
        ]
