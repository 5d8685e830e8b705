"""The FSE forecast pages and the site's FSE list page under bad input and tampering (issue 9;
the bad-input rule: a clear message, HTTP 4xx never 500, nothing already stored lost;
permissions on the server). The ranking list is site data (holes issue, point 1): it is
uploaded on ``/lists/fse/`` by a federation data manager, never by a club's owner or arbiter;
the club's forecast pages read the site's current version."""

from __future__ import annotations

import re
from html import unescape
from pathlib import Path

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.utils import timezone

from chessclub_web.clubs.models import Role
from chessclub_web.federation.models import ListVersion
from chessclub_web.fse.models import ListRow, TournamentFseOptions
from chessclub_web.tournaments import services
from chessclub_web.tournaments.models import Tournament

from ..lists import import_as_operator, list_url, make_manager, post_import, versions

pytestmark = pytest.mark.django_db

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures" / "fse"
LIST = (FIXTURES / "previous.csv").read_bytes()
OPEN = (FIXTURES / "open-5r.trf").read_bytes()
HEADER = b"id,name,points,games,entry_date,birth_date\n"


def url(club, name: str = "forecast/") -> str:
    return f"/clubs/{club.number}/fse/{name}"


def upload(client, data: bytes = LIST, **fields):
    """The site's FSE list page: import ``data`` as a new version."""
    return post_import(client, data, "previous.csv", kind="fse", **fields)


def closed_import(club) -> Tournament:
    row = services.import_tournament(club, OPEN, "open-5r.trf")
    Tournament.objects.filter(pk=row.pk).update(closed_at=timezone.now())
    return row


@pytest.fixture
def stored(db) -> ListVersion:
    """The fixture list as the site's current FSE list (5 rows)."""
    return import_as_operator("fse", LIST, "previous.csv")


@pytest.fixture
def manager_client(list_manager_client, stored):
    """A federation data manager, logged in, on a site whose FSE list is the fixture's."""
    return list_manager_client


@pytest.fixture
def owner_client(owner_client, stored):
    """The club's owner, logged in, on a site whose FSE list is the fixture's."""
    return owner_client


def page_text(response) -> str:
    """The page's text without tags, entities and (French non-breaking) space variants."""
    return " ".join(unescape(re.sub(r"<[^>]+>", " ", response.content.decode())).split())


def stored_codes() -> list[str]:
    """The codes of the site's current FSE list, in the file's order."""
    return list(ListRow.objects.values_list("code", flat=True))


def nothing_stored() -> bool:
    return not ListRow.all_versions.exists() and not versions("fse")


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (bytes(range(256)) * 10, "Ligne 1 : "),
        (HEADER + b"1,a\x00b,1500,3,2020-01-01,1990\n", "Ligne 2 : "),
        ("id,name\n".encode("utf-16"), "UTF-16"),
        (HEADER + b"1,a,1500,3,9999-12-31,1990\n", "Ligne 2, colonne 5 : "),
    ],
    ids=["binary", "nul-in-a-name", "utf-16", "year-9999"],
)
def test_bad_input_list_upload_refused_400_stored_list_kept(manager_client, stored, data, message):
    """A binary file used to give a 'column \\x00\\x01… unknown' wall; a NUL in a name was
    stored (a 500 on PostgreSQL); an entry date in 9999 was stored and then broke the page
    (409 'year 10001 is out of range'). All are now refused at upload, nothing replaced: the
    page says nothing was changed, the current version stays the one stored before."""
    before = stored_codes()
    response = upload(manager_client, data)
    assert response.status_code == 400
    text = page_text(response)
    assert message in text
    assert "\\x00" not in text
    english = upload(manager_client, data, HTTP_ACCEPT_LANGUAGE="en")
    assert english.status_code == 400 and "Nothing was changed" in page_text(english)
    assert stored_codes() == before == ["1001", "1002", "1003", "1004", "1005"]
    assert versions("fse") == [stored]


def test_bad_input_empty_and_oversized_uploads(manager_client):
    """An empty file is a 400; a file above the FSE list's 20 MB is refused (413) before it
    is read. The stored list is kept."""
    assert upload(manager_client, b"").status_code == 400
    response = upload(manager_client, b"x" * (21 * 1024 * 1024))
    assert response.status_code == 413
    assert len(stored_codes()) == 5 and len(versions("fse")) == 1


def test_bad_input_formula_cells_are_stored_as_text_and_escaped(
    manager_client, owner_client, public_club
):
    """A spreadsheet formula in a name is data: stored as written, shown HTML-escaped."""
    data = HEADER + b'1001,"=HYPERLINK(""http://x"",""<b>y</b>"")",1800,50,2010-01-01,1980\n'
    assert upload(manager_client, data).status_code == 302
    closed_import(public_club)
    (name,) = ListRow.objects.values_list("name", flat=True)
    assert name == '=HYPERLINK("http://x","<b>y</b>")'
    response = owner_client.get(url(public_club))
    assert response.status_code == 200
    assert b"<b>y</b>" not in response.content


def test_bad_input_period_date_in_year_9999_does_not_fail(owner_client, public_club):
    """A closing date 9999-12-31 used to answer 409 'year 10001 is out of range' (W7's
    two-year test overflowed); the forecast is computed."""
    closed_import(public_club)
    response = owner_client.get(url(public_club), {"date": "9999-12-31"})
    assert response.status_code == 200
    assert b"out of range" not in response.content


