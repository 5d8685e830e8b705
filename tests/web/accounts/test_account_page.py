"""*Mon compte* (/accounts/): the account, its clubs and roles, the password change, and its
personal API tokens — made on the page (the secret shown once, post-redirect-get), used on
the JSON API (``Authorization: Bearer``), revoked (then 401), only within the account's clubs
and the scopes its role can use (the permission table, docs/permissions.md)."""

from __future__ import annotations

import datetime
import re

import pytest
from django.test import Client
from django.utils import timezone

from chessclub_web.accounts.models import ApiToken
from chessclub_web.audit.models import AuditAction, Entry
from chessclub_web.clubs import permissions
from chessclub_web.clubs.models import Club, Membership, Role

pytestmark = pytest.mark.django_db

PAGE = "/accounts/"
CREATE = "/accounts/tokens/"
DEMO_CLUB_API = "/api/v1/clubs/618"
SECRET = re.compile(r"cc_[A-Za-z0-9_-]{43}")


def bearer(secret: str) -> dict[str, str]:
    return {"HTTP_AUTHORIZATION": f"Bearer {secret}"}


@pytest.fixture
def arbiter(demo, make_user, private_club):
    """``arbitre``: arbiter of the demo club 618, administrator of the private club 701."""
    user = make_user("arbitre", Club.objects.get(number="618"), Role.ARBITER)
    Membership.objects.create(user=user, club=private_club, role=Role.ADMINISTRATOR)
    user.email = "arbitre@example.org"
    user.first_name, user.last_name = "Alice", "Exemple"
    user.save()
    return user


@pytest.fixture
def arbiter_client(client, arbiter):
    client.force_login(arbiter)
    return client


def _make(client: Client, language: str = "fr", **data: object):
    """POST the page's form: a token named "Salle du tournoi" for the demo club, ``data``
    added."""
    values = {"name": "Salle du tournoi", "club": Club.objects.get(number="618").pk}
    values.update(data)
    return client.post(CREATE, values, HTTP_ACCEPT_LANGUAGE=language)


def test_account_page_needs_login(client, db):
    for url in (PAGE, "/accounts/password/"):
        response = client.get(url)
        assert response.status_code == 302
        assert response["Location"] == f"/accounts/login/?next={url}"
    response = client.post(CREATE, {"name": "x"})
    assert response.status_code == 302 and response["Location"].startswith("/accounts/login/")
    assert not ApiToken.objects.exists()


