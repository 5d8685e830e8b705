"""The *FRBE player list* (spec ``frbe.md`` B1, B3): PLAYER (dBase or CSV) imported on the
site's list page by a federation data manager, a re-import is a new version without
duplicates, a wrong structure is refused naming the field (nothing stored); the club's page
searches the current version and adds to the roster or to a tournament with the national Elo.
The list is site data (holes issue, point 1): a club owner's import is refused."""

from __future__ import annotations

from pathlib import Path

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client

from chessclub_web.clubs.models import Player, Role
from chessclub_web.federation import services as lists
from chessclub_web.federation.models import ListVersion
from chessclub_web.frbe.models import FederationPlayer
from chessclub_web.tournaments import services
from chessclub_web.tournaments.models import Tournament, TournamentPlayer

from ..builders import frbe_players_url
from ..lists import import_as_operator, list_url, make_manager, post_import, versions

pytestmark = pytest.mark.django_db
LISTS = Path(__file__).resolve().parents[2] / "fixtures" / "frbe_players"
DBF = (LISTS / "PLAYER.DBF").read_bytes()
CSV = (LISTS / "PLAYER.csv").read_bytes()


def club_upload(client, club, name: str, data: bytes):
    """The club page's old import form: refused now, whoever posts it."""
    return client.post(
        frbe_players_url(club), {"action": "import", "file": SimpleUploadedFile(name, data)}
    )


def test_b3_import_dbf_then_csv_updates_without_duplicates(
    list_manager_client, owner_client, public_club
):
    """The synthetic PLAYER.DBF has 5 records, one deleted (90004) → 4 players; the CSV holds
    the same players (here with Alpha's rating and games changed): the re-import is a new
    version that creates nobody and updates the changed record; clubs see 4 players, each
    once, with the new values. The club owner's import is refused (403), the list unchanged."""
    response = post_import(list_manager_client, DBF, "PLAYER.DBF")
    assert response.status_code == 302
    assert FederationPlayer.objects.count() == 4
    alpha = FederationPlayer.objects.get(matricule=90001)
    assert (alpha.rating, alpha.games, alpha.club) == (2118, 437, 901)
    assert club_upload(owner_client, public_club, "PLAYER.csv", CSV).status_code == 403
    assert post_import(owner_client, CSV, "PLAYER.csv").status_code == 403
    assert len(versions()) == 1 and FederationPlayer.objects.count() == 4
    changed = CSV.replace(b";2118;437;", b";2131;446;")
    assert changed != CSV
    response = post_import(list_manager_client, changed, "PLAYER.csv")
    assert response.status_code == 302
    assert (
        FederationPlayer.objects.count()
        == FederationPlayer.objects.values("matricule").distinct().count()
        == 4
    )
    alpha = FederationPlayer.objects.get(matricule=90001)
    assert (alpha.rating, alpha.games) == (2131, 446)
    first, last = versions()
    assert lists.current_version("frbe") == last
    assert (last.number, last.records, last.created, last.updated, last.removed) == (2, 4, 0, 1, 0)
    # the previous version keeps its own records (for a roll-back); clubs never see them
    assert FederationPlayer.all_versions.filter(version=first, matricule=90001).get().rating == 2118
    page = owner_client.get(frbe_players_url(public_club) + "?q=90001").content.decode()
    assert page.count("<td>90001</td>") == 1 and "2131" in page


def test_b3_wrong_structure_refused_naming_the_field(list_manager_client):
    bad = b"MATRICULE;NOM_PRENOM\n1;X, Y\n"
    response = post_import(list_manager_client, bad, "PLAYER.csv")
    assert response.status_code == 400
    assert "SEXE" in response.content.decode()
    assert FederationPlayer.all_versions.count() == 0
    response = post_import(list_manager_client, b"\x03garbage", "PLAYER.DBF")
    assert response.status_code == 400 and FederationPlayer.all_versions.count() == 0
    assert not ListVersion.objects.exists()


