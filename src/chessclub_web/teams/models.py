"""Rows of the teams app: teams, rosters, line-ups, matches and team byes.

A team event is an ordinary :class:`~chessclub_web.tournaments.models.Tournament` whose system
is a team system. Its individual boards are ordinary ``Game`` rows (white / black
``TournamentPlayer``) inside its ``Round`` rows, so the individual standings, crosstable and
result entry (``Game.version``) apply to them; the rows below add what a team event needs on top.
The conversion to the core's :class:`chessclub.model.teams.TeamTournament` is in
``chessclub_web/teams/services.py`` (``load_team_tournament``, ``store_team_tournament``).
"""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _

from chessclub_web.tournaments.models import Game, Round, Tournament, TournamentPlayer

#: Most boards of a team match.
MAX_BOARDS = 20


class ColourRule(models.TextChoices):
    """Colours by board (TRF-2026 record 352): the colour of the home (first-named) team's
    player on board 1, 2, 3 …; the away team has the other colour."""

    HOME_WHITE_ODD = "WB", _("Home team White on odd boards (1, 3, …)")
    HOME_BLACK_ODD = "BW", _("Home team Black on odd boards (1, 3, …)")


class ColourModel(models.TextChoices):
    """Colour preferences of the team Swiss (FIDE C.04.6 art. 1.7)."""

    TYPE_A = "typea", _("Type A colour preferences (default)")
    TYPE_B = "typeb", _("Type B colour preferences")
    NONE = "nocolor", _("No colour preferences")


class PrimaryScore(models.TextChoices):
    MATCH_POINTS = "MP", _("Match points")
    GAME_POINTS = "GP", _("Game points")


class TeamSettings(models.Model):
    """A team event's competition rules: boards, colours, match points (default 2/1/0)."""

    tournament = models.OneToOneField(
        Tournament, on_delete=models.CASCADE, related_name="team_settings"
    )
    boards = models.PositiveSmallIntegerField(_("boards per match"), default=4)
    colour_rule = models.CharField(
        _("colours by board"), max_length=2, choices=ColourRule.choices, default="WB"
    )
    colour_model = models.CharField(
        _("team Swiss colour preferences"),
        max_length=8,
        choices=ColourModel.choices,
        default=ColourModel.TYPE_A,
    )
    primary = models.CharField(
        _("primary score"), max_length=2, choices=PrimaryScore.choices, default="MP"
    )
    match_win = models.DecimalField(
        _("match points for a win"), max_digits=4, decimal_places=1, default=2
    )
    match_draw = models.DecimalField(
        _("match points for a draw"), max_digits=4, decimal_places=1, default=1
    )
    match_loss = models.DecimalField(
        _("match points for a loss"), max_digits=4, decimal_places=1, default=0
    )

    class Meta:
        verbose_name = _("team settings")
        verbose_name_plural = _("team settings")

    def colour_of_home(self, board: int) -> str:
        """``"W"`` or ``"B"``: the home team's colour on ``board`` (1-based)."""
        return self.colour_rule[(board - 1) % 2]


class Team(models.Model):
    tournament = models.ForeignKey(
        Tournament, on_delete=models.CASCADE, related_name="teams", verbose_name=_("tournament")
    )
    number = models.PositiveSmallIntegerField(_("pairing number"))
    name = models.CharField(_("name"), max_length=100)
    club_name = models.CharField(_("club"), max_length=100, blank=True)
    order_set_by_captain = models.BooleanField(
        _("board order set by the captain"),
        default=False,
        help_text=_("Otherwise the roster is kept in rating order."),
    )

    class Meta:
        ordering = ("tournament", "number")
        verbose_name = _("team")
        verbose_name_plural = _("teams")
        constraints = (
            models.UniqueConstraint(fields=["tournament", "number"], name="team_unique_number"),
            models.UniqueConstraint(fields=["tournament", "name"], name="team_unique_name"),
        )

    def __str__(self) -> str:
        return f"{self.number}. {self.name}"


