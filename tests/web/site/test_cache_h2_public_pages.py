"""H2 (issue 17, deliverable 2): ``ETag`` and ``Last-Modified`` on the public pages, so that a
reader whose copy is current gets ``304 Not Modified`` without the standings being computed.

The demo tournament (tests/fixtures/frbe/elite-2000-16p-7r.txt: 16 players, 7 published
rounds, Charlie Claire first on 5) in the public club 618; a copy of it in a private club for
the strangers' checks. Every page is asked twice: the second request sends the first answer's
validator back.
"""

from __future__ import annotations

import datetime
import re

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone
from django.utils.http import http_date

from chessclub_web.clubs.models import Club, Role
from chessclub_web.results.services import Change, save_results
from chessclub_web.tournaments import presentation
from chessclub_web.tournaments.models import Game, Round, RoundState, Tournament

from ..builders import button_data, client_for, make_swiss, team_round_robin

pytestmark = pytest.mark.django_db

#: Long ago: a ``revised_at`` whose second is over (``Last-Modified`` is sent).
PAST = datetime.datetime(2026, 1, 5, 10, 0, 0, tzinfo=datetime.UTC)


@pytest.fixture
def row(demo) -> Tournament:
    return Tournament.objects.get(club__number="618")


def _settle(row: Tournament) -> None:
    """Date the tournament's revision in the past (QuerySet.update: the revision stays)."""
    Tournament.objects.filter(pk=row.pk).update(revised_at=PAST)
    row.refresh_from_db()


def _pages(row: Tournament) -> dict[str, str]:
    """Every public page of the demo tournament (and its club), by a short name."""
    base = reverse("tournament", args=("618", row.pk))
    return {
        "club": reverse("club", args=("618",)),
        "standings": base,
        "standings after round 4": base + "?round=4",
        "crosstable": base + "crosstable/",
        "calendar": reverse("calendar", args=("618", row.pk)),
        "boards": reverse("boards", args=("618", row.pk, 7)),
        "screen standings": reverse("screen_standings", args=("618", row.pk)),
        "screen pairings": reverse("screen_pairings", args=("618", row.pk)),
        "documents tab": base + "documents/",
        "standings document": base + "documents/standings/",
        "standings pdf": base + "documents/standings.pdf",
    }


PAGE_NAMES = [
    "club",
    "standings",
    "standings after round 4",
    "crosstable",
    "calendar",
    "boards",
    "screen standings",
    "screen pairings",
    "documents tab",
    "standings document",
    "standings pdf",
]


def _charlie_round_7(row: Tournament) -> Game:
    """Round 7 of the demo: 3 Charlie Claire (White) drew with 2 Bravo Bruno."""
    return Game.objects.get(round__tournament=row, round__number=7, white__pairing_number=3)


def _points_of(response, pairing_number: int) -> str:
    """The points cell of a player's row on the *Classement*."""
    html = response.content.decode()
    found = re.search(
        rf'<tr id="player-{pairing_number}">.*?<td class="num points">([^<]*)</td>', html, re.S
    )
    assert found, pairing_number
    return found.group(1)


def _save_result(row: Tournament, round_number: int, white: int, result: str) -> None:
    """Save ``result`` on the board where ``white`` has White, as an arbiter does (the
    results service)."""
    game = Game.objects.get(
        round__tournament=row, round__number=round_number, white__pairing_number=white
    )
    arbiter = row.club.memberships.get(role=Role.OWNER).user
    outcome = save_results(row, game.round, [Change(game.pk, result, game.version)], arbiter)
    assert not outcome.stale


@pytest.mark.parametrize("name", PAGE_NAMES)
def test_h2_if_none_match_gives_304(client, row, name):
    url = _pages(row)[name]
    first = client.get(url)
    assert first.status_code == 200
    etag = first["ETag"]
    assert etag.startswith('"') and etag.endswith('"')
    again = client.get(url, HTTP_IF_NONE_MATCH=etag)
    assert again.status_code == 304
    assert again.content == b""
    assert again["ETag"] == etag


@pytest.mark.parametrize("name", PAGE_NAMES)
def test_h2_if_modified_since_gives_304(client, row, name):
    _settle(row)
    url = _pages(row)[name]
    first = client.get(url)
    assert first.status_code == 200
    assert first["Last-Modified"] == http_date(PAST.timestamp())
    again = client.get(url, HTTP_IF_MODIFIED_SINCE=first["Last-Modified"])
    assert again.status_code == 304
    earlier = http_date(PAST.timestamp() - 60)
    assert client.get(url, HTTP_IF_MODIFIED_SINCE=earlier).status_code == 200