def test_bad_input_player_sheet_with_a_tampered_date_is_400(owner_client, public_club):
    """Was a 404 'No such player' for an existing player; now the field is named (400)."""
    closed_import(public_club)
    response = owner_client.get(url(public_club, "forecast/player/"), {"id": "1001", "date": "zz"})
    assert response.status_code == 400
    assert "Saisissez une date valide." in response.content.decode()


@pytest.mark.parametrize("value", ["999999", "3501"])
def test_bad_input_w4_unrated_value_is_a_list_value(owner_client, public_club, value):
    """W4: an unrated player of a national championship is valued at a list figure; 999999
    was stored on SQLite (PositiveSmallIntegerField has no bound there)."""
    row = closed_import(public_club)
    prefix = f"t{row.pk}-"
    response = owner_client.post(
        url(public_club, f"tournaments/{row.pk}/options/"),
        {prefix + "national_championship": "on", prefix + "unrated_value": value},
    )
    assert response.status_code == 400
    assert "3500" in response.content.decode()
    assert not TournamentFseOptions.objects.filter(tournament=row).exists()


def test_bad_input_options_of_another_clubs_tournament_404(owner_client, public_club, db):
    from chessclub_web.clubs.models import Club

    other = Club.objects.create(name="Autre", number="799", public=True)
    row = closed_import(other)
    response = owner_client.post(url(public_club, f"tournaments/{row.pk}/options/"), {})
    assert response.status_code == 404


def test_upload_permissions_anonymous_non_member_arbiter(client, public_club, make_user):
    """The site right, not a club role: anonymous → login; a non-member, the club's arbiter
    and the club's owner → 403; nothing stored. The arbiter still sees the club's forecast;
    a federation data manager may import."""
    response = upload(client)
    assert response.status_code == 302 and "/login/" in response["Location"]
    client.force_login(make_user("stranger"))
    assert upload(client).status_code == 403
    client.force_login(make_user("arb", public_club, Role.ARBITER))
    assert upload(client).status_code == 403
    assert client.get(url(public_club)).status_code == 200
    client.force_login(make_user("owner", public_club, Role.OWNER))
    assert upload(client).status_code == 403
    assert client.get(list_url("fse")).status_code == 403
    assert nothing_stored()
    client.force_login(make_manager(make_user))
    assert f'href="{list_url("fse")}"'.encode() in client.get(url(public_club)).content
    assert upload(client).status_code == 302
    assert stored_codes() == ["1001", "1002", "1003", "1004", "1005"]


@pytest.mark.parametrize("who", ["anonymous", "stranger"])
def test_private_club_hidden_on_every_url(client, private_club, make_user, who):
    """A private club's FSE pages and actions answer 404 (its existence not told) to an
    anonymous visitor and to a user who is not a member. The list is no club page any more:
    the club's old upload URL is gone (404) and the site's list page refuses them (login,
    403)."""
    if who == "stranger":
        client.force_login(make_user("stranger"))
    for name in ("forecast/", "forecast/player/?id=1001"):
        assert client.get(url(private_club, name)).status_code == 404
    old_upload = client.post(
        url(private_club, "list/"), {"file": SimpleUploadedFile("previous.csv", LIST)}
    )
    assert old_upload.status_code == 404
    assert upload(client).status_code == (302 if who == "anonymous" else 403)
    assert client.post(url(private_club, "tournaments/1/options/"), {}).status_code == 404
    assert nothing_stored()


def test_private_club_arbiter_sees_the_page_but_cannot_upload(client, private_club, make_user):
    """The private club's arbiter and owner see its forecast but hold no site right: no link
    to the list page, the import refused (403), nothing stored."""
    for name, role in (("arb", Role.ARBITER), ("owner", Role.OWNER)):
        client.force_login(make_user(name, private_club, role))
        response = client.get(url(private_club))
        assert response.status_code == 200
        assert f'href="{list_url("fse")}"'.encode() not in response.content
        assert upload(client).status_code == 403
    assert nothing_stored()


def test_upload_without_csrf_token_refused(make_user):
    """With a client that enforces CSRF, a manager's import without the page's token is 403
    and stores nothing; with the token it is accepted."""
    csrf_client = Client(enforce_csrf_checks=True)
    csrf_client.force_login(make_manager(make_user))
    token = csrf_client.get(list_url("fse")).cookies["csrftoken"].value
    assert upload(csrf_client).status_code == 403
    assert nothing_stored()
    assert upload(csrf_client, csrfmiddlewaretoken=token).status_code == 302
    assert len(stored_codes()) == 5


def test_wrong_http_methods_405(manager_client, public_club):
    assert manager_client.put(url(public_club)).status_code == 405
    assert manager_client.post(url(public_club)).status_code == 405
    assert manager_client.put(list_url("fse")).status_code == 405
    assert manager_client.delete(list_url("fse")).status_code == 405
    assert manager_client.get(url(public_club, "list/")).status_code == 404  # no club upload
    assert len(stored_codes()) == 5


def test_bad_input_5000_digit_points_upload_is_400_not_500(manager_client):
    """``int`` of a 5000-digit cell raised ValueError inside the upload: a 500."""
    response = upload(manager_client, HEADER + b"1,a," + b"9" * 5000 + b",3,,1990\n")
    assert response.status_code == 400
    assert "Ligne 2, colonne 3 :" in page_text(response)
    assert len(stored_codes()) == 5
