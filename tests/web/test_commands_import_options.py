"""Import options (kind, time-control category) from the command, and the 5 MB upload limit."""

from __future__ import annotations

import pytest

from chessclub_web import commands
from chessclub_web.clubs.models import Role
from chessclub_web.tournaments.models import Tournament
from chessclub_web.uploads import MAX_UPLOAD_SIZE

from .builders import upload_tournament

pytestmark = pytest.mark.django_db


@pytest.fixture
def elite_path(tmp_path, elite_bytes):
    path = tmp_path / "elite.txt"
    path.write_bytes(elite_bytes)
    return str(path)


def test_import_options_kind_and_category_stored(public_club, elite_path, make_user):
    make_user("arbitre")
    pk, _ = commands.import_file(
        elite_path, "700", kind="independent", time_control_category="blitz", user="arbitre"
    )
    row = Tournament.objects.get(pk=pk)
    assert (row.kind, row.time_control_category) == ("independent", "blitz")
    assert row.creator.username == "arbitre"


def test_import_options_defaults_club_and_standard(public_club, elite_path):
    row = Tournament.objects.get(pk=commands.import_file(elite_path, "700")[0])
    assert (row.kind, row.time_control_category, row.creator) == ("club", "standard", None)


@pytest.mark.parametrize(
    ("options", "named"),
    [
        ({"kind": "friendly"}, "club, independent"),
        ({"time_control_category": "bullet"}, "standard, rapid, blitz"),
    ],
)
def test_import_options_bad_value_is_a_clear_error(public_club, elite_path, options, named):
    with pytest.raises(commands.InvalidImportOptionError, match=named) as refused:
        commands.import_file(elite_path, "700", **options)
    assert isinstance(refused.value, ValueError)
    assert not Tournament.objects.exists()


def test_import_options_unknown_user_is_a_lookup_error(public_club, elite_path):
    with pytest.raises(commands.UnknownUserError):
        commands.import_file(elite_path, "700", user="nobody")
    assert not Tournament.objects.exists()


def test_import_options_web_bad_kind_refused(client, public_club, make_user, elite_bytes):
    client.force_login(make_user("adm", public_club, Role.OWNER))
    response = upload_tournament(client, public_club, "big.txt", elite_bytes, kind="friendly")
    assert response.status_code == 400
    assert not Tournament.objects.exists()


def test_upload_limit_5_mb_clear_form_error(client, public_club, make_user):
    client.force_login(make_user("adm", public_club, Role.OWNER))
    assert MAX_UPLOAD_SIZE == 5 * 1024 * 1024
    response = upload_tournament(client, public_club, "big.txt", b"x" * (MAX_UPLOAD_SIZE + 1))
    assert response.status_code == 413
    html = response.content.decode()
    assert "The file is too large: 5 MB at most." in html
    assert "This field is required" not in html
    assert "<form" in html
    assert not Tournament.objects.exists()


def test_upload_limit_in_french(client, public_club, make_user):
    client.force_login(make_user("adm", public_club, Role.OWNER))
    data = b"x" * (MAX_UPLOAD_SIZE + 100)
    response = upload_tournament(client, public_club, "big.txt", data, "fr")
    assert response.status_code == 413
    assert "5 Mo" in response.content.decode()


def test_upload_limit_file_just_under_is_read_not_refused_for_size(client, public_club, make_user):
    """A file of exactly 5 MB goes to the reader (here: refused as malformed, not as large)."""
    client.force_login(make_user("adm", public_club, Role.OWNER))
    response = upload_tournament(client, public_club, "big.txt", b"x" * MAX_UPLOAD_SIZE)
    assert response.status_code == 400
    assert "too large" not in response.content.decode()
