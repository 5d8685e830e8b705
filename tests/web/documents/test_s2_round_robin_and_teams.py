"""The round robin's square table and the team events' documents, on tournaments built here
(spec S2, S4)."""

from __future__ import annotations

import datetime

import pytest

from chessclub.model import Game, GameResult, Player, Round, Tournament, TournamentSystem
from chessclub_web.clubs.models import Role
from chessclub_web.teams import services as teams
from chessclub_web.tournaments.adapters import store_tournament
from chessclub_web.tournaments.models import Game as GameRow
from chessclub_web.tournaments.models import Kind, System
from chessclub_web.tournaments.models import Tournament as TournamentRow

from .helpers import in_order, pdf_text

pytestmark = pytest.mark.django_db

EN = {"HTTP_ACCEPT_LANGUAGE": "en"}
W, D, B = GameResult.WHITE_WINS, GameResult.DRAW, GameResult.BLACK_WINS


def _round_robin() -> Tournament:
    """Four players, Berger rounds: R1 1–4 1-0, 2–3 ½; R2 4–3 0-1, 1–2 ½; R3 2–4 1-0,
    3–1 0-1. Points by hand: 1 → 2½, 2 → 2, 3 → 1½, 4 → 0."""
    players = tuple(
        Player(n, name, rating)
        for n, (name, rating) in enumerate(
            (
                ("Alpha, Ann", 2100),
                ("Bravo, Ben", 2000),
                ("Charlie, Cy", 1900),
                ("Delta, Di", 1800),
            ),
            start=1,
        )
    )
    rounds = (
        Round(1, (Game(1, 4, W, 1), Game(2, 3, D, 2))),
        Round(2, (Game(4, 3, B, 1), Game(1, 2, D, 2))),
        Round(3, (Game(2, 4, W, 1), Game(3, 1, B, 2))),
    )
    return Tournament(
        "Fermé de test",
        players,
        rounds,
        planned_rounds=3,
        system=TournamentSystem.ROUND_ROBIN,
        start_date=datetime.date(2026, 3, 1),
    )


def test_s2_round_robin_table_has_each_result_with_its_colour(client, public_club):
    row = store_tournament(_round_robin(), club=public_club)
    base = f"/clubs/700/tournaments/{row.pk}/documents/"
    page = client.get(base + "crosstable/", **EN).content.decode()
    assert "square" in page
    body = page.split("<tbody>")[1]
    lines = body.split("</tr>")[:4]
    names = [line.split('<td class="name">')[1].split("</td>")[0] for line in lines]
    assert names == ["Alpha, Ann", "Bravo, Ben", "Charlie, Cy", "Delta, Di"]  # rank order

    def cells(line: str) -> list[str]:
        parts = line.split('<td class="cell')[1:]
        return [p.split(">", 1)[1].split("</td>")[0] for p in parts]

    span = '<span class="colour">{}</span>'
    assert cells(lines[0]) == [
        "X",
        "½" + span.format("W"),  # R2: 1–2 ½, Alpha White
        "1" + span.format("B"),  # R3: 3–1 0-1, Alpha Black
        "1" + span.format("W"),  # R1: 1–4 1-0
    ]
    assert cells(lines[3]) == [
        "0" + span.format("B"),
        "0" + span.format("B"),  # R3: 2–4 1-0, Delta Black
        "0" + span.format("W"),  # R2: 4–3 0-1, Delta White
        "X",
    ]
    points = [line.split('<td class="num points">')[1].split("<")[0] for line in lines]
    assert points == ["2½", "2", "1½", "0"]
    text = pdf_text(client.get(base + "crosstable.pdf", **EN).content)
    assert in_order(text, "Alpha, Ann", "X", "½W", "1B", "1W", "2½")
    assert in_order(text, "Delta, Di", "0B", "0B", "0W", "X", "0")


def test_s2_round_robin_table_after_round_2(client, public_club):
    """After round 2: Alpha 1 + ½ = 1½, Charlie ½ + 1 = 1½, Bravo ½ + ½ = 1; round 3's
    games are not in the cells."""
    row = store_tournament(_round_robin(), club=public_club)
    base = f"/clubs/700/tournaments/{row.pk}/documents/"
    page = client.get(base + "crosstable/?round=2", **EN).content.decode()
    assert "after round 2" in page
    alpha = page.split("Alpha, Ann")[1].split("</tr>")[0]
    assert '1<span class="colour">B</span>' not in alpha  # round 3's win with Black
    assert '<td class="num points">1½</td>' in alpha


@pytest.fixture
def team_event(public_club):
    event = TournamentRow.objects.create(
        club=public_club,
        name="Interclubs de test",
        kind=Kind.CLUB,
        system=System.TEAM_ROUND_ROBIN,
        start_date=datetime.date(2026, 3, 1),
    )
    settings = teams.settings_of(event)
    settings.boards = 2
    settings.save()
    for n in (1, 2):
        squad = teams.add_team(event, f"Team {n}")
        for k in (1, 2):
            teams.add_member(squad, f"Player {n}.{k}", 2000 - 10 * k - n)
    teams.pair_round_robin(event)
    return event


def test_s4_team_lineups_and_standings(client, team_event, make_user):
    base = f"/clubs/700/tournaments/{team_event.pk}/documents/"
    text = pdf_text(client.get(base + "team-lineups.pdf?round=1", **EN).content)
    assert "Line-ups" in text and "Round 1" in text
    assert in_order(text, "Team 1 – Team 2", "1", "W", "Player 1.1", "1989", "Player 2.1")
    assert in_order(text, "Player 1.2", "Player 2.2")
    # The individual documents of a team event are the teams' own pages': none here.
    assert client.get(base + "pairings/").status_code == 404
    # Board 1 won by Team 1's player, board 2 drawn: Team 1 wins the match 1½–½, 2 match
    # points to 0.
    for game in GameRow.objects.filter(round__tournament=team_event, round__number=1):
        game.result = "1-0" if game.white.name == "Player 1.1" else "="
        game.save()
    standings = pdf_text(client.get(base + "team-standings.pdf?round=1", **EN).content)
    assert "after round 1" in standings
    assert in_order(standings, "1 1 Team 1", "2", "1½")  # rank, no., team, MP 2, GP 1½
    assert in_order(standings, "2 2 Team 2", "0", "½")
    sheets = base + "match-sheets.pdf?round=1"
    assert client.get(sheets).status_code == 302  # the match sheets are the staff's
    client.force_login(make_user("arbiter", team_event.club, Role.ARBITER))
    text = pdf_text(client.get(sheets, **EN).content)
    assert in_order(text, "Team 1 – Team 2", "Player 1.1", "Player 2.1", "Match score")
    assert in_order(text, "Home captain", "Away captain", "Arbiter")