def test_b3_search_and_add_to_roster_and_tournament(owner_client, public_club, elite_bytes):
    import_as_operator("frbe", DBF, "PLAYER.DBF")
    page = owner_client.get(frbe_players_url(public_club) + "?q=alpha").content.decode()
    assert "90001" in page and "Bravo" not in page
    assert "Bravo" in owner_client.get(frbe_players_url(public_club) + "?q=90002").content.decode()
    assert (
        owner_client.post(
            frbe_players_url(public_club), {"action": "add_roster", "matricule": "90001"}
        ).status_code
        == 302
    )
    roster = Player.objects.get(club=public_club, matricule="90001")
    assert (roster.surname, roster.first_name, roster.initial_elo_standard) == (
        "Alpha",
        "Anne",
        2118,
    )
    assert (
        owner_client.post(
            frbe_players_url(public_club), {"action": "add_roster", "matricule": "90001"}
        ).status_code
        == 400
    )
    t = Tournament.objects.create(
        club=public_club, name="Open d'été", system="swiss", planned_rounds=5
    )
    response = owner_client.post(
        frbe_players_url(public_club),
        {"action": "add_tournament", "matricule": "90001", "tournament": t.pk},
    )
    assert response.status_code == 302
    entry = TournamentPlayer.objects.get(tournament=t, matricule="90001")
    assert (entry.pairing_number, entry.rating, entry.name) == (1, 2118, "Alpha Anne")
    # through the entry rules: the imported elite tournament has its 7 rounds paired, so a new
    # player cannot join from round 1 (409, nothing added)
    elite = services.import_tournament(public_club, elite_bytes, "elite.txt")
    response = owner_client.post(
        frbe_players_url(public_club),
        {"action": "add_tournament", "matricule": "90001", "tournament": elite.pk},
    )
    assert response.status_code == 409
    assert not TournamentPlayer.objects.filter(tournament=elite, matricule="90001").exists()
    assert (
        owner_client.post(
            frbe_players_url(public_club), {"action": "add_roster", "matricule": "123"}
        ).status_code
        == 400
    )


def test_b3_player_list_needs_manage_roster(client, public_club, make_user):
    """The club's page needs MANAGE_ROSTER (an arbiter: 403); importing needs the site role,
    which an arbiter lacks on both pages; nothing is stored."""
    assert client.get(frbe_players_url(public_club)).status_code == 302
    client.force_login(make_user("arb", public_club, Role.ARBITER))
    assert client.get(frbe_players_url(public_club)).status_code == 403
    response = client.post(
        frbe_players_url(public_club),
        {"action": "import", "file": SimpleUploadedFile("P.csv", CSV)},
    )
    assert response.status_code == 403
    assert post_import(client, CSV, "PLAYER.csv").status_code == 403
    assert FederationPlayer.all_versions.count() == 0 and not ListVersion.objects.exists()


def test_b3_whole_federation_list_above_5_mb_accepted(list_manager_client):
    """The federation's PLAYER list is bigger than a tournament file: a 6 MB CSV (empty lines
    padding the players of the fixture) is read; the 5 MB limit of tournament files does
    not apply here (40 MB does)."""
    padded = CSV + b";;;;;;;;;;;;;\r\n" * 420_000
    assert len(padded) > 6 * 1024 * 1024
    assert post_import(list_manager_client, padded, "PLAYER.csv").status_code == 302
    assert FederationPlayer.objects.count() == 4


def test_b3_player_list_post_needs_csrf_token(public_club, make_user):
    """Both pages check CSRF: the club's (adding a player) and the site's (importing)."""
    client = Client(enforce_csrf_checks=True)
    client.force_login(make_user("own2", public_club, Role.OWNER))
    response = client.post(
        frbe_players_url(public_club), {"action": "add_roster", "matricule": "1"}
    )
    assert response.status_code == 403
    client.force_login(make_manager(make_user, "keeper2"))
    assert post_import(client, CSV, "PLAYER.csv").status_code == 403
    assert client.post(list_url(), {"action": "rollback"}).status_code == 403
    assert not ListVersion.objects.exists()
