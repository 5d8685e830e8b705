"""Who sees and does what (spec: Clubs, people and roles; chessclub_web/clubs/permissions.py)."""

from __future__ import annotations

import pytest

from chessclub.model import Game as CoreGame
from chessclub.model import GameResult, PairingNumber, Player, Round, RoundNumber, Tournament
from chessclub_web.clubs.models import Role
from chessclub_web.clubs.permissions import PERMISSIONS, Action, allowed
from chessclub_web.tournaments.adapters import store_tournament

pytestmark = pytest.mark.django_db


def _small_tournament(club):
    core = Tournament(
        name="Championnat interne",
        players=(
            Player(PairingNumber(1), "Un, Joueur", 1800),
            Player(PairingNumber(2), "Deux, Joueuse", 1750),
        ),
        rounds=(
            Round(
                RoundNumber(1),
                games=(CoreGame(PairingNumber(1), PairingNumber(2), GameResult.DRAW, board=1),),
            ),
        ),
    )
    return store_tournament(core, club=club)


def test_permission_table_owner_admin_import_arbiter_not():
    assert Action.IMPORT_TOURNAMENT in PERMISSIONS[Role.OWNER]
    assert Action.IMPORT_TOURNAMENT in PERMISSIONS[Role.ADMINISTRATOR]
    assert Action.IMPORT_TOURNAMENT not in PERMISSIONS[Role.ARBITER]
    assert all(Action.VIEW_PRIVATE_CLUB in actions for actions in PERMISSIONS.values())


def test_private_club_tournament_404_for_anonymous(client, private_club):
    row = _small_tournament(private_club)
    assert client.get(f"/clubs/{private_club.number}/").status_code == 404
    assert client.get(f"/clubs/{private_club.number}/tournaments/{row.pk}/").status_code == 404
    url = f"/clubs/{private_club.number}/tournaments/{row.pk}/crosstable/"
    assert client.get(url).status_code == 404
    assert private_club.name not in client.get("/").content.decode()


def test_private_club_tournament_404_for_stranger(client, private_club, make_user):
    row = _small_tournament(private_club)
    client.force_login(make_user("stranger"))
    assert client.get(f"/clubs/{private_club.number}/tournaments/{row.pk}/").status_code == 404
    assert client.get(f"/clubs/{private_club.number}/import/").status_code == 404


@pytest.mark.parametrize("role", list(Role))
def test_private_club_tournament_visible_to_member(client, private_club, make_user, role):
    row = _small_tournament(private_club)
    client.force_login(make_user("member", private_club, role))
    response = client.get(f"/clubs/{private_club.number}/tournaments/{row.pk}/")
    assert response.status_code == 200
    assert "Championnat interne" in response.content.decode()
    assert private_club.name in client.get("/").content.decode()


def test_public_club_pages_need_no_login(client, public_club):
    row = _small_tournament(public_club)
    assert client.get(f"/clubs/{public_club.number}/").status_code == 200
    assert client.get(f"/clubs/{public_club.number}/tournaments/{row.pk}/").status_code == 200
    response = client.get(f"/clubs/{public_club.number}/tournaments/{row.pk}/crosstable/")
    assert response.status_code == 200


def test_tournament_of_another_club_is_404(client, public_club, private_club):
    row = _small_tournament(private_club)
    assert client.get(f"/clubs/{public_club.number}/tournaments/{row.pk}/").status_code == 404


def test_unknown_club_is_404(client, db):
    assert client.get("/clubs/999/").status_code == 404


def test_import_page_anonymous_sent_to_login(client, public_club):
    response = client.get(f"/clubs/{public_club.number}/import/")
    assert response.status_code == 302
    assert response["Location"].startswith("/accounts/login/")


@pytest.mark.parametrize("who", ["arbiter", "stranger"])
def test_import_refused_403_for_arbiter_and_stranger(
    client, public_club, make_user, elite_bytes, who
):
    user = make_user("arb", public_club, Role.ARBITER) if who == "arbiter" else make_user("other")
    client.force_login(user)
    url = f"/clubs/{public_club.number}/import/"
    assert client.get(url).status_code == 403
    from django.core.files.uploadedfile import SimpleUploadedFile

    upload = SimpleUploadedFile("elite.txt", elite_bytes)
    response = client.post(
        url, {"file": upload, "kind": "club", "time_control_category": "standard"}
    )
    assert response.status_code == 403
    assert not public_club.tournaments.exists()
    assert not allowed(user, public_club, Action.IMPORT_TOURNAMENT)


def test_import_link_shown_only_to_importers(client, public_club, make_user):
    url = f"/clubs/{public_club.number}/"
    assert f"/clubs/{public_club.number}/import/" not in client.get(url).content.decode()
    client.force_login(make_user("adm", public_club, Role.ADMINISTRATOR))
    assert f"/clubs/{public_club.number}/import/" in client.get(url).content.decode()
