"""Pairing and publishing a round through the JSON API, with a personal token of the
tournament's club.

- ``POST clubs/{number}/tournaments/{id}/rounds/{n}/pair`` (scope ``edit_pairings``), body
  optional ``{"date": "2026-01-17", "time": "19:30"}`` (a field left out: the date or time the
  pair page proposes, ``pairings.services.proposed_round_slot``; ``null``: none yet). Round
  ``n`` must be the next round to pair (409 otherwise: a round is never paired in another's
  place). The pairing runs as the pair page runs it: a background job
  (``pairings.jobs.submit``; FIDE C.04.3 Dutch system for a Swiss, the Berger table for a round
  robin), stored as a **draft**. The answer is 202 with the job (``Location``: the URL to poll)
  — in process (``CHESSCLUB_TASKS=immediate``, the default) it has already run and says
  ``"status": "done"`` with its ``round``; with workers it is ``"queued"``. What the rules
  refuse before the job starts answers at once: 409 with the service's message (a draft round
  not published, a Swiss round whose previous round has boards without a result, every planned
  round paired, a closed tournament), 400 with ``field: "date"`` for a date outside the
  tournament's dates; a job refused in process answers its own status and message.
- ``GET clubs/{number}/tournaments/{id}/jobs/{job}``: the job, for who asked for it:
  ``status`` (``queued``, ``running``, ``done``, ``refused``, ``failed``, ``interrupted``),
  ``message``, ``status_code`` (the status a refusal answers), ``round`` once done.
- ``POST …/rounds/{n}/publish`` (scope ``publish_round``): publish the draft round
  (``pairings.services.publish_round``); 200 with the round's boards (game ids and versions);
  409 when it is already published or the tournament is closed.

Every change is a line of the tournament's history, written by the services.
"""

from __future__ import annotations

import datetime
import uuid

from django.http import Http404, HttpRequest, HttpResponse
from django.urls import reverse
from django.utils.translation import gettext as _
from ninja import Router, Schema, Status
from pydantic import Field

from chessclub_web import refusals
from chessclub_web.api.auth import caller_of, token_caller, tournament_for
from chessclub_web.api.read import not_modified, unchanged
from chessclub_web.api.schemas import ErrorOut
from chessclub_web.api.write import IdPath, RoundPath, responses, round_of
from chessclub_web.background import services as background
from chessclub_web.background.models import Job
from chessclub_web.background.models import Status as JobStatus
from chessclub_web.clubs.permissions import Action
from chessclub_web.pairings import jobs as pairing_jobs
from chessclub_web.pairings import services
from chessclub_web.tournaments.models import Bye, Game, Round, Tournament
from chessclub_web.tournaments.services import round_date_refusal

router = Router(auth=token_caller, tags=["write"])

#: A job that ended without doing its work: its refusal is the answer.
ENDED_WITHOUT_RESULT = (JobStatus.REFUSED, JobStatus.FAILED, JobStatus.INTERRUPTED)


class PairIn(Schema):
    date: datetime.date | None = Field(
        None, description="The day the round is played (left out: the proposed one)."
    )
    time: datetime.time | None = Field(
        None, description="The time it starts, HH:MM (left out: the proposed one)."
    )


class JobOut(Schema):
    id: uuid.UUID
    kind: str
    status: str = Field(description="queued, running, done, refused, failed or interrupted.")
    progress: str
    message: str
    status_code: int = Field(description="The HTTP status of the outcome (a refusal's 4xx).")
    field: str
    round: int | None = Field(description="The round stored, once done.")
    url: str = Field(description="This job in the API (poll it).")
    round_url: str = Field(description="The round in the API, once done.")


class PairingRef(Schema):
    pairing_number: int
    name: str


class PublishedGameOut(Schema):
    id: int
    board: int | None
    white: PairingRef
    black: PairingRef
    result: str
    version: int


class PublishedByeOut(Schema):
    player: PairingRef
    kind: str


class PublishedRoundOut(Schema):
    number: int
    state: str
    date: datetime.date | None
    time: datetime.time | None
    games: list[PublishedGameOut]
    byes: list[PublishedByeOut]


def _api_path(row: Tournament, tail: str) -> str:
    assert row.club is not None
    return f"{reverse('api:api-root')}clubs/{row.club.number}/tournaments/{row.pk}/{tail}"


def job_out(row: Tournament, job: Job) -> JobOut:
    number = job.result.get("round") if job.status == JobStatus.DONE else None
    return JobOut(
        id=job.pk,
        kind=job.kind,
        status=job.status,
        progress=job.progress,
        message=job.message,
        status_code=job.status_code,
        field=job.field,
        round=number,
        url=_api_path(row, f"jobs/{job.pk}"),
        round_url=_api_path(row, f"rounds/{number}") if number else "",
    )


