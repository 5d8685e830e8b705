"""Splitting tied groups by one tiebreak (C.07 Art. 4: tiebreaks apply in order, each to the
participants still tied) — shared by the individual and the team engines."""

from __future__ import annotations

import itertools
import math
from collections.abc import Mapping, Sequence
from typing import TypeVar

from chessclub.tiebreaks.explanation import TiebreakValue

K = TypeVar("K", bound=int)  # a pairing number or a team number
SortKey = tuple[int, int]


def sort_keys(values: Mapping[K, TiebreakValue], lower_is_better: bool) -> dict[K, SortKey]:
    """Ascending exact integer keys, best first; a missing value (``None``) goes last.

    Values (``Fraction`` or ``int``) are brought to a common denominator, so no float ever
    decides a rank.
    """
    common = math.lcm(*(v.denominator for v in values.values() if v is not None))
    sign = 1 if lower_is_better else -1
    return {
        key: (1, 0) if v is None else (0, sign * v.numerator * (common // v.denominator))
        for key, v in values.items()
    }


def split_groups(groups: Sequence[list[K]], keys: Mapping[K, SortKey]) -> list[list[K]]:
    """Split every tied group by ``keys``: members with equal keys stay together, best first,
    in number order within a group that stays tied."""
    refined: list[list[K]] = []
    for group in groups:
        if len(group) == 1:
            refined.append(group)
            continue
        ordered = sorted(group, key=lambda member: (keys[member], member))
        refined.append([ordered[0]])
        for previous, member in itertools.pairwise(ordered):
            if keys[member] == keys[previous]:
                refined[-1].append(member)
            else:
                refined.append([member])
    return refined
