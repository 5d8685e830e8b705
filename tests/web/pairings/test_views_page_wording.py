"""Wording a newcomer found wrong: *Nouveau tournoi* offered « Rondes prévues » filled with 0
while its help says to leave it empty for a round robin; a draft round's page said « Jouée le
… » for a round not played yet (it is the date the round is played on)."""

from __future__ import annotations

import datetime
import re

import pytest
from django.urls import reverse

from chessclub_web.clubs.models import Role
from chessclub_web.tournaments.models import Round, RoundState, Tournament

pytestmark = pytest.mark.django_db

FR = {"HTTP_ACCEPT_LANGUAGE": "fr"}


def test_new_tournament_planned_rounds_empty(client, public_club, make_user):
    client.force_login(make_user("owner", public_club, Role.OWNER))
    html = client.get(reverse("new_tournament", args=("700",)), **FR).content.decode()
    field = re.search(r'<input[^>]*name="planned_rounds"[^>]*>', html)
    assert field is not None and 'value="0"' not in field.group(0)


def test_draft_round_page_gives_the_round_date_not_played_on(client, public_club, make_user):
    client.force_login(make_user("owner", public_club, Role.OWNER))
    t = Tournament.objects.create(club=public_club, name="Open", planned_rounds=5)
    Round.objects.create(
        tournament=t, number=1, state=RoundState.DRAFT, date=datetime.date(2026, 11, 2)
    )
    html = client.get(reverse("pairing_round", args=("700", t.pk, 1)), **FR).content.decode()
    assert "Date de la ronde : 2 novembre 2026." in html
    assert "Jouée le" not in html
