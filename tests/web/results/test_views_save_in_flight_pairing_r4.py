"""the next round of a Swiss paired while an automatic save of the
previous round is in flight (spec R4 a), on PostgreSQL. The save is paused after it locked the
boards (hook in ``BOARD_LOCKS``, see ``builders.save_in_flight``); skipped on SQLite."""

from __future__ import annotations

import pytest
from django.db.models import F
from django.test import Client

from chessclub_web.clubs.models import Role
from chessclub_web.pairings import services as pairing
from chessclub_web.tournaments.models import Game, Round, Tournament

from ..builders import board, make_swiss, needs_postgresql, save_in_flight, save_url
from .test_views_save_in_flight_closing_c1 import _complete

pytestmark = pytest.mark.django_db(transaction=True)


def test_race_next_round_paired_while_autosave_to_no_result_in_flight(
    monkeypatch, public_club, make_user
):
    """Swiss: round 2 board 1 set back to "–" by an automatic save while round 3 is paired.
    The pairing saw round 2 complete; the save saw no later round. Expected (R4 a, and a
    Swiss round is paired from complete results): not both."""
    needs_postgresql()
    tournament = make_swiss(public_club, planned_rounds=3)
    _complete(tournament)
    game = board(tournament, 2, 1)
    owner = make_user("owner", public_club, Role.OWNER)
    client = Client()
    client.force_login(make_user("arbiter", public_club, Role.ARBITER))

    response, paired = save_in_flight(
        monkeypatch,
        client,
        save_url(tournament),
        {"game": game.pk, "result": "", "version": 2},
        lambda: pairing.pair_next_round(Tournament.objects.get(pk=tournament.pk), owner),
    )
    game.refresh_from_db()
    assert response is not None
    round3 = Round.objects.filter(tournament=tournament, number=3).exists()
    assert not (round3 and game.result == ""), (
        f"round 3 paired ({paired!r}) while round 2 board 1 has no result; the automatic "
        f"save answered {response.status_code} {response.json()}"
    )


@pytest.mark.parametrize("change", ["1-0→0-1", "1-0→–"])
def test_swiss_round_not_stored_when_a_result_changed_while_the_engine_paired(
    monkeypatch, public_club, make_user, change
):
    """Any database: a result of round 2 changed (by the button, say) while the engine paired
    round 3 (the engine runs outside the transaction). The pairing rests on results that are
    not the stored ones: refused, nothing stored; paired again, it succeeds."""
    tournament = make_swiss(public_club, planned_rounds=3)
    _complete(tournament)
    game = board(tournament, 2, 1)
    owner = make_user("owner", public_club, Role.OWNER)
    original = pairing.compute_pairing

    def compute_then_someone_saves(row, number, engine=None):
        computed = original(row, number, engine)
        new = "0-1" if change.endswith("0-1") else ""
        Game.objects.filter(pk=game.pk).update(result=new, version=F("version") + 1)
        return computed

    monkeypatch.setattr(pairing, "compute_pairing", compute_then_someone_saves)
    with pytest.raises(pairing.Refused):
        pairing.pair_next_round(Tournament.objects.get(pk=tournament.pk), owner)
    assert not Round.objects.filter(tournament=tournament, number=3).exists()
    monkeypatch.setattr(pairing, "compute_pairing", original)
    if change.endswith("–"):
        _complete(tournament)
    pairing.pair_next_round(Tournament.objects.get(pk=tournament.pk), owner)
    assert Round.objects.filter(tournament=tournament, number=3).exists()
