"""The site's *FIDE rating list* page (``/lists/fide/``, the federation app's list page):
imported by staff or a federation data manager only (checked on the server), zip, TXT or XML
uploaded, the lines left out listed with their line numbers, the versions with their counts,
no roll-back (the list is updated in place)."""

from __future__ import annotations

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from chessclub_web.federation.models import ListVersion
from chessclub_web.fide.models import FidePlayer

from ..lists import list_url, post_import
from .files import COMBINED, RAPID, zipped

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("english")]


@pytest.fixture
def staff_client(client, django_user_model):
    client.force_login(django_user_model.objects.create_superuser("staff", "s@example.org", "pw"))
    client.defaults["HTTP_ACCEPT_LANGUAGE"] = "en"
    return client


def test_fide_page_staff_imports_the_zip_and_sees_counts_and_notes(staff_client):
    upload = zipped("players_list_foa.txt", COMBINED)
    response = post_import(staff_client, upload, "players_list.zip", kind="fide")
    assert response.status_code == 302
    assert FidePlayer.objects.count() == 7
    html = staff_client.get(list_url("fide")).content.decode()
    assert "Version 1 imported: 7 records (new: 7, changed: 0, removed: 0)." in html
    assert "Notes of version 1" in html
    assert "combined list (standard, rapid, blitz), TXT. 1 line was left out." in html
    assert "Line 8, column 114: SRtng &#x27;19x0&#x27; is not a number" in html
    assert "updated in place" in html
    assert "Make current again" not in html and "Undo the last import" not in html


def test_fide_page_offers_the_time_control_and_takes_it(list_manager_client):
    client = list_manager_client
    client.defaults["HTTP_ACCEPT_LANGUAGE"] = "en"
    html = client.get(list_url("fide")).content.decode()
    assert '<select name="time_control" id="id_time_control">' in html
    assert 'accept=".zip,.ZIP,.txt,.TXT,.xml,.XML"' in html
    assert "At most 400 MB." in html
    refused = post_import(client, RAPID, "list.txt", kind="fide")
    assert refused.status_code == 400
    assert "a rating list of one time control: choose which" in refused.content.decode()
    assert (
        post_import(client, RAPID, "list.txt", kind="fide", time_control="rapid").status_code == 302
    )
    assert FidePlayer.objects.get(fide_id=10000089).rapid_rating == 1620
    assert ListVersion.objects.get().list_date.isoformat() == "2026-09-01"


def test_fide_page_bad_header_400_with_line_1_nothing_imported(staff_client):
    response = post_import(
        staff_client, COMBINED.replace(b"B-day", b"Bday ", 1), "p.txt", kind="fide"
    )
    assert response.status_code == 400
    html = response.content.decode()
    assert "Nothing was changed:" in html and "Line 1:" in html and "B-day" in html
    assert not ListVersion.objects.exists()


def test_fide_page_unknown_time_control_400(staff_client):
    response = post_import(staff_client, RAPID, "list.txt", kind="fide", time_control="bullet")
    assert response.status_code == 400
    assert not ListVersion.objects.exists()


def test_fide_page_refused_to_a_club_owner_403_and_anonymous_sent_to_login(client, owner_client):
    assert (
        post_import(owner_client, COMBINED, "players_list_foa.txt", kind="fide").status_code == 403
    )
    assert owner_client.get(list_url("fide")).status_code == 403
    owner_client.logout()
    response = post_import(client, COMBINED, "players_list_foa.txt", kind="fide")
    assert response.status_code == 302 and "/login" in response["Location"]
    assert not FidePlayer.objects.exists() and not ListVersion.objects.exists()


def test_fide_page_rollback_refused_409(staff_client):
    post_import(staff_client, COMBINED, "players_list_foa.txt", kind="fide")
    post_import(staff_client, RAPID, "rapid_sep26frl.txt", kind="fide")
    response = staff_client.post(list_url("fide"), {"action": "rollback", "version": "1"})
    assert response.status_code == 409
    assert "updated in place" in response.content.decode()
    assert FidePlayer.objects.get(fide_id=10000089)  # the rapid list's import stands


def test_fide_page_upload_cap_is_the_fide_lists(staff_client, settings):
    """The cap is FIDE's (400 MB), not the tournament files' 5 MB: a 6 MB zip is taken."""
    padding = b"\r\n" * (3 * 1024 * 1024)
    big = COMBINED + padding  # blank lines: read and skipped
    upload = SimpleUploadedFile("players_list_foa.txt", big)
    response = staff_client.post(list_url("fide"), {"action": "import", "file": upload})
    assert response.status_code == 302
    assert FidePlayer.objects.count() == 7


def test_fide_listed_on_the_lists_page(staff_client):
    html = staff_client.get("/lists/").content.decode()
    assert "FIDE rating list" in html and "updates it in place" in html
