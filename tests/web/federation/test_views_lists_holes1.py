"""Holes issue, point 1: the federation lists are site data (docs/permissions.md, *Site-wide
rights*). The attack first: any account could create a club, become its owner and replace
the Belgian PLAYER list that every club copies from (a forged rating 2999 then reached
another club's roster). Now only site staff or a federation data manager import a list; each
import is a version (who, when, SHA-256, counts) and one action rolls a bad one back.

Values come from the synthetic PLAYER files of ``tests/fixtures/frbe_players`` (README there):
90001 *Alpha, Anne* has ELO_CALCUL 2118; the CSV holds the four live records of the DBF."""

from __future__ import annotations

import hashlib
from pathlib import Path

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from chessclub_web import commands
from chessclub_web.clubs.models import Club, Player, Role
from chessclub_web.federation import services
from chessclub_web.federation.models import EventKind, ListEvent, ListVersion
from chessclub_web.frbe.models import FederationPlayer
from chessclub_web.fse.models import ListRow

pytestmark = pytest.mark.django_db
FIXTURES = Path(__file__).resolve().parents[2] / "fixtures"
CSV = (FIXTURES / "frbe_players" / "PLAYER.csv").read_bytes()
DBF = (FIXTURES / "frbe_players" / "PLAYER.DBF").read_bytes()
FSE_LIST = (FIXTURES / "fse" / "previous.csv").read_bytes()
FORGED = CSV.replace(
    b"90001;Alpha, Anne;F;901;29/02/1980;2105;410;2118",
    b"90001;Alpha, Anne;F;901;29/02/1980;2105;410;2999",
)


def list_url(kind: str = "frbe") -> str:
    return reverse("federation_list", args=(kind,))


def post_import(client, data: bytes, name: str = "PLAYER.csv", kind: str = "frbe", **extra):
    return client.post(
        list_url(kind), {"action": "import", "file": SimpleUploadedFile(name, data), **extra}
    )


@pytest.fixture
def staff(django_user_model):
    return django_user_model.objects.create_superuser("staff", "staff@example.org", "pw")


def alpha_rating() -> int:
    return FederationPlayer.objects.get(matricule=90001).rating


def test_holes1_non_staff_owner_player_import_refused_list_unchanged(
    client, staff, make_user, public_club
):
    services.import_list("frbe", CSV, "PLAYER.csv", staff)
    attacker = make_user("attacker")
    client.force_login(attacker)
    created = client.post(
        reverse("create_club"), {"number": "999", "name": "Club pirate", "public": "on"}
    )
    assert created.status_code == 302  # club creation stays open to any account
    club = Club.objects.get(number="999")
    assert club.memberships.get(user=attacker).role == Role.OWNER
    # The old way, the club's own player-list page, and the site's list page: both refused.
    old = client.post(
        reverse("frbe_players", args=("999",)),
        {"action": "import", "file": SimpleUploadedFile("PLAYER.csv", FORGED)},
    )
    assert old.status_code == 403
    assert (
        "federation data manager"
        in client.post(
            reverse("frbe_players", args=("999",)), {"action": "import"}, HTTP_ACCEPT_LANGUAGE="en"
        ).content.decode()
    )
    assert post_import(client, FORGED).status_code == 403
    assert client.post(list_url(), {"action": "rollback"}).status_code == 403
    assert client.get(list_url()).status_code == 403
    assert alpha_rating() == 2118
    assert ListVersion.objects.filter(federation_list="frbe").count() == 1
    # Another club copies the genuine rating.
    client.force_login(make_user("owner700", public_club, Role.OWNER))
    response = client.post(
        reverse("frbe_players", args=(public_club.number,)),
        {"action": "add_roster", "matricule": "90001"},
    )
    assert response.status_code == 302
    assert Player.objects.get(club=public_club, matricule="90001").initial_elo_standard == 2118


def test_holes1_fse_list_is_site_data_too(client, make_user, public_club):
    client.force_login(make_user("owner", public_club, Role.OWNER))
    assert post_import(client, FSE_LIST, "previous.csv", kind="fse").status_code == 403
    old_upload = f"/clubs/{public_club.number}/fse/list/"
    assert (
        client.post(old_upload, {"file": SimpleUploadedFile("p.csv", FSE_LIST)}).status_code == 404
    )
    assert not ListRow.all_versions.exists()


def test_holes1_anonymous_sent_to_login(client):
    response = client.get(reverse("federation_lists"))
    assert response.status_code == 302 and reverse("login") in response["Location"]
    assert post_import(client, CSV).status_code == 302
    assert not FederationPlayer.all_versions.exists()


