"""A player's name with an invisible control character or a bidirectional override is refused
(it would reorder or hide text on the public pages and break the federation files' fixed
columns), through the API as on the *Inscriptions* page: 400 naming the field, nothing stored."""

from __future__ import annotations

import pytest

from chessclub_web.accounts.models import Scope
from chessclub_web.accounts.services import create_token
from chessclub_web.clubs.models import Role
from chessclub_web.tournaments.models import Tournament

from .conftest import bearer

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("name", ["Ev\u202eil, X", "Bell\u0007, X", "Tab\u0009, X", "Del\u007f, X"])
def test_api_entry_name_with_hidden_characters_refused(client, public_club, make_user, name):
    row = Tournament.objects.create(club=public_club, name="Open", system="swiss", planned_rounds=5)
    user = make_user("arbitre", public_club, Role.ARBITER)
    secret = create_token(user, public_club, "app", [Scope.MANAGE_ENTRIES])[1]
    url = f"/api/v1/clubs/{public_club.number}/tournaments/{row.pk}/entries"
    refused = client.post(url, {"name": name}, content_type="application/json", **bearer(secret))
    assert refused.status_code == 400 and refused.json()["field"] == "name"
    accepted = client.post(
        url, {"name": "Éloïse, Ünal-Øster"}, content_type="application/json", **bearer(secret)
    )
    assert accepted.status_code == 201
    assert list(row.players.values_list("name", flat=True)) == ["Éloïse, Ünal-Øster"]
