"""Importing a Belgian results file or a TRF through the web page (P1, P3)."""

from __future__ import annotations

import re

import pytest

from chessclub_web.clubs.models import Club, Membership, Role
from chessclub_web.tournaments.models import Bye, Game, Round, Tournament, TournamentPlayer

from ..builders import upload_tournament

pytestmark = pytest.mark.django_db

MODELS = [Club, Membership, Tournament, TournamentPlayer, Round, Game, Bye]


def _counts() -> dict[str, int]:
    return {m.__name__: m.objects.count() for m in MODELS}


@pytest.mark.parametrize("role", [Role.OWNER, Role.ADMINISTRATOR])
def test_p1_import_allowed_for_owner_and_administrator(
    client, public_club, make_user, elite_bytes, role
):
    client.force_login(make_user("adm", public_club, role))
    assert client.get(f"/clubs/{public_club.number}/import/").status_code == 200
    response = upload_tournament(client, public_club, "elite-2000-16p-7r.txt", elite_bytes, None)
    assert response.status_code == 302
    row = public_club.tournaments.get()
    assert response["Location"] == f"/clubs/{public_club.number}/tournaments/{row.pk}/"
    assert row.players.count() == 16
    assert row.rounds.count() == 7
    assert row.creator.username == "adm"
    assert row.source_filename == "elite-2000-16p-7r.txt"
    page = client.get(response["Location"]).content.decode()
    assert "Charlie" in page


def test_p1_malformed_upload_names_line_and_column_and_stores_nothing(
    client, public_club, make_user, elite_bytes
):
    client.force_login(make_user("adm", public_club, Role.ADMINISTRATOR))
    lines = elite_bytes.split(b"\n")
    index = next(i for i, line in enumerate(lines) if b"Alpha Anne" in line)
    position = lines[index].index(b"   8 N 5") + 5  # 0-based index of the colour letter
    lines[index] = lines[index][:position] + b"X" + lines[index][position + 1 :]
    bad = b"\n".join(lines)
    before = _counts()
    response = upload_tournament(client, public_club, "bad.txt", bad)
    assert 400 <= response.status_code < 500
    html = response.content.decode()
    match = re.search(r"Line (\d+), column (\d+)", html)
    assert match, html
    assert int(match.group(1)) == index + 1
    assert int(match.group(2)) == position + 1
    assert "<form" in html and 'type="file"' in html
    assert _counts() == before


def test_p1_malformed_upload_in_french(client, public_club, make_user):
    client.force_login(make_user("adm", public_club, Role.OWNER))
    response = upload_tournament(client, public_club, "x.trf", b"001    1 garbage\n", "fr")
    assert response.status_code == 400
    assert re.search(r"Ligne \d+", response.content.decode())
    assert not Tournament.objects.exists()


def test_import_without_file_redisplays_form(client, public_club, make_user):
    client.force_login(make_user("adm", public_club, Role.OWNER))
    response = client.post(f"/clubs/{public_club.number}/import/", {"kind": "club"})
    assert response.status_code == 400
    assert not Tournament.objects.exists()
