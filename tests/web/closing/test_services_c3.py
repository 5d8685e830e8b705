"""Corrections after closing (spec C3) and the recompute chain in the database (E7)."""

from __future__ import annotations

import datetime

import pytest

from chessclub_web.closing import services
from chessclub_web.closing.models import EloRow, FinalStanding
from chessclub_web.clubs.models import Player
from chessclub_web.tournaments.models import Game, Tournament
from chessclub_web.tournaments.signals import results_corrected

from ..builders import make_tournament

pytestmark = pytest.mark.django_db

PAIR = [("Alpha, Anne", 1600), ("Bravo, Bob", 1600)]


def elo(t):
    return {r.player.surname: (r.ro, r.delta, r.rn) for r in EloRow.objects.filter(tournament=t)}


def three_closed(club):
    t1 = make_tournament(club, PAIR, [[(1, 2, "1-0")]], name="T1")
    services.close_tournament(t1, None, datetime.date(2026, 1, 10))
    t2 = make_tournament(club, PAIR, [[(1, 2, "1-0")]], name="T2")
    services.close_tournament(t2, None, datetime.date(2026, 2, 10))
    t3 = make_tournament(club, PAIR, [[(1, 2, "=")]], name="T3")
    services.close_tournament(t3, None, datetime.date(2026, 3, 10))
    return t1, t2, t3


def test_c3_e7_three_tournaments_closed_in_order(public_club):
    """E7, K 40 (newcomers), n = 1 so ⌊700/1⌋ does not bite.

    T1 A 1600 beats B 1600: D 0 → PD .50; A +40×.5 = +20 → 1620, B −20 → 1580.
    T2 A 1620 beats B 1580: D 40 → .56/.44; A 40×.44 = 17.6 → +18 → 1638; B −17.6 → −18 → 1562.
    T3 A 1638 draws B 1562: D 76 → .60/.40; A 40×(.5−.6) = −4 → 1634; B +4 → 1566.
    """
    t1, t2, t3 = three_closed(public_club)
    assert elo(t1) == {"Alpha": (1600, 20, 1620), "Bravo": (1600, -20, 1580)}
    assert elo(t2) == {"Alpha": (1620, 18, 1638), "Bravo": (1580, -18, 1562)}
    assert elo(t3) == {"Alpha": (1638, -4, 1634), "Bravo": (1562, 4, 1566)}
    assert Player.objects.filter(club=public_club).count() == 2  # linked by name from T2 on


def test_c3_correction_in_the_second_changes_only_the_second_and_third(public_club):
    """C3/E7: T2 corrected to 0-1 (B wins).

    T2 A 1620 (.56) loses: 40×(0−.56) = −22.4 → −22 → 1598; B 1580 (.44) wins: +22.4 → +22
    → 1602. T3 A 1598 vs B 1602: D 4 → .49/.51; draw: A 40×(.5−.49) = .4 → 0 → 1598;
    B 40×(.5−.51) = −.4 → 0 → 1602. T1's rows are not rewritten (same ids, same values).
    The final standings of T2 are stored again (B first).
    """
    t1, t2, t3 = three_closed(public_club)
    before_t1 = list(EloRow.objects.filter(tournament=t1).values())
    game = Game.objects.get(round__tournament=t2)
    game.result = "0-1"
    game.save()
    results_corrected.send(sender=Tournament, tournament=t2, user=None)
    assert list(EloRow.objects.filter(tournament=t1).values()) == before_t1
    assert elo(t2) == {"Alpha": (1620, -22, 1598), "Bravo": (1580, 22, 1602)}
    assert elo(t3) == {"Alpha": (1598, 0, 1598), "Bravo": (1602, 0, 1602)}
    standings = list(FinalStanding.objects.filter(tournament=t2).values_list("name", "points"))
    assert standings == [("Bravo, Bob", "1"), ("Alpha, Anne", "0")]
    # Idempotent: a second signal changes nothing.
    snapshot = list(EloRow.objects.order_by("pk").values())
    assert services.apply_correction(t2).is_empty
    assert list(EloRow.objects.order_by("pk").values()) == snapshot


