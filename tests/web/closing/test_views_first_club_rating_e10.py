"""Spec E10 on the club Elo pages: a roster player without an initial Elo gets a first club
rating after five counting games against rated players (FIDE B.02 8.2), shown with its
calculation on their page; from then on their games change the club Elo.

By hand: T1, U (unrated) beats A–E, all 1800: with the two hypothetical 1800 draws
p = 6/7 = 0.857 → 0.86, dp 309, Ra 1800 → 2109. A–E are not changed by their games against U
(B.02: not rated for the rated player). T2: U (2109, K 40) beats A (1800): expected .86
(difference 309, table 8.1.2) → Δ = 40 × (1 − .86) = 5.6 → +6 → 2115; A: −5.6 → −6 → 1794.
"""

from __future__ import annotations

import datetime

import pytest
from django.urls import reverse

from chessclub_web.closing import services
from chessclub_web.closing.models import EloRow
from chessclub_web.clubs.models import Player

from ..builders import make_tournament

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("english")]

RATED = [(f"{n}, Testeur", 1800) for n in ("Alpha", "Bravo", "Charlie", "Delta", "Echo")]
UNRATED = ("Uniform, Testeur", None)
FIVE_WINS = [[(6, 1, "1-0")], [(2, 6, "0-1")], [(6, 3, "1-0")], [(4, 6, "0-1")], [(6, 5, "1-0")]]


def test_e10_first_club_rating_shown_with_its_calculation(client, public_club):
    t1 = make_tournament(public_club, [*RATED, UNRATED], FIVE_WINS, name="Printemps")
    services.close_tournament(t1, None, datetime.date(2026, 1, 10))
    unrated = Player.objects.get(club=public_club, surname__startswith="Uniform")
    assert unrated.initial_elo_standard is None
    assert not EloRow.objects.filter(player=unrated).exists()
    assert set(EloRow.objects.filter(tournament=t1).values_list("delta", flat=True)) == {0}
    page = client.get(reverse("player", args=(public_club.number, unrated.pk))).content.decode()
    assert "First club rating 2109, after Printemps." in page
    assert page.count("Hypothetical opponent (draw)") == 2
    assert "Ra = 1800" in page and "dp = 309" in page and "p = 0.86" in page
    assert "1800 + (309) = 2109" in page

    t2 = make_tournament(public_club, [RATED[0], UNRATED], [[(2, 1, "1-0")]], name="Été")
    services.close_tournament(t2, None, datetime.date(2026, 2, 10))
    row = EloRow.objects.get(tournament=t2, player=unrated)
    assert (row.ro, row.k, row.games_before, row.delta, row.rn) == (2109, 40, 5, 6, 2115)
    alpha = EloRow.objects.get(tournament=t2, player__surname__startswith="Alpha")
    assert (alpha.ro, alpha.delta, alpha.rn) == (1800, -6, 1794)


def test_e10_unrated_until_five_games(client, public_club):
    t1 = make_tournament(public_club, [*RATED, UNRATED], FIVE_WINS[:3], name="Printemps")
    services.close_tournament(t1, None, datetime.date(2026, 1, 10))
    unrated = Player.objects.get(club=public_club, surname__startswith="Uniform")
    page = client.get(reverse("player", args=(public_club.number, unrated.pk))).content.decode()
    assert "3 of the 5 games against rated players" in page
    assert not EloRow.objects.filter(player=unrated).exists()
