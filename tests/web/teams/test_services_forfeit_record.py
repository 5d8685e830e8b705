"""Issue 8 §3/§4 and spec R1: a board where the other team fielded nobody is a forfeit win of
the present player — in the team's game points AND in the player's individual record.

FIDE C.07 Art. 16.2.2 names the "forfeit win" a round of the participant; TRF writes it ``+``
(with opponent ``0000`` when there is none); the individual standings (spec S) and crosstable
therefore count it. With no opponent there is no Game row: the player gets a full-point Bye
row for the round (the individual model's form of ``0000 - +``, as the TRF reader reads it).
"""

from __future__ import annotations

from fractions import Fraction

from chessclub.standings import compute_standings
from chessclub_web.teams import services
from chessclub_web.teams.models import Match
from chessclub_web.tournaments.adapters import load_tournament
from chessclub_web.tournaments.models import Bye, System, Tournament

from ..builders import team_round_robin


def _points(t) -> dict[str, Fraction]:
    return {row.player.name: row.points for row in compute_standings(load_tournament(t), ())}


def _short_away(t) -> tuple[Match, int]:
    """The away team fields its roster players 1-3 only: board 4 is empty."""
    match = Match.objects.get(round__tournament=t)
    away = [m.player_id for m in match.away.members.order_by("position")]
    services.set_lineup(match.round, match.away, [away[0], away[1], away[2], None])
    home4 = match.home.members.order_by("position")[3].player
    return match, home4.pk


def test_r1_board_forfeit_win_counts_in_the_individual_record(public_club):
    """Home board 4 (Player h.4) faces nobody: the team scores 1 GP on board 4, and the player's
    individual score is 1 (one forfeit win, no game), everyone else 0 (no result yet)."""
    t = team_round_robin(public_club)
    match, home4 = _short_away(t)
    name = match.home.members.order_by("position")[3].player.name
    assert list(Bye.objects.filter(round=match.round).values_list("player_id", "kind")) == [
        (home4, "F")
    ]
    points = _points(t)
    assert points[name] == 1
    assert sum(points.values()) == 1
    row = next(r for r in compute_standings(load_tournament(t), ()) if r.player.name == name)
    assert row.games_played == 0  # not played over the board (spec E4)
    # the team page's player list agrees: 1 point, no game played
    core = services.load_team_tournament(t)
    cell = core.team_rounds()[match.home.number][0]
    assert cell.gp == 1


def test_r1_board_forfeit_win_follows_the_lineup_and_the_match_forfeit(public_club):
    """The bye follows every change: away team forfeits the whole match → kept (home wins);
    home team forfeits the whole match → gone (his team lost the board); double forfeit →
    gone; undone → back; away fields board 4 after all → gone (a Game instead). The empty
    board itself is not an entered result: the line-up can still be corrected (it was refused
    before: every line-up with an empty board was frozen for good)."""
    t = team_round_robin(public_club)
    match, home4 = _short_away(t)

    def byes():
        return list(Bye.objects.filter(round=match.round).values_list("player_id", flat=True))

    services.set_match_forfeit(match, "+-")
    assert byes() == [home4]
    services.set_match_forfeit(match, "-+")
    assert byes() == []
    services.set_match_forfeit(match, "--")
    assert byes() == []
    services.set_match_forfeit(match, "")
    assert byes() == [home4]
    away = [m.player_id for m in match.away.members.order_by("position")]
    services.set_lineup(match.round, match.away, [away[0], away[1], away[2], away[4]])
    assert byes() == []
    assert match.boards.filter(game__isnull=True).count() == 0


def test_r1_short_roster_without_lineup_gives_the_same_forfeit_win(public_club):
    """Away roster of 3 for 4 boards and no line-up stored: the first roster players play
    boards 1-3 (``lineup_of``), board 4 is empty. Home board 4 wins by forfeit: 1 point in
    the individual standings (bye row), and 1 point, no game played, in the teams tab's
    player list (it named nobody on that board when no line-up was stored)."""
    from chessclub_web.teams.presentation import player_rows

    t = Tournament.objects.create(club=public_club, name="Short", system=System.TEAM_ROUND_ROBIN)
    home = services.add_team(t, "Home")
    away = services.add_team(t, "Away")
    for k in range(1, 5):
        services.add_member(home, f"Home {k}", 2000 - k)
    for k in range(1, 4):
        services.add_member(away, f"Away {k}", 1900 - k)
    services.pair_round_robin(t)
    match = Match.objects.get(round__tournament=t)
    assert not match.round.lineups.exists()
    assert match.home == home  # Berger table for 2: 1 - 2
    assert _points(t)["Home 4"] == 1
    rows = {r.name: r for r in player_rows(services.load_team_tournament(t))}
    assert (rows["Home 4"].score, rows["Home 4"].games, rows["Home 4"].played) == ("1", 1, 0)
