"""Rows ↔ core values: the adapter keeps everything (architecture: one converter)."""

from __future__ import annotations

import datetime
from fractions import Fraction

import pytest

from chessclub.formats import read_tournament
from chessclub.model import (
    Bye,
    ByeKind,
    Game,
    GameResult,
    PairingNumber,
    Player,
    Round,
    RoundNumber,
    ScoringSystem,
    Tournament,
    TournamentSystem,
)
from chessclub_web.tournaments.adapters import load_tournament, store_tournament
from chessclub_web.tournaments.models import Tournament as TournamentRow

pytestmark = pytest.mark.django_db

P = PairingNumber


def _every_code_tournament() -> Tournament:
    players = tuple(
        Player(
            P(n),
            f"Nom{n}, Prénom{n}",
            rating=None if n == 7 else 2000 - n * 10,
            title="FM" if n == 1 else "",
            sex="w" if n % 2 else "m",
            federation="BEL",
            fide_id=str(200000 + n),
            matricule=str(40000 + n),
            club="618",
            birth_date="1990/01/01",
            fictitious_rating=n == 6,
        )
        for n in (3, 1, 2, 4, 5, 6, 7, 8)  # not in pairing-number order: order is kept
    )
    round1 = Round(
        RoundNumber(1),
        games=(
            Game(P(1), P(2), GameResult.WHITE_WINS, board=1),
            Game(P(3), P(4), GameResult.DRAW, board=2),
            Game(P(5), P(6), GameResult.BLACK_WINS, board=3, rated=False),
        ),
        byes=(Bye(P(7), ByeKind.PAIRING_ALLOCATED), Bye(P(8), ByeKind.HALF_POINT)),
        date=datetime.date(2025, 9, 5),
    )
    round2 = Round(
        RoundNumber(2),
        games=(
            Game(P(2), P(3), GameResult.WHITE_WINS_BY_FORFEIT),
            Game(P(4), P(1), GameResult.BLACK_WINS_BY_FORFEIT, board=2),
            Game(P(6), P(7), GameResult.DOUBLE_FORFEIT, board=3),
            Game(P(8), P(5), GameResult.NONE, board=4),
        ),
    )
    round3 = Round(
        RoundNumber(3),
        byes=(
            Bye(P(1), ByeKind.FULL_POINT),
            Bye(P(2), ByeKind.ZERO_POINT),
            Bye(P(3), ByeKind.ABSENT),
        ),
    )
    return Tournament(
        name="Open d'automne",
        players=players,
        rounds=(round1, round2, round3),
        planned_rounds=5,
        system=TournamentSystem.DOUBLE_ROUND_ROBIN,
        scoring=ScoringSystem(win=Fraction(3), draw=Fraction(1), pairing_allocated_bye=Fraction(3)),
        start_date=datetime.date(2025, 9, 5),
        end_date=datetime.date(2025, 10, 3),
        city="Liège",
        federation="BEL",
        chief_arbiter="Arbitre, Principal",
        deputy_arbiters=("Adjoint, Un", "Adjoint, Deux"),
        time_control="90 min + 30 s/coup",
    )


def test_adapter_round_trips_a_core_tournament():
    core = _every_code_tournament()
    row = store_tournament(core, source_filename="autumn.trf")
    reloaded = load_tournament(TournamentRow.objects.get(pk=row.pk))
    assert reloaded == core
    assert reloaded.players == core.players
    assert reloaded.rounds == core.rounds
    assert reloaded.scores() == core.scores()


def test_adapter_round_trips_the_fide_scoring_as_empty_json():
    core = Tournament(name="Mini", players=(Player(P(1), "Seul, Joueur"),))
    row = store_tournament(core)
    assert row.scoring == {}
    assert load_tournament(row) == core


def test_adapter_round_trips_the_elite_file(elite_bytes):
    core = read_tournament(elite_bytes, source="elite-2000-16p-7r.txt")
    row = store_tournament(core)
    assert load_tournament(row) == core


def test_adapter_load_uses_a_fixed_number_of_queries(elite_bytes, django_assert_max_num_queries):
    row = store_tournament(read_tournament(elite_bytes))
    row = TournamentRow.objects.get(pk=row.pk)
    with django_assert_max_num_queries(5):
        load_tournament(row)
