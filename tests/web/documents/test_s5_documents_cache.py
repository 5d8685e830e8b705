"""A document's PDF is drawn once per content (spec S5): a reader whose document did not change
gets the same bytes without drawing it again; a change of what it shows draws it anew."""

from __future__ import annotations

import pytest

from chessclub_web.documents import rendering
from chessclub_web.tournaments.models import TournamentPlayer, touch_tournament

pytestmark = pytest.mark.django_db


def test_s5_a_pdf_is_drawn_once_per_content(client, demo, monkeypatch):
    drawn: list[int] = []
    draw = rendering._draw

    def counting(pages):
        drawn.append(len(pages))
        return draw(pages)

    monkeypatch.setattr(rendering, "_draw", counting)
    first = client.get(demo + "documents/start-list.pdf")
    second = client.get(demo + "documents/start-list.pdf")
    assert first.status_code == second.status_code == 200
    assert first.content == second.content
    assert drawn == [1]
    player = TournamentPlayer.objects.get(tournament__club__number="618", pairing_number=1)
    TournamentPlayer.objects.filter(pk=player.pk).update(name="Zulu, Zoé")
    touch_tournament(player.tournament_id)  # a bulk update gives the revision itself
    third = client.get(demo + "documents/start-list.pdf")
    assert drawn == [1, 1]
    assert third.content != first.content
