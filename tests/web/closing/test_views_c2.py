"""Early end of a Swiss (spec C2): *Terminer après la ronde* N, its preview, then closing."""

from __future__ import annotations

import pytest
from django.urls import reverse

from chessclub_web.clubs.models import Role
from chessclub_web.pairings.models import RequestedBye
from chessclub_web.tournaments.models import Round, TournamentPlayer

from ..builders import make_tournament

# These tests read the English texts; test_views_labels checks the French ones.
pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("english")]


PLAYERS = [
    ("Alpha, Anne", 1800),
    ("Bravo, Bob", 1700),
    ("Charlie, Claire", 1600),
    ("Delta, Dan", 1500),
    ("Echo, Eve", 1400),
]


def swiss(club, round3_result=""):
    """Five planned rounds; rounds 1–2 complete, round 3 paired (no result unless given)."""
    t = make_tournament(
        club,
        PLAYERS,
        [
            [(1, 3, "1-0"), (2, 4, "=")],
            [(4, 1, "0-1"), (3, 2, "1-0")],
            [(1, 2, round3_result), (3, 4, "")],
        ],
        system="swiss",
        planned_rounds=5,
    )
    late = TournamentPlayer.objects.get(tournament=t, pairing_number=5)
    late.entry_round = 4
    late.save()
    bravo = TournamentPlayer.objects.get(tournament=t, pairing_number=2)
    RequestedBye.objects.create(player=bravo, round_number=4, kind="H")
    RequestedBye.objects.create(player=bravo, round_number=2, kind="H")
    delta = TournamentPlayer.objects.get(tournament=t, pairing_number=4)
    delta.withdrawn_from_round = 5
    delta.save()
    return t


def test_c2_preview_lists_every_effect(client, public_club, make_user):
    """C2: last complete round 2 → planned rounds 5 → 2; round 3 (no result) deleted; Bravo's
    bye for round 4 dropped; Echo (joins round 4) leaves; Delta's withdrawal from 5 cancelled."""
    t = swiss(public_club)
    client.force_login(make_user("owner", public_club, Role.OWNER))
    page = client.get(reverse("close", args=(public_club.number, t.pk))).content.decode()
    assert "Terminer après la ronde 2" in page or "End after round 2" in page
    assert "from 5 to 2" in page
    assert "delete round 3" in page
    assert "drop the bye Bravo, Bob requested for round 4" in page
    assert "remove Echo, Eve, due to join in round 4" in page
    assert "cancel the withdrawal of Delta, Dan from round 5" in page


def test_c2_end_early_then_close(client, public_club, make_user):
    t = swiss(public_club)
    client.force_login(make_user("owner", public_club, Role.OWNER))
    url = reverse("close", args=(public_club.number, t.pk))
    assert client.post(url, {"action": "end_early", "after_round": "2"}).status_code == 400
    response = client.post(url, {"action": "end_early", "after_round": "2", "confirm_end": "on"})
    assert response.status_code == 302
    t.refresh_from_db()
    assert t.planned_rounds == 2
    assert list(Round.objects.filter(tournament=t).values_list("number", flat=True)) == [1, 2]
    assert list(
        RequestedBye.objects.filter(player__tournament=t).values_list("round_number", flat=True)
    ) == [2]
    assert not TournamentPlayer.objects.filter(tournament=t, pairing_number=5).exists()
    assert TournamentPlayer.objects.get(tournament=t, pairing_number=4).withdrawn_from_round is None
    response = client.post(url, {"action": "close", "end_date": "2026-06-01", "confirm": "on"})
    assert response.status_code == 302
    t.refresh_from_db()
    assert t.is_closed


def test_c2_refused_while_a_later_round_has_a_result(client, public_club, make_user):
    """C2: round 3 has one result (1-0 on board 1): the early end is refused, nothing changes."""
    t = swiss(public_club, round3_result="1-0")
    client.force_login(make_user("owner", public_club, Role.OWNER))
    url = reverse("close", args=(public_club.number, t.pk))
    page = client.get(url).content.decode()
    assert "Round 3 already has results" in page
    response = client.post(url, {"action": "end_early", "after_round": "2", "confirm_end": "on"})
    assert response.status_code == 409
    t.refresh_from_db()
    assert t.planned_rounds == 5
    assert Round.objects.filter(tournament=t).count() == 3


def test_c2_only_after_the_last_complete_round(client, public_club, make_user):
    t = swiss(public_club)
    client.force_login(make_user("owner", public_club, Role.OWNER))
    url = reverse("close", args=(public_club.number, t.pk))
    response = client.post(url, {"action": "end_early", "after_round": "1", "confirm_end": "on"})
    assert response.status_code == 409
    t.refresh_from_db()
    assert t.planned_rounds == 5


def test_c2_round_robin_offers_no_early_end(client, public_club, make_user):
    t = make_tournament(public_club, PLAYERS[:2], [[(1, 2, "1-0")]], planned_rounds=3)
    client.force_login(make_user("owner", public_club, Role.OWNER))
    url = reverse("close", args=(public_club.number, t.pk))
    page = client.get(url).content.decode()
    assert "end_early" not in page
    assert (
        client.post(
            url, {"action": "end_early", "after_round": "1", "confirm_end": "on"}
        ).status_code
        == 409
    )
