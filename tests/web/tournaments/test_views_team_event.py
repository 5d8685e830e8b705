"""A team event's individual pages (Classement, Grille américaine, Paramètres) answer like any
tournament's: the players' own scores, with the individual defaults of the matching system
(spec S4: a team Swiss's players ranked as in a Swiss, `BH-C1 BH SB DE WIN`)."""

from __future__ import annotations

import pytest
from django.urls import reverse

from chessclub_web.clubs.models import Role
from chessclub_web.tournaments.adapters import system_default_codes
from chessclub_web.tournaments.models import System, Tournament

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("system", "individual"),
    [
        (System.TEAM_SWISS, ("BH/C1", "BH", "SB", "DE", "WIN")),
        (System.TEAM_ROUND_ROBIN, ("DE", "SB", "WIN", "KS")),
        (System.TEAM_DOUBLE_ROUND_ROBIN, ("DE", "SB", "WIN", "KS")),
    ],
)
def test_s4_team_event_individual_defaults(system, individual):
    assert system_default_codes(system) == individual


@pytest.mark.parametrize("system", [System.TEAM_SWISS, System.TEAM_ROUND_ROBIN])
@pytest.mark.parametrize("page", ["tournament", "crosstable", "tournament_settings"])
def test_s1_team_event_individual_pages_answer(client, public_club, make_user, system, page):
    owner = make_user("owner", public_club, Role.OWNER)
    client.force_login(owner)
    row = Tournament.objects.create(club=public_club, name="Interclubs", system=system)
    response = client.get(reverse(page, args=(public_club.number, row.pk)))
    assert response.status_code == 200


@pytest.mark.parametrize(
    ("system", "identifier"),
    [(System.TEAM_SWISS, "OPE"), (System.TEAM_ROUND_ROBIN, "GRI"), (System.SWISS, "OPE")],
)
def test_b2_identifier_of_a_team_event_follows_its_pairing_kind(system, identifier):
    """frbe.md B2: OPE for an open, GRI for a closed group; a team round robin is a closed
    group (it was read as a Swiss)."""
    from chessclub.formats.frbe_name import default_identifier
    from chessclub_web.frbe.services import load_tournament_system

    assert default_identifier(load_tournament_system(Tournament(system=system))) == identifier
