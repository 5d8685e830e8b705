"""Differential tests against FIDE's reference implementation (gacrux 1.11.65).

Every catalogue tiebreak (``tb_differential.VALUE_CODES``) and the ranks of several ordered
lists (DE is a position in the tied group, so it is compared through ranks) must equal
gacrux's, under the 2023/2024 and the 2026 rules (gacrux does not implement the pre-2023
virtual opponent). Tournaments come from ``tb_generator``: Swiss-like events with byes of every
kind, forfeits, double forfeits, unrated games, withdrawals and late entries, and round robins
(single, double, odd fields, a withdrawal with the remaining games forfeited).

A fast subset runs with the normal suite; the full run (2,000+ tournaments, 5–300 players) is
marked ``slow``. No case found so far shows gacrux wrong; a case that did would be listed here
with the C.07 article it contradicts.
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

import pytest
from tb_differential import differences
from tb_generator import Profile, round_robin, swiss

from chessclub.model import ScoringSystem, Tournament
from chessclub.tiebreaks import RuleEra

pytest.importorskip("gacrux")

ERAS = (RuleEra.C07_2023, RuleEra.C07_2026)
HEAVY = Profile(
    hpb=0.12,
    zpb=0.08,
    fpb=0.03,
    forfeit=0.1,
    double_forfeit=0.03,
    unrated_game=0.05,
    withdraw=0.04,
    late=0.15,
    unrated_player=0.1,
)


def _swiss_case(seed: int, *, big: bool = False) -> tuple[Tournament, int | None]:
    heavy = seed % 3 == 0
    players = 100 + (seed * 53) % 201 if big else 5 + (seed * 37) % 40
    rounds = 3 + seed % 9
    profile = HEAVY if heavy else Profile()
    unrated = 1400 if heavy and seed % 2 else None
    return swiss(seed, players, rounds, profile), unrated


@pytest.mark.parametrize("era", ERAS, ids=lambda e: e.value)
@pytest.mark.parametrize("seed", range(36))
def test_differential_swiss_fast(seed: int, era: RuleEra) -> None:
    t, unrated = _swiss_case(seed)
    assert differences(t, era, pre_determined=False, unrated=unrated) == []


@pytest.mark.parametrize("era", ERAS, ids=lambda e: e.value)
@pytest.mark.parametrize("seed", range(14))
def test_differential_round_robin_fast(seed: int, era: RuleEra) -> None:
    t = round_robin(seed, 3 + seed % 12, double=seed % 5 == 0)
    assert differences(t, era, pre_determined=True) == []


@pytest.mark.slow
@pytest.mark.parametrize("era", ERAS, ids=lambda e: e.value)
@pytest.mark.parametrize("seed", range(1000, 2700))
def test_differential_swiss_full(seed: int, era: RuleEra) -> None:
    t, unrated = _swiss_case(seed, big=seed % 40 == 0)
    assert differences(t, era, pre_determined=False, unrated=unrated) == []


@pytest.mark.slow
@pytest.mark.parametrize("era", ERAS, ids=lambda e: e.value)
@pytest.mark.parametrize("seed", range(1000, 1400))
def test_differential_round_robin_full(seed: int, era: RuleEra) -> None:
    profile = Profile(forfeit=0.08, double_forfeit=0.02, unrated_game=0.03, withdraw=0.03)
    t = round_robin(seed, 3 + seed % 18, profile, double=seed % 4 == 0)
    assert differences(t, era, pre_determined=True) == []


THREE_ONE_ZERO = ScoringSystem(
    win=Fraction(3),
    draw=Fraction(1),
    forfeit_win=Fraction(3),
    pairing_allocated_bye=Fraction(3),
    half_point_bye=Fraction(1),
    full_point_bye=Fraction(3),
)


@pytest.mark.parametrize("era", ERAS, ids=lambda e: e.value)
@pytest.mark.parametrize("seed", range(4))
def test_differential_swiss_three_one_zero_scoring(seed: int, era: RuleEra) -> None:
    """Non-FIDE scoring (3/1/0): win points drive WIN, KS limits, dummy caps."""
    t = replace(swiss(seed, 10 + seed, 5 + seed), scoring=THREE_ONE_ZERO)
    assert differences(t, era, pre_determined=False) == []
