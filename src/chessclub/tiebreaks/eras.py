"""Rule eras of FIDE tiebreaks: how unplayed rounds are handled.

* :attr:`RuleEra.PRE_2023` — C.02 Art. 13 (2009–2023): an unplayed round of the participant is
  a game against a *virtual opponent*; opponents' unplayed games count as draws.
* :attr:`RuleEra.C07_2023` — C.07 (1 July 2023; revised 1 August 2024 without changing the
  definitions): Art. 16 categories, the *dummy opponent* with the participant's own score, and
  the VUR cut rule.
* :attr:`RuleEra.C07_2026` — C.07 from 1 March 2026: as 2023 with the Art. 16.4 caps on the
  dummy opponent's score.

A tournament's default era follows its start date (:func:`default_era`).
"""

from __future__ import annotations

import datetime
import enum


class RuleEra(enum.Enum):
    """The tiebreak rules in force for a tournament. ``value`` is the CLI spelling."""

    PRE_2023 = "2009"
    C07_2023 = "2023"
    C07_2026 = "2026"

    @classmethod
    def parse(cls, text: str) -> RuleEra:
        """``"2009"``/``"2023"``/``"2024"``/``"2026"`` (or the member name). ``ValueError`` else."""
        key = text.strip().upper()
        for era in cls:
            if key in (era.value, era.name):
                return era
        if key == "2024":
            return cls.C07_2023
        raise ValueError(f"unknown tiebreak rules {text!r} (use 2009, 2023 or 2026)")


C07_2023_START = datetime.date(2023, 7, 1)
"""C.07 tie-break regulations applied from 1 July 2023."""
C07_2026_START = datetime.date(2026, 3, 1)
"""Revised C.07 (Art. 16.4 caps) applied from 1 March 2026."""


def default_era(start_date: datetime.date | None) -> RuleEra:
    """The rules in force on ``start_date``; an undated tournament gets the current rules."""
    if start_date is None:
        return RuleEra.C07_2026
    if start_date < C07_2023_START:
        return RuleEra.PRE_2023
    if start_date < C07_2026_START:
        return RuleEra.C07_2023
    return RuleEra.C07_2026
