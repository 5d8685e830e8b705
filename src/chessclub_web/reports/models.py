"""Results reported by the players themselves (``docs/rules/player-reports.md``, J1–J8).

- :class:`PlayerAccount`: an account linked to a player of the club's roster (one account per
  roster player), by the club's staff;
- :class:`ReportSettings`: a tournament takes players' reports (off unless switched on);
- :class:`ReportedResult`: one player's report of their game's result, and what became of it.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from chessclub_web.tournaments.models import result_label


class PlayerAccount(models.Model):
    """An account that speaks for a roster player (J1)."""

    player = models.OneToOneField(
        "clubs.Player",
        on_delete=models.CASCADE,
        related_name="account_link",
        verbose_name=_("club player"),
    )
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="player_links",
        verbose_name=_("account"),
    )
    linked_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("linked by"),
    )
    linked_at = models.DateTimeField(_("linked at"), default=timezone.now)

    class Meta:
        verbose_name = _("player's account")
        verbose_name_plural = _("players' accounts")


class ReportSettings(models.Model):
    """Whether a tournament takes its players' reports (J2)."""

    tournament = models.OneToOneField(
        "tournaments.Tournament",
        on_delete=models.CASCADE,
        related_name="report_settings",
        verbose_name=_("tournament"),
    )
    player_reports = models.BooleanField(_("players report their results"), default=False)

    class Meta:
        verbose_name = _("players' reports setting")
        verbose_name_plural = _("players' reports settings")


class ReportState(models.TextChoices):
    PROPOSED = "proposed", _("proposed by the player")
    CONFIRMED = "confirmed", _("confirmed by the opponent")
    ACCEPTED = "accepted", _("accepted by an arbiter")
    REJECTED = "rejected", _("rejected by an arbiter")
    SUPERSEDED = "superseded", _("replaced")


class Side(models.TextChoices):
    WHITE = "white", _("White")
    BLACK = "black", _("Black")


class ReportedResult(models.Model):
    """A player's report of their game's result (J3–J7). ``version``: the game's version
    when reported; the report stands only while the game keeps it (J6)."""

    game = models.ForeignKey(
        "tournaments.Game", on_delete=models.CASCADE, related_name="reports", verbose_name=_("game")
    )
    side = models.CharField(_("side"), max_length=5, choices=Side.choices)
    reported_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        related_name="+",
        verbose_name=_("reported by"),
    )
    result = models.CharField(_("result"), max_length=3)
    version = models.PositiveIntegerField(_("game version"))
    state = models.CharField(
        _("state"), max_length=10, choices=ReportState.choices, default=ReportState.PROPOSED
    )
    created_at = models.DateTimeField(_("reported at"), default=timezone.now)
    decided_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("decided by"),
    )
    decided_at = models.DateTimeField(_("decided at"), null=True, blank=True)

    class Meta:
        verbose_name = _("reported result")
        verbose_name_plural = _("reported results")
        ordering = ("created_at", "pk")
        indexes = (models.Index(fields=["game", "state"], name="report_game_state"),)

    @property
    def result_label(self) -> str:
        """The result as the pages show it (``½-½`` for the code ``=``)."""
        return result_label(self.result)