@pytest.mark.parametrize("name", PAGE_NAMES)
def test_h2_a_saved_result_gives_200_with_the_new_page(client, row, name):
    url = _pages(row)[name]
    first = client.get(url)
    # Round 7 of the demo: Charlie Claire (White, 5 points) drew; she wins it instead.
    _save_result(row, 7, 3, "1-0")
    again = client.get(url, HTTP_IF_NONE_MATCH=first["ETag"])
    assert again.status_code == 200
    assert again["ETag"] != first["ETag"]
    if name in ("standings", "crosstable", "screen standings", "standings document"):
        assert again.content != first.content


def test_h2_the_saved_result_is_on_the_standings(client, row):
    url = _pages(row)["standings"]
    before = client.get(url)
    _save_result(row, 7, 3, "1-0")
    after = client.get(url, HTTP_IF_NONE_MATCH=before["ETag"])
    assert after.status_code == 200
    # Charlie Claire had 5 with her last-round draw; with the win she has 5½, on the page.
    assert _points_of(before, 3) == "5"
    assert _points_of(after, 3) == "5½"


def test_h2_a_new_revision_with_the_same_second_sends_no_last_modified(client, row, monkeypatch):
    # The revision was made 300 ms ago, in the second the page is read: a second change could
    # carry the same date. The page's clock is fixed, so a slow machine cannot pass the second.
    import types

    from chessclub_web import conditional

    made = datetime.datetime(2026, 6, 1, 10, 0, 0, 200_000, tzinfo=datetime.UTC)
    Tournament.objects.filter(pk=row.pk).update(revised_at=made)
    reading = made + datetime.timedelta(milliseconds=300)
    monkeypatch.setattr(conditional, "timezone", types.SimpleNamespace(now=lambda: reading))
    response = client.get(_pages(row)["standings"])
    assert response.status_code == 200
    assert "Last-Modified" not in response
    assert "ETag" in response


def test_h2_304_without_the_standings_being_computed(client, row, monkeypatch):
    url = _pages(row)["crosstable"]
    first = client.get(url)
    computed: list[object] = []
    monkeypatch.setattr(presentation, "compute_standings", lambda *a, **k: computed.append(a))
    monkeypatch.setattr(presentation, "_computed", lambda *a, **k: computed.append(a))
    from django.core.cache import caches

    for cache in caches.all():
        cache.clear()  # nothing to take from the cache either
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    with CaptureQueriesContext(connection) as queries:
        again = client.get(url, HTTP_IF_NONE_MATCH=first["ETag"])
    assert again.status_code == 304
    assert computed == []
    # The club, the tournament (the permission check); no player, round or game row.
    tables = " ".join(q["sql"] for q in queries.captured_queries)
    assert "tournaments_game" not in tables
    assert "tournaments_tournamentplayer" not in tables
    assert len(queries.captured_queries) <= 3


def test_h2_language_gives_another_etag(row):
    url = _pages(row)["standings"]
    french = Client(HTTP_ACCEPT_LANGUAGE="fr").get(url)
    english = Client(HTTP_ACCEPT_LANGUAGE="en").get(url)
    assert french["ETag"] != english["ETag"]
    # The English reader's French copy is not current.
    again = Client(HTTP_ACCEPT_LANGUAGE="en").get(url, HTTP_IF_NONE_MATCH=french["ETag"])
    assert again.status_code == 200
    assert "Standings" in again.content.decode()


def test_h2_query_gives_another_etag(client, row):
    pages = _pages(row)
    full = client.get(pages["standings"])["ETag"]
    after_4 = client.get(pages["standings after round 4"])["ETag"]
    assert full != after_4
    response = client.get(pages["standings after round 4"], HTTP_IF_NONE_MATCH=full)
    assert response.status_code == 200


def test_h2_the_owner_and_a_visitor_get_other_etags(client, row):
    url = _pages(row)["standings"]
    visitor = client.get(url)
    owner = client_for(row.club.memberships.get(role=Role.OWNER).user)
    own = owner.get(url)
    assert own["ETag"] != visitor["ETag"]
    assert owner.get(url, HTTP_IF_NONE_MATCH=visitor["ETag"]).status_code == 200
    assert owner.get(url, HTTP_IF_NONE_MATCH=own["ETag"]).status_code == 304


def test_h2_a_role_change_gives_another_etag(row, make_user):
    url = _pages(row)["boards"]
    user = make_user("promoted", row.club, Role.ARBITER)
    reader = client_for(user)
    as_arbiter = reader.get(url)
    row.club.memberships.filter(user=user).update(role=Role.ADMINISTRATOR)
    again = reader.get(url, HTTP_IF_NONE_MATCH=as_arbiter["ETag"])
    assert again.status_code == 200


