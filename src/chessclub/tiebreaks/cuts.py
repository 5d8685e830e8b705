"""Cut and Median modifiers (FIDE C.07 Art. 14.1–14.2) with the VUR rule (Art. 16.5).

Cut-n removes the n least significant contributions, Median-n also the n most significant.
The least significant contribution is the one with the lowest opponent score (then the lowest
value); the most significant the highest. From 2023 a contribution coming from a voluntary
unplayed round (VUR: requested bye, absence, forfeit loss) is cut first: the lowest VUR
contribution is compared with the least significant one and the higher of the two values is
cut (for Buchholz this is always the VUR, Art. 16.5). High cuts have no VUR exception. Before
2023 (C.02 Art. 13) the lowest contribution is cut, VUR or not.
"""

from __future__ import annotations

import math
from fractions import Fraction
from typing import NamedTuple

from chessclub.tiebreaks.explanation import Contribution


def _score(c: Contribution) -> Fraction | int:
    return c.opponent_score if c.opponent_score is not None else c.value


class CutOrder(NamedTuple):
    """Contributions ranked once for every cut: exact integer keys over a common denominator.

    ``low_first``: least significant first (lowest score, then lowest value); ``vur_first``:
    VUR contributions by lowest value; ``high_first``: most significant first. Indices into the
    contribution list; ties keep round order.
    """

    values: list[int]
    low_first: list[int]
    vur_first: list[int]
    high_first: list[int]


def prepare_cuts(contributions: list[Contribution]) -> CutOrder:
    common = math.lcm(*(x.denominator for c in contributions for x in (c.value, _score(c))))
    values = [c.value.numerator * (common // c.value.denominator) for c in contributions]
    scores = [_score(c).numerator * (common // _score(c).denominator) for c in contributions]
    order = range(len(contributions))
    return CutOrder(
        values,
        sorted(order, key=lambda i: (scores[i], values[i])),
        sorted((i for i in order if contributions[i].vur), key=lambda i: (values[i], scores[i])),
        sorted(order, key=lambda i: (-scores[i], -values[i])),
    )


def apply_cuts(
    contributions: list[Contribution],
    *,
    low: int,
    high: int,
    rounds: int,
    vur_rule: bool,
    label: str,
    order: CutOrder | None = None,
) -> list[Contribution]:
    """Mark the contributions removed by ``low`` cuts and ``high`` cuts (in that order).

    ``rounds`` bounds the cuts as FIDE's reference does (low ≤ rounds, high ≤ rounds − low).
    ``label`` names the modifier in the reasons (``Cut-1``, ``Median-1``); ``order`` may be
    given when the same contributions are cut several ways. Returns the list in round order
    with ``cut`` set on the removed ones.
    """
    low = min(low, rounds)
    high = min(high, max(rounds - low, 0))
    if order is None:
        order = prepare_cuts(contributions)
    values = order.values
    removed: dict[int, str] = {}  # index in ``contributions`` → reason

    def first(indices: list[int]) -> int | None:
        return next((i for i in indices if i not in removed), None)

    while low > 0:
        least = first(order.low_first)
        if least is None:
            break
        chosen, reason = least, f"{label}: least significant"
        lowest_vur = first(order.vur_first) if vur_rule else None
        if lowest_vur is not None and not values[least] > values[lowest_vur]:
            chosen = lowest_vur
            reason = f"{label}: voluntary unplayed round cut first (C.07 Art. 16.5)"
        removed[chosen] = reason
        low -= 1
    while high > 0:
        most = first(order.high_first)
        if most is None:
            break
        removed[most] = f"{label}: most significant"
        high -= 1
    return [_with_cut(c, removed[i]) if i in removed else c for i, c in enumerate(contributions)]


def _with_cut(c: Contribution, reason: str) -> Contribution:
    return Contribution(
        c.round, c.value, c.opponent, c.result, c.opponent_score, c.source, c.vur, reason, c.note
    )


def cut_label(low: int, high: int) -> str:
    if high:
        return f"Median-{high}"
    return f"Cut-{low}"
