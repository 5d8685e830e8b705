"""Two hand edits of the same draft round at once, on PostgreSQL.

The pairing page's hand edits take the tournament's row exclusively (the lock rule,
tournaments.models), but the board they act on is read by the view (``_game``) *before* that
lock: ``exchange_colours`` saved that snapshot's White and Black, ``remove_board`` gave
absences to the snapshot's players, when another arbiter's swap committed in between (found by
an adversarial test). Now the edit reads the board again under the lock.

By hand (round 2 of make_swiss, a draft): board 1 is Alpha (1) – Charlie (3), board 2 is
Delta (4) – Bravo (2), Echo (5) a bye. Arbiter A swaps Charlie and Delta (board 1 becomes
1–4, board 2 3–2); arbiter B, whose page showed 1–3, exchanges the colours of board 1 at the
same moment. Either B's edit applies to the board as it is after A's swap (4–1, 3–2) or it is
refused as changed meanwhile; never a draft where one player has two boards and another none
(FIDE C.04.3 C1/C2 aside, a player plays one game per round).
"""

from __future__ import annotations

import threading
from collections import Counter

import pytest
from django.db import connection
from django.test import Client
from django.urls import reverse

from chessclub_web.clubs.models import Role
from chessclub_web.pairings import services
from chessclub_web.tournaments.models import Bye, Game, TournamentPlayer

from ...builders import board, make_swiss, needs_postgresql

pytestmark = pytest.mark.django_db(transaction=True)


def _url(t) -> str:
    return reverse("pairing_round", args=(t.club.number, t.pk, 2))


def _race(monkeypatch, first: Client, first_data: dict, second: Client, second_data: dict, url):
    """``first`` posts and is paused inside its transaction (after its edit, holding the
    tournament's lock); ``second`` then posts (its view reads the board, then waits for the
    lock); after 2 s the first is let go."""
    inside = threading.Event()
    go = threading.Event()
    real = services._refresh_forfeits

    def pause(round_row):
        real(round_row)
        if threading.current_thread().name == "first":
            inside.set()
            go.wait(timeout=20)

    monkeypatch.setattr(services, "_refresh_forfeits", pause)
    box: dict[str, object] = {}

    def run(name, client, data):
        try:
            box[name] = client.post(url, data)
        finally:
            connection.close()

    t1 = threading.Thread(target=run, args=("first", first, first_data), name="first")
    t1.start()
    assert inside.wait(timeout=20)
    t2 = threading.Thread(target=run, args=("second", second, second_data), name="second")
    t2.start()
    t2.join(timeout=2)
    go.set()
    t1.join(timeout=30)
    t2.join(timeout=30)
    return box.get("first"), box.get("second")


def _clients(club, make_user) -> tuple[Client, Client]:
    a, b = Client(), Client()
    for c, name in ((a, "arbitre_a"), (b, "arbitre_b")):
        c.raise_request_exception = False
        c.force_login(make_user(name, club, Role.ARBITER))
    return a, b


def _places(t) -> Counter:
    seen: Counter = Counter()
    for g in Game.objects.filter(round__tournament=t, round__number=2):
        seen[g.white.pairing_number] += 1
        seen[g.black.pairing_number] += 1
    for b in Bye.objects.filter(round__tournament=t, round__number=2):
        seen[b.player.pairing_number] += 1
    return seen


def _pk(t, number: int) -> int:
    return TournamentPlayer.objects.get(tournament=t, pairing_number=number).pk


@pytest.mark.parametrize("action", ["colours", "remove_board"])
def test_board_edit_while_swap_in_flight(monkeypatch, public_club, make_user, action):
    needs_postgresql()
    t = make_swiss(public_club, round2_state="draft")
    a, b = _clients(public_club, make_user)
    game = board(t, 2, 1)
    first, second = _race(
        monkeypatch,
        a,
        {"action": "swap", "first": _pk(t, 3), "second": _pk(t, 4)},
        b,
        {"action": action, "game": game.pk},
        _url(t),
    )
    assert first is not None and second is not None
    assert first.status_code == 302, first.status_code
    assert second.status_code != 500
    places = _places(t)
    boards = sorted(
        (g.board, g.white.pairing_number, g.black.pairing_number)
        for g in Game.objects.filter(round__tournament=t, round__number=2)
    )
    byes = sorted(
        (x.player.pairing_number, x.kind)
        for x in Bye.objects.filter(round__tournament=t, round__number=2)
    )
    assert all(places[n] == 1 for n in range(1, 6)), (
        f"after the swap (302) and the {action} ({second.status_code}) each player should "
        f"have exactly one place in round 2; boards {boards}, byes {byes}"
    )
