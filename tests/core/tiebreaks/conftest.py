"""Tiebreak tests: the ``slow`` marker (full differential run against gacrux)."""

import pytest


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers", "slow: long differential runs against gacrux (deselect with -m 'not slow')"
    )
