"""The pairing of a round as a background job (``pair_round``): FIDE's engine may take tens of
seconds on a big Swiss, longer than a web server lets a request run, so that the page that
asks only records the job (``background.services.submit``) and follows it."""

from __future__ import annotations

import datetime
from typing import Any

from django.urls import reverse
from django.utils.translation import gettext as _

from chessclub_web.background import services as background
from chessclub_web.background.models import Job
from chessclub_web.background.registry import Outcome, Progress, register
from chessclub_web.pairings import services
from chessclub_web.tournaments.models import Tournament

KIND = "pair_round"


def submit(
    row: Tournament,
    user: Any,
    date: datetime.date | None,
    time: datetime.time | None,
    *,
    back_url: str,
) -> Job:
    """Start pairing the next round of ``row`` (played on ``date`` from ``time``): one job per
    tournament and round while it runs (the same round asked twice follows the first job)."""
    number = services.next_round(row)
    return background.submit(
        KIND,
        title=_("Pairing round %(round)s of %(tournament)s")
        % {"round": number, "tournament": row.name},
        params={
            "round": number,
            "date": date.isoformat() if date else None,
            "time": time.strftime("%H:%M") if time else None,
        },
        user=user,
        tournament=row,
        key=f"{KIND}:{row.pk}:{number}",
        back_url=back_url,
    )


def run(job: Job, progress: Progress) -> Outcome:
    """Pair round ``params["round"]`` of the job's tournament (FIDE C.04.3 for a Swiss, the
    Berger table for a round robin): done in the transaction that stores the round."""
    assert job.tournament_id is not None
    row = Tournament.objects.select_related("club").get(pk=job.tournament_id)
    params = job.params
    number = int(params["round"])
    date = datetime.date.fromisoformat(params["date"]) if params.get("date") else None
    time = datetime.time.fromisoformat(params["time"]) if params.get("time") else None
    progress(_("The pairing engine is computing round %(round)s.") % {"round": number})
    assert row.club is not None
    outcome = Outcome(
        message=_("Round %(round)s is paired (draft).") % {"round": number},
        url=reverse("pairing_round", args=(row.club.number, row.pk, number)),
        result={"round": number},
    )
    services.pair_next_round(
        row,
        job.user,
        date=date,
        time=time,
        expected=number,
        on_stored=lambda _round: background.complete(job, outcome),
    )
    return outcome


def registers() -> None:
    register(KIND, run)
