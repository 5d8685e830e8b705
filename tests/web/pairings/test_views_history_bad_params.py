"""A pairing-history line whose stored ``params`` is JSON but not an
object (a list, a string, a number: the JSONField takes any JSON; rows written by hand, a
restore, another version).

PairingChange.text promises: "the stored ``description`` for an old line (or a message whose
parameters no longer fit it)". Observed: ``render_change`` calls ``params.items()`` and the
AttributeError is not among the caught errors, so the entries page, the round's pairing page
and the read-only admin (list and line) answer 500 in every language, for the whole
tournament's history.
"""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from chessclub_web.audit.models import Entry
from chessclub_web.clubs.models import Role

from ..builders import make_swiss

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("params", [["x"], "x", 5])
def test_history_line_with_non_object_params_shows_its_description(
    public_club, make_user, django_user_model, params
):
    t = make_swiss(public_club, round2_state="draft")
    line = Entry.objects.create(
        action="note",
        tournament=t,
        round_number=2,
        description="Round 2 published.",
        message="Round %(round)s published.",
        params=params,
    )
    assert line.text == "Round 2 published."
    owner = Client()
    owner.raise_request_exception = False
    owner.force_login(make_user("own", public_club, Role.OWNER))
    for url in (
        reverse("entries", args=(public_club.number, t.pk)),
        reverse("pairing_round", args=(public_club.number, t.pk, 2)),
    ):
        assert owner.get(url).status_code == 200, url
    root = Client()
    root.raise_request_exception = False
    root.force_login(django_user_model.objects.create_superuser("root", "r@x.org", "pw-12345-x"))
    for url in (
        "/admin/audit/entry/",
        f"/admin/audit/entry/{line.pk}/change/",
    ):
        assert root.get(url).status_code == 200, url