def test_account_page_lists_the_account_and_its_clubs_with_roles(arbiter_client):
    html = arbiter_client.get(PAGE, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "arbitre" in html and "arbitre@example.org" in html and "Alice Exemple" in html
    demo_row = re.search(r'<tr id="club-618">.*?</tr>', html, re.S).group(0)
    private_row = re.search(r'<tr id="club-701">.*?</tr>', html, re.S).group(0)
    assert "Arbiter" in demo_row and "Cercle d&#x27;échecs de démonstration" in demo_row
    assert "Administrator" in private_row and "Cercle privé" in private_row
    assert 'href="/accounts/password/"' in html
    # The nav bar of every page links to the account page for a logged-in account.
    assert 'href="/accounts/"' in arbiter_client.get("/").content.decode()


def test_account_page_is_not_in_the_nav_bar_of_anonymous_visitors(client, demo):
    assert 'href="/accounts/"' not in client.get("/").content.decode()


def test_account_page_renders_in_french_and_english(arbiter_client):
    french = arbiter_client.get(PAGE, HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert '<html lang="fr">' in french
    assert (
        '<h2 id="tokens">Jetons d\'API</h2>' in french and "Arbitre" in french and "Rôle" in french
    )
    english = arbiter_client.get(PAGE, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert '<html lang="en">' in english
    assert "API tokens" in english and "Arbiter" in english and "Role" in english
    assert "Arbitre" not in english


def test_api_token_made_on_the_page_is_shown_once_and_works(arbiter_client, arbiter):
    response = _make(arbiter_client, scopes=["enter_results", "report_results"])
    assert response.status_code == 302 and response["Location"] == PAGE
    row = ApiToken.objects.get(user=arbiter)
    assert (row.name, row.club.number) == ("Salle du tournoi", "618")
    assert row.scopes == ["enter_results", "report_results"]
    assert row.expires_at is None and row.revoked_at is None

    assert arbiter_client.head(PAGE).status_code == 200  # a HEAD does not use the display
    first = arbiter_client.get(PAGE, HTTP_ACCEPT_LANGUAGE="en")
    assert first["Cache-Control"].count("no-store") == 1
    html = first.content.decode()
    secrets = SECRET.findall(html)
    assert len(secrets) == 1
    secret = secrets[0]
    assert secret.startswith(row.lead)
    assert "will not be shown again" in html and "Authorization: Bearer" in html
    assert 'href="/api/v1/docs"' in html

    again = arbiter_client.get(PAGE, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert secret not in again and not SECRET.search(again)
    token_row = re.search(rf'<tr id="token-{row.pk}".*?</tr>', again, re.S).group(0)
    assert "Salle du tournoi" in token_row and "618" in token_row
    assert "enter results" in token_row and "report my own results" in token_row
    assert "active" in token_row and "never" in token_row

    response = arbiter_client.get(DEMO_CLUB_API, **bearer(secret))
    assert response.status_code == 200
    assert response.json()["number"] == "618"
    row.refresh_from_db()
    assert row.last_used_at is not None  # the API recognised this token, not a visitor

    line = Entry.objects.get(action=AuditAction.NOTE, message__startswith="API token")
    assert line.user == arbiter and line.tournament is None
    assert line.description == (
        "API token “Salle du tournoi” made for club 618 (actions: enter_results, report_results)."
    )


def test_api_token_with_expiry_date_must_be_after_today(arbiter_client, arbiter):
    today = timezone.localdate()
    for day in (today, today - datetime.timedelta(days=1)):
        response = _make(arbiter_client, expires=day.isoformat(), language="en")
        assert response.status_code == 400
        assert "after today" in response.content.decode()
    assert not ApiToken.objects.exists()
    day = today + datetime.timedelta(days=30)
    assert _make(arbiter_client, expires=day.isoformat()).status_code == 302
    expires = timezone.localtime(ApiToken.objects.get().expires_at)
    assert (expires.date(), expires.time()) == (day, datetime.time.min)


def test_api_token_needs_a_name_of_at_most_100_characters(arbiter_client):
    assert _make(arbiter_client, name="   ").status_code == 400
    assert _make(arbiter_client, name="x" * 101).status_code == 400
    assert not ApiToken.objects.exists()
    assert _make(arbiter_client, name="x" * 100).status_code == 302


def test_api_token_scope_outside_the_role_is_refused(arbiter_client, monkeypatch):
    """The table gives arbiters every scope's action today; with a table where an arbiter may
    not publish rounds, the page refuses ``publish_round`` to the arbiter of 618 (and still
    takes it in 701, where the account is administrator)."""
    narrowed = dict(permissions.PERMISSIONS)
    narrowed[Role.ARBITER] = narrowed[Role.ARBITER] - {permissions.Action.PUBLISH_ROUND}
    monkeypatch.setattr(permissions, "PERMISSIONS", narrowed)
    page = arbiter_client.get(PAGE, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    demo_row = re.search(r'<tr id="club-618">.*?</tr>', page, re.S).group(0)
    assert "pair rounds" in demo_row and "publish rounds" not in demo_row

    response = _make(arbiter_client, scopes=["enter_results", "publish_round"], language="en")
    assert response.status_code == 400
    html = response.content.decode()
    assert "never allows" in html and "publish rounds" in html
    assert 'value="Salle du tournoi"' in html  # the input is kept
    assert not ApiToken.objects.exists()

    private = Club.objects.get(number="701").pk
    assert _make(arbiter_client, club=private, scopes=["publish_round"]).status_code == 302
    assert ApiToken.objects.get().scopes == ["publish_round"]


def test_api_token_unknown_scope_is_refused(arbiter_client):
    response = _make(arbiter_client, scopes=["manage_members"])
    assert response.status_code == 400
    assert not ApiToken.objects.exists()


def test_api_token_for_a_club_without_membership_is_refused(arbiter_client, db):
    """A forged POST naming a club where the account has no role (a public one it can see)."""
    other = Club.objects.create(name="Cercle voisin", number="702", public=True)
    response = _make(arbiter_client, club=other.pk, scopes=["enter_results"], language="en")
    assert response.status_code == 400
    assert "clubs where you have a role" in response.content.decode()
    assert not ApiToken.objects.exists()
    assert _make(arbiter_client, club=999_999).status_code == 400
    assert not ApiToken.objects.exists()


def test_api_token_service_refuses_a_club_without_role_for_the_page(arbiter, db):
    from chessclub_web import refusals
    from chessclub_web.accounts.services import create_token

    other = Club.objects.create(name="Cercle voisin", number="702", public=True)
    with pytest.raises(refusals.NotAllowed) as refused:
        create_token(arbiter, other, "x", [], members_only=True)
    assert refused.value.field == "club"
    assert not ApiToken.objects.exists()


def test_api_token_revoked_on_the_page_answers_401(arbiter_client, arbiter):
    _make(arbiter_client, scopes=["enter_results"])
    secret = SECRET.search(arbiter_client.get(PAGE).content.decode()).group(0)
    row = ApiToken.objects.get()
    assert arbiter_client.get(DEMO_CLUB_API, **bearer(secret)).status_code == 200

    response = arbiter_client.post(f"/accounts/tokens/{row.pk}/revoke/")
    assert response.status_code == 302 and response["Location"] == PAGE
    row.refresh_from_db()
    assert row.revoked_at is not None
    response = Client().get(DEMO_CLUB_API, **bearer(secret))
    assert response.status_code == 401
    assert response.json()["error"]

    html = arbiter_client.get(PAGE, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    token_row = re.search(rf'<tr id="token-{row.pk}".*?</tr>', html, re.S).group(0)
    assert "revoked" in token_row and "/revoke/" not in token_row
    line = Entry.objects.get(action=AuditAction.NOTE, message__contains="revoked")
    assert line.description == "API token “Salle du tournoi” of club 618 revoked."
    assert line.user == arbiter


def test_revoking_another_accounts_token_answers_404(arbiter_client, make_user, demo):
    from chessclub_web.accounts.services import create_token

    other = make_user("autre", Club.objects.get(number="618"), Role.ARBITER)
    row, secret = create_token(other, Club.objects.get(number="618"), "le sien", [])
    assert arbiter_client.post(f"/accounts/tokens/{row.pk}/revoke/").status_code == 404
    assert arbiter_client.post("/accounts/tokens/99999999999999999999/revoke/").status_code == 404
    row.refresh_from_db()
    assert row.revoked_at is None
    assert Client().get(DEMO_CLUB_API, **bearer(secret)).status_code == 200
    # Nor is it listed on this account's page.
    assert f'id="token-{row.pk}"' not in arbiter_client.get(PAGE).content.decode()


def test_token_forms_need_csrf(arbiter, demo):
    from chessclub_web.accounts.services import create_token

    strict = Client(enforce_csrf_checks=True)
    strict.force_login(arbiter)
    club = Club.objects.get(number="618")
    assert strict.post(CREATE, {"name": "x", "club": club.pk}).status_code == 403
    assert not ApiToken.objects.exists()
    row, _secret = create_token(arbiter, club, "x", [])
    assert strict.post(f"/accounts/tokens/{row.pk}/revoke/").status_code == 403
    row.refresh_from_db()
    assert row.revoked_at is None
    # With the page's own token, the form works.
    html = strict.get(PAGE).content.decode()
    csrf = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', html).group(1)
    response = strict.post(CREATE, {"name": "y", "club": club.pk, "csrfmiddlewaretoken": csrf})
    assert response.status_code == 302
    assert ApiToken.objects.count() == 2


def test_account_pages_take_only_their_methods(arbiter_client, arbiter):
    assert arbiter_client.post(PAGE).status_code == 405
    assert arbiter_client.get(CREATE).status_code == 405
    assert arbiter_client.get("/accounts/tokens/1/revoke/").status_code == 405


def test_password_change_on_the_account_page(arbiter_client, arbiter):
    from tests.web.builders import PASSWORD

    html = arbiter_client.get("/accounts/password/", HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert "Ancien mot de passe" in html and "Nouveau mot de passe" in html
    response = arbiter_client.post(
        "/accounts/password/",
        {
            "old_password": PASSWORD,
            "new_password1": "Tour-de-garde-42",
            "new_password2": "Tour-de-garde-42",
        },
    )
    assert response.status_code == 302 and response["Location"] == "/accounts/password/done/"
    done = arbiter_client.get(response["Location"], HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert "Votre mot de passe a été modifié." in done
    arbiter.refresh_from_db()
    assert arbiter.check_password("Tour-de-garde-42")
    wrong = arbiter_client.post(
        "/accounts/password/",
        {"old_password": "nope", "new_password1": "Xy-42-abcdef", "new_password2": "Xy-42-abcdef"},
    )
    assert wrong.status_code == 200 and "errors" in wrong.content.decode()
