"""Issue 4 deliverable 3 on the web: the pairings checker re-pairs every round of an imported
Swiss tournament and reports the rounds that differ, pair by pair.

The reference file ``n10-r7-s10001.trf`` was paired round by round by bbpPairings (v6, 2026
rules; provenance in tests/fixtures/pairing/PROVENANCE.md), so every round agrees; after the
colours of one board of the last round (7) are exchanged in the database, exactly that board
of round 7 is reported as a colour difference (earlier rounds do not depend on it).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from django.urls import reverse

from chessclub_web.clubs.models import Role
from chessclub_web.tournaments import services as tournament_services
from chessclub_web.tournaments.models import Game

# The pages in English (the messages asserted below); French is tested apart.
pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("english")]


GENERATED = Path(__file__).resolve().parents[2] / "fixtures" / "pairing" / "generated"


def test_checker_reports_the_differing_board(client, public_club, make_user):
    owner = make_user("owner", public_club, Role.OWNER)
    client.force_login(owner)
    data = (GENERATED / "n10-r7-s10001.trf").read_bytes()
    t = tournament_services.import_tournament(public_club, data, "n10.trf", owner)
    url = reverse("check_pairings", args=(public_club.number, t.pk))
    page = client.get(url)
    assert page.status_code == 200 and "Run the check" in page.content.decode()
    page = client.post(url).content.decode()
    assert "Every round is paired as the FIDE Dutch system pairs it." in page
    game = Game.objects.filter(round__tournament=t, round__number=7).order_by("board", "id").first()
    game.white, game.black = game.black, game.white
    game.save()
    page = client.post(url).content.decode()
    assert "Round 7" in page and "Round 6" not in page
    assert page.count('<tr class="colours">') == 1
    for other in ("played_only", "engine_only", "bye", "error"):
        assert page.count(f'<tr class="{other}">') == 0
    assert "Every round is paired as the FIDE Dutch system pairs it." not in page


def test_checker_refuses_a_round_robin(client, public_club, make_user):
    owner = make_user("owner", public_club, Role.OWNER)
    client.force_login(owner)
    from chessclub_web.tournaments.models import Tournament

    t = Tournament.objects.create(name="RR", system="round_robin", club=public_club)
    response = client.post(reverse("check_pairings", args=(public_club.number, t.pk)))
    assert response.status_code == 409
    client.force_login(make_user("visitor"))
    assert (
        client.post(reverse("check_pairings", args=(public_club.number, t.pk))).status_code == 403
    )
