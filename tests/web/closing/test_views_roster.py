"""The club roster (spec: Clubs, people and roles; E1) and its permissions."""

from __future__ import annotations

import datetime

import pytest
from django.urls import reverse

from chessclub_web.closing import services
from chessclub_web.closing.models import EloRow
from chessclub_web.clubs.models import Player, Role

from ..builders import make_tournament, roster_player

# These tests read the English texts; test_views_labels checks the French ones.
pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("english")]


def test_roster_public_club_is_public_private_is_members_only(
    client, public_club, private_club, make_user
):
    roster_player(public_club, "Alpha", 1500, first_name="Anne", matricule="54321")
    hidden = roster_player(private_club, "Secret", 1500)
    page = client.get(reverse("roster", args=("700",))).content.decode()
    assert "Alpha, Anne" in page and "54321" in page and "1500" in page
    assert client.get(reverse("roster", args=("701",))).status_code == 404
    assert client.get(reverse("player", args=("701", hidden.pk))).status_code == 404
    client.force_login(make_user("arb", private_club, Role.ARBITER))
    assert "Secret" in client.get(reverse("roster", args=("701",))).content.decode()
    assert client.get(reverse("player", args=("701", hidden.pk))).status_code == 200


def test_roster_add_needs_manage_roster(client, public_club, make_user):
    data = {"surname": "Kilo", "first_name": "Kim", "sex": "F", "initial_elo_standard": "1650"}
    url = reverse("roster_add", args=("700",))
    client.force_login(make_user("arb", public_club, Role.ARBITER))
    assert client.post(url, data).status_code == 403
    client.force_login(make_user("adm", public_club, Role.ADMINISTRATOR))
    response = client.post(url, data)
    assert response.status_code == 302
    kim = Player.objects.get(club=public_club, surname="Kilo")
    assert (kim.first_name, kim.sex, kim.initial_elo_standard) == ("Kim", "F", 1650)


def test_roster_bad_input_is_400_and_nothing_changes(client, public_club, make_user):
    player = roster_player(public_club, "Alpha", 1500)
    client.force_login(make_user("owner", public_club, Role.OWNER))
    url = reverse("roster_edit", args=("700", player.pk))
    response = client.post(url, {"surname": "", "initial_elo_standard": "99999"})
    assert response.status_code == 400
    page = response.content.decode()
    assert "This field is required." in page or "obligatoire" in page
    player.refresh_from_db()
    assert (player.surname, player.initial_elo_standard) == ("Alpha", 1500)


def test_e7_roster_initial_elo_change_recomputes_the_club_elo(client, public_club, make_user):
    """E7 through the roster page: Bravo's initial standard Elo 1600 → 2000.

    Before: A 1600 beats B 1600: PD .50, A +20, B −20. After: D 400 → .08/.92: A 40×.92 = 36.8
    → +37 → 1637; B 40×(0−.92) = −36.8 → −37 → 1963.
    """
    t = make_tournament(
        public_club, [("Alpha, Anne", 1600), ("Bravo, Bob", 1600)], [[(1, 2, "1-0")]]
    )
    services.close_tournament(t, None, datetime.date(2026, 1, 10))
    bravo = Player.objects.get(surname="Bravo")
    assert EloRow.objects.get(player=bravo).rn == 1580
    client.force_login(make_user("owner", public_club, Role.OWNER))
    response = client.post(
        reverse("roster_edit", args=("700", bravo.pk)),
        {"surname": "Bravo", "first_name": "Bob", "initial_elo_standard": "2000"},
    )
    assert response.status_code == 302
    assert EloRow.objects.get(player=bravo).rn == 1963
    assert EloRow.objects.get(player__surname="Alpha").rn == 1637


def test_roster_linking_matches_matricule_then_fide_id_then_name(public_club):
    """Closing links entries: by matricule, then FIDE ID, then exact name; else creates."""
    by_mat = roster_player(public_club, "Other", 1500, matricule="12345")
    by_fide = roster_player(public_club, "Different", 1500, fide_id="999")
    by_name = roster_player(public_club, "Charlie", None, first_name="Claire")
    t = make_tournament(
        public_club,
        [
            ("Alpha, Anne", 1500),
            ("Bravo, Bob", 1600),
            ("charlie  claire", 1700),
            ("Delta, Dan", 1800),
        ],
        [[(1, 2, "1-0"), (3, 4, "=")]],
        system="swiss",
    )
    t.players.filter(pairing_number=1).update(matricule="12345")
    t.players.filter(pairing_number=2).update(fide_id="999")
    services.close_tournament(t, None, datetime.date(2026, 1, 10))
    links = dict(t.players.values_list("pairing_number", "roster_player_id"))
    assert links[1] == by_mat.pk and links[2] == by_fide.pk and links[3] == by_name.pk
    by_name.refresh_from_db()
    assert by_name.initial_elo_standard == 1700  # it had none: the entry's rating
    created = Player.objects.get(pk=links[4])
    assert (created.surname, created.first_name, created.initial_elo_standard) == (
        "Delta",
        "Dan",
        1800,
    )
