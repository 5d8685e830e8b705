"""Issue 4 deliverable 1 (entries) and the new-tournament page, through the web.

Expected pairing numbers come from FIDE C.04.2 (rating, then title GM, IM, WGM, FM, …, then
name); refusals from the issue's rules (bye limit, numbers frozen after round 4, no bye in a
round already paired) and common.md (tampered posts answer 4xx).
"""

from __future__ import annotations

import pytest
from django.urls import reverse

from chessclub_web.clubs.models import Player as RosterPlayer
from chessclub_web.clubs.models import Role
from chessclub_web.pairings import services
from chessclub_web.pairings.models import Absence, ForbiddenPair, RequestedBye
from chessclub_web.tournaments.models import Round, RoundState, Tournament

from ..audit.lines import other_lines
from ..builders import entries_url, new_tournament, numbers, register

# The pages in English (the messages asserted below); French is tested apart.
pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("english")]


def test_new_tournament_page_creates_a_swiss(owner_client, public_club):
    t = new_tournament(owner_client, public_club, acceleration="on", max_requested_byes=2)
    assert (t.system, t.planned_rounds, t.acceleration, t.max_requested_byes) == (
        "swiss",
        5,
        True,
        2,
    )
    assert t.creator.username == "owner"
    assert other_lines(tournament=t).exists()
    # The club page links to it (clubs/links.py).
    page = owner_client.get(reverse("club", args=(public_club.number,))).content.decode()
    assert reverse("new_tournament", args=(public_club.number,)) in page


def test_new_tournament_refuses_bad_values_with_400(owner_client, public_club):
    url = reverse("new_tournament", args=(public_club.number,))
    response = owner_client.post(
        url,
        {
            "name": "X",
            "kind": "club",
            "system": "swiss",
            "planned_rounds": "0",
            "time_control_category": "standard",
            "missed_round_points": "Z",
        },
    )
    assert response.status_code == 400
    assert not Tournament.objects.filter(name="X").exists()
    response = owner_client.post(
        url,
        {
            "name": "Y",
            "kind": "club",
            "system": "other",
            "planned_rounds": "5",
            "time_control_category": "standard",
            "missed_round_points": "Z",
        },
    )
    assert response.status_code == 400


def test_new_tournament_needs_the_import_right(client, public_club, make_user):
    arbiter = make_user("arb", public_club, Role.ARBITER)
    client.force_login(arbiter)
    assert client.get(reverse("new_tournament", args=(public_club.number,))).status_code == 403
    client.logout()
    assert client.get(reverse("new_tournament", args=(public_club.number,))).status_code == 302


def test_entries_pairing_numbers_by_rating_then_title_then_name(owner_client, public_club):
    """FIDE C.04.2: Dahl 1800 is last; of the three at 2000, the two FMs come first (title),
    Adam before Berg (name); Cole has no title."""
    t = new_tournament(owner_client, public_club)
    for name, rating, title in [
        ("Dahl, Di", 1800, ""),
        ("Cole, Cy", 2000, ""),
        ("Berg, Bo", 2000, "FM"),
        ("Adam, Al", 2000, "FM"),
    ]:
        assert register(owner_client, t, name, rating, title).status_code == 302
    assert numbers(t) == [(1, "Adam, Al"), (2, "Berg, Bo"), (3, "Cole, Cy"), (4, "Dahl, Di")]
    page = owner_client.get(entries_url(t))
    assert page.status_code == 200 and "Adam, Al" in page.content.decode()


def test_entries_numbers_frozen_once_round_4_is_paired(owner_client, public_club):
    """FIDE C.04.2: pairing numbers may not change after round 4 is paired; a later entrant
    takes the next number."""
    t = new_tournament(owner_client, public_club, planned_rounds=7)
    register(owner_client, t, "Low, Lo", 1500)
    for n in range(1, 5):
        Round.objects.create(tournament=t, number=n, state=RoundState.PUBLISHED)
    response = register(owner_client, t, "High, Hi", 2500, entry_round=5)
    assert response.status_code == 302
    assert numbers(t) == [(1, "Low, Lo"), (2, "High, Hi")]
    response = owner_client.post(entries_url(t), {"action": "renumber"})
    assert response.status_code == 409
    assert "frozen" in response.content.decode()


def test_entries_late_entry_cannot_join_a_paired_round(owner_client, public_club):
    t = new_tournament(owner_client, public_club)
    register(owner_client, t, "A, A", 1500)
    Round.objects.create(tournament=t, number=1)
    response = register(owner_client, t, "B, B", 1500, entry_round=1)
    assert response.status_code == 409
    assert "round 2 at the earliest" in response.content.decode()


def test_entries_requested_bye_limit_and_past_round(owner_client, public_club):
    """Issue 4: requested byes for chosen rounds with a per-tournament limit (here 1); a bye
    in a round already paired is refused."""
    t = new_tournament(owner_client, public_club, max_requested_byes=1)
    register(owner_client, t, "A, A", 1500)
    player = t.players.get()
    url = entries_url(t)
    ok = owner_client.post(
        url, {"action": "bye", "player": player.pk, "round_number": 3, "kind": "H"}
    )
    assert ok.status_code == 302
    refused = owner_client.post(
        url, {"action": "bye", "player": player.pk, "round_number": 4, "kind": "Z"}
    )
    assert refused.status_code == 409
    assert "allows 1" in refused.content.decode()
    assert RequestedBye.objects.filter(player=player).count() == 1
    Round.objects.create(tournament=t, number=1)
    t.max_requested_byes = None
    t.save()
    past = owner_client.post(
        url, {"action": "bye", "player": player.pk, "round_number": 1, "kind": "H"}
    )
    assert past.status_code == 409
    assert "already paired" in past.content.decode()


