"""The FSE forecast pages under bad input and tampering (issue 9; the bad-input rule: a clear
message, HTTP 4xx never 500, nothing already stored lost; permissions on the server)."""

from __future__ import annotations

import re
from html import unescape
from pathlib import Path

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.utils import timezone

from chessclub_web.clubs.models import Role
from chessclub_web.fse.models import ListRow, PreviousList, TournamentFseOptions
from chessclub_web.tournaments import services
from chessclub_web.tournaments.models import Tournament

pytestmark = pytest.mark.django_db

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "fse"
LIST = (FIXTURES / "previous.csv").read_bytes()
OPEN = (FIXTURES / "open-5r.trf").read_bytes()
HEADER = b"id,name,points,games,entry_date,birth_date\n"


def url(club, name: str = "forecast/") -> str:
    return f"/clubs/{club.number}/fse/{name}"


def upload(client, club, data: bytes = LIST, **fields):
    return client.post(
        url(club, "list/"), {"file": SimpleUploadedFile("previous.csv", data), **fields}
    )


def closed_import(club) -> Tournament:
    row = services.import_tournament(club, OPEN, "open-5r.trf")
    Tournament.objects.filter(pk=row.pk).update(closed_at=timezone.now())
    return row


@pytest.fixture
def owner_client(client, public_club, make_user):
    client.force_login(make_user("owner", public_club, Role.OWNER))
    assert upload(client, public_club).status_code == 302
    return client


def page_text(response) -> str:
    """The page's text without tags, entities and (French non-breaking) space variants."""
    return " ".join(unescape(re.sub(r"<[^>]+>", " ", response.content.decode())).split())


def stored_codes(club) -> list[str]:
    return list(ListRow.objects.filter(previous_list__club=club).values_list("code", flat=True))


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
def test_bad_input_list_upload_refused_400_stored_list_kept(
    owner_client, public_club, data, message
):
    """A binary file used to give a 'column \\x00\\x01… unknown' wall; a NUL in a name was
    stored (a 500 on PostgreSQL); an entry date in 9999 was stored and then broke the page
    (409 'year 10001 is out of range'). All are now refused at upload, nothing replaced."""
    before = stored_codes(public_club)
    response = upload(owner_client, public_club, data)
    assert response.status_code == 400
    text = page_text(response)
    assert "la liste déjà enregistrée est conservée" in text
    assert message in text
    assert "\\x00" not in text
    assert stored_codes(public_club) == before == ["1001", "1002", "1003", "1004", "1005"]


def test_bad_input_empty_and_oversized_uploads(owner_client, public_club):
    assert upload(owner_client, public_club, b"").status_code == 400
    response = upload(owner_client, public_club, b"x" * (10 * 1024 * 1024))
    assert response.status_code == 413
    assert len(stored_codes(public_club)) == 5


def test_bad_input_formula_cells_are_stored_as_text_and_escaped(owner_client, public_club):
    """A spreadsheet formula in a name is data: stored as written, shown HTML-escaped."""
    data = HEADER + b'1001,"=HYPERLINK(""http://x"",""<b>y</b>"")",1800,50,2010-01-01,1980\n'
    assert upload(owner_client, public_club, data).status_code == 302
    closed_import(public_club)
    (name,) = ListRow.objects.filter(previous_list__club=public_club).values_list("name", flat=True)
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
    """MANAGE_ROSTER: anonymous → login, non-member/arbiter → 403; nothing stored."""
    response = upload(client, public_club)
    assert response.status_code == 302 and "/login/" in response["Location"]
    client.force_login(make_user("stranger"))
    assert upload(client, public_club).status_code == 403
    client.force_login(make_user("arb", public_club, Role.ARBITER))
    assert upload(client, public_club).status_code == 403
    assert client.get(url(public_club)).status_code == 200
    assert not PreviousList.objects.exists()


@pytest.mark.parametrize("who", ["anonymous", "stranger"])
def test_private_club_hidden_on_every_url(client, private_club, make_user, who):
    """A private club's FSE pages and actions answer 404 (its existence not told) to an
    anonymous visitor and to a user who is not a member."""
    if who == "stranger":
        client.force_login(make_user("stranger"))
    for name in ("forecast/", "forecast/player/?id=1001"):
        assert client.get(url(private_club, name)).status_code == 404
    assert upload(client, private_club).status_code == 404
    assert client.post(url(private_club, "tournaments/1/options/"), {}).status_code == 404
    assert not PreviousList.objects.exists()


def test_private_club_arbiter_sees_the_page_but_cannot_upload(client, private_club, make_user):
    client.force_login(make_user("arb", private_club, Role.ARBITER))
    response = client.get(url(private_club))
    assert response.status_code == 200
    assert b'action="/clubs/701/fse/list/"' not in response.content
    assert upload(client, private_club).status_code == 403
    assert not PreviousList.objects.exists()


def test_upload_without_csrf_token_refused(public_club, make_user):
    csrf_client = Client(enforce_csrf_checks=True)
    csrf_client.force_login(make_user("owner", public_club, Role.OWNER))
    assert upload(csrf_client, public_club).status_code == 403
    assert not PreviousList.objects.exists()


def test_wrong_http_methods_405(owner_client, public_club):
    assert owner_client.put(url(public_club)).status_code == 405
    assert owner_client.post(url(public_club)).status_code == 405
    assert owner_client.get(url(public_club, "list/")).status_code == 405
    assert owner_client.delete(url(public_club, "list/")).status_code == 405
    assert len(stored_codes(public_club)) == 5


def test_bad_input_5000_digit_points_upload_is_400_not_500(owner_client, public_club):
    """``int`` of a 5000-digit cell raised ValueError inside the upload: a 500."""
    response = upload(owner_client, public_club, HEADER + b"1,a," + b"9" * 5000 + b",3,,1990\n")
    assert response.status_code == 400
    assert "Ligne 2, colonne 3 :" in page_text(response)
    assert len(stored_codes(public_club)) == 5
