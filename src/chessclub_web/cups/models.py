"""Rows of a knockout cup: its settings and its bracket's matches (K30–K39).

Only what the arbiter decided is stored: the settings, the draw (who meets whom, each match's
players and seeds), a lot's winner, who had White in an Armageddon and a withdrawal. The games
are the tournament's own ``Round``/``Game`` rows (entered on the boards page); the state of
every match (its stage, its winner) is computed from them by the core's ``decide`` on every
page and never stored (K35).
"""

from __future__ import annotations

from typing import ClassVar

from django.db import models
from django.utils.translation import gettext_lazy as _

from chessclub_web.tournaments.models import Tournament, TournamentPlayer


class Preset(models.TextChoices):
    """Named match formats (``chessclub_web.cups.presets``); ``custom``: the stored stages."""

    GRENCHEN = "grenchen", _("SK Grenchen: 1 game, then blitz 5+3 until decided")
    BELLHEIM = "bellheim", _("SC Bellheim: 1 game, 2 blitz games, then sudden death")
    SSB_FINAL = "ssb-final", _("SSB final phase: 2 games, then Armageddon")
    THUN = "thun", _("Best of five (Schachklub Thun): first to 2½, Armageddon at 2:2")
    CUSTOM = "custom", _("Custom")


class Seeding(models.TextChoices):
    RATING = "rating", _("By rating (byes to the top seeds)")
    DRAWN = "drawn", _("Drawn by lot (from a recorded seed)")


class FirstColour(models.TextChoices):
    LOT = "lot", _("By lot")
    BRACKET = "bracket", _("From the bracket (alternating down the chart)")


class ArmageddonWhite(models.TextChoices):
    LOT = "lot", _("By lot")
    LOWER_RATED = "lower_rated", _("The lower-rated player chooses")


class CupSettings(models.Model):
    """A cup's settings (K31). No row: the defaults (SK Grenchen's format, seeded by rating,
    colours from the bracket, Armageddon's White by lot)."""

    tournament = models.OneToOneField(
        Tournament,
        on_delete=models.CASCADE,
        related_name="cup_settings",
        verbose_name=_("tournament"),
    )
    preset = models.CharField(
        _("match format"), max_length=16, choices=Preset.choices, default=Preset.GRENCHEN
    )
    #: The custom chain: a list of ``{"kind", "games", "repeat", "first_to", "time_control"}``.
    stages = models.JSONField(_("stages"), default=list, blank=True)
    seeding = models.CharField(
        _("seeding"), max_length=8, choices=Seeding.choices, default=Seeding.RATING
    )
    seed = models.PositiveIntegerField(
        _("seed of the lots"),
        null=True,
        blank=True,
        help_text=_("Empty: chosen at the draw and recorded, so that the draw can be shown again."),
    )
    first_colour = models.CharField(
        _("colours of the first game"),
        max_length=8,
        choices=FirstColour.choices,
        default=FirstColour.BRACKET,
    )
    armageddon_white = models.CharField(
        _("White in Armageddon"),
        max_length=12,
        choices=ArmageddonWhite.choices,
        default=ArmageddonWhite.LOT,
    )
    drawn_at = models.DateTimeField(_("drawn at"), null=True, blank=True, editable=False)

    class Meta:
        verbose_name = _("cup settings")
        verbose_name_plural = _("cup settings")


class CupMatch(models.Model):
    """One match of the bracket: cup round, place on the chart (1 at the top), its players
    (``second`` empty: a bye) and what the arbiter entered for it."""

    tournament = models.ForeignKey(
        Tournament,
        on_delete=models.CASCADE,
        related_name="cup_matches",
        verbose_name=_("tournament"),
    )
    cup_round = models.PositiveSmallIntegerField(_("cup round"))
    position = models.PositiveSmallIntegerField(_("match"))
    #: RESTRICT, not CASCADE: removing an entry never deletes their match (K38); deleting the
    #: tournament deletes both (PROTECT would refuse that too).
    first = models.ForeignKey(
        TournamentPlayer,
        on_delete=models.RESTRICT,
        related_name="cup_matches_first",
        verbose_name=_("first player"),
    )
    second = models.ForeignKey(
        TournamentPlayer,
        on_delete=models.RESTRICT,
        null=True,
        blank=True,
        related_name="cup_matches_second",
        verbose_name=_("second player"),
    )
    first_seed = models.PositiveSmallIntegerField(_("seed of the first player"))
    second_seed = models.PositiveSmallIntegerField(
        _("seed of the second player"), null=True, blank=True
    )
    #: 1 or 2: who won the lot (K37).
    lot_winner = models.PositiveSmallIntegerField(_("lot won by"), null=True, blank=True)
    #: 1 or 2: who has White in the Armageddon; ``armageddon_chosen``: chosen by the
    #: lower-rated player (else drawn by lot) (K37).
    armageddon_white = models.PositiveSmallIntegerField(
        _("White in Armageddon"), null=True, blank=True
    )
    armageddon_chosen = models.BooleanField(_("colour chosen"), default=False)
    #: 1 or 2: who withdrew from the match (K38).
    withdrawn = models.PositiveSmallIntegerField(_("withdrawn"), null=True, blank=True)

    class Meta:
        ordering = ("tournament", "cup_round", "position")
        verbose_name = _("cup match")
        verbose_name_plural = _("cup matches")
        constraints: ClassVar[list[models.BaseConstraint]] = [
            models.UniqueConstraint(
                fields=["tournament", "cup_round", "position"], name="cup_one_match_per_place"
            )
        ]

    def player(self, side: int) -> TournamentPlayer | None:
        return self.first if side == 1 else self.second

    def seed_of(self, side: int) -> int | None:
        return self.first_seed if side == 1 else self.second_seed
