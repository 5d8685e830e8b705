"""Creating a club and managing its members (spec: Clubs, people and roles)."""

from __future__ import annotations

import pytest

from chessclub_web import commands
from chessclub_web.clubs.models import Club, Membership, Role
from chessclub_web.clubs.services import ClubError, ClubNumberTakenError

pytestmark = pytest.mark.django_db


# Creating a club from the web -------------------------------------------------------------


def test_create_club_logged_in_user_becomes_owner(client, make_user):
    client.force_login(make_user("alice"))
    assert client.get("/clubs/new/").status_code == 200
    response = client.post(
        "/clubs/new/", {"name": "Échiquier liégeois", "number": "123", "public": "on"}
    )
    assert response.status_code == 302
    assert response["Location"] == "/clubs/123/"
    club = Club.objects.get(number="123")
    assert club.name == "Échiquier liégeois" and club.public
    assert Membership.objects.get(club=club).user.username == "alice"
    assert Membership.objects.get(club=club).role == Role.OWNER
    page = client.get("/clubs/123/").content.decode()
    assert "/clubs/123/import/" in page and "/clubs/123/members/" in page


def test_create_club_private_is_hidden_from_others(client, make_user):
    client.force_login(make_user("alice"))
    client.post("/clubs/new/", {"name": "Cercle fermé", "number": "124"})
    assert not Club.objects.get(number="124").public
    assert client.get("/clubs/124/").status_code == 200
    client.force_login(make_user("bob"))
    assert client.get("/clubs/124/").status_code == 404


def test_create_club_anonymous_sent_to_login(client):
    response = client.get("/clubs/new/")
    assert response.status_code == 302 and "/accounts/login/" in response["Location"]
    response = client.post("/clubs/new/", {"name": "X", "number": "9"})
    assert response.status_code == 302
    assert not Club.objects.exists()


@pytest.mark.parametrize("number", ["618", "new", "a b", "", "x" * 17])
def test_create_club_refuses_taken_or_malformed_number(client, demo, make_user, number):
    client.force_login(make_user("alice"))
    response = client.post(
        "/clubs/new/", {"name": "Doublon", "number": number}, HTTP_ACCEPT_LANGUAGE="en"
    )
    assert response.status_code == 400
    assert '<span class="error">' in response.content.decode()
    assert Club.objects.count() == 1


def test_create_club_form_needs_csrf(make_user):
    from django.test import Client

    client = Client(enforce_csrf_checks=True)
    client.force_login(make_user("alice"))
    response = client.post("/clubs/new/", {"name": "X", "number": "9"})
    assert response.status_code == 403
    assert not Club.objects.exists()


def test_home_offers_creating_a_club(client, make_user):
    assert "/clubs/new/" not in client.get("/").content.decode()
    client.force_login(make_user("alice"))
    assert 'href="/clubs/new/"' in client.get("/").content.decode()


# commands.create_club --------------------------------------------------------------------


def test_create_club_command_with_owner(make_user):
    make_user("alice")
    url = commands.create_club("321", "Cercle de la commande", public=False, owner="alice")
    assert url == "/clubs/321/"
    club = Club.objects.get(number="321")
    assert club.name == "Cercle de la commande" and not club.public
    assert Membership.objects.get(club=club, role=Role.OWNER).user.username == "alice"


def test_create_club_command_without_owner_is_public_by_default():
    assert commands.create_club("322", "Cercle sans propriétaire") == "/clubs/322/"
    club = Club.objects.get(number="322")
    assert club.public and not club.memberships.exists()


def test_create_club_command_number_taken_is_a_clear_error():
    commands.create_club("323", "Premier")
    with pytest.raises(ClubNumberTakenError, match="323"):
        commands.create_club("323", "Second")
    assert Club.objects.get(number="323").name == "Premier"


def test_create_club_command_unknown_owner_is_a_lookup_error_and_creates_nothing():
    with pytest.raises(commands.UnknownUserError, match="nobody"):
        commands.create_club("324", "Cercle", owner="nobody")
    assert not Club.objects.exists()


def test_create_club_command_refuses_malformed_number():
    with pytest.raises(ClubError):
        commands.create_club("new", "Cercle")
    with pytest.raises(ClubError):
        commands.create_club("325", "   ")
    assert not Club.objects.exists()


# Members page ------------------------------------------------------------------------------


@pytest.fixture
def owner(client, public_club, make_user):
    user = make_user("owner", public_club, Role.OWNER)
    client.force_login(user)
    return user


def _members(club) -> dict[str, str]:
    return dict(club.memberships.values_list("user__username", "role"))


