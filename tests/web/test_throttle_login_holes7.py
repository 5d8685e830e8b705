"""Point 7 of "Close the holes an adversarial test found": logins and password resets are
throttled (chessclub_web/throttle.py, django-axes).

The attack first: 200 wrong passwords in a row were each tried, and the right one then logged
in at once; 50 reset mails to one address went out in 2 s. Now an account, or a client
address, is locked after a few failures (the site's login and the admin's alike) with a 429
page saying when to try again; the lock ends after the cool-off or when staff reset it; reset
mails are capped per address and per client an hour, the page answering the same throughout.
"""

from __future__ import annotations

import re
from datetime import timedelta
from html import unescape
from importlib import reload

import pytest
from axes.models import AccessAttempt
from django.core import mail
from django.core.exceptions import ImproperlyConfigured
from django.core.management import call_command
from django.db.models import F
from django.test import Client, RequestFactory

from chessclub_web.throttle import client_ip

from .builders import PASSWORD

pytestmark = pytest.mark.django_db

FR = {"HTTP_ACCEPT_LANGUAGE": "fr"}
LOGIN = "/accounts/login/"
ADMIN_LOGIN = "/admin/login/?next=/admin/"


def _login(client: Client, username: str, password: str, url: str = LOGIN, ip: str = "127.0.0.1"):
    return client.post(url, {"username": username, "password": password}, REMOTE_ADDR=ip, **FR)


def _logged_in(client: Client) -> bool:
    return "_auth_user_id" in client.session


def _age_attempts(minutes: int) -> None:
    """Move every recorded failure ``minutes`` into the past (the cool-off runs from them)."""
    AccessAttempt.objects.update(attempt_time=F("attempt_time") - timedelta(minutes=minutes))


def _assert_lockout_page(response, minutes: int = 15) -> None:
    assert response.status_code == 429
    assert response["Retry-After"] == str(minutes * 60)
    html = unescape(response.content.decode())
    assert "Trop de mots de passe erronés" in html
    assert "même avec le bon mot de passe" in html
    assert re.search(rf"Réessayez après \d\d:\d\d \(dans {minutes} min\)", html)


# --- the attack: many wrong passwords, then the right one ---------------------------------


def test_wrong_passwords_then_the_right_one_is_refused(client, make_user):
    make_user("arbitre")
    answers = [_login(client, "arbitre", f"guess-{n}").status_code for n in range(200)]
    assert answers[:4] == [200] * 4  # the form's "wrong password" error
    assert set(answers[4:]) == {429}  # the fifth failure locks the account
    response = _login(client, "arbitre", PASSWORD)
    _assert_lockout_page(response)
    assert not _logged_in(client)
    # nothing is checked any more: even a fresh client with the right password is refused
    other = Client()
    assert _login(other, "arbitre", PASSWORD, ip="10.1.1.1").status_code == 429
    assert not _logged_in(other)


def test_admin_login_is_throttled_too(client, django_user_model):
    django_user_model.objects.create_superuser("gerant", "gerant@example.org", PASSWORD)
    for n in range(5):
        response = _login(client, "gerant", f"guess-{n}", url=ADMIN_LOGIN)
    _assert_lockout_page(response)
    response = _login(client, "gerant", PASSWORD, url=ADMIN_LOGIN)
    _assert_lockout_page(response)
    assert not _logged_in(client)
    # the account is locked on the site's login page as well
    assert _login(client, "gerant", PASSWORD).status_code == 429


def test_the_lock_also_holds_for_the_right_password_from_elsewhere(client, make_user):
    """Per account: the attacker's address does not matter."""
    make_user("arbitre")
    for n in range(5):
        _login(client, "arbitre", f"guess-{n}", ip="203.0.113.7")
    assert _login(Client(), "arbitre", PASSWORD, ip="198.51.100.2").status_code == 429


# --- unlocking: the cool-off, staff --------------------------------------------------------


