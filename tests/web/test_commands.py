"""Entry points used by the ``chessclub`` console script (chessclub_web.commands)."""

from __future__ import annotations

import pytest

from chessclub.formats import FormatError
from chessclub_web import commands
from chessclub_web.clubs.models import Club, Membership, Role
from chessclub_web.tournaments.models import Game, Tournament

pytestmark = pytest.mark.django_db


def test_load_demo_twice_leaves_one_club_one_tournament():
    first = commands.load_demo()
    counts = (Club.objects.count(), Tournament.objects.count(), Game.objects.count())
    second = commands.load_demo()
    assert first == second
    assert counts == (Club.objects.count(), Tournament.objects.count(), Game.objects.count())
    assert Club.objects.count() == 1 and Tournament.objects.count() == 1
    club = Club.objects.get()
    assert club.number == "618" and club.public
    tournament = Tournament.objects.get()
    assert first.splitlines()[-1] == f"/clubs/618/tournaments/{tournament.pk}/"
    assert commands.DEMO_USERNAME in first and commands.DEMO_PASSWORD in first


def test_load_demo_account_owns_the_club_and_may_log_in(client):
    commands.load_demo()
    membership = Membership.objects.get(user__username=commands.DEMO_USERNAME)
    assert membership.role == Role.OWNER
    assert client.login(username=commands.DEMO_USERNAME, password=commands.DEMO_PASSWORD)
    assert client.get("/clubs/618/import/").status_code == 200


def test_demo_file_is_packaged_with_provenance():
    assert commands.DEMO_FILE.exists()
    assert (commands.DEMO_DIR / "README.md").read_text(encoding="utf-8").strip()


def test_import_file_into_a_club(tmp_path, elite_bytes):
    Club.objects.create(name="Club", number="601", public=True)
    path = tmp_path / "elite.txt"
    path.write_bytes(elite_bytes)
    tournament_id, url = commands.import_file(str(path), "601")
    assert url == f"/clubs/601/tournaments/{tournament_id}/"
    assert Tournament.objects.get(pk=tournament_id).players.count() == 16


def test_import_file_unknown_club_is_a_lookup_error(tmp_path, elite_bytes):
    path = tmp_path / "elite.txt"
    path.write_bytes(elite_bytes)
    with pytest.raises(LookupError, match="999"):
        commands.import_file(str(path), "999")


def test_import_file_malformed_raises_format_error_and_stores_nothing(tmp_path, elite_bytes):
    Club.objects.create(name="Club", number="601", public=True)
    path = tmp_path / "bad.txt"
    path.write_bytes(elite_bytes.replace(b"   8 N 5", b"   8 X 5", 1))
    with pytest.raises(FormatError):
        commands.import_file(str(path), "601")
    assert not Tournament.objects.exists()


def test_manage_runs_a_management_command():
    assert commands.manage(["check"]) == 0
    assert commands.manage(["no-such-command"]) != 0