def test_holes1_federation_data_manager_imports_and_every_club_sees_it(
    client, list_manager, make_user, public_club, private_club
):
    client.force_login(list_manager)
    assert client.get(reverse("federation_lists")).status_code == 200
    response = post_import(client, DBF, "PLAYER.DBF")
    assert response.status_code == 302
    version = ListVersion.objects.get(federation_list="frbe")
    assert (version.number, version.records, version.created, version.updated) == (1, 4, 4, 0)
    assert version.sha256 == hashlib.sha256(DBF).hexdigest()
    assert version.imported_by == list_manager and version.source == "PLAYER.DBF"
    # The role gives nothing inside a club: a private club stays hidden.
    assert client.get(reverse("frbe_players", args=(private_club.number,))).status_code == 404
    for club in (public_club, private_club):
        client.force_login(make_user(f"o{club.number}", club, Role.OWNER))
        page = client.get(reverse("frbe_players", args=(club.number,)) + "?q=90001")
        assert page.status_code == 200 and "Alpha, Anne" in page.content.decode()


def test_holes1_role_given_and_taken_by_staff_command(client, make_user):
    user = make_user("keeper")
    client.force_login(user)
    assert client.get(reverse("federation_lists")).status_code == 403
    assert "is a federation data manager" in commands.set_federation_data_manager("keeper")
    assert client.get(reverse("federation_lists")).status_code == 200
    commands.set_federation_data_manager("keeper", manager=False)
    assert client.get(reverse("federation_lists")).status_code == 403


def test_holes1_versions_counts_and_rollback_in_one_action(client, list_manager):
    client.force_login(list_manager)
    assert post_import(client, CSV).status_code == 302
    assert post_import(client, FORGED).status_code == 302
    forged = ListVersion.objects.get(federation_list="frbe", number=2)
    assert (forged.records, forged.created, forged.updated, forged.removed) == (4, 0, 1, 0)
    assert alpha_rating() == 2999
    response = client.post(list_url(), {"action": "rollback"})
    assert response.status_code == 302
    assert alpha_rating() == 2118
    event = ListEvent.objects.filter(federation_list="frbe").first()
    assert (event.action, event.version.number, event.previous.number, event.user) == (
        EventKind.ROLLED_BACK,
        1,
        2,
        list_manager,
    )
    # Version 1 has none before it: a second undo is refused, nothing changes.
    again = client.post(list_url(), {"action": "rollback"})
    assert again.status_code == 409 and alpha_rating() == 2118
    # The forged version is still kept: it can be made current again deliberately.
    assert client.post(list_url(), {"action": "rollback", "version": "2"}).status_code == 302
    assert alpha_rating() == 2999


def test_holes1_same_file_twice_refused_unless_asked(client, list_manager):
    client.force_login(list_manager)
    post_import(client, CSV)
    response = post_import(client, CSV)
    assert response.status_code == 409
    assert ListVersion.objects.filter(federation_list="frbe").count() == 1
    assert post_import(client, CSV, again="on").status_code == 302
    assert ListVersion.objects.filter(federation_list="frbe").count() == 2


def test_holes1_bad_file_changes_nothing(client, list_manager):
    client.force_login(list_manager)
    post_import(client, CSV)
    response = post_import(client, b"MATRICULE;NOM_PRENOM\n1;X, Y\n")
    assert response.status_code == 400 and "SEXE" in response.content.decode()
    assert ListVersion.objects.filter(federation_list="frbe").count() == 1
    assert FederationPlayer.objects.count() == 4


def test_holes1_only_the_last_versions_keep_their_records(list_manager):
    for n in range(services.KEEP_VERSIONS + 2):
        data = CSV.replace(b";2118;", f";{2100 + n};".encode())
        services.import_list("frbe", data, f"PLAYER-{n}.csv", list_manager)
    kept = ListVersion.objects.filter(federation_list="frbe", rows_kept=True)
    assert sorted(kept.values_list("number", flat=True)) == [3, 4, 5, 6]
    assert FederationPlayer.all_versions.count() == 4 * services.KEEP_VERSIONS
    with pytest.raises(services.ListRefused) as refused:
        services.roll_back("frbe", list_manager, to=1)
    assert refused.value.status == 404
    assert alpha_rating() == 2105


