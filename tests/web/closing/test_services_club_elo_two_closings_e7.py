"""Two club tournaments of the same club and time control closed at the
same moment, on PostgreSQL.

Each closing locks its own tournament's row (the lock rule) and recomputes the club Elo of
the time control (E2, E7) from the closed tournaments it can see. Two closings of different
tournaments do not wait for each other: the second reads the history without the first's
uncommitted rows, so its players' Ro ignore the first tournament's changes, though the first
comes before it in closing order (its Closure id is smaller).

Expected (E2/E7, by hand): the stored club Elo is the history recomputed from the start;
recomputing again (idempotent by its docstring) changes nothing.
"""

from __future__ import annotations

import datetime
import threading

import pytest
from django.db import connection

from chessclub_web.closing import services as closing
from chessclub_web.closing.models import EloRow
from chessclub_web.clubs.models import Role

from ..builders import make_tournament, needs_postgresql, roster_player

pytestmark = pytest.mark.django_db(transaction=True)

PLAYERS = [("Alpha, Anne", 1500), ("Bravo, Bob", 1900), ("Charlie, Claire", 1700)]
ROUNDS = [[(1, 2, "1-0")], [(3, 1, "1-0")], [(2, 3, "1-0")]]


def test_two_closings_at_once_store_a_consistent_club_elo(monkeypatch, public_club, make_user):
    needs_postgresql()
    for surname, first_name, elo in (
        ("Alpha", "Anne", 1500),
        ("Bravo", "Bob", 1900),
        ("Charlie", "Claire", 1700),
    ):
        roster_player(public_club, surname, elo, first_name=first_name)
    first = make_tournament(public_club, PLAYERS, ROUNDS, name="Automne")
    second = make_tournament(public_club, PLAYERS, ROUNDS, name="Hiver")
    owner = make_user("owner", public_club, Role.OWNER)

    real = closing.recompute_club_elo
    inside = threading.Event()
    go = threading.Event()

    def paused(*args, **kwargs):
        result = real(*args, **kwargs)
        if threading.current_thread().name == "first":
            inside.set()
            go.wait(timeout=20)
        return result

    monkeypatch.setattr(closing, "recompute_club_elo", paused)
    box: dict[str, object] = {}

    def close(name, t, day):
        try:
            box[name] = closing.close_tournament(t, owner, day)
        except BaseException as exc:
            box[name] = exc
        finally:
            connection.close()

    a = threading.Thread(
        target=close, args=("first", first, datetime.date(2026, 3, 1)), name="first"
    )
    a.start()
    assert inside.wait(timeout=20)
    b = threading.Thread(
        target=close, args=("second", second, datetime.date(2026, 3, 8)), name="second"
    )
    b.start()
    b.join(timeout=3)
    go.set()
    a.join(timeout=30)
    b.join(timeout=30)
    assert not isinstance(box.get("first"), BaseException), box
    if isinstance(box.get("second"), BaseException):
        return  # refused: acceptable (nothing stored for the second)
    assert EloRow.objects.filter(tournament=first).exists()
    assert EloRow.objects.filter(tournament=second).exists()
    stored = sorted(
        EloRow.objects.filter(tournament=second).values_list("player_id", "ro", "delta")
    )
    again = real(public_club, "standard", first.pk)
    assert not again.changed and not again.removed, (
        f"the second tournament's stored club Elo rows {stored} ignore the first "
        f"tournament's changes; a recompute from the start changes {list(again.changed)}"
    )
