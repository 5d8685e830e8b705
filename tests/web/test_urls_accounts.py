"""Accounts (issue 5 item 1): log in, log out, password reset by e-mail (console backend by
default; the test settings use Django's in-memory outbox)."""

from __future__ import annotations

import re

import pytest
from django.conf import settings
from django.core import mail

pytestmark = pytest.mark.django_db


def test_email_backend_is_the_console_by_default():
    import os

    if os.environ.get("CHESSCLUB_EMAIL_BACKEND"):
        pytest.skip("CHESSCLUB_EMAIL_BACKEND is set in this environment")
    from importlib import reload

    from chessclub_web import settings as site_settings

    assert reload(site_settings).EMAIL_BACKEND == "django.core.mail.backends.console.EmailBackend"
    assert settings.LOGIN_URL == "login"


def test_login_then_logout(client, make_user):
    make_user("arbitre")
    response = client.post("/accounts/login/", {"username": "arbitre", "password": "secret-pw-123"})
    assert response.status_code == 302
    assert "arbitre" in client.get("/", HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    response = client.post("/accounts/logout/")
    assert response.status_code == 302
    html = client.get("/", HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert "Se connecter" in html or "Connexion" in html


def test_login_page_links_to_password_reset(client):
    html = client.get("/accounts/login/", HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert 'href="/accounts/password-reset/"' in html and "Mot de passe oublié ?" in html


def test_password_reset_by_email_then_new_password_logs_in(client, make_user):
    user = make_user("arbitre")
    user.email = "arbitre@example.org"
    user.save()
    html = client.get("/accounts/password-reset/", HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert "Mot de passe oublié" in html and "csrfmiddlewaretoken" in html
    response = client.post("/accounts/password-reset/", {"email": "arbitre@example.org"})
    assert response.status_code == 302 and response["Location"] == "/accounts/password-reset/sent/"
    assert len(mail.outbox) == 1
    message = mail.outbox[0]
    assert message.to == ["arbitre@example.org"] and "arbitre" in message.body
    link = re.search(r"https?://[^/\s]+(/accounts/reset/\S+/)", message.body).group(1)
    response = client.get(link)  # Django swaps the token for a session and redirects
    assert response.status_code == 302
    form_url = response["Location"]
    assert (
        "Nouveau mot de passe" in client.get(form_url, HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    )
    response = client.post(
        form_url, {"new_password1": "Tour-de-garde-42", "new_password2": "Tour-de-garde-42"}
    )
    assert response.status_code == 302 and response["Location"] == "/accounts/reset/done/"
    client.logout()
    assert client.login(username="arbitre", password="Tour-de-garde-42")


def test_password_reset_unknown_address_sends_nothing_and_says_the_same(client, db):
    response = client.post("/accounts/password-reset/", {"email": "nobody@example.org"})
    assert response.status_code == 302 and not mail.outbox


def test_password_reset_bad_link_explains(client, db):
    html = client.get("/accounts/reset/MQ/bad-token/", HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert "plus valable" in html


@pytest.mark.parametrize(
    "language,text",
    [("nl", "Wachtwoord vergeten"), ("de", "Passwort vergessen"), ("en", "Forgotten password")],
)
def test_password_reset_page_translated(client, db, language, text):
    html = client.get("/accounts/password-reset/", HTTP_ACCEPT_LANGUAGE=language).content.decode()
    assert text in html
