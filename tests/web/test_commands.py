"""Entry points used by the ``chessclub`` console script (chessclub_web.commands), and the
console script itself (chessclub_web.cli: the core's command line plus the database commands)."""

from __future__ import annotations

import argparse

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


def _command_names(parser: argparse.ArgumentParser) -> list[str]:
    (sub,) = (a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    return list(sub.choices)


CORE_COMMANDS = ["standings", "convert", "pair", "check", "berger", "generate", "frbe", "fse"]
WEB_COMMANDS = ["import", "user", "lists", "club", "demo", "document", "serve", "worker", "manage"]


def test_console_script_is_the_core_command_line_with_the_web_commands():
    """The core's parser has only the core's commands; the console script
    (``chessclub_web.cli:main``) adds the database commands after them, through the core's
    extension hook and its one table of exit codes."""
    from importlib.metadata import entry_points

    from chessclub import cli as core
    from chessclub_web import cli as web

    assert _command_names(core.build_parser()) == [*CORE_COMMANDS, "rating-change"]
    assert _command_names(web.build_parser()) == [*CORE_COMMANDS, "rating-change", *WEB_COMMANDS]
    (script,) = entry_points(group="console_scripts", name="chessclub")
    assert script.value == "chessclub_web.cli:main"
    assert web.main(["club", "add", "602", "Cercle"]) == core.EXIT_OK
    assert web.main(["club", "add", "602", "Encore"]) == core.EXIT_FAILURE  # number taken


def test_core_command_line_alone_refuses_the_database_commands(capsys):
    from chessclub import cli as core

    with pytest.raises(SystemExit) as usage:
        core.main(["demo"])
    assert usage.value.code == core.EXIT_USAGE
    assert "invalid choice: 'demo'" in capsys.readouterr().err
