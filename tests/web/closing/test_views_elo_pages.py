"""Club Elo pages (spec E8, E9): Variations Elo tab and each player's history."""

from __future__ import annotations

import datetime

import pytest
from django.urls import reverse

from chessclub_web.closing import services
from chessclub_web.clubs.models import Player, Role

from ..builders import make_tournament

# These tests read the English texts; test_views_labels checks the French ones.
pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("english")]


PAIR = [("Alpha, Anne", 1600), ("Bravo, Bob", 1600)]


def two_closed(club):
    t1 = make_tournament(club, PAIR, [[(1, 2, "1-0")]], name="Printemps")
    services.close_tournament(t1, None, datetime.date(2026, 1, 10))
    t2 = make_tournament(club, PAIR, [[(1, 2, "1-0")]], name="Été")
    services.close_tournament(t2, None, datetime.date(2026, 2, 10))
    return t1, t2


def test_e9_elo_changes_tab_public_in_a_public_club(client, public_club):
    """E9: Ro, K, n, score, expected, Δ, new Elo. T1: A 1600 beats B 1600, PD .50, K 40:
    Δ = 40 × (1 − .5) = +20 → 1620."""
    t1, _t2 = two_closed(public_club)
    page = client.get(reverse("elo_changes", args=("700", t1.pk))).content.decode()
    for text in ("1600", "40", "0.5", "+20", "1620", "-20", "1580", "not the FIDE Elo"):
        assert text in page
    tabs = client.get(reverse("tournament", args=("700", t1.pk))).content.decode()
    assert reverse("elo_changes", args=("700", t1.pk)) in tabs
    assert "No club Elo change" not in page  # both players have their row


def test_e9_entries_without_a_club_elo_row_are_named(client, public_club):
    """An entry that is not linked to the club's roster gets no Elo row (E1: the club Elo
    starts from the roster's initial Elo): the tab names it instead of leaving it out."""
    t1, _t2 = two_closed(public_club)
    t1.players.filter(pairing_number=2).update(roster_player=None)
    page = client.get(reverse("elo_changes", args=("700", t1.pk)), HTTP_ACCEPT_LANGUAGE="fr")
    html = page.content.decode()
    name = t1.players.get(pairing_number=2).name
    assert "Pas de variation d’Elo de club" in html and f"2. {name}" in html


def test_e9_elo_changes_hidden_in_a_private_club_and_absent_when_not_closed(
    client, private_club, make_user
):
    t1, _t2 = two_closed(private_club)
    url = reverse("elo_changes", args=("701", t1.pk))
    assert client.get(url).status_code == 404
    client.force_login(make_user("arb", private_club, Role.ARBITER))
    assert client.get(url).status_code == 200
    open_one = make_tournament(private_club, PAIR, [[(1, 2, "")]])
    assert client.get(reverse("elo_changes", args=("701", open_one.pk))).status_code == 404


def test_e8_e9_player_page_history_table_and_chart(client, public_club):
    """E9: A's history: initial 1600; T1 +20 → 1620; T2 A 1620 beats B 1580: D 40 → .56,
    40 × .44 = 17.6 → +18 → 1638. Table without JavaScript, SVG chart, E8 note."""
    two_closed(public_club)
    alpha = Player.objects.get(surname="Alpha")
    page = client.get(reverse("player", args=("700", alpha.pk))).content.decode()
    assert "not the FIDE Elo" in page
    assert "<svg" in page and "<polyline" in page
    assert "Printemps" in page and "Été" in page
    assert "1620" in page and "+18" in page and "1638" in page
    assert page.index("Printemps") < page.index("Été")
    assert "<script" not in page.split("<main")[-1]
