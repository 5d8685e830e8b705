"""K28: the hall screens of a Keizer competition — the standings screen shows the Keizer
ranking after the last published evening (the worked example of the specification §1.5,
``example.py``), never FIDE standings; the pairings screen shows an evening's boards and its
bye. The other club systems outside FIDE's show no FIDE standings on the screen either."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from chessclub_web.tournaments.models import CLUB_SYSTEMS

from ..builders import make_tournament, tournament_url
from .example import AFTER_1, AFTER_2, worked_example

pytestmark = pytest.mark.django_db

EN = {"HTTP_ACCEPT_LANGUAGE": "en"}


def _screen_rows(page: str) -> list[tuple[str, str, str, str, str]]:
    return re.findall(
        r'<td class="num rank">(\d+)</td>\s*<td class="name">([^<]+)</td>\s*'
        r'<td class="num">(\d+)</td>\s*<td class="num points">([^<]+)</td>\s*'
        r'<td class="num tiebreak">(\d+)</td>',
        page,
    )


def _expected(table):
    return [
        (str(rank), name, str(value), points, str(games))
        for rank, (name, _rating, value, points, _gp, games) in enumerate(table, start=1)
    ]


def test_k28_standings_screen_is_the_keizer_ranking(public_club):
    row = worked_example(public_club)
    client = Client()
    page = client.get(tournament_url(row, "screen_standings"), **EN).content.decode()
    assert "Keizer standings after evening 2" in page
    assert _screen_rows(page) == _expected(AFTER_2)
    # The live part (what the script polls) has the same rows, and a 304 while unchanged.
    live = client.get(tournament_url(row, "screen_standings") + "?part=live", **EN)
    assert _screen_rows(live.content.decode()) == _expected(AFTER_2)
    again = client.get(
        tournament_url(row, "screen_standings") + "?part=live",
        HTTP_IF_NONE_MATCH=live["ETag"],
        **EN,
    )
    assert again.status_code == 304


def test_k28_standings_screen_after_the_last_published_evening(public_club):
    row = worked_example(public_club, states=["published", "draft"])
    page = Client().get(tournament_url(row, "screen_standings"), **EN).content.decode()
    assert "after evening 1" in page
    assert _screen_rows(page) == _expected(AFTER_1)


def test_k28_standings_screen_pages_without_javascript(public_club):
    row = worked_example(public_club)
    client = Client()
    page = client.get(tournament_url(row, "screen_standings") + "?page=9", **EN)
    assert page.status_code == 200
    assert "refresh" in page.content.decode()


def test_k28_pairings_screen_of_an_evening(public_club):
    """Evening 2: C–A ½-½ on board 1, F–D 1-0 on board 2, B the pairing bye."""
    row = worked_example(public_club)
    page = Client().get(tournament_url(row, "screen_pairings"), **EN).content.decode()
    assert "Round 2" in page
    boards = re.findall(
        r'id="screen-board-(\d)">.*?<td class="name">(\w) .*?<td class="result[^"]*">([^<]+)</td>'
        r'\s*<td class="name">(\w) ',
        page,
        re.S,
    )
    assert boards == [("1", "C", "½-½", "A"), ("2", "F", "1-0", "D")]
    assert re.search(r'class="bye">.*?B <span', page, re.S)
    first = Client().get(tournament_url(row, "screen_round_pairings", 1), **EN)
    assert first.status_code == 200


@pytest.mark.parametrize("system", sorted(CLUB_SYSTEMS - {"keizer"}))
def test_k28_other_club_systems_show_no_fide_standings(public_club, system):
    row = make_tournament(public_club, [("A", 2000), ("B", 1900)], [[(1, 2, "1-0")]], system=system)
    page = Client().get(tournament_url(row, "screen_standings"), **EN)
    assert page.status_code == 200
    text = page.content.decode()
    assert "no FIDE standings" in text
    assert 'id="screen-player-' not in text
    assert Client().get(tournament_url(row, "screen_pairings"), **EN).status_code == 200
