"""Rows of the frbe app: the federation's player list (B3), site data in versions, and each
tournament's export settings (B2 chars 7–8, FIDE-rated flag)."""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _

from chessclub_web.federation.models import CurrentListRows, ListKind, ListVersion
from chessclub_web.tournaments.models import Tournament


class FederationPlayer(models.Model):
    """One record of a version of the federation's ``PLAYER`` list, keyed by matricule
    within its version. ``FederationPlayer.objects`` holds the current version's records
    only; ``all_versions`` every kept one."""

    version = models.ForeignKey(ListVersion, on_delete=models.CASCADE, related_name="frbe_players")
    matricule = models.PositiveIntegerField(_("matricule"))
    name = models.CharField(_("name"), max_length=64, db_index=True)
    #: The name as the registration search reads it (``federation.search.name_key``:
    #: no accents, lower case, punctuation as spaces).
    name_key = models.CharField(_("searched name"), max_length=64, blank=True, editable=False)
    sex = models.CharField(_("sex"), max_length=1, blank=True)
    club = models.PositiveIntegerField(_("club"), null=True, blank=True, db_index=True)
    birth_date = models.DateField(_("birth date"), null=True, blank=True)
    rating = models.PositiveSmallIntegerField(_("national Elo"), null=True, blank=True)
    games = models.PositiveIntegerField(_("games"), default=0)
    previous_rating = models.PositiveSmallIntegerField(_("previous Elo"), null=True, blank=True)
    previous_games = models.PositiveIntegerField(_("previous games"), default=0)
    title = models.CharField(_("title"), max_length=3, blank=True)
    fide_id = models.CharField(_("FIDE ID"), max_length=16, blank=True)
    fide_nationality = models.CharField(_("FIDE nationality"), max_length=3, blank=True)
    federation = models.CharField(_("federation"), max_length=2, blank=True)
    deceased = models.BooleanField(_("deceased"), default=False)

    all_versions = models.Manager()
    objects = CurrentListRows(ListKind.FRBE)

    class Meta:
        ordering = ("name", "matricule")
        verbose_name = _("federation player")
        verbose_name_plural = _("federation players")
        constraints = (
            models.UniqueConstraint(
                fields=("version", "matricule"), name="frbe_player_version_matricule"
            ),
        )

    def __str__(self) -> str:
        return f"{self.name} ({self.matricule})"

    @property
    def surname(self) -> str:
        return self.name.split(",", 1)[0].strip()

    @property
    def first_name(self) -> str:
        parts = self.name.split(",", 1)
        return parts[1].strip() if len(parts) > 1 else ""


class ExportSettings(models.Model):
    """B2's chars 7–8 (division, series) and whether the event is FIDE-rated."""

    tournament = models.OneToOneField(
        Tournament, on_delete=models.CASCADE, related_name="frbe_export"
    )
    division = models.CharField(_("division"), max_length=1, default="1")
    series = models.CharField(_("series"), max_length=1, default="A")
    fide_rated = models.BooleanField(_("FIDE-rated event"), default=False)
