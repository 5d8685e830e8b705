"""Closing (spec C1) against bad requests: tampered dates, unknown actions, double posts, other
users, missing CSRF token, wrong methods: each a 4xx, never a 500, nothing closed by mistake."""

from __future__ import annotations

import datetime

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from chessclub_web.closing.models import Closure, EloRow
from chessclub_web.clubs.models import Club, Role
from chessclub_web.tournaments.models import Round

from ..builders import make_tournament

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("english")]

PLAYERS = [("Alpha, Anne", 1500), ("Bravo, Bob", 1900), ("Charlie, Claire", 1700)]
ROUNDS = [[(1, 2, "1-0")], [(3, 1, "=")], [(2, 3, "0-1")]]


def started_on_may_1st(club, name="Championnat"):
    t = make_tournament(club, PLAYERS, ROUNDS, name=name)
    t.start_date = datetime.date(2026, 5, 1)
    t.save()
    Round.objects.filter(tournament=t, number=3).update(date=datetime.date(2026, 5, 15))
    return t


def post_close(client, t, end_date, **extra):
    data = {"action": "close", "end_date": end_date, "confirm": "on", **extra}
    return client.post(reverse("close", args=(t.club.number, t.pk)), data)


@pytest.mark.parametrize(
    ("end_date", "message"),
    [
        ("2026-04-30", "cannot be before the start date (01/05/2026)"),
        ("2026-05-14", "cannot be before the date of the last round (15/05/2026)"),
        ("9999-12-31", "cannot be after"),
        ("2026-13-45", "Enter a valid date."),
        ("", "This field is required."),
    ],
)
def test_c1_end_date_before_the_start_or_in_the_future_is_refused(
    owner_client, public_club, end_date, message
):
    """C1 *Date de fin*: a date before the start date or before the last round was played, a
    date after tomorrow, or no date at all: 400 with the reason on the form; not closed."""
    t = started_on_may_1st(public_club)
    response = post_close(owner_client, t, end_date)
    assert response.status_code == 400
    assert message in response.content.decode()
    t.refresh_from_db()
    assert not t.is_closed and t.end_date is None
    assert not Closure.objects.filter(tournament=t).exists()


def test_c1_end_date_on_the_last_round_or_today_is_accepted(owner_client, public_club):
    t = started_on_may_1st(public_club)
    assert post_close(owner_client, t, "2026-05-15").status_code == 302
    t.refresh_from_db()
    assert t.end_date == datetime.date(2026, 5, 15)
    other = started_on_may_1st(public_club, name="Other")
    today = timezone.localdate()
    assert post_close(owner_client, other, today.isoformat()).status_code == 302


def test_c1_unknown_action_closes_nothing(owner_client, public_club):
    """C1: only ``close`` (with its confirmation) closes; a tampered ``action`` is a 400, not
    taken for a close as the first version did."""
    t = started_on_may_1st(public_club)
    response = post_close(owner_client, t, "2026-05-20", action="reopen")
    assert response.status_code == 400
    assert "Unknown action" in response.content.decode()
    t.refresh_from_db()
    assert not t.is_closed


def test_c1_double_post_from_two_tabs_closes_once(owner_client, public_club, make_user):
    """C1: the second tab's confirmation (same form, later) gets a 409 and changes nothing:
    one closing, the first end date, one Elo row per player."""
    t = started_on_may_1st(public_club)
    other_tab = Client()
    other_tab.defaults["HTTP_ACCEPT_LANGUAGE"] = "en"
    other_tab.force_login(make_user("admin2", public_club, Role.ADMINISTRATOR))
    assert post_close(owner_client, t, "2026-05-20").status_code == 302
    second = post_close(other_tab, t, "2026-05-21")
    assert second.status_code == 409
    assert "already closed" in second.content.decode()
    t.refresh_from_db()
    assert t.end_date == datetime.date(2026, 5, 20)
    assert Closure.objects.filter(tournament=t).count() == 1
    assert EloRow.objects.filter(tournament=t).count() == 3
    early = owner_client.post(
        reverse("close", args=(public_club.number, t.pk)),
        {"action": "end_early", "after_round": "2", "confirm_end": "on"},
    )
    assert early.status_code == 409


def test_c1_stale_confirmation_after_a_result_was_cleared(owner_client, public_club):
    """C1: the page was loaded with nothing preventing the closing; meanwhile a board lost
    its result (someone else's tab): the confirmation gets a 409 naming the board."""
    t = started_on_may_1st(public_club)
    page = owner_client.get(reverse("close", args=(public_club.number, t.pk)))
    assert 'name="confirm"' in page.content.decode()
    Round.objects.get(tournament=t, number=2).games.update(result="")
    response = post_close(owner_client, t, "2026-05-20")
    assert response.status_code == 409
    assert "Round 2, board 1: Charlie, Claire – Alpha, Anne has no result." in (
        response.content.decode()
    )
    t.refresh_from_db()
    assert not t.is_closed


def test_c1_who_may_close(public_club, make_user):
    """C1: the owner and administrators close; an arbiter (403), another club's owner (403)
    and a visitor (sent to the login page) do not; the creator of an independent tournament
    does, without any role in the club."""
    other_club = Club.objects.create(name="Autre cercle", number="702", public=True)
    cases = [
        (make_user("arbiter", public_club, Role.ARBITER), 403),
        (make_user("stranger", other_club, Role.OWNER), 403),
        (None, 302),
    ]
    t = started_on_may_1st(public_club)
    for user, status in cases:
        client = Client()
        if user is not None:
            client.force_login(user)
        response = post_close(client, t, "2026-05-20")
        assert response.status_code == status
        if user is None:
            assert "/login" in response["Location"] or "login" in response["Location"]
    t.refresh_from_db()
    assert not t.is_closed
    admin_client = Client()
    admin_client.force_login(make_user("admin", public_club, Role.ADMINISTRATOR))
    assert post_close(admin_client, t, "2026-05-20").status_code == 302
    creator = make_user("creator")
    independent = make_tournament(
        public_club, PLAYERS, ROUNDS, name="Indep", kind="independent", creator=creator
    )
    client = Client()
    client.force_login(creator)
    assert post_close(client, independent, "2026-05-20").status_code == 302
    independent.refresh_from_db()
    assert independent.is_closed
    assert not EloRow.objects.filter(tournament=independent).exists()  # E2


def test_c1_csrf_and_methods(public_club, make_user):
    """C1: a POST without the CSRF token is refused (403); PUT, PATCH, DELETE answer 405."""
    t = started_on_may_1st(public_club)
    client = Client(enforce_csrf_checks=True)
    client.force_login(make_user("owner", public_club, Role.OWNER))
    assert post_close(client, t, "2026-05-20").status_code == 403
    url = reverse("close", args=(public_club.number, t.pk))
    client = Client()
    client.force_login(make_user("admin", public_club, Role.ADMINISTRATOR))
    for method in (client.put, client.patch, client.delete):
        assert method(url).status_code == 405
    t.refresh_from_db()
    assert not t.is_closed
