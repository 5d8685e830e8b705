"""Adversarial requests to the FRBE pages (bad-input rule: a 4xx with a message, never a 500,
nothing stored lost; spec ``frbe.md`` B3, B5; permissions and CSRF checked on the server).
The PLAYER list is site data: it is uploaded on the site's list page (``/lists/frbe/``) by a
federation data manager; the club's page searches it and copies from it."""

from __future__ import annotations

from pathlib import Path

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse

from chessclub_web.clubs.models import Player, Role
from chessclub_web.federation.models import ListVersion
from chessclub_web.frbe.models import FederationPlayer

from ..builders import frbe_players_url
from ..lists import import_as_operator, list_url, make_manager, post_import, versions

pytestmark = pytest.mark.django_db
LISTS = Path(__file__).resolve().parents[2] / "fixtures" / "frbe_players"
DBF = (LISTS / "PLAYER.DBF").read_bytes()
HEADER = (
    "MATRICULE;NOM_PRENOM;SEXE;CLUB;DATE_NAISS;ELO_PRECE;PART_PRECE;ELO_CALCUL;PART_CALCU;"
    "TITRE;FIDE;NATFIDE;FEDERATION;DECEDE\n"
)


@pytest.fixture
def listed(db):
    """The synthetic PLAYER.DBF as the site's current list (4 players)."""
    return import_as_operator("frbe", DBF, "PLAYER.DBF")


@pytest.mark.parametrize("query", ["²", "9" * 23, "١٢"])
def test_b3_search_odd_digits_no_server_error(owner_client, public_club, listed, query):
    """``"²".isdigit()`` is true but ``int("²")`` fails; 23 nines overflowed SQLite's integer.
    Both are simply not found."""
    response = owner_client.get(frbe_players_url(public_club), {"q": query})
    assert response.status_code == 200
    assert "Alpha" not in response.content.decode()


@pytest.mark.parametrize("matricule", ["²", "9" * 23, "-1", ""])
def test_b3_add_with_odd_matricule_is_400(owner_client, public_club, listed, matricule):
    for action in ("add_roster", "add_tournament"):
        response = owner_client.post(
            frbe_players_url(public_club),
            {"action": action, "matricule": matricule, "tournament": "²"},
        )
        assert response.status_code == 400
    assert not Player.objects.filter(club=public_club).exists()


def test_b3_add_to_tournament_with_odd_tournament_is_400(owner_client, public_club, listed):
    for pk in ("²", "9" * 30, "x"):
        response = owner_client.post(
            frbe_players_url(public_club),
            {"action": "add_tournament", "matricule": "90001", "tournament": pk},
        )
        assert response.status_code == 400


@pytest.mark.parametrize(
    ("row", "field"),
    [
        ("9" * 23 + ";A, B;M;1;;;;1500;30;;;;;F", "MATRICULE"),
        ("1;A, B;M;" + "9" * 20 + ";;;;1500;30;;;;;F", "CLUB"),
        ("1;A, B;M;1;;;;1500;" + "9" * 20 + ";;;;;F", "PART_CALCU"),
        ("1;A, B;M;1;;;;99999;30;;;;;F", "ELO_CALCUL"),
        ("1;A\x00B;M;1;;;;1500;30;;;;;F", "NOM_PRENOM"),
    ],
)
def test_b3_csv_value_too_wide_is_400_naming_the_field(list_manager_client, listed, row, field):
    """Numbers wider than B3's N6/N4 fields overflowed the database (HTTP 500); a NUL is
    refused too (PostgreSQL cannot store it). The list already imported stays as it was: no
    new version, the current one's 4 players."""
    response = post_import(list_manager_client, (HEADER + row + "\n").encode(), "PLAYER.csv")
    assert response.status_code == 400
    assert f"enregistrement 2, champ {field}" in response.content.decode()
    assert FederationPlayer.objects.count() == 4
    assert versions() == [listed]


def test_b5_forecast_with_odd_roster_matricules(owner_client, public_club, listed):
    """Roster matricules typed elsewhere (``²``, 16 digits) are skipped by the forecast, which
    answered 500."""
    for matricule in ("²", "9" * 16, "90001"):  # 16: the roster field's length
        Player.objects.create(
            club=public_club, surname="X", first_name=matricule, matricule=matricule
        )
    response = owner_client.get(reverse("frbe_forecast", args=(public_club.number,)))
    assert response.status_code == 200
    assert "2118" in response.content.decode()  # 90001's listed rating


