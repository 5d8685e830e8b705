"""Rows of entries and pairing: requested byes and forbidden pairs.

Late entries and withdrawals are fields of ``TournamentPlayer`` (``entry_round``,
``withdrawn_from_round``); the round's state (draft / published) is ``Round.state``.
"""

from __future__ import annotations

from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.utils.translation import gettext_lazy as _

from chessclub_web.tournaments.models import MAX_ROUNDS, Tournament, TournamentPlayer


class RequestedBye(models.Model):
    """A bye the player asked for in one round (half-point or zero-point, as the tournament's
    rules allow; at most ``Tournament.max_requested_byes`` per player)."""

    player = models.ForeignKey(
        TournamentPlayer,
        on_delete=models.CASCADE,
        related_name="requested_byes",
        verbose_name=_("player"),
    )
    round_number = models.PositiveSmallIntegerField(
        _("round"), validators=[MinValueValidator(1), MaxValueValidator(MAX_ROUNDS)]
    )
    kind = models.CharField(
        _("kind"),
        max_length=1,
        choices=[("H", _("Half-point bye")), ("Z", _("Zero-point bye"))],
        default="H",
    )

    class Meta:
        ordering = ("player", "round_number")
        verbose_name = _("requested bye")
        verbose_name_plural = _("requested byes")
        constraints = (
            models.UniqueConstraint(
                fields=["player", "round_number"], name="requested_bye_one_per_round"
            ),
        )

    def __str__(self) -> str:
        return f"{self.player}: {self.round_number} ({self.kind})"


class ForbiddenPair(models.Model):
    """Two players the arbiter does not want paired together (same club, same family)."""

    tournament = models.ForeignKey(
        Tournament,
        on_delete=models.CASCADE,
        related_name="forbidden_pairs",
        verbose_name=_("tournament"),
    )
    first = models.ForeignKey(
        TournamentPlayer, on_delete=models.CASCADE, related_name="+", verbose_name=_("player")
    )
    second = models.ForeignKey(
        TournamentPlayer, on_delete=models.CASCADE, related_name="+", verbose_name=_("player")
    )
    reason = models.CharField(_("reason"), max_length=100, blank=True)

    class Meta:
        ordering = ("tournament", "id")
        verbose_name = _("forbidden pair")
        verbose_name_plural = _("forbidden pairs")
        constraints = (
            models.UniqueConstraint(
                fields=["tournament", "first", "second"], name="forbidden_pair_unique"
            ),
        )

    def __str__(self) -> str:
        return f"{self.first} ≠ {self.second}"


class Absence(models.Model):
    """A player announced absent for one round: not paired, no points (spec: entries)."""

    player = models.ForeignKey(
        TournamentPlayer,
        on_delete=models.CASCADE,
        related_name="absences",
        verbose_name=_("player"),
    )
    round_number = models.PositiveSmallIntegerField(
        _("round"), validators=[MinValueValidator(1), MaxValueValidator(MAX_ROUNDS)]
    )

    class Meta:
        ordering = ("player", "round_number")
        verbose_name = _("absence")
        verbose_name_plural = _("absences")
        constraints = (
            models.UniqueConstraint(
                fields=["player", "round_number"], name="absence_one_per_round"
            ),
        )

    def __str__(self) -> str:
        return f"{self.player}: {self.round_number}"
