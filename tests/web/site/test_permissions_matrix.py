"""The permission table (spec: Clubs, people and roles; R5, C1, C3; issue 5 item 1).

The expected matrix below is written from the spec and the README, not copied from
``permissions.py``: owner everything; administrators everything but members and the club's own
settings; arbiters see the club and run the rounds (results, entries, pairings, publication,
export) but neither import, correct a closed tournament, close, change settings or the roster;
the creator of an independent tournament has owner rights on it (spec), except the club-wide
actions (import, roster, members, club).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from django.urls import reverse
from django.utils import timezone

from chessclub_web.clubs.models import Role
from chessclub_web.clubs.permissions import Action, allowed, permissions_markdown
from chessclub_web.tournaments.models import Game, Tournament
from chessclub_web.tournaments.permissions import allowed_on

from ..builders import board, button_data, make_swiss, save_url

pytestmark = pytest.mark.django_db

DOCS = Path(__file__).resolve().parents[3] / "docs" / "permissions.md"

A = Action
EXPECTED: dict[str, set[Action]] = {
    "owner": set(Action),
    "administrator": set(Action) - {A.MANAGE_MEMBERS, A.EDIT_CLUB},
    "arbiter": {
        A.VIEW_PRIVATE_CLUB,
        A.ENTER_RESULTS,
        A.MANAGE_ENTRIES,
        A.EDIT_PAIRINGS,
        A.PUBLISH_ROUND,
        A.EXPORT_TOURNAMENT,
    },
    "creator": set(Action) - {A.IMPORT_TOURNAMENT, A.MANAGE_ROSTER, A.MANAGE_MEMBERS, A.EDIT_CLUB},
    "outsider": set(),
    "anonymous": set(),
    "superuser": set(Action),
}


@pytest.fixture
def people(public_club, make_user, django_user_model):
    from django.contrib.auth.models import AnonymousUser

    users = {role.value: make_user(role.value, public_club, role) for role in Role}
    users["creator"] = make_user("creator")
    users["outsider"] = make_user("outsider")
    users["anonymous"] = AnonymousUser()
    users["superuser"] = django_user_model.objects.create_superuser("root", password="pw-root-1")
    return users


@pytest.mark.parametrize("who", list(EXPECTED))
@pytest.mark.parametrize("action", list(Action))
def test_r5_permission_matrix_every_role_and_action(public_club, people, who, action):
    tournament = make_swiss(public_club, kind="independent", creator=people["creator"])
    assert allowed_on(people[who], tournament, action) == (action in EXPECTED[who])


@pytest.mark.parametrize("action", list(Action))
def test_r5_creator_rights_only_on_an_independent_tournament(public_club, people, action):
    """The creator of a *club* tournament has no rights from being its creator."""
    tournament = make_swiss(public_club, kind="club", creator=people["creator"])
    assert not allowed_on(people["creator"], tournament, action)
    assert not allowed(people["creator"], public_club, action)


def test_r5_every_role_of_the_spec_is_in_the_table():
    assert {role.value for role in Role} == {"owner", "administrator", "arbiter"}


@pytest.mark.parametrize("who", list(EXPECTED))
def test_r5_entering_results_checked_on_the_server_for_every_role(client, public_club, people, who):
    """Every role posts one result: only those with ENTER_RESULTS change the board."""
    tournament = make_swiss(public_club, kind="independent", creator=people["creator"])
    if who != "anonymous":
        client.force_login(people[who])
    game = board(tournament, 2, 1)
    response = client.post(save_url(tournament), {"game": game.pk, "result": "1-0", "version": 1})
    game.refresh_from_db()
    if A.ENTER_RESULTS in EXPECTED[who]:
        assert response.status_code == 200 and game.result == "1-0"
    else:
        assert response.status_code == 403 and game.result == ""


@pytest.mark.parametrize("who", list(EXPECTED))
def test_r5_corrections_checked_on_the_server_for_every_role(client, public_club, people, who):
    tournament = make_swiss(public_club, kind="independent", creator=people["creator"])
    Game.objects.filter(round__tournament=tournament).exclude(result="").update(result="1-0")
    Game.objects.filter(round__tournament=tournament, result="").update(result="0-1")
    Tournament.objects.filter(pk=tournament.pk).update(closed_at=timezone.now())
    if who != "anonymous":
        client.force_login(people[who])
    url = reverse("boards", args=("700", tournament.pk, 2))
    client.post(url, button_data(tournament, 2, {1: "="}))
    expected = "=" if A.CORRECT_RESULTS in EXPECTED[who] else "0-1"
    assert board(tournament, 2, 1).result == expected


@pytest.mark.parametrize("who", ["owner", "administrator", "arbiter", "outsider"])
def test_r5_private_club_hidden_from_outsiders_only(client, private_club, make_user, who):
    tournament = make_swiss(private_club)
    role = {"owner": Role.OWNER, "administrator": Role.ADMINISTRATOR, "arbiter": Role.ARBITER}
    client.force_login(make_user(who, private_club, role.get(who)))
    status = client.get(reverse("calendar", args=("701", tournament.pk))).status_code
    assert status == (404 if who == "outsider" else 200)


def test_r5_creator_sees_own_tournament_in_a_private_club(client, private_club, make_user):
    creator = make_user("creator")
    tournament = make_swiss(private_club, kind="independent", creator=creator)
    client.force_login(creator)
    assert client.get(reverse("calendar", args=("701", tournament.pk))).status_code == 200
    game = board(tournament, 2, 1)
    response = client.post(save_url(tournament), {"game": game.pk, "result": "=", "version": 1})
    assert response.status_code == 200


def test_permissions_docs_in_sync_with_the_table():
    """docs/permissions.md is the table as the code has it (regenerate: see permissions.py)."""
    assert DOCS.read_text(encoding="utf-8") == permissions_markdown()


def test_permissions_docs_list_every_action_and_role():
    text = DOCS.read_text(encoding="utf-8")
    for action in Action:
        assert f"`{action.value}`" in text
    assert "| owner | administrator | arbiter | creator (independent) |" in text
