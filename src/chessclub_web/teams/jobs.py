"""The pairing of a team Swiss round as a background job (``pair_team_round``; FIDE C.04.6
with gacrux's team mode): see ``pairings.jobs``."""

from __future__ import annotations

from typing import Any

from django.urls import reverse
from django.utils.translation import gettext as _

from chessclub_web.background import services as background
from chessclub_web.background.models import Job
from chessclub_web.background.registry import Outcome, Progress, register
from chessclub_web.teams import services
from chessclub_web.tournaments.models import Tournament

KIND = "pair_team_round"


def submit(tournament: Tournament, user: Any, *, back_url: str) -> Job:
    """Start pairing the next round of the team Swiss ``tournament`` (one job per round while
    it runs)."""
    number = services.next_round(tournament)
    return background.submit(
        KIND,
        title=_("Pairing round %(round)s of %(tournament)s")
        % {"round": number, "tournament": tournament.name},
        params={"round": number},
        user=user,
        tournament=tournament,
        key=f"{KIND}:{tournament.pk}:{number}",
        back_url=back_url,
    )


def run(job: Job, progress: Progress) -> Outcome:
    """Pair round ``params["round"]``; done in the transaction that stores it."""
    assert job.tournament_id is not None
    tournament = Tournament.objects.select_related("club").get(pk=job.tournament_id)
    number = int(job.params["round"])
    progress(_("The pairing engine is computing round %(round)s.") % {"round": number})
    assert tournament.club is not None
    outcome = Outcome(
        message=_("Round %(number)s paired.") % {"number": number},
        url=reverse("team_standings", args=(tournament.club.number, tournament.pk)),
        result={"round": number},
    )
    services.pair_swiss_round(
        tournament, expected=number, on_stored=lambda _n: background.complete(job, outcome)
    )
    return outcome


def registers() -> None:
    register(KIND, run)
