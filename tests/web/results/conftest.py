"""Fixtures of the results app's tests: the small Swiss of ``builders.make_swiss`` and its
club's arbiter."""

from __future__ import annotations

import pytest

from chessclub_web.clubs.models import Role

from ..builders import make_swiss


@pytest.fixture
def swiss(public_club):
    return make_swiss(public_club)


@pytest.fixture
def arbiter(client, public_club, make_user):
    """The public club's arbiter (``arbitre``), the test client logged in as them."""
    user = make_user("arbitre", public_club, Role.ARBITER)
    client.force_login(user)
    return user
