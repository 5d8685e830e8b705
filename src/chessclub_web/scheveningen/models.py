"""Rows of a Scheveningen match: its set-up and its two teams' line-ups (K40).

Only the set-up is stored here: the rounds are the tournament's own ``Round``/``Game`` rows,
made from the standard table (K41), published on the pairing page and entered on the boards
page. The match's score is derived from them on every page (K42) and never stored.
"""

from __future__ import annotations

from typing import ClassVar

from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.utils.translation import gettext_lazy as _

from chessclub_web.tournaments.models import Tournament, TournamentPlayer

#: Boards of a Scheveningen match (the core's tables, K10).
MIN_BOARDS, MAX_BOARDS = 2, 8


class Primary(models.TextChoices):
    """K12–K13, K42: which score decides the match (the other one is shown beside)."""

    GAME_POINTS = "game_points", _("Game points (total of the games)")
    MATCH_POINTS = "match_points", _("Match points (each round a match)")


class Team(models.TextChoices):
    A = "A", _("Team A")
    B = "B", _("Team B")


class ScheveningenMatch(models.Model):
    """The match's set-up: the teams' names, single or double, the primary score."""

    tournament = models.OneToOneField(
        Tournament,
        on_delete=models.CASCADE,
        related_name="scheveningen_match",
        verbose_name=_("tournament"),
    )
    team_a = models.CharField(_("team A"), max_length=100)
    team_b = models.CharField(_("team B"), max_length=100)
    double = models.BooleanField(_("double Scheveningen"), default=False)
    primary = models.CharField(
        _("primary score"), max_length=16, choices=Primary.choices, default=Primary.GAME_POINTS
    )

    class Meta:
        verbose_name = _("Scheveningen match")
        verbose_name_plural = _("Scheveningen matches")


class Seat(models.Model):
    """One player of a team's line-up: team A or B, board 1…8 (A1…An, B1…Bn)."""

    match = models.ForeignKey(
        ScheveningenMatch, on_delete=models.CASCADE, related_name="seats", verbose_name=_("match")
    )
    team = models.CharField(_("team"), max_length=1, choices=Team.choices)
    board = models.PositiveSmallIntegerField(
        _("board"), validators=[MinValueValidator(1), MaxValueValidator(MAX_BOARDS)]
    )
    player = models.OneToOneField(
        TournamentPlayer,
        on_delete=models.CASCADE,
        related_name="scheveningen_seat",
        verbose_name=_("player"),
    )

    class Meta:
        verbose_name = _("line-up place")
        verbose_name_plural = _("line-up places")
        ordering = ("team", "board")
        constraints: ClassVar[list[models.BaseConstraint]] = [
            models.UniqueConstraint(
                fields=["match", "team", "board"], name="scheveningen_one_player_per_board"
            )
        ]
