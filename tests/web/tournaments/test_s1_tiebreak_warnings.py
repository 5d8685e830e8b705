"""S1 — the *Paramètres* page warns when a chosen tiebreak cannot be computed as the arbiter may
expect: a rating-based tiebreak (C.07 Art. 10) while a player has no rating and no rating is
set for unrated players (the standings then show ``–`` for everyone), a Buchholz-type
tiebreak in a round robin (C.07 Art. 8: the same value for players on the same points once
every round is played), the Koya System in a Swiss (C.07 Art. 9.2: made for round robins).
The warnings show below the list, and again on the standings after saving.
"""

from __future__ import annotations

import html

import pytest
from django.urls import reverse
from django.utils import translation

from chessclub.standings import compute_standings
from chessclub_web.clubs.models import Role
from chessclub_web.tournaments import services
from chessclub_web.tournaments.adapters import load_tournament
from chessclub_web.tournaments.models import Tournament

from .helpers import make_tournament

pytestmark = pytest.mark.django_db

EN = {"HTTP_ACCEPT_LANGUAGE": "en"}
UNRATED = (
    "ARO/C1: 1 player has no rating (Echo, Emma) and no rating is set for unrated players, so "
    "these tiebreaks are computed for no one (shown “–”; C.07 Art. 10)."
)


@pytest.fixture
def owner(client, public_club, make_user):
    client.force_login(make_user("owner", public_club, Role.OWNER))
    return client


def _swiss(club, rating_of_echo: int | None) -> Tournament:
    players = [("Alpha, Anne", 1900), ("Bravo, Bert", 1800), ("Echo, Emma", rating_of_echo)]
    return make_tournament(club, players, [[(1, 3, "1-0")]], system="swiss", planned_rounds=5)


def settings_url(t: Tournament) -> str:
    return reverse("tournament_settings", args=(t.club.number, t.pk))


def test_s1_rating_tiebreak_with_an_unrated_player_warned_on_the_page(owner, public_club):
    t = _swiss(public_club, None)
    page = owner.get(settings_url(t) + "?preset=fide-swiss-rated", **EN).content.decode()
    assert 'id="tiebreak-warnings"' in page and UNRATED in html.unescape(page)
    # What the warning says: the core computes ARO/C1 for no one.
    rows = compute_standings(load_tournament(t), ("ARO/C1",))
    assert all(row.tiebreaks["ARO/C1"] is None for row in rows)


def test_s1_warning_repeated_on_the_standings_after_saving(owner, public_club):
    t = _swiss(public_club, 0)  # 0 counts as no rating
    data = {"chosen": ["ARO/C1", "BH"], "order-ARO/C1": "1", "order-BH": "2"}
    response = owner.post(settings_url(t), {**data, "tiebreak_rules": ""}, follow=True, **EN)
    assert response.status_code == 200
    t.refresh_from_db()
    assert t.tiebreaks == "ARO/C1,BH"
    assert UNRATED in html.unescape(response.content.decode())


def test_s1_no_warning_when_every_player_is_rated(owner, public_club):
    t = _swiss(public_club, 1600)
    page = owner.get(settings_url(t) + "?preset=fide-swiss-rated", **EN).content.decode()
    assert 'id="tiebreak-warnings"' not in page


@translation.override("en")
def test_s1_buchholz_in_a_round_robin_and_koya_in_a_swiss_warned(public_club):
    players = [("Alpha, Anne", 1900), ("Bravo, Bert", 1800), ("Charlie, Claire", 1700)]
    round_robin = make_tournament(public_club, players, [[(1, 2, "1-0")]])
    assert services.tiebreak_warnings(round_robin, ["DE", "BH/C1", "AOB"]) == [
        "BH/C1, AOB: in a round robin every player meets every other, so players on the same "
        "points get the same value once every round is played (C.07 Art. 8)."
    ]
    swiss = _swiss(public_club, 1600)
    assert services.tiebreak_warnings(swiss, ["BH", "KS"]) == [
        "KS: the Koya System is made for round robins (C.07 Art. 9.2); in a Swiss it counts "
        "only the points scored against opponents who reached half of the maximum."
    ]
    assert services.tiebreak_warnings(swiss, ["BH/C1", "BH", "SB", "DE", "WIN"]) == []