def test_h2_cache_control_public_for_visitors_private_for_accounts(client, row):
    url = _pages(row)["standings"]
    client.get(url)  # the first answer gives the visitor a cookie: private
    visitor = client.get(url)
    assert visitor["Cache-Control"].replace(" ", "").split(",").count("public") == 1
    assert "no-cache" in visitor["Cache-Control"]
    owner = client_for(row.club.memberships.get(role=Role.OWNER).user)
    own = owner.get(url)
    assert "private" in own["Cache-Control"] and "no-cache" in own["Cache-Control"]
    assert "public" not in own["Cache-Control"]
    for response in (visitor, own):
        vary = {v.strip().lower() for v in response["Vary"].split(",")}
        assert {"cookie", "accept-language"} <= vary


def test_h2_the_304_carries_the_cache_headers(client, row):
    url = _pages(row)["standings"]
    first = client.get(url)
    again = client.get(url, HTTP_IF_NONE_MATCH=first["ETag"])
    assert again.status_code == 304
    assert "no-cache" in again["Cache-Control"]
    assert "accept-language" in again["Vary"].lower()


def test_h2_head_gets_the_etag_and_its_304(client, row):
    url = _pages(row)["crosstable"]
    head = client.head(url)
    assert head.status_code == 200
    assert head.content == b""
    assert head["ETag"] == client.get(url)["ETag"]
    assert client.head(url, HTTP_IF_NONE_MATCH=head["ETag"]).status_code == 304


def test_h2_a_pending_message_is_never_304(row):
    owner = client_for(row.club.memberships.get(role=Role.OWNER).user, "en")
    url = _pages(row)["standings"]
    etag = owner.get(url)["ETag"]
    # The button saves a result and sends the browser on with "Saved: 1 result(s)."; the
    # reader then opens the standings whose copy (before the save) it holds.
    data = button_data(row, 7, {})
    data[f"result-{_charlie_round_7(row).pk}"] = "1-0"
    posted = owner.post(_pages(row)["boards"], data)
    assert posted.status_code == 302
    revised = owner.get(url)
    assert revised.status_code == 200
    assert "Saved: 1 result(s)." in revised.content.decode()
    assert "ETag" not in revised
    # The message shown, the page is conditional again.
    current = owner.get(url)
    assert current.status_code == 200
    assert owner.get(url, HTTP_IF_NONE_MATCH=current["ETag"]).status_code == 304
    assert etag != current["ETag"]


def test_h2_a_message_pending_on_a_current_copy_gives_the_page(row):
    owner = client_for(row.club.memberships.get(role=Role.OWNER).user, "en")
    boards = _pages(row)["boards"]
    etag = owner.get(boards)["ETag"]
    # The button with nothing changed: "No result was changed.", the revision unchanged.
    posted = owner.post(boards, button_data(row, 7, {}))
    assert posted.status_code == 302
    shown = owner.get(boards, HTTP_IF_NONE_MATCH=etag)
    assert shown.status_code == 200
    assert "No result was changed." in shown.content.decode()
    assert owner.get(boards, HTTP_IF_NONE_MATCH=etag).status_code == 304


def test_h2_a_draft_round_boards_page_is_never_304(row):
    Round.objects.filter(tournament=row, number=7).update(state=RoundState.DRAFT)
    owner = client_for(row.club.memberships.get(role=Role.OWNER).user)
    url = _pages(row)["boards"]
    first = owner.get(url)
    assert first.status_code == 409
    assert "ETag" not in first
    assert owner.get(url, HTTP_IF_NONE_MATCH="*").status_code == 409


def test_h2_any_copy_never_hides_a_missing_page(client, row):
    # ``If-None-Match: *`` on a round the tournament does not have: its 404, not a 304.
    url = reverse("boards", args=("618", row.pk, 99))
    assert client.get(url, HTTP_IF_NONE_MATCH="*").status_code == 404
    team_match = reverse("team_match", args=("618", row.pk, 1))
    assert client.get(team_match, HTTP_IF_NONE_MATCH="*").status_code == 404


# --- private clubs: no 304 tells a stranger that a page exists --------------------------------


@pytest.fixture
def private_row(private_club) -> Tournament:
    return make_swiss(private_club)


def _private_pages(row: Tournament) -> list[str]:
    number = row.club.number
    base = reverse("tournament", args=(number, row.pk))
    return [
        reverse("club", args=(number,)),
        base,
        base + "crosstable/",
        reverse("calendar", args=(number, row.pk)),
        reverse("boards", args=(number, row.pk, 1)),
        reverse("screen_standings", args=(number, row.pk)),
        base + "documents/",
        base + "documents/standings/",
        base + "documents/standings.pdf",
    ]


