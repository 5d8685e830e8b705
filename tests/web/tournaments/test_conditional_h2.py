"""H2 (issue 17, deliverable 2): the validators' rules — ``revised_at`` follows every new
revision, ``Last-Modified`` waits for its second to be over, the ``ETag`` names what varies
the page, and a club page's state is read in one query."""

from __future__ import annotations

import datetime

import pytest
from django.contrib.auth.models import AnonymousUser
from django.db import connection
from django.test import RequestFactory
from django.test.utils import CaptureQueriesContext
from django.utils import timezone, translation

from chessclub_web import conditional
from chessclub_web.clubs.models import Role
from chessclub_web.tournaments.conditional import tournament_state
from chessclub_web.tournaments.models import Game, Tournament, TournamentPlayer, touch_tournament

from ..builders import make_swiss

pytestmark = pytest.mark.django_db

PAST = datetime.datetime(2026, 1, 5, 10, 0, 0, tzinfo=datetime.UTC)


@pytest.fixture
def row(public_club) -> Tournament:
    tournament = make_swiss(public_club)
    Tournament.objects.filter(pk=tournament.pk).update(revised_at=PAST)
    tournament.refresh_from_db()
    return tournament


def _reread(row: Tournament) -> Tournament:
    return Tournament.objects.get(pk=row.pk)


def test_h2_touch_gives_a_new_revision_dated_now(row):
    before = timezone.now()
    touch_tournament(row.pk)
    after = _reread(row)
    assert after.revision != row.revision
    assert before <= after.revised_at <= timezone.now()


def test_h2_saving_the_row_gives_a_new_revision_dated_now(row):
    row.name = "Renamed"
    row.save(update_fields=["name"])
    after = _reread(row)
    assert after.revision == row.revision  # the instance holds the new one
    assert after.revised_at > PAST
    assert after.revised_at == row.revised_at


def test_h2_a_saved_game_dates_the_revision(row):
    game = Game.objects.filter(round__tournament=row, round__number=2).first()
    game.result = "1-0"
    game.save()
    after = _reread(row)
    assert after.revision != row.revision
    assert after.revised_at > PAST


def test_h2_a_deleted_player_dates_the_revision(row):
    TournamentPlayer.objects.create(tournament=row, pairing_number=9, name="Late, Lou")
    Tournament.objects.filter(pk=row.pk).update(revised_at=PAST)
    TournamentPlayer.objects.get(tournament=row, pairing_number=9).delete()
    assert _reread(row).revised_at > PAST


def test_h2_last_modified_waits_for_the_second_to_be_over(monkeypatch):
    now = datetime.datetime(2026, 3, 1, 12, 0, 5, 900_000, tzinfo=datetime.UTC)
    monkeypatch.setattr(conditional.timezone, "now", lambda: now)
    assert conditional.settled(now.replace(microsecond=100_000)) is None
    earlier = now.replace(second=4, microsecond=999_999)
    assert conditional.settled(earlier) == earlier
    assert conditional.settled(None) is None


def _request(path: str = "/clubs/700/tournaments/1/", user=None):
    """A GET of ``path`` by ``user`` from a browser holding its CSRF cookie (always the same
    secret; a first visit's would be made anew)."""
    request = RequestFactory().get(path)
    request.user = user or AnonymousUser()
    request.META["CSRF_COOKIE"] = "s" * 32
    return request


def test_h2_etag_names_the_revision_and_varies_with_language_user_and_path(row, make_user):
    state = tournament_state(_request(), row.club, row)
    with translation.override("fr"):
        french = conditional.page_etag(_request(), state)
    with translation.override("en"):
        english = conditional.page_etag(_request(), state)
        other_path = conditional.page_etag(_request("/clubs/700/tournaments/1/?round=1"), state)
        member = make_user("arbiter", row.club, Role.ARBITER)
        as_member = conditional.page_etag(_request(user=member), state)
        again = conditional.page_etag(_request(), state)
    assert french.startswith(row.revision.hex + "-")
    assert len({french, english, other_path, as_member}) == 4
    assert again == english


def test_h2_etag_changes_with_the_csrf_secret_the_staff_flag_and_the_name(row, make_user):
    """A login or logout renews the CSRF secret: the copy whose forms carry the old token is
    never current (its forms would answer 403); the admin's link and the name shown in the
    header follow the account."""
    state = tournament_state(_request(), row.club, row)

    def etag(user=None, secret="a" * 32):
        request = _request(user=user)
        request.META["CSRF_COOKIE"] = secret
        return conditional.page_etag(request, state)

    user = make_user("arbitre")
    before = etag(user)
    assert etag(user) == before
    assert etag(user, secret="b" * 32) != before
    assert etag(secret="a" * 32) != etag(secret="b" * 32)
    user.is_staff = True
    assert etag(user) != before
    user.is_staff, user.username = False, "arbitre-renomme"
    assert etag(user) != before


def test_h2_etag_varies_with_the_role_and_the_creator(row, make_user):
    member = make_user("member", row.club, Role.ARBITER)
    arbiter = tournament_state(_request(user=member), row.club, row)
    row.club.memberships.filter(user=member).update(role=Role.OWNER)
    owner = tournament_state(_request(user=member), row.club, row)
    assert arbiter.variant != owner.variant
    assert arbiter.revision == owner.revision == row.revision.hex


def test_h2_club_state_is_one_query_for_a_visitor(row):
    club = row.club  # read by the page's permission check
    with CaptureQueriesContext(connection) as queries:
        state = conditional.club_state(_request(), club)
    assert len(queries.captured_queries) == 1
    assert state.revised_at == PAST
    touch_tournament(row.pk)
    assert conditional.club_state(_request(), row.club).revision != state.revision


def test_h2_a_page_that_is_not_200_carries_no_validator(rf):
    from django.http import HttpResponse

    state = conditional.PageState("abc", PAST)

    @conditional.conditional_page(lambda request: state)
    def refused(request):
        return HttpResponse("no", status=409)

    @conditional.conditional_page(lambda request: state)
    def shown(request):
        return HttpResponse("yes")

    request = _request("/x/")
    request._messages = _NoMessages()
    answer = refused(request)
    assert answer.status_code == 409
    assert "ETag" not in answer and "Last-Modified" not in answer
    ok = shown(request)
    assert ok["ETag"].startswith('"abc-')
    assert ok["Last-Modified"] == "Mon, 05 Jan 2026 10:00:00 GMT"
    again = _request("/x/")
    again._messages = _NoMessages()
    again.META["HTTP_IF_NONE_MATCH"] = ok["ETag"]
    assert shown(again).status_code == 304
    post = RequestFactory().post("/x/", HTTP_IF_NONE_MATCH=ok["ETag"])
    post.user = AnonymousUser()
    assert shown(post).status_code == 200


class _NoMessages(list):
    used = False
