"""FIDE VCL4THP.13 Q31, Q33 (docs/rules/fide-endorsement.md): our generator and checker
cross-tested against gacrux's generator and checkers, both ways (``benchmarks/cross_test.py``).

``make test`` runs one small tournament each way (a few seconds); ``make test-full`` 25 each way.
FIDE's acceptance asks for 50,000 each way: ``python -m benchmarks.cross_test -n 50000``.
"""

from __future__ import annotations

import pytest
from benchmarks.cross_test import cross_test


def test_q31_q33_one_tournament_each_way_agrees() -> None:
    outcome = cross_test(1, seed=33, small=True)
    assert outcome.tournaments == 2
    assert outcome.discrepancies == []


@pytest.mark.slow
def test_q31_q33_twenty_five_tournaments_each_way_agree() -> None:
    outcome = cross_test(25, seed=3300)
    assert outcome.tournaments == 50
    assert outcome.discrepancies == []
