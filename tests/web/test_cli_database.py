"""The ``chessclub`` sub-commands that use the database: ``club add`` and ``import``
(issue 2, deliverable 6: ``chessclub import FILE --club NUMBER``), ``user`` and ``lists``
(the site's federation lists, imported by the site's operator)."""

from __future__ import annotations

from pathlib import Path

import pytest

from chessclub.cli import EXIT_FAILURE, EXIT_INVALID_INPUT, EXIT_NOT_FOUND, EXIT_OK
from chessclub_web.cli import main
from chessclub_web.clubs.models import Club
from chessclub_web.tournaments.models import Tournament, TournamentPlayer

pytestmark = pytest.mark.django_db

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"
CLOSED = FIXTURES / "frbe" / "closed-group-unrated.txt"


def test_cli_club_add_then_import(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["club", "add", "230", "Cercle de test", "--private"]) == EXIT_OK
    club = Club.objects.get(number="230")
    assert club.name == "Cercle de test" and club.public is False
    assert main(["import", str(CLOSED), "--club", "230", "--time-control", "rapid"]) == EXIT_OK
    out = capsys.readouterr().out
    tournament = Tournament.objects.get(club=club)
    assert f"/clubs/230/tournaments/{tournament.pk}/" in out
    assert tournament.time_control_category == "rapid"
    assert tournament.name == "TEST (00TST1B)"
    # the closed group's two unrated players carry the *** fictitious Elo 1222 (spec B4)
    marked = TournamentPlayer.objects.filter(tournament=tournament, fictitious_rating=True)
    assert sorted((p.pairing_number, p.rating) for p in marked) == [(2, 1222), (7, 1222)]


def test_cli_import_refuses_duplicates_and_unknown_clubs(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["club", "add", "231", "Cercle bis"]) == EXIT_OK
    assert main(["import", str(CLOSED), "--club", "231"]) == EXIT_OK
    capsys.readouterr()
    assert main(["import", str(CLOSED), "--club", "231"]) == EXIT_FAILURE
    assert "/clubs/231/tournaments/" in capsys.readouterr().err
    assert main(["import", str(CLOSED), "--club", "231", "--allow-duplicate"]) == EXIT_OK
    assert Tournament.objects.filter(club__number="231").count() == 2
    assert main(["import", str(CLOSED), "--club", "999"]) == EXIT_NOT_FOUND
    assert "999" in capsys.readouterr().err
    assert main(["club", "add", "231", "Encore"]) == EXIT_FAILURE


def test_cli_import_malformed_file_stores_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["club", "add", "232", "Cercle ter"]) == EXIT_OK
    bad = tmp_path / "bad.txt"
    bad.write_bytes(CLOSED.read_bytes().replace(b" 8 N 0  2 N 1", b" 8 X 0  2 N 1", 1))
    assert main(["import", str(bad), "--club", "232"]) == EXIT_INVALID_INPUT
    assert "line" in capsys.readouterr().err
    assert Tournament.objects.count() == 0


def test_cli_user_add_then_owner_of_a_new_club(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import io

    from django.contrib.auth import get_user_model

    monkeypatch.setattr("sys.stdin", io.StringIO("correct-horse-battery\n"))
    assert main(["user", "add", "arbitre", "--password-stdin"]) == EXIT_OK
    user = get_user_model().objects.get(username="arbitre")
    assert user.check_password("correct-horse-battery") and not user.is_staff
    assert main(["club", "add", "233", "Cercle quater", "--owner", "arbitre"]) == EXIT_OK
    assert Club.objects.get(number="233").memberships.get().user == user
    monkeypatch.setattr("sys.stdin", io.StringIO("123\n"))
    assert main(["user", "add", "faible", "--password-stdin"]) == EXIT_FAILURE
    assert "mot de passe est trop court" in capsys.readouterr().err  # French first
    monkeypatch.setattr("sys.stdin", io.StringIO("correct-horse-battery\n"))
    assert main(["user", "add", "arbitre", "--password-stdin"]) == EXIT_FAILURE


def test_cli_lists_import_and_rollback_as_the_sites_operator(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``chessclub lists import KIND FILE`` (the site's operator: no web account needed) makes
    a new current version of the site's federation list; the same file again is refused
    unless ``--again``; a bad file changes nothing (exit 3, the problem printed);
    ``chessclub lists rollback`` makes the previous version current again;
    ``chessclub user federation-data`` gives and takes the site role."""
    from django.contrib.auth import get_user_model

    from chessclub_web.clubs.permissions import FEDERATION_LISTS_PERMISSION
    from chessclub_web.federation import services
    from chessclub_web.frbe.models import FederationPlayer
    from chessclub_web.fse.models import ListRow

    players = FIXTURES / "frbe_players" / "PLAYER.csv"
    assert main(["lists", "import", "frbe", str(players)]) == EXIT_OK
    assert "version 1 of the frbe list: 4 records, 4 new" in capsys.readouterr().out
    assert main(["lists", "import", "frbe", str(players)]) == EXIT_FAILURE
    assert "déjà la liste en vigueur" in capsys.readouterr().err  # the site language
    changed = tmp_path / "PLAYER.csv"
    changed.write_bytes(players.read_bytes().replace(b";2118;437;", b";2131;446;"))
    assert main(["lists", "import", "frbe", str(changed)]) == EXIT_OK
    assert "0 new, 1 changed, 0 removed" in capsys.readouterr().out
    assert FederationPlayer.objects.get(matricule=90001).rating == 2131
    bad = tmp_path / "bad.csv"
    bad.write_bytes(b"MATRICULE;NOM_PRENOM\n1;X, Y\n")
    assert main(["lists", "import", "frbe", str(bad)]) == EXIT_INVALID_INPUT
    assert "SEXE" in capsys.readouterr().err
    assert services.current_version("frbe").number == 2
    assert main(["lists", "rollback", "frbe"]) == EXIT_OK
    assert FederationPlayer.objects.get(matricule=90001).rating == 2118
    assert main(["lists", "rollback", "frbe"]) == EXIT_FAILURE  # nothing before version 1
    previous = FIXTURES / "fse" / "previous.csv"
    code = main(["lists", "import", "fse", str(previous), "--list-date", "2024-12-31"])
    assert code == EXIT_OK
    assert services.current_version("fse").list_date.isoformat() == "2024-12-31"
    assert ListRow.objects.count() == 5
    get_user_model().objects.create_user("keeper", password="secret-pw-123")
    assert main(["user", "federation-data", "keeper"]) == EXIT_OK
    assert get_user_model().objects.get(username="keeper").has_perm(FEDERATION_LISTS_PERMISSION)
    assert main(["user", "federation-data", "keeper", "--revoke"]) == EXIT_OK
    keeper = get_user_model().objects.get(username="keeper")
    assert not keeper.has_perm(FEDERATION_LISTS_PERMISSION)