def test_the_lock_ends_after_the_cool_off(client, make_user):
    make_user("arbitre")
    for n in range(5):
        _login(client, "arbitre", f"guess-{n}")
    _age_attempts(14)
    assert _login(client, "arbitre", PASSWORD).status_code == 429  # a failure: restarts it
    _age_attempts(14)
    assert _login(client, "arbitre", PASSWORD).status_code == 429
    _age_attempts(16)
    response = _login(client, "arbitre", PASSWORD)
    assert response.status_code == 302 and _logged_in(client)


def test_the_cool_off_follows_the_setting(client, make_user, settings):
    settings.AXES_COOLOFF_TIME = timedelta(minutes=2)
    make_user("arbitre")
    for n in range(5):
        response = _login(client, "arbitre", f"guess-{n}")
    _assert_lockout_page(response, minutes=2)
    _age_attempts(3)
    assert _login(client, "arbitre", PASSWORD).status_code == 302


def test_staff_unlock_an_account_by_command(client, make_user, capsys):
    """`chessclub manage axes_reset_username arbitre` (django-axes's command)."""
    make_user("arbitre")
    for n in range(5):
        _login(client, "arbitre", f"guess-{n}")
    call_command("axes_reset_username", "arbitre")
    assert "1 attempts removed" in capsys.readouterr().out
    response = _login(client, "arbitre", PASSWORD)
    assert response.status_code == 302 and _logged_in(client)


def test_staff_see_and_delete_the_attempts_in_the_admin(client, make_user, django_user_model):
    make_user("arbitre")
    for n in range(5):
        _login(client, "arbitre", f"guess-{n}", ip="203.0.113.7")
    staff = Client()
    staff.force_login(django_user_model.objects.create_superuser("gerant", "g@example.org", "x"))
    page = staff.get("/admin/axes/accessattempt/", **FR)
    assert page.status_code == 200 and "arbitre" in page.content.decode()
    attempt = AccessAttempt.objects.get(username="arbitre")
    response = staff.post(f"/admin/axes/accessattempt/{attempt.pk}/delete/", {"post": "yes"})
    assert response.status_code == 302 and not AccessAttempt.objects.exists()
    assert _login(Client(), "arbitre", PASSWORD, ip="203.0.113.7").status_code == 302


# --- per client address ---------------------------------------------------------------------


def test_one_address_trying_many_accounts_is_locked(make_user):
    """20 failures from one address, whichever accounts (each under the account limit), lock
    that address: even a real user's right password from it is refused, not from elsewhere."""
    make_user("arbitre")
    attacker = Client()
    answers = [
        _login(attacker, f"user{n}", "guess", ip="203.0.113.7").status_code for n in range(20)
    ]
    assert answers[:19] == [200] * 19 and answers[19] == 429
    _assert_lockout_page(_login(Client(), "arbitre", PASSWORD, ip="203.0.113.7"))
    assert _login(Client(), "arbitre", PASSWORD, ip="198.51.100.2").status_code == 302
    call_command("axes_reset_ip", "203.0.113.7")
    assert _login(Client(), "arbitre", PASSWORD, ip="203.0.113.7").status_code == 302


def test_a_success_forgets_the_accounts_failures_not_the_addresss(make_user):
    make_user("arbitre")
    make_user("complice")
    member = Client()
    for n in range(4):
        _login(member, "arbitre", f"typo-{n}")
    assert _login(member, "arbitre", PASSWORD).status_code == 302
    member.post("/accounts/logout/")
    for n in range(4):  # four typos again: the earlier four are forgotten
        assert _login(member, "arbitre", f"typo-{n}").status_code == 200
    assert _login(member, "arbitre", PASSWORD).status_code == 302
    # an attacker cannot wipe their address's count by logging into an account of their own
    attacker = Client()
    for n in range(19):
        _login(attacker, f"user{n}", "guess", ip="203.0.113.7")
    assert _login(attacker, "complice", PASSWORD, ip="203.0.113.7").status_code == 302
    attacker.post("/accounts/logout/")
    assert _login(attacker, "user99", "guess", ip="203.0.113.7").status_code == 429