def test_b3_same_file_twice_and_changed_values(list_manager_client):
    """The same list twice: refused (409, nothing stored) unless asked; asked, a new version
    with 0 new and 0 changed; a changed rating is a version with 0 new, 1 changed, which
    replaces the old values for the clubs, nobody duplicated."""
    data = (LISTS / "PLAYER.csv").read_bytes()
    assert post_import(list_manager_client, data, "PLAYER.csv").status_code == 302
    assert post_import(list_manager_client, data, "PLAYER.csv").status_code == 409
    assert len(versions()) == 1
    assert post_import(list_manager_client, data, "PLAYER.csv", again="on").status_code == 302
    first, second = versions()
    assert (first.records, first.created, first.updated) == (4, 4, 0)
    assert (second.records, second.created, second.updated, second.removed) == (4, 0, 0, 0)
    changed = data.replace(b";2118;437;", b";2131;446;")
    assert changed != data
    assert post_import(list_manager_client, changed, "PLAYER.csv").status_code == 302
    third = versions()[-1]
    assert (third.records, third.created, third.updated, third.removed) == (4, 0, 1, 0)
    assert FederationPlayer.objects.count() == 4
    alpha = FederationPlayer.objects.get(matricule=90001)
    assert (alpha.rating, alpha.games) == (2131, 446)


def test_b3_empty_upload_is_400(list_manager_client):
    assert post_import(list_manager_client, b"", "PLAYER.DBF").status_code == 400
    assert list_manager_client.post(list_url(), {"action": "import"}).status_code == 400  # no file
    assert FederationPlayer.all_versions.count() == 0 and not ListVersion.objects.exists()


def test_b3_csrf_enforced_on_the_upload_and_accepted_with_the_token(make_user):
    """The list page is csrf_exempt outside (its upload limit is set before the body is read)
    and csrf_protect inside: with a client that enforces CSRF, a multipart import by a
    federation data manager without the token is 403 and stores nothing; the same import with
    the page's token is accepted."""
    client = Client(enforce_csrf_checks=True)
    client.force_login(make_manager(make_user, "keeper3"))
    page = client.get(list_url())
    token = page.cookies["csrftoken"].value
    assert post_import(client, DBF, "PLAYER.DBF").status_code == 403
    assert FederationPlayer.all_versions.count() == 0
    response = post_import(client, DBF, "PLAYER.DBF", csrfmiddlewaretoken=token)
    assert response.status_code == 302
    assert FederationPlayer.objects.count() == 4


def test_b3_private_club_outsider_gets_404(client, private_club, make_user):
    """A private club's player list does not exist for outsiders, even a logged-in owner of
    another club: 404 on GET and on an upload, which stores nothing. The list itself is not a
    club page: the owner of a club is refused on the site's list page (403), and a federation
    data manager who is no member of the private club imports there but still gets 404 on
    the club's page (the site role gives nothing inside a club)."""
    from chessclub_web.clubs.models import Club

    other = Club.objects.create(name="Autre", number="702", public=True)
    client.force_login(make_user("outsider", other, Role.OWNER))
    assert client.get(frbe_players_url(private_club)).status_code == 404
    response = client.post(
        frbe_players_url(private_club),
        {"action": "import", "file": SimpleUploadedFile("PLAYER.DBF", DBF)},
    )
    assert response.status_code == 404
    assert post_import(client, DBF, "PLAYER.DBF").status_code == 403
    assert FederationPlayer.all_versions.count() == 0
    client.force_login(make_manager(make_user))
    assert post_import(client, DBF, "PLAYER.DBF").status_code == 302
    assert client.get(frbe_players_url(private_club)).status_code == 404
    assert client.get(frbe_players_url(private_club) + "?q=90001").status_code == 404


def test_b3_list_above_40_mb_refused_413(list_manager_client):
    """41 MB of CSV: refused as too big (413) before reading; nothing stored."""
    data = (LISTS / "PLAYER.csv").read_bytes()
    padded = data + b"\r\n" * (41 * 1024 * 1024 // 2)
    response = post_import(list_manager_client, padded, "PLAYER.csv")
    assert response.status_code == 413
    assert FederationPlayer.all_versions.count() == 0 and not ListVersion.objects.exists()


def test_b3_csv_field_over_the_csv_limit_is_400(list_manager_client):
    """A 200,000-character cell raised csv.Error: HTTP 500 before the fix."""
    data = (HEADER + "1;" + "A" * 200_000 + ";M;;;;;;;;;;;F\n").encode()
    response = post_import(list_manager_client, data, "PLAYER.csv")
    assert response.status_code == 400
    assert "enregistrement 2" in response.content.decode()
    assert FederationPlayer.all_versions.count() == 0


@pytest.mark.parametrize(
    ("query", "found"),
    [("a " * 2000, True), ("x" * 100_000, False), ("Alpha\x00", True), ("%", False), ("_", False)],
)
def test_b3_search_with_a_huge_or_odd_query_no_server_error(
    owner_client, public_club, listed, query, found
):
    """2,000 words made 2,000 nested LIKE filters: SQLite's "expression tree is too large"
    (HTTP 500). The query is cut to 64 characters and 4 words (a name has at most 32); control
    characters are dropped; ``%`` and ``_`` are literal characters (no name holds them)."""
    response = owner_client.get(frbe_players_url(public_club), {"q": query})
    assert response.status_code == 200
    page = response.content.decode()
    assert ("90001" in page) == found  # "Alpha, Anne" holds an "a"