class TeamMember(models.Model):
    """A player of a team's roster; ``position`` is the board order (1 = first board)."""

    team = models.ForeignKey(Team, on_delete=models.CASCADE, related_name="members")
    player = models.OneToOneField(
        TournamentPlayer, on_delete=models.CASCADE, related_name="team_membership"
    )
    position = models.PositiveSmallIntegerField(_("board order"))

    class Meta:
        ordering = ("team", "position")
        constraints = (
            models.UniqueConstraint(fields=["team", "position"], name="member_unique_position"),
        )


class LineUp(models.Model):
    """Who plays board ``board`` for ``team`` in ``round`` (a player in one team per round)."""

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="lineups")
    team = models.ForeignKey(Team, on_delete=models.CASCADE, related_name="lineups")
    board = models.PositiveSmallIntegerField(_("board"))
    player = models.ForeignKey(TournamentPlayer, on_delete=models.CASCADE, related_name="lineups")

    class Meta:
        ordering = ("round", "team", "board")
        constraints = (
            models.UniqueConstraint(fields=["round", "team", "board"], name="lineup_unique_board"),
            models.UniqueConstraint(fields=["round", "player"], name="lineup_unique_player"),
        )


class MatchForfeit(models.TextChoices):
    """A whole match forfeited (TRF-2026 record 330)."""

    NONE = "", _("Played")
    HOME_WINS = "+-", _("Home team wins by forfeit")
    AWAY_WINS = "-+", _("Away team wins by forfeit")
    DOUBLE = "--", _("Both teams forfeit")


class Match(models.Model):
    """A pairing of two teams in a round; ``home`` is the first-named (white) team."""

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="matches")
    order = models.PositiveSmallIntegerField(_("table"), default=1)
    home = models.ForeignKey(Team, on_delete=models.CASCADE, related_name="home_matches")
    away = models.ForeignKey(Team, on_delete=models.CASCADE, related_name="away_matches")
    forfeit = models.CharField(
        _("forfeited match"), max_length=2, choices=MatchForfeit.choices, blank=True, default=""
    )
    version = models.PositiveIntegerField(default=1, editable=False)

    class Meta:
        ordering = ("round", "order")
        verbose_name = _("match")
        verbose_name_plural = _("matches")
        constraints = (
            models.UniqueConstraint(fields=["round", "home"], name="match_unique_home"),
            models.UniqueConstraint(fields=["round", "away"], name="match_unique_away"),
        )

    def __str__(self) -> str:
        return f"{self.home.name} – {self.away.name}"


class BoardForfeit(models.TextChoices):
    """A board where a team fielded nobody (no Game row): read from the home team's side."""

    NONE = "", "–"
    HOME_WINS = "+-", _("Home team wins by forfeit")
    AWAY_WINS = "-+", _("Away team wins by forfeit")
    DOUBLE = "--", _("Both teams forfeit")


class MatchBoard(models.Model):
    """Board ``board`` of a match: its ``Game`` row, or (nobody fielded) a forfeit result."""

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="boards")
    board = models.PositiveSmallIntegerField(_("board"))
    game = models.OneToOneField(
        Game, on_delete=models.SET_NULL, null=True, blank=True, related_name="match_board"
    )
    forfeit = models.CharField(max_length=2, choices=BoardForfeit.choices, blank=True, default="")

    class Meta:
        ordering = ("match", "board")
        constraints = (
            models.UniqueConstraint(fields=["match", "board"], name="matchboard_unique_board"),
        )


class TeamByeKind(models.TextChoices):
    """A team's round without a match (TRF-2026 records 320 and 240)."""

    PAIRING_ALLOCATED = "U", _("Pairing-allocated bye")
    FULL_POINT = "F", _("Full-point bye")
    HALF_POINT = "H", _("Half-point bye")
    ZERO_POINT = "Z", _("Zero-point bye")
    ABSENT = "-", _("Absent")
    FORFEIT_WIN = "W", _("Won by forfeit (opponent not recorded)")
    FORFEIT_LOSS = "L", _("Lost by forfeit (opponent not recorded)")


class TeamBye(models.Model):
    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="team_byes")
    team = models.ForeignKey(Team, on_delete=models.CASCADE, related_name="byes")
    kind = models.CharField(_("kind"), max_length=1, choices=TeamByeKind.choices)

    class Meta:
        ordering = ("round", "team")
        constraints = (
            models.UniqueConstraint(fields=["round", "team"], name="teambye_unique_team"),
        )
