"""The same file imported twice into a club is refused unless asked for (SHA-256 of the file)."""

from __future__ import annotations

import hashlib

import pytest

from chessclub_web import commands
from chessclub_web.clubs.models import Club, Role
from chessclub_web.tournaments.models import Tournament

from ..builders import upload_tournament

pytestmark = pytest.mark.django_db


@pytest.fixture
def importer(client, public_club, make_user):
    client.force_login(make_user("adm", public_club, Role.ADMINISTRATOR))


def test_duplicate_import_stores_the_files_sha256(client, public_club, importer, elite_bytes):
    assert upload_tournament(client, public_club, "elite.txt", elite_bytes).status_code == 302
    row = Tournament.objects.get()
    assert row.source_sha256 == hashlib.sha256(elite_bytes).hexdigest()


def test_duplicate_import_refused_with_link_to_the_existing_tournament(
    client, public_club, importer, elite_bytes
):
    upload_tournament(client, public_club, "elite.txt", elite_bytes)
    existing = Tournament.objects.get()
    response = upload_tournament(client, public_club, "renamed.txt", elite_bytes)
    assert response.status_code == 409
    html = response.content.decode()
    assert "already been imported" in html
    assert f'<a href="/clubs/700/tournaments/{existing.pk}/">{existing.name}</a>' in html
    assert 'name="allow_duplicate"' in html  # the "import anyway" box is offered
    assert Tournament.objects.count() == 1


def test_duplicate_import_anyway_when_ticked(client, public_club, importer, elite_bytes):
    upload_tournament(client, public_club, "elite.txt", elite_bytes)
    response = upload_tournament(
        client, public_club, "elite.txt", elite_bytes, allow_duplicate="on"
    )
    assert response.status_code == 302
    assert Tournament.objects.count() == 2


def test_duplicate_import_same_file_into_another_club_is_fine(
    client, public_club, make_user, elite_bytes
):
    other = Club.objects.create(name="Autre", number="702", public=True)
    user = make_user("adm", public_club, Role.OWNER)
    user.memberships.create(club=other, role=Role.OWNER)
    client.force_login(user)
    assert upload_tournament(client, public_club, "elite.txt", elite_bytes).status_code == 302
    assert upload_tournament(client, other, "elite.txt", elite_bytes).status_code == 302


def test_duplicate_import_box_hidden_on_a_first_upload(client, public_club, importer):
    html = client.get("/clubs/700/import/").content.decode()
    assert 'name="allow_duplicate"' not in html


def test_duplicate_import_file_command_refuses_unless_allowed(tmp_path, public_club, elite_bytes):
    path = tmp_path / "elite.txt"
    path.write_bytes(elite_bytes)
    first_id, first_url = commands.import_file(str(path), "700")
    with pytest.raises(commands.DuplicateImportError) as refused:
        commands.import_file(str(path), "700")
    assert refused.value.existing.pk == first_id
    assert first_url in str(refused.value) and "--allow-duplicate" in str(refused.value)
    assert Tournament.objects.count() == 1
    second_id, _ = commands.import_file(str(path), "700", allow_duplicate=True)
    assert second_id != first_id and Tournament.objects.count() == 2


def test_duplicate_import_demo_stays_idempotent():
    first = commands.load_demo()
    assert commands.load_demo() == first
    assert Tournament.objects.count() == 1
