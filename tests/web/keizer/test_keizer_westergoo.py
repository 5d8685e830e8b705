"""K29: the Westergoo pairing in the web application — a parameter of the competition; the
next evening is paired by current rating while the standings stay the Keizer ranking. The
worked example of the specification §1.5 after evening 1 (``example.py``), E excused on
evening 2; the pairing worked by hand from K7, K8 and K29."""

from __future__ import annotations

import pytest

from chessclub_web.keizer import services
from chessclub_web.keizer.models import KeizerSettings

from ..builders import client_for, tournament_url
from .example import worked_example
from .test_keizer_web import CUSTOM_T8

pytestmark = pytest.mark.django_db


def _boards(row, number):
    round_row = row.rounds.get(number=number)
    boards = [
        (g.white.name, g.black.name) for g in round_row.games.select_related("white", "black")
    ]
    return sorted(boards), [b.player.name for b in round_row.byes.select_related("player")]


def test_k29_westergoo_evening_paired_by_rating(public_club, owner):
    """Present A 2000, B 1900, C 1800, D 1700, F 1500 (E excused). By rating the odd one out
    is F (lowest rated, 4th in the ranking); A may not meet B again (evening 1): A–C, B–D.
    Colours: A and C one White each → the lower-ranked C (2nd) White; B (5th) and D (3rd)
    none → the lower-ranked B White. By the ranking (K7) it would be A–C, D–F, B the bye."""
    row = worked_example(public_club, evenings=1)
    client = client_for(owner)
    saved = client.post(tournament_url(row, "keizer_settings"), {**CUSTOM_T8, "pair_by": "rating"})
    assert saved.status_code == 302
    assert KeizerSettings.objects.get(tournament=row).pair_by == "rating"
    ids = dict(row.players.values_list("name", "pk"))
    client.post(
        tournament_url(row, "keizer_attendance") + "?evening=2", {f"p{ids['E']}": "excused"}
    )
    assert client.post(tournament_url(row, "keizer_pair")).status_code == 302
    assert _boards(row, 2) == ([("B", "D"), ("C", "A")], ["F"])
    # The ranking is still the Keizer one (after evening 1: A C D F B E).
    assert [r.player.name for r in services.standings(row, 1).rows] == list("ACDFBE")


def test_k29_default_pairs_by_the_keizer_ranking(public_club, owner):
    row = worked_example(public_club, evenings=1)
    client = client_for(owner)
    client.post(tournament_url(row, "keizer_settings"), CUSTOM_T8)  # no pair_by: the ranking
    assert KeizerSettings.objects.get(tournament=row).pair_by == "ranking"
    ids = dict(row.players.values_list("name", "pk"))
    client.post(
        tournament_url(row, "keizer_attendance") + "?evening=2", {f"p{ids['E']}": "excused"}
    )
    client.post(tournament_url(row, "keizer_pair"))
    assert _boards(row, 2) == ([("C", "A"), ("F", "D")], ["B"])  # the specification's


def test_k29_westergoo_with_a_preset(public_club, owner):
    row = worked_example(public_club, evenings=1)
    settings = KeizerSettings.objects.get(tournament=row)
    settings.preset, settings.pair_by = "kijk-uit", "rating"
    settings.save()
    rules = services.rules_of(settings)
    assert (rules.top_value, rules.pair_by) == (100, "rating")


def test_k29_bad_pairing_order_is_a_400(public_club, owner):
    row = worked_example(public_club, evenings=1)
    response = client_for(owner).post(
        tournament_url(row, "keizer_settings"), {**CUSTOM_T8, "pair_by": "lots"}
    )
    assert response.status_code == 400
    assert KeizerSettings.objects.get(tournament=row).pair_by == "ranking"
