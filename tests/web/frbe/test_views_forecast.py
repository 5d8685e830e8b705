"""*Prévision Elo FRBE* (spec ``frbe.md`` B5): the club's players' predicted national ratings
from the imported list and the club's closed tournaments, naming the rule set.

The elite tournament, closed, with a list giving every player 100 games at the file's rating.
Player 3 (Charlie Claire, 2300) played 7 games (games 101–107 of her career). The arithmetic
of B5 is tested by hand in tests/core/ratings/test_frbe_national.py; here the page must show
the core's value for the club's player, computed over the club's closed tournaments only.
"""

from __future__ import annotations

import pytest
from django.urls import reverse
from django.utils import timezone

from chessclub.formats.frbe import read_results_file, to_tournament
from chessclub.ratings.frbe import ListedPlayer, period_games, rating_run
from chessclub_web.clubs.models import Player
from chessclub_web.frbe.models import FederationPlayer
from chessclub_web.tournaments import services
from chessclub_web.tournaments.models import Tournament

from ..lists import make_version

pytestmark = pytest.mark.django_db


def test_b5_forecast_page(client, public_club, elite_bytes):
    core = to_tournament(read_results_file(elite_bytes))
    listed = make_version("frbe")  # the site's current PLAYER list
    FederationPlayer.all_versions.bulk_create(
        [FederationPlayer(version=listed, matricule=int(p.matricule), name=p.name, club=700,
                          rating=p.rating, games=100) for p in core.players]
    )  # fmt: skip
    third = core.player(3)
    Player.objects.create(club=public_club, surname="Charlie", first_name="Claire",
                          matricule=third.matricule)  # fmt: skip
    url = reverse("frbe_forecast", args=(public_club.number,))
    page = client.get(url).content.decode()
    assert "frbe-art10@2008" in page and "Aucun tournoi clôturé" in page
    t = services.import_tournament(public_club, elite_bytes, "elite.txt")
    Tournament.objects.filter(pk=t.pk).update(closed_at=timezone.now())
    listed = {
        int(p.matricule): ListedPlayer(int(p.matricule), p.name, p.rating, 100)
        for p in core.players
    }
    expected = rating_run(listed, period_games([("elite", core)])[0]).players[int(third.matricule)]
    assert expected.new_rating != 2300 and expected.new_games == 107
    page = client.get(url).content.decode()
    assert f"<strong>{expected.new_rating}</strong>" in page
    assert "Cht FEFB ELITE" in page
    # the individual sheet: one line per game, with We and K of run 3
    sheet = page.split('class="frbe-sheet"', 1)[1].split("</table>", 1)[0]
    assert sheet.count("<tr>") == 1 + 7
    first = expected.sheet[0]
    assert f"<td>{first.expected_text}</td><td>{first.k}</td><td>3</td>" in sheet
