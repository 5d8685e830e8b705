"""Corrections (spec C3) through the results app's signal, checked by hand against E3–E7: three
club tournaments closed in an order different from their creation order, a correction in the
one closed second."""

from __future__ import annotations

import datetime

import pytest

from chessclub_web.closing import services
from chessclub_web.closing.models import EloRow
from chessclub_web.tournaments.models import Game, Tournament
from chessclub_web.tournaments.signals import results_corrected

from ..builders import make_tournament

pytestmark = pytest.mark.django_db

A, B = ("Able, Ann", 1500), ("Baker, Ben", 2450)


def rows(t):
    return {
        r.player.surname: (r.ro, r.k, r.games, r.score, r.expected, r.delta, r.rn)
        for r in EloRow.objects.filter(tournament=t).select_related("player")
    }


def make_three(club):
    """Created: T3 first, then T1, then T2; closed: T1, T2, T3 (E7: closing order counts).

    T1: C 1600 beats D 1600. T2: A vs B, 30 games, A wins 3 (boards 1–3), loses 27.
    T3: A beats B once.
    """
    t3 = make_tournament(club, [A, B], [[(1, 2, "1-0")]], name="T3")
    t1 = make_tournament(
        club, [("Cole, Cat", 1600), ("Dale, Dan", 1600)], [[(1, 2, "1-0")]], name="T1"
    )
    t2 = make_tournament(
        club,
        [A, B],
        [[(1, 2, "1-0" if n < 3 else "0-1")] for n in range(30)],
        name="T2",
    )
    for t, day in ((t1, 1), (t2, 2), (t3, 3)):
        services.close_tournament(t, None, datetime.date(2026, 3, day))
    return t1, t2, t3


def test_c3_e3_e7_correction_in_the_tournament_closed_second(public_club):
    """E3–E6 by hand (fide.md §3; table 8.1.2: D ≥ 392 → .92/.08).

    T1 (K 40, n 1): C 1600 beats D 1600, PD .50: C +20 → 1620, D −20 → 1580.

    T2 as closed. Both newcomers (0 games before, K 40), n = 30 → K = min(40, ⌊700/30⌋ = 23)
    = 23 (E6). D = 2450 − 1500 = 950 → 400 (E5, both below 2650) → A .08, B .92 per game:
    expected A 30 × .08 = 2.40, B 27.60. A scores 3: 23 × (3 − 2.40) = 13.8 → +14 → 1514;
    B scores 27: 23 × (27 − 27.60) = −13.8 → −14 → 2436.

    T3 as closed: 30 games before each → A K 20 (never 2400), B K 10 (initial 2450 ≥ 2400,
    E6), n 1. D = 2436 − 1514 = 922 → 400. A wins: 20 × (1 − .08) = 18.4 → +18 → 1532;
    B: 10 × (0 − .92) = −9.2 → −9 → 2427.

    Correction in T2: board of round 4 (A lost) becomes a draw: A 3.5, B 26.5.
    A: 23 × (3.5 − 2.40) = 23 × 1.10 = 25.3 → +25 → 1525 (rounded once, E3: per game it
    would be 3 wins × round(23 × .92 = 21.16) = 63, 26 losses × round(−1.84) = −52, one draw
    round(23 × .42 = 9.66) = 10 → +21, not +25); B: 23 × (26.5 − 27.60) = −25.3 → −25 → 2425.
    T3: D = 2425 − 1525 = 900 → 400, same PDs: A +18 → 1543, B −9 → 2416.
    T1 is not rewritten (same rows, same ids); a second signal changes nothing.
    """
    t1, t2, t3 = make_three(public_club)
    assert rows(t1) == {
        "Cole": (1600, 40, 1, "1", "1/2", 20, 1620),
        "Dale": (1600, 40, 1, "0", "1/2", -20, 1580),
    }
    assert rows(t2) == {
        "Able": (1500, 23, 30, "3", "12/5", 14, 1514),
        "Baker": (2450, 23, 30, "27", "138/5", -14, 2436),
    }
    assert rows(t3) == {
        "Able": (1514, 20, 1, "1", "2/25", 18, 1532),
        "Baker": (2436, 10, 1, "0", "23/25", -9, 2427),
    }
    t1_rows = list(EloRow.objects.filter(tournament=t1).order_by("pk").values())

    game = Game.objects.get(round__tournament=t2, round__number=4)
    game.result = "="
    game.save()
    results_corrected.send(sender=Tournament, tournament=t2, user=None)

    assert list(EloRow.objects.filter(tournament=t1).order_by("pk").values()) == t1_rows
    assert rows(t2) == {
        "Able": (1500, 23, 30, "7/2", "12/5", 25, 1525),
        "Baker": (2450, 23, 30, "53/2", "138/5", -25, 2425),
    }
    assert rows(t3) == {
        "Able": (1525, 20, 1, "1", "2/25", 18, 1543),
        "Baker": (2425, 10, 1, "0", "23/25", -9, 2416),
    }
    everything = list(EloRow.objects.order_by("pk").values())
    results_corrected.send(sender=Tournament, tournament=t2, user=None)
    assert list(EloRow.objects.order_by("pk").values()) == everything


def test_c3_correction_through_the_results_page_recomputes_the_elo(client, public_club, make_user):
    """C3 end to end: the owner corrects T2's round 4 on the results page (*Enregistrer les
    corrections*): the results app stores it and sends ``results_corrected``; the Elo rows
    become those worked out in the test above (A +25 → 1525, B −25 → 2425 in T2; A 1543,
    B 2416 after T3), T1 untouched."""
    from chessclub_web.clubs.models import Role

    from ..builders import boards_url, button_data

    t1, t2, t3 = make_three(public_club)
    t1_rows = list(EloRow.objects.filter(tournament=t1).order_by("pk").values())
    client.force_login(make_user("owner", public_club, Role.OWNER))
    data = button_data(t2, 4, {1: "="})
    assert client.post(boards_url(t2, 4), data).status_code == 302
    assert Game.objects.get(round__tournament=t2, round__number=4).result == "="
    assert rows(t2)["Able"][5:] == (25, 1525)
    assert rows(t2)["Baker"][5:] == (-25, 2425)
    assert rows(t3)["Able"][5:] == (18, 1543)
    assert rows(t3)["Baker"][5:] == (-9, 2416)
    assert list(EloRow.objects.filter(tournament=t1).order_by("pk").values()) == t1_rows
