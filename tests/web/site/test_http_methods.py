"""Every page answers 405 to the HTTP methods it does not take: read-only pages take GET and
HEAD, forms GET, HEAD and POST, changes POST only."""

from __future__ import annotations

import pytest

from chessclub_web.clubs.models import Membership, Role

pytestmark = pytest.mark.django_db

READ_ONLY = [
    "/",
    "/clubs/618/",
    "/clubs/618/members/",
    "{tournament}",
    "{tournament}crosstable/",
    "{tournament}explain/1/BH/C1/",
]
FORMS = ["/clubs/new/", "/clubs/618/import/", "{tournament}settings/", "/accounts/login/"]
CHANGES = [
    "/clubs/618/members/add/",
    "/clubs/618/members/{membership}/role/",
    "/clubs/618/members/{membership}/remove/",
    "/accounts/logout/",
]


@pytest.fixture
def owner_client(client, demo):
    """The demo club's owner, logged in; the URLs filled in."""
    membership = Membership.objects.get(club__number="618", role=Role.OWNER)
    client.force_login(membership.user)
    client.fill = lambda url: url.format(tournament=demo, membership=membership.pk)
    return client


def _call(client, method: str, url: str):
    return getattr(client, method.lower())(client.fill(url))


@pytest.mark.parametrize("method", ["PUT", "DELETE", "PATCH"])
@pytest.mark.parametrize("url", READ_ONLY + FORMS + CHANGES)
def test_pages_answer_405_to_put_delete_patch(owner_client, url, method):
    response = _call(owner_client, method, url)
    assert response.status_code == 405, (method, url, response.status_code)
    assert "PUT" not in response["Allow"]


@pytest.mark.parametrize("url", READ_ONLY)
def test_read_only_pages_take_get_and_head_only(owner_client, url):
    assert _call(owner_client, "GET", url).status_code == 200
    assert _call(owner_client, "HEAD", url).status_code == 200
    response = _call(owner_client, "POST", url)
    assert response.status_code == 405
    assert sorted(response["Allow"].split(", ")) == ["GET", "HEAD"]


@pytest.mark.parametrize("url", FORMS)
def test_forms_take_get_head_and_post(owner_client, url):
    assert _call(owner_client, "GET", url).status_code == 200
    assert _call(owner_client, "HEAD", url).status_code == 200
    assert _call(owner_client, "POST", url).status_code != 405


@pytest.mark.parametrize("url", CHANGES)
def test_changes_take_post_only(owner_client, url):
    assert _call(owner_client, "GET", url).status_code == 405


def test_anonymous_visitors_get_405_too(client, demo):
    for url in ["/", "/clubs/618/", demo, demo + "crosstable/"]:
        assert client.put(url).status_code == 405
        assert client.delete(url).status_code == 405
