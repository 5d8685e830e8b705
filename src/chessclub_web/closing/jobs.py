"""Closing a tournament (``close_tournament``, spec C1) and a correction's recompute
(``apply_correction``, C3) as background jobs: storing the final standings and recomputing a
club's Elo from a tournament on can take longer than a web request may run."""

from __future__ import annotations

import datetime
from typing import Any

from django.urls import reverse
from django.utils.translation import gettext as _

from chessclub_web.background import services as background
from chessclub_web.background.models import Job
from chessclub_web.background.registry import Outcome, Progress, register
from chessclub_web.closing import services
from chessclub_web.tournaments.models import Tournament

CLOSE = "close_tournament"
CORRECTION = "apply_correction"


def _close_url(tournament: Tournament) -> str:
    assert tournament.club is not None
    return reverse("close", args=(tournament.club.number, tournament.pk))


def submit_close(tournament: Tournament, user: Any, end_date: datetime.date) -> Job:
    """Start closing ``tournament`` on ``end_date`` (one closing job per tournament at a time)."""
    return background.submit(
        CLOSE,
        title=_("Closing %(tournament)s") % {"tournament": tournament.name},
        params={"end_date": end_date.isoformat()},
        user=user,
        tournament=tournament,
        key=f"{CLOSE}:{tournament.pk}",
        back_url=_close_url(tournament),
    )


def run_close(job: Job, progress: Progress) -> Outcome:
    """C1: ``closing.services.close_tournament``; with the job's completion in one
    transaction (a closed tournament refuses a second closing anyway)."""
    assert job.tournament_id is not None
    tournament = Tournament.objects.select_related("club").get(pk=job.tournament_id)
    progress(_("Storing the final standings and the club Elo."))
    services.close_tournament(
        tournament, job.user, datetime.date.fromisoformat(job.params["end_date"])
    )
    return Outcome(message=_("The tournament is closed."), url=_close_url(tournament))


def submit_correction(tournament: Tournament, user: Any) -> Job:
    """C3: after corrections saved in the closed ``tournament``, store its final standings
    again and recompute the club Elo from it on. No key: each correction asks for its own
    recompute (idempotent; one queued after another that already read the old results)."""
    return background.submit(
        CORRECTION,
        title=_("Recomputing %(tournament)s after a correction") % {"tournament": tournament.name},
        params={},
        user=user,
        tournament=tournament,
    )


def run_correction(job: Job, progress: Progress) -> Outcome:
    assert job.tournament_id is not None
    tournament = Tournament.objects.select_related("club").get(pk=job.tournament_id)
    progress(_("Storing the final standings and the club Elo again."))
    services.apply_correction(tournament)
    return Outcome(url=_close_url(tournament))


def registers() -> None:
    register(CLOSE, run_close, atomic=True)
    register(CORRECTION, run_correction, atomic=True)
