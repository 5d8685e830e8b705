"""S1 — Direct Encounter (C.07 Art. 6) shows a value only where it separates players still
tied; its explanation says so. Display only: the values and the order do not change.

A four-player round robin worked by hand (Berger table): round 1 Alpha–Delta ½-½,
Bravo–Charlie 1-0; round 2 Delta–Charlie ½-½, Alpha–Bravo 1-0; round 3 Bravo–Delta 1-0,
Charlie–Alpha ½-½. Points: Alpha 2, Bravo 2, Charlie 1, Delta 1. Tiebreaks ``DE``: Alpha and
Bravo are tied and Alpha beat Bravo: DE 1 and 2, shown; Charlie and Delta are tied and drew:
DE 1 for both, separating no one, not shown (they share rank 3–4).
"""

from __future__ import annotations

import html
import re

import pytest
from django.urls import reverse

from chessclub.standings import compute_standings
from chessclub_web.tournaments.adapters import load_tournament
from chessclub_web.tournaments.models import Tournament

from .helpers import make_tournament

pytestmark = pytest.mark.django_db

EN = {"HTTP_ACCEPT_LANGUAGE": "en"}
PLAYERS = [("Alpha, Anne", 1900), ("Bravo, Bert", 1800), ("Charlie, Claire", 1700)]
PLAYERS.append(("Delta, Dirk", 1600))
ROUNDS = [
    [(1, 4, "="), (2, 3, "1-0")],
    [(4, 3, "="), (1, 2, "1-0")],
    [(2, 4, "1-0"), (3, 1, "=")],
]


@pytest.fixture
def tournament(public_club) -> Tournament:
    t = make_tournament(public_club, PLAYERS, ROUNDS)
    Tournament.objects.filter(pk=t.pk).update(tiebreaks="DE,WIN")
    t.refresh_from_db()
    return t


def _cells(page: str, number: int) -> list[str]:
    row = re.search(rf'<tr id="player-{number}">(.*?)</tr>', page, re.S)
    assert row, number
    cells = re.findall(r'<td class="num tiebreak">(.*?)</td>', row.group(1), re.S)
    return [re.sub(r"<[^>]+>", "", c).strip() for c in cells]


def test_s1_de_value_only_where_it_separates(client, tournament):
    url = reverse("tournament", args=(tournament.club.number, tournament.pk))
    page = client.get(url, **EN).content.decode()
    assert [_cells(page, n)[0] for n in (1, 2, 3, 4)] == ["1", "2", "", ""]
    ranks = re.findall(r'<td class="num rank">([^<]*)</td>', page)
    assert ranks == ["1", "2", "3–4", "3–4"]
    assert "DE shows a value only where it separates players still tied" in page
    # The core's values (and the order) are unchanged.
    rows = compute_standings(load_tournament(tournament), ("DE", "WIN"))
    assert [(int(r.player.pairing_number), r.tiebreaks["DE"]) for r in rows] == [
        (1, 1),
        (2, 2),
        (3, 1),
        (4, 1),
    ]
    crosstable = client.get(url + "crosstable/", **EN).content.decode()
    assert [_cells(crosstable, n)[0] for n in (1, 2, 3, 4)] == ["1", "2", "", ""]


def test_s1_de_explanation_says_it_separates_no_one(client, tournament):
    url = reverse(
        "explain_tiebreak",
        kwargs={"number": tournament.club.number, "pk": tournament.pk, "start_no": 3, "code": "DE"},
    )
    page = html.unescape(client.get(url, **EN).content.decode())
    assert "not separated from 4 by Direct Encounter" in page
    assert "The standings show no Direct Encounter value for this player" in page
    shown = url.replace("/3/DE/", "/1/DE/")
    page = html.unescape(client.get(shown, **EN).content.decode())
    assert "The standings show no Direct Encounter value" not in page


def test_s1_de_of_a_player_tied_with_no_one_says_so(client, demo):
    """The demo championship: after BH/C1, BH and SB no two players are still tied; Alpha
    Anne's (1) DE is her place in a group of one."""
    page = html.unescape(client.get(demo + "explain/1/DE/", **EN).content.decode())
    assert "tied with no one when Direct Encounter applies: it separates no one (Art. 6)" in page
    assert "The standings show no Direct Encounter value for this player" in page


def test_s1_screen_shows_de_only_where_it_separates(client, tournament):
    url = reverse("screen_standings", args=(tournament.club.number, tournament.pk))
    page = client.get(url, **EN).content.decode()
    rows = re.findall(r'<td class="num tiebreak">([^<]*)</td>', page)
    assert rows[::2] == ["1", "2", "", ""]  # DE of each row, in order (WIN between)
