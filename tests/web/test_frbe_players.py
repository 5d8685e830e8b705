"""The *FRBE player list* page (spec ``frbe.md`` B1, B3): import PLAYER (dBase or CSV),
re-import without duplicates, wrong structure refused naming the field (nothing stored),
search, add to the roster or to a tournament with the national Elo."""

from __future__ import annotations

from pathlib import Path

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from chessclub_web.clubs.models import Player, Role
from chessclub_web.frbe.models import FederationPlayer, PlayerListImport
from chessclub_web.tournaments import services
from chessclub_web.tournaments.models import TournamentPlayer

pytestmark = pytest.mark.django_db
LISTS = Path(__file__).resolve().parents[1] / "fixtures" / "frbe_players"


@pytest.fixture
def owner(client, public_club, make_user):
    client.force_login(make_user("own", public_club, Role.OWNER))
    return client


def url(club) -> str:
    return reverse("frbe_players", args=(club.number,))


def upload(client, club, name: str, data: bytes):
    return client.post(url(club), {"action": "import", "file": SimpleUploadedFile(name, data)})


def test_b3_import_dbf_then_csv_updates_without_duplicates(owner, public_club):
    """The synthetic PLAYER.DBF has 5 records, one deleted (90004) → 4 players; the CSV holds
    the same players: a re-import creates none and updates 4."""
    response = upload(owner, public_club, "PLAYER.DBF", (LISTS / "PLAYER.DBF").read_bytes())
    assert response.status_code == 302
    assert FederationPlayer.objects.count() == 4
    alpha = FederationPlayer.objects.get(matricule=90001)
    assert (alpha.rating, alpha.games, alpha.club) == (2118, 437, 901)
    FederationPlayer.objects.filter(matricule=90001).update(rating=1000)
    response = upload(owner, public_club, "PLAYER.csv", (LISTS / "PLAYER.csv").read_bytes())
    assert response.status_code == 302
    assert (
        FederationPlayer.objects.count()
        == FederationPlayer.objects.values("matricule").distinct().count()
    )
    assert FederationPlayer.objects.get(matricule=90001).rating == 2118
    last = PlayerListImport.objects.first()
    assert (last.records, last.created, last.updated) == (4, 0, 4)


def test_b3_wrong_structure_refused_naming_the_field(owner, public_club):
    bad = b"MATRICULE;NOM_PRENOM\n1;X, Y\n"
    response = upload(owner, public_club, "PLAYER.csv", bad)
    assert response.status_code == 400
    assert "SEXE" in response.content.decode()
    assert FederationPlayer.objects.count() == 0
    response = upload(owner, public_club, "PLAYER.DBF", b"\x03garbage")
    assert response.status_code == 400 and FederationPlayer.objects.count() == 0


def test_b3_search_and_add_to_roster_and_tournament(owner, public_club, elite_bytes):
    upload(owner, public_club, "PLAYER.DBF", (LISTS / "PLAYER.DBF").read_bytes())
    page = owner.get(url(public_club) + "?q=alpha").content.decode()
    assert "90001" in page and "Bravo" not in page
    assert "Bravo" in owner.get(url(public_club) + "?q=90002").content.decode()
    assert (
        owner.post(url(public_club), {"action": "add_roster", "matricule": "90001"}).status_code
        == 302
    )
    roster = Player.objects.get(club=public_club, matricule="90001")
    assert (roster.surname, roster.first_name, roster.initial_elo_standard) == (
        "Alpha",
        "Anne",
        2118,
    )
    assert (
        owner.post(url(public_club), {"action": "add_roster", "matricule": "90001"}).status_code
        == 400
    )
    t = services.import_tournament(public_club, elite_bytes, "elite.txt")
    response = owner.post(
        url(public_club), {"action": "add_tournament", "matricule": "90001", "tournament": t.pk}
    )
    assert response.status_code == 302
    entry = TournamentPlayer.objects.get(tournament=t, matricule="90001")
    assert (entry.pairing_number, entry.rating) == (17, 2118)
    assert (
        owner.post(url(public_club), {"action": "add_roster", "matricule": "123"}).status_code
        == 400
    )


def test_b3_player_list_needs_manage_roster(client, public_club, make_user):
    assert client.get(url(public_club)).status_code == 302
    client.force_login(make_user("arb", public_club, Role.ARBITER))
    assert client.get(url(public_club)).status_code == 403
    response = client.post(
        url(public_club), {"action": "import", "file": SimpleUploadedFile("P.csv", b"x")}
    )
    assert response.status_code == 403 and FederationPlayer.objects.count() == 0


def test_b3_whole_federation_list_above_5_mb_accepted(owner, public_club):
    """The federation's PLAYER list is bigger than a tournament file: a 6 MB CSV (empty lines
    padding the two players of the fixture) is read; the 5 MB limit of tournament files does
    not apply here (40 MB does)."""
    data = (LISTS / "PLAYER.csv").read_bytes()
    padded = data + b";;;;;;;;;;;;;\r\n" * 420_000
    assert len(padded) > 6 * 1024 * 1024
    assert upload(owner, public_club, "PLAYER.csv", padded).status_code == 302
    assert FederationPlayer.objects.count() == 4


def test_b3_player_list_post_needs_csrf_token(public_club, make_user):
    from django.test import Client

    client = Client(enforce_csrf_checks=True)
    client.force_login(make_user("own2", public_club, Role.OWNER))
    response = client.post(url(public_club), {"action": "add_roster", "matricule": "1"})
    assert response.status_code == 403