def test_entries_tampered_posts_answer_400(owner_client, public_club, make_user):
    t = new_tournament(owner_client, public_club)
    other = new_tournament(owner_client, public_club, name="Autre")
    register(owner_client, other, "Z, Z", 1500)
    stranger = other.players.get()
    url = entries_url(t)
    assert owner_client.post(url, {"action": "nonsense"}).status_code == 400
    assert (
        owner_client.post(url, {"action": "remove_player", "player": stranger.pk}).status_code
        == 400
    )
    assert (
        owner_client.post(
            url, {"action": "bye", "player": "x", "round_number": 2, "kind": "H"}
        ).status_code
        == 400
    )
    assert owner_client.post(url, {"action": "cancel_bye", "bye": "999"}).status_code == 400
    assert other.players.count() == 1


def test_entries_need_the_manage_entries_right(client, public_club, make_user, owner):
    client.force_login(owner)
    t = new_tournament(client, public_club)
    outsider = make_user("someone")
    client.force_login(outsider)
    assert client.get(entries_url(t)).status_code == 403
    assert client.post(entries_url(t), {"action": "renumber"}).status_code == 403
    client.logout()
    assert client.get(entries_url(t)).status_code == 302
    arbiter = make_user("arb", public_club, Role.ARBITER)
    client.force_login(arbiter)
    assert client.get(entries_url(t)).status_code == 200


def test_entries_roster_absence_withdrawal_forbidden_pair(owner_client, public_club):
    t = new_tournament(owner_client, public_club, time_control_category="rapid")
    roster = RosterPlayer.objects.create(
        club=public_club, surname="Roster", first_name="Rita", initial_elo_rapid=1750
    )
    url = entries_url(t)
    assert (
        owner_client.post(
            url, {"action": "add_roster", "roster_player": roster.pk, "entry_round": 1}
        ).status_code
        == 302
    )
    entry = t.players.get()
    assert (entry.name, entry.rating, entry.roster_player_id) == ("Roster, Rita", 1750, roster.pk)
    # The club column of the federation files (FRBE B3, cols 37-39) holds the club's number.
    assert entry.club == "700"
    register(owner_client, t, "Other, O", 1500)
    other = t.players.get(name="Other, O")
    assert (
        owner_client.post(
            url, {"action": "absence", "player": other.pk, "round_number": 2}
        ).status_code
        == 302
    )
    assert Absence.objects.filter(player=other, round_number=2).exists()
    assert (
        owner_client.post(
            url, {"action": "withdraw", "player": other.pk, "round_number": 4}
        ).status_code
        == 302
    )
    other.refresh_from_db()
    assert other.withdrawn_from_round == 4
    # No bye after the withdrawal.
    response = owner_client.post(
        url, {"action": "bye", "player": other.pk, "round_number": 5, "kind": "H"}
    )
    assert response.status_code == 409
    assert (
        owner_client.post(
            url, {"action": "forbid", "first": entry.pk, "second": other.pk, "reason": "famille"}
        ).status_code
        == 302
    )
    assert ForbiddenPair.objects.filter(tournament=t).count() == 1
    again = owner_client.post(url, {"action": "forbid", "first": other.pk, "second": entry.pk})
    assert again.status_code == 409


def test_initial_colour_by_lot_is_reproducible(owner_client, public_club):
    """C.04.3 art. 5.2.5: the initial colour is drawn by lot before round 1; the same seed
    draws the same colour, and both colours occur over seeds."""
    t = new_tournament(owner_client, public_club, initial_colour="")
    colours = {services.colour_by_lot(seed) for seed in range(20)}
    assert len(colours) == 2
    assert services.colour_by_lot(12345) is services.colour_by_lot(12345)
    response = owner_client.post(entries_url(t), {"action": "draw_colour"})
    assert response.status_code == 302
    t.refresh_from_db()
    assert t.initial_colour in ("W", "B")
    line = other_lines(tournament=t).first().description
    assert "seed" in line
    seed = int(line.rsplit("seed ", 1)[1].rstrip(").").strip())
    expected = "W" if services.colour_by_lot(seed).name == "WHITE" else "B"
    assert t.initial_colour == expected


def test_round_robin_numbers_drawn_by_lot(owner_client, public_club):
    t = new_tournament(owner_client, public_club, system="round_robin", planned_rounds="")
    for i, name in enumerate(["A, A", "B, B", "C, C", "D, D"]):
        register(owner_client, t, name, 2000 - i)
    assert owner_client.post(entries_url(t), {"action": "draw_numbers"}).status_code == 302
    drawn = numbers(t)
    assert sorted(n for n, _ in drawn) == [1, 2, 3, 4]
    line = other_lines(tournament=t).first().description
    seed = int(line.rsplit("seed ", 1)[1].rstrip(").").strip())
    # The same seed draws the same order again (reproducible).
    owner_client.post(entries_url(t), {"action": "renumber"})
    services.draw_numbers_by_lot(t, None, seed=seed)
    assert numbers(t) == drawn


def test_pages_speak_french_first(owner_client, public_club):
    """common.md: French first. The refusal of a second bye beyond the limit, in French."""
    owner_client.defaults["HTTP_ACCEPT_LANGUAGE"] = "fr"
    t = new_tournament(owner_client, public_club, max_requested_byes=0)
    register(owner_client, t, "A, A", 1500)
    player = t.players.get()
    page = owner_client.get(entries_url(t)).content.decode()
    assert "Inscrire un joueur" in page and "Apparier la ronde suivante" in page
    refused = owner_client.post(
        entries_url(t), {"action": "bye", "player": player.pk, "round_number": 2, "kind": "H"}
    )
    assert refused.status_code == 409
    assert "le tournoi en permet 0" in refused.content.decode()
