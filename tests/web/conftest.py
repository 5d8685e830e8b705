"""Fixtures of the web tests: the demo tournament, clubs, users with each role and clients
logged in as them, the site's federation data manager, a launched Chromium. The builders they
use, and the tests' other shared helpers, are in ``builders.py``."""

from __future__ import annotations

from pathlib import Path

import pytest
from django.db import connections
from django.test import Client

from chessclub_web import commands
from chessclub_web.clubs.models import Club, Membership, Role
from chessclub_web.tournaments import services

from .browser import launched_chromium
from .builders import PASSWORD, client_for
from .lists import make_manager

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"
ELITE_FILE = FIXTURES / "frbe" / "elite-2000-16p-7r.txt"


@pytest.fixture(autouse=True)
def _empty_cache():
    """Each test starts with empty caches (the standings and explanations are cached per
    tournament)."""
    from django.core.cache import caches

    for cache in caches.all():
        cache.clear()
    yield
    for cache in caches.all():
        cache.clear()


@pytest.fixture(autouse=True)
def _fast_password_hashing(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture
def elite_bytes() -> bytes:
    """The real 16-player, 7-round Belgian results file (provenance in tests/fixtures/frbe)."""
    return ELITE_FILE.read_bytes()


@pytest.fixture
def demo(db) -> str:
    """Loads the demo club and tournament; returns the tournament page's URL path."""
    return commands.load_demo().splitlines()[-1]


@pytest.fixture
def demo_owner(client, demo):
    """The test client, logged in as the demo club's owner."""
    client.force_login(Club.objects.get(number="618").memberships.get(role=Role.OWNER).user)
    return client


@pytest.fixture
def english(client):
    """The test client asks for the pages in English (French is the default language): a
    module whose tests read the English texts uses it (``pytest.mark.usefixtures``)."""
    client.defaults["HTTP_ACCEPT_LANGUAGE"] = "en"


@pytest.fixture
def public_club(db) -> Club:
    return Club.objects.create(name="Cercle public", number="700", public=True)


@pytest.fixture
def private_club(db) -> Club:
    return Club.objects.create(name="Cercle privé", number="701", public=False)


@pytest.fixture
def make_user(db, django_user_model):
    def make(username: str, club: Club | None = None, role: Role | None = None):
        user = django_user_model.objects.create_user(username, password=PASSWORD)
        if club is not None and role is not None:
            Membership.objects.create(user=user, club=club, role=role)
        return user

    return make


@pytest.fixture
def owner(public_club, make_user):
    """The public club's owner (``owner``)."""
    return make_user("owner", public_club, Role.OWNER)


@pytest.fixture
def owner_client(client, owner):
    """The test client, logged in as :func:`owner`."""
    client.force_login(owner)
    return client


@pytest.fixture
def list_manager(make_user):
    """A federation data manager (``listkeeper``, see :func:`lists.make_manager`)."""
    return make_manager(make_user)


@pytest.fixture
def list_manager_client(list_manager) -> Client:
    """A client of its own, logged in as :func:`list_manager`."""
    return client_for(list_manager)


@pytest.fixture
def elite(public_club, elite_bytes):
    """The real results file (:func:`elite_bytes`) imported into the public club."""
    return services.import_tournament(public_club, elite_bytes, "elite.txt")


@pytest.fixture(scope="session", autouse=True)
def _end_stray_postgresql_sessions(django_db_setup, django_db_blocker):
    """At the end of the test session (before the test database is dropped), end the other
    PostgreSQL sessions on it: connections opened by ORM calls made while playwright runs
    (its greenlet has its own context) outlive their tests, whichever app's browser tests made
    them, and PostgreSQL refuses to drop a database in use. Session-scoped: it
    protects the whole run."""
    yield
    if connections["default"].vendor != "postgresql":
        return
    with django_db_blocker.unblock():
        with connections["default"].cursor() as cursor:
            cursor.execute(
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                "WHERE datname = current_database() AND pid <> pg_backend_pid()"
            )
        connections["default"].close()


@pytest.fixture
def chromium(monkeypatch):
    """A launched headless Chromium (playwright ``Browser``, see tests/web/browser.py); skips
    the test with a clear reason when no Chromium or no playwright is found."""
    # playwright's synchronous API runs an event loop in this thread; the ORM calls of the test
    # itself are synchronous and safe.
    monkeypatch.setenv("DJANGO_ALLOW_ASYNC_UNSAFE", "true")
    try:
        with launched_chromium() as browser:
            yield browser
    finally:
        # The ORM calls made while playwright runs hold their own database connection
        # (playwright's greenlet has its own context): close it once the browser is closed, or
        # PostgreSQL refuses to drop the test database at the end of the session.
        connections.close_all()
