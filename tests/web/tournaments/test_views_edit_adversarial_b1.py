"""*Modifier le tournoi* (tournaments.views.edit_tournament).

Expected values are by hand from the spec and README: the page saves only what the user
changed (a value someone else changed meanwhile is a 409, nothing saved); who may change a
tournament's settings may use it, the creator of an independent tournament included (docs/
permissions.md: the creator column has ``view_private_club``); a value the page accepts never
makes another page answer 500.
"""

from __future__ import annotations

import datetime

import pytest
from django.test import Client
from django.urls import reverse

from chessclub_web.clubs.models import Role
from chessclub_web.tournaments.models import Kind, Round, Tournament

from ..builders import make_swiss
from .test_views_edit_b1 import details, edit_url

pytestmark = pytest.mark.django_db


@pytest.fixture
def owner(public_club, make_user) -> Client:
    client = Client()
    client.raise_request_exception = False
    client.force_login(make_user("own", public_club, Role.OWNER))
    return client


def test_round_paired_after_the_page_was_loaded_keeps_its_date(owner, public_club):
    """The owner opens the edit page while the tournament has round 1; an arbiter then pairs
    round 2 dated 12 January; the owner saves the page with a new place only. Round 2 was not
    on the owner's page: its date must stay 12 January (observed: cleared, the form takes the
    field it did not post for "changed to empty")."""
    t = Tournament.objects.create(
        club=public_club, name="Open", planned_rounds=3, start_date=datetime.date(2026, 1, 5)
    )
    Round.objects.create(tournament=t, number=1, date=datetime.date(2026, 1, 5))
    form = details(t, city="Namur")  # the page as loaded: round 1 only
    Round.objects.create(tournament=t, number=2, date=datetime.date(2026, 1, 12))
    response = owner.post(edit_url(t), form)
    assert response.status_code in (302, 409)
    assert Round.objects.get(tournament=t, number=2).date == datetime.date(2026, 1, 12), (
        f"round 2's date, never shown on the page that was posted, is now "
        f"{Round.objects.get(tournament=t, number=2).date} (answer {response.status_code})"
    )


def test_creator_of_an_independent_tournament_in_a_private_club_may_edit(private_club, make_user):
    """docs/permissions.md: the creator of an independent tournament has view_private_club and
    edit_tournament_settings on it, whatever their role in its club (here: none, e.g. removed
    from the members). The results pages let them in (tournament_for_request); the edit
    page answers 404 (club_view() checks the club's visibility alone)."""
    creator = make_user("creator")
    t = Tournament.objects.create(
        club=private_club, name="Blitz", kind=Kind.INDEPENDENT, creator=creator
    )
    client = Client()
    client.force_login(creator)
    assert client.get(reverse("calendar", args=(private_club.number, t.pk))).status_code == 200
    assert client.get(edit_url(t)).status_code == 200


@pytest.mark.parametrize("field", ["start_date", "round_2"])
def test_a_date_the_edit_page_accepts_never_breaks_the_pairing_page(owner, public_club, field):
    """The edit page accepts 31 December 9999 (a start date, or a round's date). The
    *Apparier la ronde suivante* page then proposes the next round's date one week later:
    observed OverflowError, 500 on GET and POST. Expected: either the edit page refuses such
    a date (400 naming the field) or the pairing page works."""
    t = make_swiss(public_club, planned_rounds=3)
    Round.objects.filter(tournament=t).update(date=None)
    changes = (
        {"start_date": "9999-12-31"}
        if field == "start_date"
        else {
            "start_date": "9999-12-01",
            "round_1": "9999-12-24",
            "round_2": "9999-12-31",
        }
    )
    edited = owner.post(edit_url(t), details(t, **changes))
    if edited.status_code == 400:
        return  # refused with the field named: fine
    assert edited.status_code == 302
    pair = reverse("pair_next", args=(public_club.number, t.pk))
    assert owner.get(pair).status_code != 500
    assert owner.post(pair, {}).status_code != 500