def test_h2_a_stranger_gets_404_even_with_a_forged_if_none_match(private_row, make_user):
    member = client_for(make_user("member", private_row.club, Role.ARBITER))
    stranger = client_for(make_user("stranger"))
    anonymous = Client()
    for url in _private_pages(private_row):
        own = member.get(url)
        assert own.status_code == 200, url
        etag = own["ETag"]
        forged = f'"{private_row.revision.hex}-0000000000000000"'
        for visitor in (stranger, anonymous):
            for header in (etag, forged, "*"):
                answer = visitor.get(url, HTTP_IF_NONE_MATCH=header)
                assert answer.status_code == 404, (url, header)
            answer = visitor.get(url, HTTP_IF_MODIFIED_SINCE=http_date(timezone.now().timestamp()))
            assert answer.status_code == 404, url


def test_h2_a_stranger_gets_the_staff_documents_refused_with_a_forged_etag(private_row, make_user):
    # The result slips need ENTER_RESULTS: an account of the club without it gets 403.
    private_row.club.public = True
    private_row.club.save()
    url = reverse("tournament", args=(private_row.club.number, private_row.pk))
    url += "documents/result-slips/"
    arbiter = client_for(make_user("arbiter", private_row.club, Role.ARBITER))
    etag = arbiter.get(url)["ETag"]
    outsider = client_for(make_user("outsider"))
    assert outsider.get(url, HTTP_IF_NONE_MATCH=etag).status_code == 403


# --- team pages ---------------------------------------------------------------------------


@pytest.fixture
def team_event(public_club) -> Tournament:
    return team_round_robin(public_club)


def _team_pages(row: Tournament) -> list[str]:
    number = row.club.number
    match = Game.objects.filter(round__tournament=row).values_list(
        "match_board__match_id", flat=True
    )[0]
    team = row.teams.order_by("number").first()
    return [
        reverse("team_standings", args=(number, row.pk)),
        reverse("team_round", args=(number, row.pk, 1)),
        reverse("team_match", args=(number, row.pk, match)),
        reverse("team_detail", args=(number, row.pk, team.number)),
    ]


def test_h2_team_pages_304_then_200_after_a_result(client, team_event):
    urls = _team_pages(team_event)
    etags = {}
    for url in urls:
        first = client.get(url)
        assert first.status_code == 200, url
        etags[url] = first["ETag"]
        assert client.get(url, HTTP_IF_NONE_MATCH=etags[url]).status_code == 304, url
    game = Game.objects.filter(round__tournament=team_event, round__number=1).first()
    owner_less = team_event.club
    from django.contrib.auth import get_user_model

    arbiter = get_user_model().objects.create(username="team-arbiter")
    owner_less.memberships.create(user=arbiter, role=Role.ARBITER)
    outcome = save_results(team_event, game.round, [Change(game.pk, "1-0", game.version)], arbiter)
    assert not outcome.stale
    for url in urls:
        assert client.get(url, HTTP_IF_NONE_MATCH=etags[url]).status_code == 200, url


def test_h2_team_pages_post_is_not_conditional(team_event, make_user):
    owner = client_for(make_user("team-owner", team_event.club, Role.OWNER))
    url = _team_pages(team_event)[3]
    etag = owner.get(url)["ETag"]
    # A POST with the copy's ETag is the page's own answer (here: the roster ordered).
    answer = owner.post(url, {"action": "by_rating"}, HTTP_IF_NONE_MATCH=etag)
    assert answer.status_code == 302


def test_h2_club_page_follows_its_tournaments(client, row):
    url = reverse("club", args=("618",))
    first = client.get(url)
    assert client.get(url, HTTP_IF_NONE_MATCH=first["ETag"]).status_code == 304
    Tournament.objects.filter(pk=row.pk).update(name="Championnat renommé")  # no revision
    assert client.get(url, HTTP_IF_NONE_MATCH=first["ETag"]).status_code == 304
    row.refresh_from_db()
    row.save()  # a save is a new revision: the club page changes with it
    renamed = client.get(url, HTTP_IF_NONE_MATCH=first["ETag"])
    assert renamed.status_code == 200
    assert "Championnat renommé" in renamed.content.decode()


def test_h2_club_page_changes_when_a_tournament_goes(client, row, public_club):
    club = Club.objects.get(number="618")
    extra = make_swiss(club)
    url = reverse("club", args=("618",))
    Tournament.objects.filter(club=club).update(revised_at=PAST)
    first = client.get(url)
    extra.delete()
    again = client.get(url, HTTP_IF_NONE_MATCH=first["ETag"])
    assert again.status_code == 200
    assert "Open de test" not in again.content.decode()


def test_h2_a_new_board_order_gives_the_team_page_anew(team_event, make_user):
    from chessclub_web.teams import services as teams

    url = _team_pages(team_event)[3]
    reader = Client()
    etag = reader.get(url)["ETag"]
    team = team_event.teams.order_by("number").first()
    ids = list(team.members.order_by("position").values_list("player_id", flat=True))
    teams.set_roster_order(team, list(reversed(ids)))
    assert reader.get(url, HTTP_IF_NONE_MATCH=etag).status_code == 200
