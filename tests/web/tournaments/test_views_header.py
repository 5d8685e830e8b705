"""The tournament header gives the number of rounds only once it is known (a new round robin
before its players are registered has none: no "0 ronde")."""

from __future__ import annotations

import pytest
from django.urls import reverse

from chessclub_web.tournaments.models import System, Tournament

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(("planned", "shown"), [(0, None), (1, "1 ronde"), (7, "7 rondes")])
def test_header_round_count(client, public_club, planned, shown):
    row = Tournament.objects.create(
        club=public_club, name="Open", system=System.ROUND_ROBIN, planned_rounds=planned
    )
    html = client.get(reverse("tournament", args=(public_club.number, row.pk))).content.decode()
    header = html.split('<p class="meta">', 1)[1].split("</p>", 1)[0]
    assert "0 ronde" not in header
    if shown:
        assert shown in header
