"""The annulment threshold is a tournament setting (product spec, entries: "Annulled games …
the threshold is a tournament setting"): set on *Nouveau tournoi* and on the *Inscriptions*
tab's rules, 0–100 %, 50 by default; a post without it (an older page) keeps the stored
value."""

from __future__ import annotations

import pytest

from chessclub_web.clubs.models import Role

from .test_views_entries import entries_url, new_tournament

pytestmark = pytest.mark.django_db


@pytest.fixture
def client_owner(client, public_club, make_user):
    client.force_login(make_user("owner", public_club, Role.OWNER))
    return client


def _rules(**extra):
    data = {
        "action": "rules",
        "planned_rounds": 5,
        "initial_colour": "W",
        "missed_round_points": "Z",
    }
    data.update(extra)
    return data


def test_threshold_set_at_creation_then_in_the_rules(client_owner, public_club):
    t = new_tournament(client_owner, public_club, annulment_threshold=60)
    assert t.annulment_threshold == 60
    page = client_owner.get(entries_url(t)).content.decode()
    assert 'name="annulment_threshold"' in page
    assert client_owner.post(entries_url(t), _rules()).status_code == 302
    t.refresh_from_db()
    assert t.annulment_threshold == 60  # not posted: kept
    assert client_owner.post(entries_url(t), _rules(annulment_threshold=70)).status_code == 302
    t.refresh_from_db()
    assert t.annulment_threshold == 70


def test_threshold_default_and_bounds(client_owner, public_club):
    t = new_tournament(client_owner, public_club)
    assert t.annulment_threshold == 50
    response = client_owner.post(entries_url(t), _rules(annulment_threshold=101))
    assert response.status_code == 400
    t.refresh_from_db()
    assert t.annulment_threshold == 50