def test_holes1_club_creation_for_staff_only_when_set(client, settings, make_user, staff):
    settings.CHESSCLUB_CLUB_CREATION = "staff"
    client.force_login(make_user("someone"))
    assert client.get(reverse("create_club")).status_code == 403
    assert client.post(reverse("create_club"), {"number": "998", "name": "X"}).status_code == 403
    assert not Club.objects.filter(number="998").exists()
    assert "Créer un club" not in client.get("/", HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    client.force_login(staff)
    assert client.get(reverse("create_club")).status_code == 200


def test_holes1_list_page_add_to_round_robin_after_round_one_refused(
    client, list_manager, public_club, make_user
):
    """Point 3 on the list page: *Ajouter au tournoi* goes through the entry rules (a round
    robin takes no player once its first round is paired)."""
    from chessclub_web.pairings import services as pairings
    from chessclub_web.tournaments.models import Tournament

    services.import_list("frbe", CSV, "PLAYER.csv", list_manager)
    owner = make_user("own", public_club, Role.OWNER)
    t = Tournament.objects.create(
        club=public_club, name="Toutes rondes", system="round_robin", planned_rounds=3
    )
    for i, name in enumerate(["A, A", "B, B", "C, C", "D, D"]):
        pairings.add_player(t, pairings.NewEntry(name=name, rating=2000 - i), owner)
    pairings.pair_next_round(t, owner)
    before = list(t.players.values_list("pk", flat=True))
    client.force_login(owner)
    response = client.post(
        reverse("frbe_players", args=(public_club.number,)),
        {"action": "add_tournament", "matricule": "90001", "tournament": str(t.pk)},
        HTTP_ACCEPT_LANGUAGE="en",
    )
    assert response.status_code == 409
    refusal = "A round robin takes no player once its first round is paired"
    assert refusal in response.content.decode()
    assert list(t.players.values_list("pk", flat=True)) == before


def test_holes1_cli_imports_rolls_back_and_names_problems(tmp_path, capsys, make_user):
    from chessclub.cli import EXIT_FAILURE, EXIT_INVALID_INPUT, EXIT_NOT_FOUND, EXIT_OK
    from chessclub_web.cli import main

    good, forged, bad = tmp_path / "PLAYER.csv", tmp_path / "forged.csv", tmp_path / "bad.csv"
    good.write_bytes(CSV)
    forged.write_bytes(FORGED)
    bad.write_bytes(b"MATRICULE;NOM_PRENOM\n1;X, Y\n")
    assert main(["lists", "import", "frbe", str(good)]) == EXIT_OK
    assert "Imported version 1 of the frbe list: 4 records, 4 new" in capsys.readouterr().out
    assert main(["lists", "import", "frbe", str(good)]) == EXIT_FAILURE  # same file
    assert main(["lists", "import", "frbe", str(bad)]) == EXIT_INVALID_INPUT
    assert "SEXE" in capsys.readouterr().err
    assert main(["lists", "import", "frbe", str(forged), "--user", "nobody"]) == EXIT_NOT_FOUND
    make_user("keeper")  # recorded as the importer only if they hold the right
    assert main(["lists", "import", "frbe", str(forged), "--user", "keeper"]) == EXIT_FAILURE
    assert "neither staff nor a federation data manager" in capsys.readouterr().err
    assert main(["user", "federation-data", "keeper"]) == EXIT_OK
    assert main(["lists", "import", "frbe", str(forged), "--user", "keeper"]) == EXIT_OK
    assert alpha_rating() == 2999
    assert ListVersion.objects.get(number=2).imported_by.username == "keeper"
    assert main(["lists", "rollback", "frbe"]) == EXIT_OK
    assert alpha_rating() == 2118
    assert main(["lists", "rollback", "frbe", "--to", "7"]) == EXIT_FAILURE
    assert main(["user", "federation-data", "keeper", "--revoke"]) == EXIT_OK
    assert "keeper is no longer a federation data manager" in capsys.readouterr().out


def test_holes1_fse_list_imported_once_serves_every_club(client, list_manager, public_club):
    """The FSE forecast of any club reads the site's current version (its date: W9)."""
    services.import_list("fse", FSE_LIST, "previous.csv", list_manager, list_date=None)
    version = services.current_version("fse")
    assert version.records == ListRow.objects.count() > 0
    client.force_login(list_manager)
    response = post_import(
        client, FSE_LIST, "previous.csv", kind="fse", list_date="2024-12-31", again="on"
    )
    assert response.status_code == 302
    assert services.current_version("fse").list_date.isoformat() == "2024-12-31"
    page = client.get(f"/clubs/{public_club.number}/fse/forecast/")
    assert "previous.csv" in page.content.decode()


def test_holes1_double_click_on_undo_goes_back_one_version_only(client, list_manager):
    """The undo button posts the version the user saw current: a second post of the same
    button (a double click) is refused, the list went back one step only."""
    for n in range(3):
        services.import_list(
            "frbe", CSV.replace(b";2118;", f";{2110 + n};".encode()), "P.csv", list_manager
        )
    client.force_login(list_manager)
    click = {"action": "rollback", "current": "3"}
    assert client.post(list_url(), click).status_code == 302
    assert client.post(list_url(), click).status_code == 409
    assert services.current_version("frbe").number == 2
    assert alpha_rating() == 2111


def test_holes1_list_page_takes_a_late_entry_in_a_swiss_and_keeps_the_search(
    client, list_manager, public_club, make_user
):
    """*Ajouter au tournoi* on a Swiss whose round 1 is paired registers a late entrant from
    round 2 (the entry rules: the missed round scores per the tournament's rule), and the page
    comes back with the search made."""
    from chessclub_web.pairings import services as pairings
    from chessclub_web.tournaments.models import Tournament

    services.import_list("frbe", CSV, "PLAYER.csv", list_manager)
    owner = make_user("own", public_club, Role.OWNER)
    t = Tournament.objects.create(club=public_club, name="Open", system="swiss", planned_rounds=5)
    for i, name in enumerate(["A, A", "B, B", "C, C", "D, D"]):
        pairings.add_player(t, pairings.NewEntry(name=name, rating=2000 - i), owner)
    pairings.pair_next_round(t, owner)
    client.force_login(owner)
    response = client.post(
        reverse("frbe_players", args=(public_club.number,)),
        {"action": "add_tournament", "matricule": "90001", "tournament": str(t.pk), "q": "alpha"},
    )
    assert response.status_code == 302 and response["Location"].endswith("?q=alpha")
    entry = t.players.get(matricule="90001")
    assert (entry.entry_round, entry.rating) == (2, 2118)
    assert entry.byes.get().round.number == 1


def test_holes1_list_page_offers_only_tournaments_that_take_entries(
    client, list_manager, public_club, make_user
):
    from chessclub_web.pairings import services as pairings
    from chessclub_web.tournaments.models import Tournament

    services.import_list("frbe", CSV, "PLAYER.csv", list_manager)
    owner = make_user("own", public_club, Role.OWNER)
    rr = Tournament.objects.create(club=public_club, name="Toutes rondes", system="round_robin")
    for i, name in enumerate(["A, A", "B, B", "C, C", "D, D"]):
        pairings.add_player(rr, pairings.NewEntry(name=name, rating=2000 - i), owner)
    pairings.pair_next_round(rr, owner)
    Tournament.objects.create(club=public_club, name="Open d'hiver", system="swiss")
    client.force_login(owner)
    page = client.get(reverse("frbe_players", args=(public_club.number,)) + "?q=90001")
    html = page.content.decode()
    assert "Open d&#x27;hiver" in html and "Toutes rondes" not in html


@pytest.mark.parametrize(("name", "data"), [("PLAYER.csv", CSV), ("PLAYER.DBF", DBF)])
def test_holes1_player_list_on_the_club_import_page_points_to_the_site_page(
    client, make_user, public_club, name, data
):
    client.force_login(make_user("owner", public_club, Role.OWNER))
    response = client.post(
        f"/clubs/{public_club.number}/import/",
        {
            "file": SimpleUploadedFile(name, data),
            "kind": "club",
            "time_control_category": "standard",
        },
        HTTP_ACCEPT_LANGUAGE="en",
    )
    assert response.status_code == 400
    assert "imported on the Federation lists page" in response.content.decode()
    assert not FederationPlayer.all_versions.exists()


def test_holes1_a_trf_on_the_player_list_page_is_refused_as_a_csv_without_its_columns(
    client, list_manager
):
    """A TRF starts with ``012``, the byte 0x30 of a FoxPro table: it is read as text and
    refused for the PLAYER columns it lacks (B3), not as a broken dBase table."""
    trf = (FIXTURES / "fse" / "open-5r.trf").read_bytes()
    client.force_login(list_manager)
    response = post_import(client, trf, "open.trf")
    page = response.content.decode()
    assert response.status_code == 400 and "MATRICULE" in page and "dBase III" not in page
    assert not FederationPlayer.all_versions.exists()