def test_the_client_address_behind_a_proxy(settings):
    factory = RequestFactory()
    request = factory.get("/", REMOTE_ADDR="127.0.0.1", HTTP_X_FORWARDED_FOR="1.2.3.4, 5.6.7.8")
    assert client_ip(request) == "127.0.0.1"  # no proxy configured: the header is ignored
    settings.CHESSCLUB_PROXY_COUNT = 1
    assert client_ip(request) == "5.6.7.8"  # the address the proxy saw, not the client's claim
    bad = factory.get("/", REMOTE_ADDR="127.0.0.1", HTTP_X_FORWARDED_FOR="not-an-address")
    assert client_ip(bad) == "127.0.0.1"
    assert client_ip(factory.get("/", REMOTE_ADDR="127.0.0.1")) == "127.0.0.1"


def test_a_forged_forwarded_header_does_not_dodge_the_address_lock(settings, make_user):
    settings.CHESSCLUB_PROXY_COUNT = 1
    attacker = Client()
    for n in range(20):
        response = attacker.post(
            LOGIN,
            {"username": f"user{n}", "password": "guess"},
            REMOTE_ADDR="127.0.0.1",
            HTTP_X_FORWARDED_FOR=f"10.0.0.{n}, 203.0.113.7",
        )
    assert response.status_code == 429


# --- the page in every language ----------------------------------------------------------


@pytest.mark.parametrize(
    "language,texts",
    [
        ("fr", ["Trop de tentatives de connexion", "Réessayez après", "lever le blocage"]),
        ("nl", ["Te veel aanmeldpogingen", "Probeer het opnieuw na", "blokkering eerder"]),
        ("de", ["Zu viele Anmeldeversuche", "erneut (in 15 Min.)", "Sperre früher"]),
        ("en", ["Too many login attempts", "Try again after", "unlock it sooner"]),
    ],
)
def test_lockout_page_translated(client, make_user, language, texts):
    make_user("arbitre")
    for n in range(5):
        response = client.post(
            LOGIN, {"username": "arbitre", "password": f"g{n}"}, HTTP_ACCEPT_LANGUAGE=language
        )
    assert response.status_code == 429
    html = unescape(response.content.decode())
    for text in texts:
        assert text in html


def test_the_test_clients_login_without_a_request_still_works(client, make_user):
    """Client.login() authenticates without a request (nothing to throttle by): it works, and
    a wrong password there is simply refused."""
    make_user("arbitre")
    assert not client.login(username="arbitre", password="wrong")
    assert client.login(username="arbitre", password=PASSWORD)


# --- password reset mails ------------------------------------------------------------------


def _reset(client: Client, email: str, ip: str = "127.0.0.1"):
    return client.post("/accounts/password-reset/", {"email": email}, REMOTE_ADDR=ip)


def test_fifty_reset_requests_for_one_address_send_three_mails(client, make_user):
    user = make_user("arbitre")
    user.email = "arbitre@example.org"
    user.save()
    answers = {
        (r.status_code, r["Location"]) for r in (_reset(client, user.email) for _ in range(50))
    }
    assert answers == {(302, "/accounts/password-reset/sent/")}  # the same answer throughout
    assert len(mail.outbox) == 3
    assert {tuple(m.to) for m in mail.outbox} == {("arbitre@example.org",)}


def test_the_address_cap_holds_from_many_client_addresses_and_any_case(client, make_user):
    user = make_user("arbitre")
    user.email = "arbitre@example.org"
    user.save()
    for n in range(50):
        email = "ARBITRE@example.org" if n % 2 else "arbitre@example.org"
        assert _reset(client, email, ip=f"10.0.{n}.1").status_code == 302
    assert len(mail.outbox) == 3


