"""Shared timing helper: the median of repeated runs, in milliseconds."""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable


def median_ms(action: Callable[[], object], *, repeat: int = 21) -> float:
    """Run ``action`` ``repeat`` times (after one warm-up run) and return the median in ms."""
    action()
    samples = []
    for _ in range(repeat):
        start = time.perf_counter()
        action()
        samples.append((time.perf_counter() - start) * 1000)
    return statistics.median(samples)


def report(name: str, size: str, ms: float) -> None:
    print(f"{name:<44} {size:<28} median {ms:9.2f} ms")
