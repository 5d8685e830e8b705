"""C1 — the *Date de fin* the closing page proposes is one its own checks accept: not before
the start date nor a round's date, not after tomorrow. When no date can be accepted yet (a
round dated after tomorrow) nothing is proposed and the page says why.

Dates by hand, relative to today (the closing page's "tomorrow" rule) or fixed (an imported
tournament's rounds dated before its start date, as old files have them).
"""

from __future__ import annotations

import datetime
import html
import re

import pytest
from django.urls import reverse
from django.utils import timezone, translation

from chessclub_web.closing.forms import CloseForm, default_end_date, end_date_range
from chessclub_web.clubs.models import Role
from chessclub_web.tournaments.models import Game, Round, Tournament, TournamentPlayer

pytestmark = pytest.mark.django_db


def _tournament(club, start: datetime.date | None, dates: list[datetime.date]) -> Tournament:
    """Two players, one complete round per date."""
    t = Tournament.objects.create(
        club=club, name="Rapide", system="round_robin", start_date=start, planned_rounds=len(dates)
    )
    a = TournamentPlayer.objects.create(tournament=t, pairing_number=1, name="Alpha, A")
    b = TournamentPlayer.objects.create(tournament=t, pairing_number=2, name="Bravo, B")
    for number, date in enumerate(dates, start=1):
        rnd = Round.objects.create(tournament=t, number=number, date=date, state="published")
        white, black = (a, b) if number % 2 else (b, a)
        Game.objects.create(round=rnd, board=1, white=white, black=black, result="1-0")
    return t


def _accepts(t: Tournament, day: datetime.date) -> bool:
    return CloseForm({"end_date": day.isoformat(), "confirm": "on"}, tournament=t).is_valid()


@pytest.fixture
def owner(client, public_club, make_user):
    client.force_login(make_user("owner", public_club, Role.OWNER))
    return client


@translation.override("en")
def test_c1_round_dated_after_tomorrow_nothing_proposed_and_said(public_club):
    today = timezone.localdate()
    late = today + datetime.timedelta(days=5)
    t = _tournament(public_club, today, [today, late])
    earliest, latest = end_date_range(t)
    assert (earliest, latest) == (late, today + datetime.timedelta(days=1))
    assert default_end_date(t) is None
    form = CloseForm(tournament=t)
    assert "end_date" not in form.initial
    shown = late.strftime("%d/%m/%Y")
    assert str(form.fields["end_date"].help_text) == (
        f"No end date can be accepted yet: round 2 is dated {shown}, after tomorrow. Close "
        "the tournament once it is over, or correct the round's date."
    )
    assert not _accepts(t, today) and not _accepts(t, late)


def test_c1_closing_page_shows_no_date_it_would_refuse(owner, public_club):
    today = timezone.localdate()
    t = _tournament(public_club, today, [today + datetime.timedelta(days=3)])
    page = owner.get(reverse("close", args=(public_club.number, t.pk)), HTTP_ACCEPT_LANGUAGE="en")
    text = html.unescape(page.content.decode())
    field = re.search(r'<input type="date" name="end_date"[^>]*>', text)
    assert field is not None and "value=" not in field.group(0)
    assert "No end date can be accepted yet: round 1 is dated" in text


def test_c1_last_round_before_the_start_proposes_the_start(owner, public_club):
    """An old file: start 10/03/2024, rounds dated 01/03 and 08/03/2024. Proposed: the start
    date (the form refuses anything before it), and closing with it works."""
    t = _tournament(
        public_club,
        datetime.date(2024, 3, 10),
        [datetime.date(2024, 3, 1), datetime.date(2024, 3, 8)],
    )
    assert default_end_date(t) == datetime.date(2024, 3, 10)
    with translation.override("en"):
        help_text = str(CloseForm(tournament=t).fields["end_date"].help_text)
    assert help_text == "Proposed: the start date (10/03/2024). The end date cannot be before it."
    url = reverse("close", args=(public_club.number, t.pk))
    response = owner.post(url, {"action": "close", "end_date": "2024-03-10", "confirm": "on"})
    assert response.status_code == 302
    t.refresh_from_db()
    assert t.is_closed and t.end_date == datetime.date(2024, 3, 10)


@pytest.mark.parametrize(
    ("start", "dates"),
    [
        (datetime.date(2024, 3, 1), [datetime.date(2024, 3, 1), datetime.date(2024, 3, 8)]),
        (datetime.date(2024, 3, 10), [datetime.date(2024, 3, 1)]),
        (None, [datetime.date(2025, 9, 13), datetime.date(2025, 9, 14)]),
        (None, []),
    ],
)
def test_c1_every_proposal_is_accepted_by_the_form(public_club, start, dates):
    t = _tournament(public_club, start, dates)
    proposal = default_end_date(t)
    assert proposal is not None and _accepts(t, proposal)
