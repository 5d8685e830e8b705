"""A round read from a file without board numbers (the Belgian results file has none): the
round's pairing page numbers its boards 1, 2, 3… in the order the *Échiquiers* page shows them."""

from __future__ import annotations

import re

import pytest

from chessclub_web.tournaments.models import Game, Tournament

from ..builders import round_url

pytestmark = pytest.mark.django_db


def test_r1_boards_without_numbers_are_numbered_in_order(demo_owner, demo):
    tournament = Tournament.objects.get(club__number="618")
    games = Game.objects.filter(round__tournament=tournament, round__number=3)
    assert not games.filter(board__isnull=False).exists()  # as the file gives them
    page = demo_owner.get(round_url(tournament, 3)).content.decode()
    numbers = re.findall(r'<tr><td class="num">([^<]*)</td>', page)
    assert numbers == [str(n) for n in range(1, games.count() + 1)]
    assert "None" not in numbers
