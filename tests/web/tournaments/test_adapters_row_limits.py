"""Values that the database rows cannot hold are refused before anything is stored, with a
message naming the field and the value, on every database (issue: PostgreSQL answered 500,
SQLite stored them silently)."""

from __future__ import annotations

from pathlib import Path

import pytest
from django.utils import translation

from chessclub.model import (
    Game,
    GameResult,
    PairingNumber,
    Player,
    Round,
    RoundNumber,
    Tournament,
)
from chessclub_web.clubs.models import Role
from chessclub_web.tournaments import services
from chessclub_web.tournaments.adapters import load_tournament, store_tournament
from chessclub_web.tournaments.errors import ValueDoesNotFitError
from chessclub_web.tournaments.models import Game as GameRow
from chessclub_web.tournaments.models import Tournament as TournamentRow
from chessclub_web.tournaments.models import TournamentPlayer

from ..builders import upload_tournament

pytestmark = pytest.mark.django_db

ONLINE_SWISS = Path(__file__).resolve().parents[2] / "fixtures" / "trf" / "online-swiss-13p-10r.trf"
p = PairingNumber


def _core(**changes) -> Tournament:
    values = {
        "name": "Open",
        "players": (Player(p(1), "Alpha, Anne"), Player(p(12), "Bravo, Bob")),
        "rounds": (Round(RoundNumber(1), games=(Game(p(1), p(12), GameResult.DRAW, board=1),)),),
        "planned_rounds": 7,
    }
    values.update(changes)
    return Tournament(**values)


def test_online_swiss_trf_with_free_text_federation_imports(client, public_club, make_user):
    client.force_login(make_user("adm", public_club, Role.ADMINISTRATOR))
    response = upload_tournament(
        client,
        public_club,
        ONLINE_SWISS.name,
        ONLINE_SWISS.read_bytes(),
        time_control_category="blitz",
    )
    assert response.status_code == 302, response.content.decode()[:2000]
    row = public_club.tournaments.get()
    assert row.federation == "Lichess"
    assert row.city == "https://lichess.org/swiss/FaLp5fSD"
    assert row.chief_arbiter == "https://lichess.org/swiss"
    assert (row.players.count(), row.rounds.count(), row.planned_rounds) == (13, 10, 10)
    assert client.get(response["Location"]).status_code == 200
    assert client.get(response["Location"] + "crosstable/").status_code == 200


def test_free_text_longer_than_its_column_refused_naming_field_and_value(
    client, public_club, make_user
):
    client.force_login(make_user("adm", public_club, Role.OWNER))
    data = ONLINE_SWISS.read_bytes().replace(b"032 Lichess", b"032 " + b"L" * 300)
    response = upload_tournament(
        client, public_club, "long.trf", data, time_control_category="blitz"
    )
    assert response.status_code == 400
    html = response.content.decode()
    assert "tournament: federation longer than 255 characters" in html
    assert "LLLLLLLLLL" in html
    assert "nothing was imported" in html
    assert not TournamentRow.objects.exists()


def test_player_name_longer_than_its_column_refused_and_nothing_stored(public_club):
    core = _core(players=(Player(p(1), "Alpha, Anne"), Player(p(12), "N" * 300)))
    with pytest.raises(ValueDoesNotFitError) as error:
        services_store(core, public_club)
    assert error.value.problems == [f"player 12: name longer than 200 characters (“{'N' * 39}…”)"]
    assert not TournamentRow.objects.exists()
    assert not TournamentPlayer.objects.exists()


def services_store(core: Tournament, club):
    with translation.override("en"):
        return store_tournament(core, club=club)


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"planned_rounds": 99999}, "tournament: planned rounds 99999 is more than 99"),
        ({"planned_rounds": 100}, "tournament: planned rounds 100 is more than 99"),
        ({"city": "C" * 256}, "tournament: city longer than 255 characters"),
        ({"name": "x\x00y"}, "tournament: name holds a NUL character"),
        (
            {"players": (Player(p(1), "Alpha, Anne", rating=-3), Player(p(12), "Bravo, Bob"))},
            "player 1: rating -3 is less than 0",
        ),
        (
            {
                "players": (
                    Player(p(1), "Alpha, Anne"),
                    Player(p(12), "Bravo, Bob", federation="BELG"),
                )
            },
            "player 12: federation longer than 3 characters",
        ),
        (
            {"rounds": (Round(RoundNumber(1), games=(Game(p(1), p(12), board=40000),)),)},
            "round 1, game 1–12: board 40000 is more than 32767",
        ),
    ],
)
def test_values_out_of_their_columns_refused_on_every_database(public_club, changes, message):
    with pytest.raises(ValueDoesNotFitError) as error:
        services_store(_core(**changes), public_club)
    assert any(problem.startswith(message) for problem in error.value.problems), error.value
    assert not TournamentRow.objects.exists()
    assert not GameRow.objects.exists()


def test_every_problem_named_at_once(public_club):
    core = _core(
        federation="F" * 300,
        players=(Player(p(1), "A" * 201), Player(p(12), "B" * 201)),
    )
    with pytest.raises(ValueDoesNotFitError) as error:
        services_store(core, public_club)
    assert [problem.split(":")[0] for problem in error.value.problems] == [
        "tournament",
        "player 1",
        "player 12",
    ]


def test_values_that_fit_round_trip(public_club):
    core = _core(
        federation="Lichess",
        city="C" * 255,
        players=(Player(p(1), "A" * 200), Player(p(12), "Bravo, Bob")),
        planned_rounds=99,
    )
    assert load_tournament(store_tournament(core, club=public_club)) == core


def test_service_import_refuses_without_storing(public_club):
    data = ONLINE_SWISS.read_bytes().replace(b"022 https", b"022 " + b"x" * 300 + b" https")
    with pytest.raises(ValueDoesNotFitError):
        services.import_tournament(public_club, data, "x.trf")
    assert not TournamentRow.objects.exists()
