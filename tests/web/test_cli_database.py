"""The ``chessclub`` sub-commands that use the database: ``club add`` and ``import``
(issue 2, deliverable 6: ``chessclub import FILE --club NUMBER``)."""

from __future__ import annotations

from pathlib import Path

import pytest

from chessclub.cli import EXIT_FAILURE, EXIT_INVALID_INPUT, EXIT_NOT_FOUND, EXIT_OK, main
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
