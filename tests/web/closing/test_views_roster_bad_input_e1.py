"""The roster (E1: each player's initial Elo per time control) against bad input: 400 with the
reason on the form, nothing stored, never a server error; a private club's roster stays
hidden from outsiders."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from chessclub_web.clubs.models import Club, Player, Role

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("english")]


@pytest.mark.parametrize(
    ("value", "message"),
    [
        ("-5", "at least 100"),
        ("0", "leave the field empty for a player without an Elo"),
        ("99", "at least 100"),
        ("5000", "less than or equal to 3500"),
        ("abc", "Enter a whole number."),
        ("1e3", "Enter a whole number."),
        ("99999999999999999999", "less than or equal to 3500"),
    ],
)
def test_e1_roster_bad_initial_elo_is_400(owner_client, public_club, value, message):
    """E1: an initial Elo is a rating: 100…3500. 0 is what rating files write for "no
    rating": refused with the hint to leave the field empty (the first version stored 0,
    and the player then started the club Elo at 0)."""
    response = owner_client.post(
        reverse("roster_add", args=(public_club.number,)),
        {"surname": "Zed", "initial_elo_rapid": value},
    )
    assert response.status_code == 400
    assert message in response.content.decode()
    assert not Player.objects.filter(club=public_club).exists()


def test_e1_roster_initial_elo_bounds_accepted(owner_client, public_club):
    url = reverse("roster_add", args=(public_club.number,))
    assert (
        owner_client.post(url, {"surname": "Low", "initial_elo_standard": "100"}).status_code == 302
    )
    assert (
        owner_client.post(url, {"surname": "High", "initial_elo_blitz": "3500"}).status_code == 302
    )
    assert owner_client.post(url, {"surname": "None"}).status_code == 302
    assert Player.objects.get(surname="None").initial_elo_standard is None


def test_e1_roster_duplicate_matricule_is_400_not_500(owner_client, public_club):
    """The roster's matricule is unique per club (constraint of clubs.Player). The first
    version let the database refuse the row: a server error (500). Adding or editing a player
    with a matricule already taken is now a 400 naming it; another club may use it."""
    url = reverse("roster_add", args=(public_club.number,))
    assert owner_client.post(url, {"surname": "First", "matricule": "12345"}).status_code == 302
    response = owner_client.post(url, {"surname": "Second", "matricule": "12345"})
    assert response.status_code == 400
    assert "This club already has a player with this matricule." in response.content.decode()
    assert Player.objects.filter(club=public_club).count() == 1
    other = Player.objects.create(club=public_club, surname="Other", matricule="999")
    edit = reverse("roster_edit", args=(public_club.number, other.pk))
    response = owner_client.post(edit, {"surname": "Other", "matricule": "12345"})
    assert response.status_code == 400
    assert Player.objects.get(pk=other.pk).matricule == "999"
    # Saving a player with their own matricule is fine; so is the same number elsewhere.
    assert owner_client.post(edit, {"surname": "Other", "matricule": "999"}).status_code == 302
    elsewhere = Club.objects.create(name="Ailleurs", number="709", public=True)
    Player.objects.create(club=elsewhere, surname="Twin", matricule="12345")


def test_e1_roster_private_club_hidden_from_outsiders(private_club, public_club, make_user):
    """A private club's roster and players: 404 for an outsider (even another club's owner)
    and a visitor, on every page and for POSTs; nothing is changed."""
    player = Player.objects.create(club=private_club, surname="Secret", initial_elo_standard=1500)
    outsider = Client()
    outsider.force_login(make_user("outsider", public_club, Role.OWNER))
    urls = [
        reverse("roster", args=(private_club.number,)),
        reverse("player", args=(private_club.number, player.pk)),
        reverse("roster_add", args=(private_club.number,)),
        reverse("roster_edit", args=(private_club.number, player.pk)),
    ]
    for url in urls:
        assert outsider.get(url).status_code == 404
        assert Client().get(url).status_code == 404
    for url in urls[2:]:
        response = outsider.post(url, {"surname": "Hacked", "initial_elo_standard": "2000"})
        assert response.status_code == 404
    player.refresh_from_db()
    assert (player.surname, player.initial_elo_standard) == ("Secret", 1500)
    assert Player.objects.filter(club=private_club).count() == 1


def test_e1_roster_player_of_another_club_is_404(owner_client, public_club):
    elsewhere = Club.objects.create(name="Ailleurs", number="709", public=True)
    stranger = Player.objects.create(club=elsewhere, surname="Stranger")
    url = reverse("roster_edit", args=(public_club.number, stranger.pk))
    assert owner_client.get(url).status_code == 404
    assert owner_client.post(url, {"surname": "Mine"}).status_code == 404
    assert Player.objects.get(pk=stranger.pk).surname == "Stranger"


def test_e1_entry_rating_0_or_beyond_any_list_is_no_initial_elo(public_club):
    """E1 at closing: an entry rated 0 ("unrated" in rating files) or 40000 (a typing error
    that does not even fit the roster's column) gives its roster player no initial Elo: no
    Elo row, and games against them do not count (as against any unrated player).

    A 1600 beats Z (0) and B 1600; B draws Y (40000). Only A–B counts: PD .50, K 40, n 1:
    A 40 × (1 − .5) = +20 → 1620, B −20 → 1580.
    """
    import datetime

    from chessclub_web.closing import services
    from chessclub_web.closing.models import EloRow

    from ..builders import make_tournament

    t = make_tournament(
        public_club,
        [("Able, A", 1600), ("Baker, B", 1600), ("Zero, Z", 0), ("Huge, Y", 40000)],
        [[(1, 3, "1-0"), (2, 4, "=")], [(1, 2, "1-0")]],
        planned_rounds=2,
    )
    services.close_tournament(t, None, datetime.date(2026, 5, 2))
    rows = {
        r.player.surname: (r.ro, r.games, r.delta, r.rn)
        for r in EloRow.objects.filter(tournament=t).select_related("player")
    }
    assert rows == {"Able": (1600, 1, 20, 1620), "Baker": (1600, 1, -20, 1580)}
    for surname in ("Zero", "Huge"):
        assert Player.objects.get(club=public_club, surname=surname).initial_elo_standard is None
