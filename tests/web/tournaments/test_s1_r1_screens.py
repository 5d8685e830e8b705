"""Screens in the playing hall (S1, S3: the standings after the last published round; R1: a
published round's boards): large type, no navigation, pages that turn by themselves, and a
live part that answers 304 while the tournament's revision is the same.

Values by hand from the demo file (tests/fixtures/frbe/elite-2000-16p-7r.txt, ``B`` blanc,
``N`` noir): Charlie Claire is first on 5 after round 7 (1 ½ ½ 1 ½ 1 ½), her round 7 game a
draw with White against 2 Bravo Bruno. Before round 5, 9 India Ivan has 3 (1 1 0 1) and 7 Golf
Gilles 3½ (1 ½ 1 1); in round 5 India (White) beat Golf.
"""

from __future__ import annotations

import re

import pytest
from django.test import Client

from chessclub_web.clubs.models import Role
from chessclub_web.results.services import Change, save_results
from chessclub_web.tournaments import views as tournament_views
from chessclub_web.tournaments.models import Game, Round, RoundState, Tournament

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _english(client):
    client.defaults["HTTP_ACCEPT_LANGUAGE"] = "en"


@pytest.fixture
def count_summaries(monkeypatch):
    """Counts the standings the screens ask for (the summary function their views call)."""
    calls: list[object] = []
    original = tournament_views.tournament_summary

    def counting(row, *args, **kwargs):
        calls.append(args)
        return original(row, *args, **kwargs)

    monkeypatch.setattr(tournament_views, "tournament_summary", counting)
    return calls


def _save(row: Tournament, round_number: int, white: int, result: str, make_user) -> None:
    """Save ``result`` on the board of round ``round_number`` where ``white`` has White, as an
    arbiter does on the *Échiquiers* page."""
    game = Game.objects.get(
        round__tournament=row, round__number=round_number, white__pairing_number=white
    )
    arbiter = make_user(f"arbiter-{game.pk}-{result}", row.club, Role.ARBITER)
    outcome = save_results(row, game.round, [Change(game.pk, result, game.version)], arbiter)
    assert not outcome.stale


def _screen_points(html: str) -> dict[int, str]:
    return {
        int(number): points
        for number, points in re.findall(
            r'<tr data-item id="screen-player-(\d+)">.*?<td class="num points">([^<]*)</td>',
            html,
            re.S,
        )
    }


def test_s1_standings_screen_large_type_no_navigation(client, demo):
    response = client.get(demo + "screen/standings/")
    assert response.status_code == 200
    html = response.content.decode()
    assert "tournaments/screen.css" in html and "tournaments/screen.js" in html
    assert "site-header" not in html and 'class="tabs' not in html and "<nav" not in html
    assert "Standings after round 7" in html
    points = _screen_points(html)
    assert len(points) == 15  # the first page without JavaScript
    assert points[3] == "5"
    # Without JavaScript: page 1 of 2, which reloads page 2, which reloads page 1.
    assert '<noscript><meta http-equiv="refresh" content="15;url=?page=2&amp;seconds=15">' in html
    assert "Page 1 of 2" in html
    second = client.get(demo + "screen/standings/?page=2&seconds=8").content.decode()
    assert len(_screen_points(second)) == 1
    assert 'content="8;url=?page=1&amp;seconds=8"' in second
    live = client.get(demo + "screen/standings/?part=live").content.decode()
    assert len(_screen_points(live)) == 16 and "<html" not in live


@pytest.mark.parametrize("query", ["?page=abc", "?page=0", "?page=99", "?seconds=-4&page=x"])
def test_s1_standings_screen_bad_page_or_seconds_still_a_page(client, demo, query):
    response = client.get(demo + "screen/standings/" + query)
    assert response.status_code == 200


def test_s1_screen_second_poll_304_without_computing(client, demo, count_summaries):
    url = demo + "screen/standings/?part=live"
    first = client.get(url)
    assert first.status_code == 200 and len(count_summaries) == 1
    etag = first["ETag"]
    assert Tournament.objects.get().revision.hex in etag
    assert "no-cache" in first["Cache-Control"]
    second = client.get(url, HTTP_IF_NONE_MATCH=etag)
    assert second.status_code == 304
    assert second.content == b""
    assert len(count_summaries) == 1  # nothing computed for the 304


def test_s1_screen_304_reads_only_the_tournament(client, demo, django_assert_max_num_queries):
    url = demo + "screen/pairings/?part=live"
    etag = client.get(url)["ETag"]
    with django_assert_max_num_queries(2):  # the club, the tournament
        assert client.get(url, HTTP_IF_NONE_MATCH=etag).status_code == 304