def test_e7_changed_initial_elo_recomputes_from_the_players_first_tournament(public_club):
    """E7: Bravo's initial Elo 1600 → 2000 before T1.

    T1 A 1600 beats B 2000: D 400 → .08/.92; A 40×.92 = 36.8 → +37 → 1637; B 40×(0−.92)
    = −36.8 → −37 → 1963. T2 A 1637 beats B 1963: D 326 → 316–328 → .13/.87; A 40×.87 = 34.8
    → +35 → 1672; B −35 → 1928. T3 draw, A 1672 vs B 1928: D 256 → 246–256 → .19/.81;
    A 40×(.5−.19) = 12.4 → +12 → 1684; B −12 → 1916.
    """
    t1, t2, t3 = three_closed(public_club)
    bravo = Player.objects.get(club=public_club, surname="Bravo")
    bravo.initial_elo_standard = 2000
    bravo.save()
    services.recompute_after_initial_change(bravo, ["standard"])
    assert elo(t1) == {"Alpha": (1600, 37, 1637), "Bravo": (2000, -37, 1963)}
    assert elo(t2) == {"Alpha": (1637, 35, 1672), "Bravo": (1963, -35, 1928)}
    assert elo(t3) == {"Alpha": (1672, 12, 1684), "Bravo": (1928, -12, 1916)}


def test_e2_e1_other_time_controls_and_independent_tournaments_untouched(public_club):
    """E1/E2: a blitz tournament reads blitz Elos only; an independent one changes nothing."""
    t1 = make_tournament(public_club, PAIR, [[(1, 2, "1-0")]], name="Standard")
    services.close_tournament(t1, None, datetime.date(2026, 1, 10))
    blitz = make_tournament(
        public_club,
        [("Alpha, Anne", 1400), ("Bravo, Bob", 1400)],
        [[(2, 1, "1-0")]],
        name="Blitz",
        time_control="blitz",
    )
    services.close_tournament(blitz, None, datetime.date(2026, 1, 11))
    independent = make_tournament(public_club, PAIR, [[(2, 1, "1-0")]], kind="independent")
    services.close_tournament(independent, None, datetime.date(2026, 1, 12))
    # Blitz: both start from their entry rating 1400 (set as blitz initial Elo): B +20, A −20.
    assert elo(blitz) == {"Alpha": (1400, -20, 1380), "Bravo": (1400, 20, 1420)}
    assert elo(t1) == {"Alpha": (1600, 20, 1620), "Bravo": (1600, -20, 1580)}
    assert not EloRow.objects.filter(tournament=independent).exists()


def test_e7_unrated_entry_given_an_elo_at_a_later_closing(public_club):
    """E1/E7: X has no rating in T1: no club Elo, and A's game against X does not count
    (A: n 0, Δ 0). In T2 X's entry is rated 1600: the roster player gets it as initial Elo,
    so the recompute starts from T1, X's first tournament.

    T1 again: A 1600 beats X 1600: PD .50 → A +20 → 1620, X −20 → 1580.
    T2: A 1620 draws X 1580: D 40 → .56/.44; A 40 × (.5 − .56) = −2.4 → −2 → 1618;
    X 40 × (.5 − .44) = 2.4 → +2 → 1582.
    """
    t1 = make_tournament(public_club, [("A, Ann", 1600), ("Xavier, X", None)], [[(1, 2, "1-0")]])
    services.close_tournament(t1, None, datetime.date(2026, 1, 10))
    assert elo(t1) == {"A": (1600, 0, 1600)}
    t2 = make_tournament(public_club, [("A, Ann", 1600), ("Xavier, X", 1600)], [[(1, 2, "=")]])
    services.close_tournament(t2, None, datetime.date(2026, 2, 10))
    assert elo(t1) == {"A": (1600, 20, 1620), "Xavier": (1600, -20, 1580)}
    assert elo(t2) == {"A": (1620, -2, 1618), "Xavier": (1580, 2, 1582)}
