"""The annulment threshold is a tournament setting (product spec, entries: "Annulled games …
the threshold is a tournament setting"): set on *Nouveau tournoi* and on the *Inscriptions*
tab's rules, 0–100 %, 50 by default; a post without it (an older page) keeps the stored
value."""

from __future__ import annotations

import pytest

from ..builders import entries_url, new_tournament

pytestmark = pytest.mark.django_db


def _rules(**extra):
    data = {
        "action": "rules",
        "planned_rounds": 5,
        "initial_colour": "W",
        "missed_round_points": "Z",
    }
    data.update(extra)
    return data


def test_threshold_set_at_creation_then_in_the_rules(owner_client, public_club):
    t = new_tournament(owner_client, public_club, annulment_threshold=60)
    assert t.annulment_threshold == 60
    page = owner_client.get(entries_url(t)).content.decode()
    assert 'name="annulment_threshold"' in page
    assert owner_client.post(entries_url(t), _rules()).status_code == 302
    t.refresh_from_db()
    assert t.annulment_threshold == 60  # not posted: kept
    assert owner_client.post(entries_url(t), _rules(annulment_threshold=70)).status_code == 302
    t.refresh_from_db()
    assert t.annulment_threshold == 70


def test_threshold_default_and_bounds(owner_client, public_club):
    t = new_tournament(owner_client, public_club)
    assert t.annulment_threshold == 50
    response = owner_client.post(entries_url(t), _rules(annulment_threshold=101))
    assert response.status_code == 400
    t.refresh_from_db()
    assert t.annulment_threshold == 50
