"""FIDE B.02 rating tables (dp, expected score) and FIDE rounding, shared by tiebreaks and ratings.

* :func:`dp` — table 8.1.1: rating difference ``dp`` (rating points) for a fractional score
  ``p`` given in hundredths (0…100).
* :func:`expected_score` — table 8.1.2: expected score ``PD`` of a player against one opponent,
  in hundredths, from the two ratings. The difference is capped at 800 rating points, not 400
  (C.07 Art. 10.3 uses the table without the B.02 400-point rule).
* :func:`round_half_up` — FIDE's rounding to the nearest integer, 0.5 rounded up. Every
  rounding of ratings and percentages in this package goes through it, except a B.02 rating
  change (below).
* :func:`rating_expected_score` — table 8.1.2 under B.02 8.3.1: the difference is capped at
  :data:`RATING_DIFFERENCE_CAP` (400) for a player rated below :data:`UNCAPPED_FROM` (2650).
* :func:`round_half_away_from_zero` — B.02 8.3.4's rounding of a rating change ("0.5 is rounded
  away from zero"), which differs from :func:`round_half_up` only for negative halves.

All values are integers or :class:`~fractions.Fraction`; no floats.
"""

from __future__ import annotations

import math
from fractions import Fraction

# Table 8.1.1, p = 0.50 … 1.00 in hundredths → dp; p < 0.50 is the mirror image.
_DP_UPPER: tuple[int, ...] = (
    0, 7, 14, 21, 29, 36, 43, 50, 57, 65,  # .50 - .59
    72, 80, 87, 95, 102, 110, 117, 125, 133, 141,  # .60 - .69
    149, 158, 166, 175, 184, 193, 202, 211, 220, 230,  # .70 - .79
    240, 251, 262, 273, 284, 296, 309, 322, 336, 351,  # .80 - .89
    366, 383, 401, 422, 444, 470, 501, 538, 589, 677,  # .90 - .99
    800,  # 1.00
)  # fmt: skip

# Table 8.1.2: upper bound of each difference band and the higher-rated player's PD (hundredths).
_PD_BANDS: tuple[tuple[int, int], ...] = (
    (3, 50), (10, 51), (17, 52), (25, 53), (32, 54), (39, 55), (46, 56), (53, 57), (61, 58),
    (68, 59), (76, 60), (83, 61), (91, 62), (98, 63), (106, 64), (113, 65), (121, 66),
    (129, 67), (137, 68), (145, 69), (153, 70), (162, 71), (170, 72), (179, 73), (188, 74),
    (197, 75), (206, 76), (215, 77), (225, 78), (235, 79), (245, 80), (256, 81), (267, 82),
    (278, 83), (290, 84), (302, 85), (315, 86), (328, 87), (344, 88), (357, 89), (374, 90),
    (391, 91), (411, 92), (432, 93), (456, 94), (484, 95), (517, 96), (559, 97), (619, 98),
    (735, 99),
)  # fmt: skip

MAX_DIFFERENCE = 800
"""Largest rating difference looked up in table 8.1.2 (Art. 10.3 searches)."""

RATING_DIFFERENCE_CAP = 400
"""B.02 8.3.1: a rating difference above 400 counts as 400 (for players below 2650)."""

UNCAPPED_FROM = 2650
"""B.02 8.3.1 (amended 1 Oct 2025): from this rating on, the actual difference is used."""


def _build_pd() -> tuple[int, ...]:
    table: list[int] = []
    band = 0
    for difference in range(MAX_DIFFERENCE + 1):
        while band < len(_PD_BANDS) and difference > _PD_BANDS[band][0]:
            band += 1
        table.append(_PD_BANDS[band][1] if band < len(_PD_BANDS) else 100)
    return tuple(table)


_PD_HIGHER: tuple[int, ...] = _build_pd()


def round_half_up(value: Fraction) -> int:
    """Round to the nearest integer, halves upwards (FIDE's rule, B.02 and C.07 Art. 10)."""
    return math.floor(value + Fraction(1, 2))


def dp(p_hundredths: int) -> int:
    """Table 8.1.1: ``dp`` in rating points for a score fraction ``p`` in hundredths (0…100).

    Raises ``ValueError`` outside 0…100.
    """
    if not 0 <= p_hundredths <= 100:
        raise ValueError(f"fractional score out of range: {p_hundredths}/100")
    if p_hundredths >= 50:
        return _DP_UPPER[p_hundredths - 50]
    return -_DP_UPPER[50 - p_hundredths]


def score_hundredths(score: Fraction, games: int) -> int:
    """``p = score / games`` in hundredths, rounded half up (B.02 8.1.1 "rounded to 2 decimals")."""
    return round_half_up(score * 100 / games)


def expected_score(
    rating: int, opponent_rating: int, *, max_difference: int = MAX_DIFFERENCE
) -> int:
    """Table 8.1.2: expected score of ``rating`` against ``opponent_rating``, in hundredths.

    The difference is capped at ``max_difference`` rating points: by default
    :data:`MAX_DIFFERENCE` (800, the tiebreaks' C.07 Art. 10.3 use; beyond 735 the table gives
    1.00 anyway); :data:`RATING_DIFFERENCE_CAP` (400) for B.02 8.3.1. Raises ``ValueError`` for
    a ``max_difference`` outside 0…800.
    """
    if not 0 <= max_difference <= MAX_DIFFERENCE:
        raise ValueError(f"difference cap out of range: {max_difference}")
    difference = min(abs(rating - opponent_rating), max_difference)
    higher = _PD_HIGHER[difference]
    return higher if rating >= opponent_rating else 100 - higher


def rating_expected_score(rating: int, opponent_rating: int) -> int:
    """B.02 8.3.1–8.3.2 a): a rated game's expected score ``PD`` (table 8.1.2), in hundredths.

    For a player rated below :data:`UNCAPPED_FROM` (2650) a difference above 400 counts as 400
    (so ``PD`` stays within 0.08…0.92); from 2650 on the actual difference is used (amendment of
    1 Oct 2025). The cap depends on ``rating``, the rating of the player whose ``PD`` this is,
    so the two players' ``PD`` of one game need not add up to 1.
    """
    if rating >= UNCAPPED_FROM:
        return expected_score(rating, opponent_rating)
    return expected_score(rating, opponent_rating, max_difference=RATING_DIFFERENCE_CAP)


def round_half_away_from_zero(value: Fraction) -> int:
    """Round to the nearest integer, halves away from zero (B.02 8.3.4 for a rating change).

    ``2.5 → 3`` and ``-2.5 → -3``, so a loss of 2.5 points costs as much as a gain of 2.5 earns
    (:func:`round_half_up` would give ``-2``).
    """
    magnitude = math.floor(abs(value) + Fraction(1, 2))
    return magnitude if value >= 0 else -magnitude