def _ref(player: object) -> PairingRef:
    return PairingRef(
        pairing_number=player.pairing_number,  # type: ignore[attr-defined]
        name=player.name,  # type: ignore[attr-defined]
    )


def round_out(found: Round) -> PublishedRoundOut:
    """The round's boards (by board number) and byes (by pairing number)."""
    games = Game.objects.filter(round=found).select_related("white", "black")
    byes = Bye.objects.filter(round=found).select_related("player")
    return PublishedRoundOut(
        number=found.number,
        state=found.state,
        date=found.date,
        time=found.time,
        games=[
            PublishedGameOut(
                id=game.pk,
                board=game.board,
                white=_ref(game.white),
                black=_ref(game.black),
                result=game.result,
                version=game.version,
            )
            for game in games.order_by("board", "pk")
        ],
        byes=[
            PublishedByeOut(player=_ref(bye.player), kind=bye.kind)
            for bye in byes.order_by("player__pairing_number")
        ],
    )


@router.post(
    "clubs/{number}/tournaments/{pk}/rounds/{round_number}/pair",
    response=responses({202: JobOut}),
    summary="Pair the next round as a draft (a background job: 202, poll its URL)",
)
def pair_round(
    request: HttpRequest,
    response: HttpResponse,
    number: str,
    pk: IdPath,
    round_number: RoundPath,
    payload: PairIn | None = None,
) -> object:
    caller = caller_of(request)
    row = tournament_for(caller, number, pk, Action.EDIT_PAIRINGS)
    following = services.next_round(row)
    if round_number != following:
        raise refusals.Conflict(
            _("Round %(round)s is not the next round to pair: that is round %(next)s.")
            % {"round": round_number, "next": following}
        )
    refusal = services.pairing_refusal(row)
    if refusal:
        raise services.Refused(refusal)
    # As the pair page: a field left out takes the proposed date or time.
    proposed = services.proposed_round_slot(row, following)
    sent = payload.model_fields_set if payload is not None else set()
    date = payload.date if payload is not None and "date" in sent else proposed.date
    time = payload.time if payload is not None and "time" in sent else proposed.time
    reason = round_date_refusal(following, date, row.start_date, row.end_date)
    if reason:
        raise refusals.BadInput(reason, field="date")
    assert row.club is not None
    job = pairing_jobs.submit(
        row,
        caller.user,
        date,
        time,
        back_url=reverse("pair_next", args=(row.club.number, row.pk)),
    )
    if job.status in ENDED_WITHOUT_RESULT:
        return Status(job.status_code, ErrorOut(error=job.message, field=job.field))
    found = job_out(row, job)
    response["Location"] = found.url
    return Status(202, found)


@router.get(
    "clubs/{number}/tournaments/{pk}/jobs/{job_id}",
    response={**responses({200: JobOut}), 304: None},
    summary="A background job the caller asked for (pairing a round)",
)
def job(
    request: HttpRequest, response: HttpResponse, number: str, pk: IdPath, job_id: uuid.UUID
) -> object:
    """With an ``ETag`` that changes with the job's state (``If-None-Match`` → 304)."""
    caller = caller_of(request)
    row = tournament_for(caller, number, pk)
    found = Job.objects.filter(pk=job_id, tournament=row).first()
    if (
        found is None
        or not background.visible_to(found, caller.user)
        or (caller.token is not None and caller.token.club_id != row.club_id)
    ):
        raise Http404(_("No such job."))
    if found.status == JobStatus.RUNNING:
        background.sweep()  # as the job's page: a lost worker is reported
        found.refresh_from_db()
    revision = f"{found.status}:{found.finished_at}:{found.progress}"
    held = unchanged(request, caller, revision)
    if held is not None:
        return held
    response["ETag"] = not_modified(request, caller, revision)[0]
    return Status(200, job_out(row, found))


@router.post(
    "clubs/{number}/tournaments/{pk}/rounds/{round_number}/publish",
    response=responses({200: PublishedRoundOut}),
    summary="Publish the draft round",
)
def publish_round(request: HttpRequest, number: str, pk: IdPath, round_number: RoundPath) -> object:
    caller = caller_of(request)
    row = tournament_for(caller, number, pk, Action.PUBLISH_ROUND)
    found = round_of(row, round_number)
    services.publish_round(found, caller.user)
    found.refresh_from_db()
    return Status(200, round_out(found))