def test_s1_screen_after_a_result_is_saved_200_with_the_new_content(
    client, demo, make_user, count_summaries
):
    url = demo + "screen/standings/?part=live"
    first = client.get(url)
    assert _screen_points(first.content.decode())[3] == "5"
    row = Tournament.objects.get()
    _save(row, 7, 3, "1-0", make_user)  # Charlie now beats Bravo in round 7
    again = client.get(url, HTTP_IF_NONE_MATCH=first["ETag"])
    assert again.status_code == 200
    assert again["ETag"] != first["ETag"]
    assert _screen_points(again.content.decode())[3] == "5½"
    assert len(count_summaries) == 2
    assert client.get(url, HTTP_IF_NONE_MATCH=again["ETag"]).status_code == 304


def test_s1_screen_etag_differs_per_language(client, demo):
    url = demo + "screen/standings/?part=live"
    english = client.get(url)["ETag"]
    french = client.get(url, HTTP_ACCEPT_LANGUAGE="fr")
    assert french["ETag"] != english
    assert client.get(url, HTTP_IF_NONE_MATCH=english, HTTP_ACCEPT_LANGUAGE="fr").status_code == 200


def test_r1_pairings_screen_of_round_5_points_before_the_round(client, demo):
    html = client.get(demo + "screen/pairings/5/").content.decode()
    assert "Round 5" in html and "Pairings" in html
    board = re.search(
        r'<tr data-item id="screen-board-\d+">((?:(?!</tr>).)*India Ivan.*?)</tr>', html, re.S
    )
    assert board
    cells = board.group(1)
    assert re.search(
        r'India Ivan <span class="pmeta">3</span></td>\s*<td class="result">1-0</td>', cells
    )
    assert 'Golf Gilles <span class="pmeta">3½</span>' in cells


def test_r1_pairings_screen_follows_the_last_published_round(client, demo, make_user):
    url = demo + "screen/pairings/?part=live"
    first = client.get(url)
    assert "Round 7" in first.content.decode()
    row = Tournament.objects.get()
    players = {p.pairing_number: p for p in row.players.all()}
    draft = Round.objects.create(tournament=row, number=8, state=RoundState.DRAFT)
    Game.objects.create(round=draft, board=1, white=players[3], black=players[9])
    drafted = client.get(url, HTTP_IF_NONE_MATCH=first["ETag"])
    assert drafted.status_code == 200  # a new revision; the draft is on no screen
    assert "Round 7" in drafted.content.decode()
    assert client.get(demo + "screen/pairings/8/").status_code == 404
    draft.state = RoundState.PUBLISHED
    draft.save()
    published = client.get(url, HTTP_IF_NONE_MATCH=drafted["ETag"])
    assert published.status_code == 200
    html = published.content.decode()
    assert "Round 8" in html and 'id="screen-board-1"' in html
    assert re.search(
        r'Charlie Claire <span class="pmeta">5</span></td>\s*<td class="result pending">–</td>',
        html,
    )


def test_r1_pairings_screen_before_any_round(client, public_club):
    row = Tournament.objects.create(club=public_club, name="Open", planned_rounds=5)
    response = client.get(f"/clubs/{public_club.number}/tournaments/{row.pk}/screen/pairings/")
    assert response.status_code == 200
    assert "No round has been published yet." in response.content.decode()


def test_r1_screens_of_a_private_club_are_hidden_from_outsiders(client, private_club, make_user):
    row = Tournament.objects.create(club=private_club, name="Interne", planned_rounds=5)
    for page in ("screen/standings/", "screen/pairings/"):
        url = f"/clubs/{private_club.number}/tournaments/{row.pk}/{page}"
        assert client.get(url).status_code == 404
        member = Client(HTTP_ACCEPT_LANGUAGE="en")
        member.force_login(make_user(f"member-{page[7:10]}", private_club, Role.ARBITER))
        assert member.get(url).status_code == 200


def test_r1_screens_are_linked_from_the_pages(client, demo):
    html = client.get(demo).content.decode()
    assert f'href="{demo}screen/standings/"' in html and f'href="{demo}screen/pairings/"' in html
    boards = client.get(demo + "rounds/3/boards/").content.decode()
    assert f'href="{demo}screen/pairings/3/"' in boards


def test_r1_screens_take_get_and_head_only(client, demo):
    for page in ("screen/standings/", "screen/pairings/", "screen/pairings/2/"):
        assert client.head(demo + page).status_code == 200
        assert client.post(demo + page).status_code == 405
