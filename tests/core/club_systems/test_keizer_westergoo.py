"""K29: the Westergoo variant of the Keizer pairing — the ranking stays the Keizer one, the
present players are paired by current rating (``club-systems.md`` §1.4, "Variant
(Westergoo)"). Expected pairings worked by hand from K7 and K8."""

from __future__ import annotations

import pytest

from chessclub.club_systems.keizer import (
    Evening,
    KeizerGame,
    KeizerRules,
    PairBy,
    pair_evening,
)

#: Keizer ranking 1 … 5 and current ratings: the leader (1) is the lowest rated.
RANKING = (1, 2, 3, 4, 5)
RATINGS = {1: 1500, 2: 2100, 3: 1600, 4: 2000, 5: 1800}
WESTERGOO = KeizerRules(pair_by=PairBy.RATING)


def test_k29_pairs_by_rating_not_by_ranking():
    """By ranking: 1–2, 3–4. By rating (2 2100, 4 2000, 3 1600, 1 1500): 2–4, 3–1. Nobody
    has played: the higher-ranked has White (K8): 2 (2nd) against 4, 1 (1st) against 3."""
    present = (1, 2, 3, 4)
    assert pair_evening(RANKING, present, []).boards == ((1, 2), (3, 4))
    found = pair_evening(RANKING, present, [], WESTERGOO, ratings=RATINGS)
    assert found.boards == ((2, 4), (1, 3))
    assert found.bye is None


def test_k29_odd_player_out_is_the_lowest_rated():
    """Five present, by rating 2, 4, 5, 3, 1: the bye is 1 (lowest rated, though the
    leader); 2–4, then 5–3 with 3 (3rd in the ranking, above 5) White."""
    found = pair_evening(RANKING, RANKING, [], WESTERGOO, ratings=RATINGS)
    assert found.bye == 1
    assert found.boards == ((2, 4), (3, 5))
    assert pair_evening(RANKING, RANKING, []).bye == 5  # K7: the lowest ranked


def test_k29_rematch_rule_and_colours_still_apply():
    """Evening 1 was 2–4 (2 White, 1 the bye): on evening 2 they may not meet again (gap
    6), so by rating 2 meets the next one, 3, and 4 meets 1. Colours (K8): 2 had a White, 3
    none → 3 White; 4 and 1 had no White, 4 has played → the lower-ranked, 4, has White."""
    evenings = [Evening(1, games=(KeizerGame(2, 4, "1-0"),), byes=(1,))]
    found = pair_evening(RANKING, (1, 2, 3, 4), evenings, WESTERGOO, ratings=RATINGS)
    assert found.boards == ((3, 2), (4, 1))


def test_k29_unrated_players_are_paired_last():
    ratings = {1: None, 2: 1900, 3: 1700, 4: None}
    found = pair_evening(RANKING, (1, 2, 3, 4), [], WESTERGOO, ratings=ratings)
    assert found.boards == ((2, 3), (1, 4))  # unrated 1 and 4 by their ranking


def test_k29_pair_by_given_as_text():
    assert KeizerRules(pair_by="rating").pair_by is PairBy.RATING  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        KeizerRules(pair_by="lots")  # type: ignore[arg-type]
