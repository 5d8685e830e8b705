"""unpairing a round or ending a Swiss early while an automatic save of
the round's first result is in flight, on PostgreSQL. Before the lock rule of
``tournaments.models`` this was a deadlock, answered 500: the save held the board's row lock
and, at commit, checked ``results_resultchange``'s deferred foreign key to the tournament
(``FOR KEY SHARE`` on its row) while the other action held the tournament's row and waited for
the board's. Skipped on SQLite."""

from __future__ import annotations

import pytest
from django.test import Client

from chessclub_web.closing import services as closing
from chessclub_web.clubs.models import Role
from chessclub_web.pairings import services as pairing
from chessclub_web.tournaments.models import Game, Round, Tournament

from ..builders import board, make_swiss, needs_postgresql, save_in_flight, save_url

pytestmark = pytest.mark.django_db(transaction=True)


def test_race_unpair_while_first_result_autosave_in_flight(monkeypatch, public_club, make_user):
    """Round 2 (the last, published, no result yet) unpaired while an automatic save of its
    first result is in flight. Expected: the result is never lost (the unpairing is refused
    or waits and then sees the result), the save is saved or refused with a 4xx, and no
    request answers a 500 / raises a database error."""
    needs_postgresql()
    tournament = make_swiss(public_club)
    game = board(tournament, 2, 1)
    owner = make_user("owner", public_club, Role.OWNER)
    client = Client()
    client.raise_request_exception = False
    client.force_login(make_user("arbiter", public_club, Role.ARBITER))

    response, unpaired = save_in_flight(
        monkeypatch,
        client,
        save_url(tournament),
        {"game": game.pk, "result": "1-0", "version": 1},
        lambda: pairing.unpair_round(Round.objects.get(tournament=tournament, number=2), owner),
    )
    assert response is not None
    assert response.status_code != 500
    saved = response.status_code == 200
    still = Game.objects.filter(pk=game.pk).values_list("result", flat=True).first()
    if saved:
        assert still == "1-0", f"saved result lost: the round was unpaired ({unpaired!r})"
    assert not isinstance(unpaired, Exception) or "Refused" in type(unpaired).__name__, (
        f"unpairing raised {type(unpaired).__name__}: {unpaired}"
    )


def test_race_end_early_while_first_result_autosave_in_flight(monkeypatch, public_club, make_user):
    """A Swiss ended early after round 1 (C2: round 2, without any result, is deleted) while
    an automatic save of round 2's first result is in flight. Expected: a saved result is
    never deleted with its round, nobody gets a 500 or a database error."""
    needs_postgresql()
    tournament = make_swiss(public_club)
    game = board(tournament, 2, 1)
    client = Client()
    client.raise_request_exception = False
    client.force_login(make_user("arbiter", public_club, Role.ARBITER))

    response, ended = save_in_flight(
        monkeypatch,
        client,
        save_url(tournament),
        {"game": game.pk, "result": "1-0", "version": 1},
        lambda: closing.end_early(Tournament.objects.get(pk=tournament.pk), 1),
    )
    assert response is not None
    assert response.status_code != 500
    if response.status_code == 200:
        assert Game.objects.filter(pk=game.pk, result="1-0").exists(), (
            f"saved result deleted with its round ({ended!r})"
        )
    assert not isinstance(ended, Exception) or type(ended).__name__ == "ClosingError", (
        f"ending early raised {type(ended).__name__}: {ended}"
    )