def test_members_page_lists_members_for_the_owner(client, public_club, owner, make_user):
    make_user("arb", public_club, Role.ARBITER)
    html = client.get("/clubs/700/members/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "owner" in html and "arb" in html
    assert 'name="csrfmiddlewaretoken"' in html


def test_members_add_existing_user_with_role(client, public_club, owner, make_user):
    make_user("bob")
    response = client.post("/clubs/700/members/add/", {"username": "bob", "role": "administrator"})
    assert response.status_code == 302
    assert _members(public_club) == {"owner": "owner", "bob": "administrator"}


def test_members_add_unknown_user_or_existing_member_refused(client, public_club, owner):
    response = client.post("/clubs/700/members/add/", {"username": "ghost", "role": "arbiter"})
    assert response.status_code == 400
    assert "ghost" in response.content.decode()
    response = client.post("/clubs/700/members/add/", {"username": "owner", "role": "arbiter"})
    assert response.status_code == 400
    assert _members(public_club) == {"owner": "owner"}


def test_members_change_role(client, public_club, owner, make_user):
    make_user("arb", public_club, Role.ARBITER)
    pk = public_club.memberships.get(user__username="arb").pk
    response = client.post(f"/clubs/700/members/{pk}/role/", {"role": "owner"})
    assert response.status_code == 302
    assert _members(public_club)["arb"] == "owner"


def test_members_remove_member(client, public_club, owner, make_user):
    make_user("arb", public_club, Role.ARBITER)
    pk = public_club.memberships.get(user__username="arb").pk
    assert client.post(f"/clubs/700/members/{pk}/remove/").status_code == 302
    assert _members(public_club) == {"owner": "owner"}


def test_members_never_remove_or_demote_the_last_owner(client, public_club, owner):
    pk = public_club.memberships.get(user=owner).pk
    response = client.post(f"/clubs/700/members/{pk}/remove/", HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 409
    assert "at least one owner" in response.content.decode()
    response = client.post(f"/clubs/700/members/{pk}/role/", {"role": "arbiter"})
    assert response.status_code == 409
    assert _members(public_club) == {"owner": "owner"}


def test_members_owner_may_step_down_when_another_owner_exists(
    client, public_club, owner, make_user
):
    make_user("second", public_club, Role.OWNER)
    pk = public_club.memberships.get(user=owner).pk
    response = client.post(f"/clubs/700/members/{pk}/role/", {"role": "arbiter"})
    assert response.status_code == 302 and response["Location"] == "/clubs/700/"
    assert _members(public_club) == {"owner": "arbiter", "second": "owner"}


def test_members_changes_are_post_only(client, public_club, owner):
    pk = public_club.memberships.get(user=owner).pk
    assert client.get("/clubs/700/members/add/").status_code == 405
    assert client.get(f"/clubs/700/members/{pk}/remove/").status_code == 405
    assert client.get(f"/clubs/700/members/{pk}/role/").status_code == 405


def test_members_need_csrf_token(public_club, make_user):
    from django.test import Client

    client = Client(enforce_csrf_checks=True)
    client.force_login(make_user("owner", public_club, Role.OWNER))
    make_user("bob")
    response = client.post("/clubs/700/members/add/", {"username": "bob", "role": "arbiter"})
    assert response.status_code == 403
    assert _members(public_club) == {"owner": "owner"}


@pytest.mark.parametrize("role", [Role.ADMINISTRATOR, Role.ARBITER, None])
def test_members_permission_checked_on_the_server(client, public_club, make_user, role):
    user = make_user("someone", public_club, role)
    make_user("victim", public_club, Role.OWNER)
    client.force_login(user)
    pk = public_club.memberships.get(user__username="victim").pk
    assert client.get("/clubs/700/members/").status_code == 403
    assert (
        client.post("/clubs/700/members/add/", {"username": "someone", "role": "owner"}).status_code
        == 403
    )
    assert client.post(f"/clubs/700/members/{pk}/role/", {"role": "arbiter"}).status_code == 403
    assert client.post(f"/clubs/700/members/{pk}/remove/").status_code == 403
    assert _members(public_club)["victim"] == "owner"
    assert "/clubs/700/members/" not in client.get("/clubs/700/").content.decode()


def test_members_anonymous_sent_to_login_and_membership_of_another_club_is_404(
    client, public_club, private_club, make_user
):
    other = make_user("other", private_club, Role.OWNER)
    assert client.get("/clubs/700/members/").status_code == 302
    owner = make_user("owner", public_club, Role.OWNER)
    client.force_login(owner)
    pk = private_club.memberships.get(user=other).pk
    assert client.post(f"/clubs/700/members/{pk}/remove/").status_code == 404
    assert private_club.memberships.filter(pk=pk).exists()
