"""C1: the *Date de fin* proposed on the closing page.

An old tournament (rounds dated in 2024, or an imported file of 2025) proposes the date of its
last round, not today; the help text says so; a date before the last round's is refused. Without
any round date: the end date read from the imported file, else today.
"""

from __future__ import annotations

import datetime
import re

import pytest
from django.urls import reverse
from django.utils import timezone

from chessclub_web.closing.forms import CloseForm, default_end_date
from chessclub_web.tournaments import services as tournament_services
from chessclub_web.tournaments.models import Round, Tournament

from ..builders import make_tournament
from ..conftest import FIXTURES

pytestmark = pytest.mark.django_db

PLAYERS = [("Alpha, Anne", 1500), ("Bravo, Bob", 1900), ("Charlie, Claire", 1700)]
ROUNDS = [[(1, 2, "1-0")], [(3, 1, "=")], [(2, 3, "0-1")]]
DATES_2024 = [datetime.date(2024, 3, 1), datetime.date(2024, 3, 8), datetime.date(2024, 3, 15)]


def _dated(club, dates=DATES_2024) -> Tournament:
    tournament = make_tournament(club, PLAYERS, ROUNDS)
    for number, date in enumerate(dates, start=1):
        Round.objects.filter(tournament=tournament, number=number).update(date=date)
    return tournament


def _end_date_input(html: str) -> str:
    match = re.search(r'<input type="date" name="end_date" value="([^"]*)"', html)
    assert match, "no end date input"
    return match.group(1)


def _help(html: str) -> str:
    match = re.search(r'<span class="muted" id="end-date-help">([^<]*)</span>', html)
    assert match, "no help text"
    return match.group(1)


def test_c1_end_date_defaults_to_the_last_round_of_2024(owner_client, public_club):
    tournament = _dated(public_club)
    url = reverse("close", args=(public_club.number, tournament.pk))
    html = owner_client.get(url, HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert _end_date_input(html) == "2024-03-15"
    assert _help(html) == (
        "Proposée : la date de la dernière ronde (15/03/2024). "
        "La date de fin ne peut pas la précéder."
    )
    assert 'aria-describedby="end-date-help"' in html
    english = owner_client.get(url, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert _help(english) == (
        "Proposed: the date of the last round (15/03/2024). The end date cannot be before it."
    )


def test_c1_closing_with_the_proposed_date_keeps_the_last_round_date(owner_client, public_club):
    tournament = _dated(public_club)
    url = reverse("close", args=(public_club.number, tournament.pk))
    proposed = _end_date_input(owner_client.get(url).content.decode())
    response = owner_client.post(url, {"action": "close", "end_date": proposed, "confirm": "on"})
    assert response.status_code == 302
    tournament.refresh_from_db()
    assert tournament.end_date == datetime.date(2024, 3, 15)


def test_c1_end_date_before_the_last_round_is_refused(owner_client, public_club):
    tournament = _dated(public_club)
    url = reverse("close", args=(public_club.number, tournament.pk))
    response = owner_client.post(
        url,
        {"action": "close", "end_date": "2024-03-14", "confirm": "on"},
        HTTP_ACCEPT_LANGUAGE="en",
    )
    assert response.status_code == 400
    assert "cannot be before the date of the last round (15/03/2024)" in response.content.decode()
    tournament.refresh_from_db()
    assert not tournament.is_closed


def test_c1_imported_trf_proposes_its_last_round_date(owner_client, public_club):
    """``trf26-individual-sample.trf``: round dates 25/09/13 (rounds 1–3), 25/09/14 (4–5)."""
    data = (FIXTURES / "trf" / "trf26-individual-sample.trf").read_bytes()
    tournament = tournament_services.import_tournament(public_club, data, "sample.trf")
    assert CloseForm(tournament=tournament).initial["end_date"] == datetime.date(2025, 9, 14)
    form = CloseForm(tournament=tournament)
    assert "14/09/2025" in str(form.fields["end_date"].help_text)


def test_c1_without_round_dates_the_file_end_date_is_proposed(owner_client, public_club):
    """``closed-group-unrated.txt``: rounds without dates (``991230``), the header says
    "du 01/10/2000 au 18/11/2000"."""
    data = (FIXTURES / "frbe" / "closed-group-unrated.txt").read_bytes()
    tournament = tournament_services.import_tournament(public_club, data, "closed.txt")
    assert not Round.objects.filter(tournament=tournament, date__isnull=False).exists()
    url = reverse("close", args=(public_club.number, tournament.pk))
    html = owner_client.get(url, HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert _end_date_input(html) == "2000-11-18"
    assert "18/11/2000" in _help(html) and "aucune ronde n&#x27;a de date" in _help(html)


def test_c1_without_any_date_today_is_proposed(owner_client, public_club):
    tournament = make_tournament(public_club, PLAYERS, ROUNDS)
    url = reverse("close", args=(public_club.number, tournament.pk))
    html = owner_client.get(url, HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert _end_date_input(html) == timezone.localdate().isoformat()
    assert _help(html) == "Proposée : aujourd&#x27;hui, car aucune ronde n&#x27;a de date."


def test_c1_default_end_date_never_before_the_last_round(public_club):
    """A recorded end date earlier than the last round (or planned later than today) is not
    proposed: the last round's date wins; without round dates a future planned end gives
    today."""
    tournament = _dated(public_club)
    tournament.end_date = datetime.date(2024, 3, 2)
    assert default_end_date(tournament, today=datetime.date(2026, 1, 1)) == DATES_2024[-1]
    undated = make_tournament(public_club, PLAYERS, ROUNDS, name="Planned")
    undated.end_date = datetime.date(2026, 6, 30)
    today = datetime.date(2026, 5, 2)
    assert default_end_date(undated, today=today) == today
