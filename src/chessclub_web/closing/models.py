"""Rows of the closing app (spec C1–C3, E1–E9).

* :class:`Closure` — one per closed tournament: when, the tiebreak codes and rule era the final
  standings were computed with. Its ``id`` is the
  club's **closing order** (E7): tournaments are applied to the club Elo by increasing
  ``Closure.id``.
* :class:`FinalStanding` — the final standings stored at closing and again after each
  correction (C1, C3): one row per player with the rank, the points and every tiebreak value.
* :class:`EloRow` — one player's club Elo change in one closed club tournament (E3–E9): Ro, K,
  counting games, score, expected score, Δ and Rn, plus what K was chosen from.

The lock (C1: a closed tournament never reopens) is in ``chessclub_web.closing.guards``.
"""

from __future__ import annotations

from fractions import Fraction

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from chessclub_web.clubs.models import Player
from chessclub_web.tournaments.models import TimeControlCategory, Tournament


class Closure(models.Model):
    """A tournament's closing (C1). ``id`` orders the closings (E7)."""

    tournament = models.OneToOneField(
        Tournament, on_delete=models.CASCADE, related_name="closure", verbose_name=_("tournament")
    )
    closed_at = models.DateTimeField(_("closed at"))
    closed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("closed by"),
    )
    codes = models.JSONField(_("tiebreaks"), default=list, blank=True)
    era = models.CharField(_("tiebreak rules"), max_length=4, blank=True)
    standings_stored_at = models.DateTimeField(_("final standings stored at"))

    class Meta:
        ordering = ("id",)
        verbose_name = _("closing")
        verbose_name_plural = _("closings")

    def __str__(self) -> str:
        return f"{self.tournament} ({self.closed_at:%Y-%m-%d})"


class FinalStanding(models.Model):
    """One line of the final standings (C1): ``tiebreaks`` maps each code (in the order of
    ``Closure.codes``) to its value as the standings show it (``"12.5"``, ``"3"``);
    ``fictitious_rating`` keeps the marker the *Classement* shows beside a fictitious Elo (the
    Belgian ``***``, spec B4)."""

    tournament = models.ForeignKey(
        Tournament,
        on_delete=models.CASCADE,
        related_name="final_standings",
        verbose_name=_("tournament"),
    )
    position = models.PositiveIntegerField(_("position"))
    rank = models.CharField(_("rank"), max_length=16)
    pairing_number = models.PositiveIntegerField(_("pairing number"))
    name = models.CharField(_("name"), max_length=200)
    rating = models.CharField(_("rating"), max_length=8, blank=True)
    fictitious_rating = models.BooleanField(_("fictitious rating"), default=False)
    points = models.CharField(_("points"), max_length=16)
    games_played = models.PositiveIntegerField(_("games played"), default=0)
    tiebreaks = models.JSONField(_("tiebreak values"), default=dict, blank=True)

    class Meta:
        ordering = ("tournament", "position")
        verbose_name = _("final standing")
        verbose_name_plural = _("final standings")
        constraints = (
            models.UniqueConstraint(
                fields=["tournament", "position"], name="final_standing_unique_position"
            ),
        )

    def __str__(self) -> str:
        return f"{self.rank}. {self.name} {self.points}"


class EloRow(models.Model):
    """One row of the *Variations Elo* (E9): ``player``'s club Elo change in ``tournament``.

    ``score`` and ``expected`` are exact fractions written as text (``"7/2"``, ``"161/50"``);
    ``games_before`` and ``reached_2400`` are the state K was chosen from (E6).
    """

    tournament = models.ForeignKey(
        Tournament, on_delete=models.CASCADE, related_name="elo_rows", verbose_name=_("tournament")
    )
    player = models.ForeignKey(
        Player, on_delete=models.CASCADE, related_name="elo_rows", verbose_name=_("player")
    )
    time_control = models.CharField(
        _("time-control category"), max_length=16, choices=TimeControlCategory.choices
    )
    ro = models.IntegerField(_("Elo before"))
    k = models.PositiveSmallIntegerField("K")
    games = models.PositiveIntegerField(_("counting games"))
    score = models.CharField(_("score"), max_length=16)
    expected = models.CharField(_("expected score"), max_length=16)
    delta = models.IntegerField(_("change"))
    rn = models.IntegerField(_("new Elo"))
    games_before = models.PositiveIntegerField(_("counting games before"))
    reached_2400 = models.BooleanField(_("had reached 2400"), default=False)

    class Meta:
        ordering = ("tournament__closure__id", "player")
        verbose_name = _("club Elo change")
        verbose_name_plural = _("club Elo changes")
        constraints = (
            models.UniqueConstraint(fields=["tournament", "player"], name="elo_row_unique"),
        )

    def __str__(self) -> str:
        return f"{self.player}: {self.ro} → {self.rn}"

    @property
    def score_value(self) -> Fraction:
        return Fraction(self.score)

    @property
    def expected_value(self) -> Fraction:
        return Fraction(self.expected)
