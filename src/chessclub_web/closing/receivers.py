"""Receivers of the tournaments' signals (spec C3)."""

from __future__ import annotations

from typing import Any

from django.dispatch import receiver

from chessclub_web.closing import jobs
from chessclub_web.tournaments.models import Tournament
from chessclub_web.tournaments.signals import results_corrected


@receiver(results_corrected)
def on_results_corrected(sender: Any, tournament: Tournament, **kwargs: Any) -> None:
    """C3: the results app saved corrections in a closed tournament: store the final standings
    again and recompute the club Elo of its time control from it on (one transaction,
    idempotent; earlier tournaments' rows untouched, E7) — a background job (in process by
    default: done when the correction's request answers)."""
    jobs.submit_correction(tournament, kwargs.get("user"))