def test_one_client_address_gets_ten_reset_mails_an_hour(client, make_user):
    for n in range(50):
        user = make_user(f"membre{n}")
        user.email = f"membre{n}@example.org"
        user.save()
    for n in range(50):
        assert _reset(client, f"membre{n}@example.org", ip="203.0.113.7").status_code == 302
    assert len(mail.outbox) == 10
    assert _reset(client, "membre49@example.org", ip="198.51.100.2").status_code == 302
    assert len(mail.outbox) == 11  # another client is not held back


def test_a_capped_address_answers_like_an_unknown_one(client, make_user):
    user = make_user("arbitre")
    user.email = "arbitre@example.org"
    user.save()
    for _ in range(3):
        _reset(client, user.email)
    capped = _reset(client, user.email)
    unknown = _reset(client, "personne@example.org", ip="198.51.100.2")
    assert (capped.status_code, capped["Location"]) == (unknown.status_code, unknown["Location"])
    sent = client.get(capped["Location"], **FR)
    assert sent.status_code == 200 and "Si un compte a cette adresse" in sent.content.decode()
    assert len(mail.outbox) == 3


def test_reset_mails_go_out_again_after_the_hour(client, make_user):
    from django.core.cache import caches

    user = make_user("arbitre")
    user.email = "arbitre@example.org"
    user.save()
    for _ in range(5):
        _reset(client, user.email)
    assert len(mail.outbox) == 3
    caches["throttle"].clear()  # what the hour's expiry of the counters does
    _reset(client, user.email)
    assert len(mail.outbox) == 4


# --- settings read from the environment -----------------------------------------------------


@pytest.fixture
def reload_settings(monkeypatch):
    """Re-run settings.py under changed environment variables; put it back afterwards."""
    from chessclub_web import settings as site_settings

    def run(**environ: str):
        for name, value in environ.items():
            monkeypatch.setenv(name, value)
        return reload(site_settings)

    yield run
    monkeypatch.undo()
    reload(site_settings)


def test_club_creation_setting(reload_settings, monkeypatch):
    monkeypatch.delenv("CHESSCLUB_CLUB_CREATION", raising=False)
    assert reload_settings().CHESSCLUB_CLUB_CREATION == "open"
    assert reload_settings(CHESSCLUB_CLUB_CREATION="staff").CHESSCLUB_CLUB_CREATION == "staff"
    assert reload_settings(CHESSCLUB_CLUB_CREATION=" Open ").CHESSCLUB_CLUB_CREATION == "open"
    with pytest.raises(ImproperlyConfigured, match="CHESSCLUB_CLUB_CREATION must be 'open'"):
        reload_settings(CHESSCLUB_CLUB_CREATION="everyone")


def test_throttle_limits_from_the_environment(reload_settings):
    loaded = reload_settings(
        CHESSCLUB_LOGIN_FAILURE_LIMIT="3",
        CHESSCLUB_LOGIN_COOLOFF_MINUTES="60",
        CHESSCLUB_RESET_MAILS_PER_EMAIL="1",
    )
    assert loaded.AXES_FAILURE_LIMIT == 3
    assert loaded.AXES_COOLOFF_TIME.total_seconds() == 60 * 60
    assert loaded.CHESSCLUB_RESET_MAILS_PER_EMAIL == 1
    with pytest.raises(ImproperlyConfigured, match="CHESSCLUB_LOGIN_FAILURE_LIMIT"):
        reload_settings(CHESSCLUB_LOGIN_FAILURE_LIMIT="0")
    with pytest.raises(ImproperlyConfigured, match="CHESSCLUB_LOGIN_COOLOFF_MINUTES"):
        reload_settings(CHESSCLUB_LOGIN_FAILURE_LIMIT="5", CHESSCLUB_LOGIN_COOLOFF_MINUTES="x")
