"""Write endpoints of the JSON API (see :mod:`chessclub_web.api`): a personal token only
(``Authorization: Bearer cc_…``; a session cookie never writes, so no other site can make a
browser write).

- ``POST clubs/{number}/tournaments/{id}/rounds/{n}/results`` with
  ``{"boards": [{"game": 12, "result": "1-0", "version": 3}, …]}``: the boards' results, saved by
  :func:`chessclub_web.results.services.save_results` as the boards page saves them (spec
  R2–R5, C3), with the same optimistic concurrency: each board carries the ``version`` the
  client read (``GET …/rounds/{n}``); when any board's stored version is another (someone
  changed it meanwhile: R3), **nothing** is saved and the answer is 409 with the stored result
  and version of those boards. The token needs the scope ``enter_results`` and its account the
  right ``enter_results`` (``correct_results`` once the tournament is closed). Each change is
  one line of the tournament's history, marked *JSON API*.
"""

from __future__ import annotations

import datetime
import uuid
from typing import Annotated

from django.http import Http404, HttpRequest, HttpResponse
from django.utils.translation import gettext as _
from ninja import Router, Schema, Status
from pydantic import Field

from chessclub_web import refusals
from chessclub_web.accounts.models import Scope
from chessclub_web.api.auth import caller_of, token_caller, tournament_for
from chessclub_web.api.read import not_modified
from chessclub_web.api.schemas import ErrorOut
from chessclub_web.background.models import Job
from chessclub_web.background.models import Status as JobStatus
from chessclub_web.background.services import visible_to
from chessclub_web.clubs.permissions import Action
from chessclub_web.pairings import jobs as pairing_jobs
from chessclub_web.pairings import services as pairing
from chessclub_web.pairings.forms import PlayerForm
from chessclub_web.results.models import Via
from chessclub_web.results.services import MAX_VERSION, Change, save_results
from chessclub_web.results.views import entry_action
from chessclub_web.tournaments.models import Round

router = Router(auth=token_caller, tags=["write"])


class BoardIn(Schema):
    game: int = Field(ge=1, le=2_147_483_647, description="The game's id (GET …/rounds/{n}).")
    result: str = Field(
        max_length=3, description='The result code: "1-0", "=", "0-1", "+-", "-+", "--" or "".'
    )
    version: int = Field(
        ge=1, le=MAX_VERSION, description="The board's version as the client read it."
    )


class ResultsIn(Schema):
    boards: list[BoardIn] = Field(max_length=500)


class BoardOut(Schema):
    game: int
    result: str
    version: int


class SavedOut(Schema):
    saved: list[BoardOut]


class StaleOut(Schema):
    error: str
    field: str = ""
    board: int | None = None
    stale: list[BoardOut]


@router.post(
    "clubs/{number}/tournaments/{pk}/rounds/{round_number}/results",
    response={200: SavedOut, 400: ErrorOut, 403: ErrorOut, 404: ErrorOut, 409: StaleOut | ErrorOut},
    summary="Save boards' results, each with the version read (409 when one is stale)",
)
def save_round_results(
    request: HttpRequest, number: str, pk: int, round_number: int, payload: ResultsIn
) -> object:
    caller = caller_of(request)
    tournament = tournament_for(caller, number, pk)
    caller.require(tournament, entry_action(tournament))
    round_row = Round.objects.filter(tournament=tournament, number=round_number).first()
    if round_row is None:
        raise Http404(_("No such round."))
    changes = [Change(board.game, board.result, board.version) for board in payload.boards]
    if len({change.game_id for change in changes}) != len(changes):
        return Status(400, ErrorOut(error=_("A board is sent twice: send each game once.")))
    outcome = save_results(tournament, round_row, changes, caller.user, via=Via.API)
    if not outcome.ok:
        stale = [
            BoardOut(game=game_id, result=stored.result, version=stored.version)
            for game_id, stored in sorted(outcome.stale.items())
        ]
        return Status(
            409,
            StaleOut(
                error=_(
                    "Someone else changed these boards since you read them: nothing was saved. "
                    "Their stored results are given; read them and send again."
                ),
                stale=stale,
            ),
        )
    return Status(
        200,
        SavedOut(
            saved=[
                BoardOut(game=game_id, result=stored.result, version=stored.version)
                for game_id, stored in sorted(outcome.saved.items())
            ]
        ),
    )


# --- one board ---------------------------------------------------------------------------------


class OneBoardIn(Schema):
    result: str = Field(
        max_length=3, description='The result code: "1-0", "=", "0-1", "+-", "-+", "--" or "".'
    )
    version: int = Field(
        ge=1, le=MAX_VERSION, description="The board's version as the client read it."
    )


@router.put(
    "clubs/{number}/tournaments/{pk}/rounds/{round_number}/boards/{game}",
    response={
        200: BoardOut,
        400: ErrorOut,
        401: ErrorOut,
        403: ErrorOut,
        404: ErrorOut,
        409: StaleOut | ErrorOut,
    },
    summary="Save one board's result with the version read (409 when it is stale)",
)
def save_board_result(
    request: HttpRequest,
    number: str,
    pk: int,
    round_number: int,
    payload: OneBoardIn,
    game: Annotated[int, Field(ge=1, le=2_147_483_647)],
) -> object:
    """``POST …/results`` for one board (spec R3): the same service, the same 409."""
    answer = save_round_results(
        request,
        number,
        pk,
        round_number,
        ResultsIn(boards=[BoardIn(game=game, result=payload.result, version=payload.version)]),
    )
    assert isinstance(answer, Status)
    if answer.status_code == 200:
        (saved,) = answer.value.saved
        return Status(200, saved)
    return answer


# --- entries -----------------------------------------------------------------------------------


class EntryIn(Schema):
    """A player registered by hand, as on the *Inscriptions* page: the page's form checks the
    fields (:class:`~chessclub_web.pairings.forms.PlayerForm`), the registration service the
    rest (R-REG-7, R-REG-8)."""

    name: str = Field(max_length=200, description="Surname, first name.")
    rating: int | None = Field(
        default=None, description="The rating that pairs and ranks; null: chosen by the rule."
    )
    fide_rating: int | None = None
    national_rating: int | None = None
    title: str = Field(default="", max_length=3)
    federation: str = Field(default="", max_length=3, description="Three letters, e.g. BEL.")
    fide_id: str = Field(default="", max_length=16)
    matricule: str = Field(default="", max_length=16, description="FRBE/FSE number: digits.")
    sex: str = Field(default="", max_length=1, description='"M", "F" or "".')
    birth_date: datetime.date | None = None
    club: str = Field(default="", max_length=6, description="The club's federation number.")
    entry_round: int = Field(default=1, ge=1, le=99, description="Plays from this round.")


class EntryOut(Schema):
    id: int
    pairing_number: int
    name: str
    rating: int | None
    fide_id: str
    federation: str
    entry_round: int


@router.post(
    "clubs/{number}/tournaments/{pk}/entries",
    response={
        201: EntryOut,
        400: ErrorOut,
        401: ErrorOut,
        403: ErrorOut,
        404: ErrorOut,
        409: ErrorOut,
    },
    summary="Register a player (as the Inscriptions page does)",
)
def register_entry(request: HttpRequest, number: str, pk: int, payload: EntryIn) -> object:
    """The token needs ``manage_entries``. A field the page's form refuses answers 400 naming
    it; what the registration refuses (a closed tournament, a paired round robin, a FIDE ID or
    matricule already registered, a team event) answers 409 with its reason."""
    caller = caller_of(request)
    tournament = tournament_for(caller, number, pk, Action.MANAGE_ENTRIES)
    data = {
        key: ("" if value is None else value.isoformat() if key == "birth_date" else value)
        for key, value in payload.model_dump().items()
    }
    form = PlayerForm(data)
    if not form.is_valid():
        field, errors = next(iter(form.errors.items()))
        return Status(
            400,
            ErrorOut(error=f"{field}: {' '.join(str(e) for e in errors)}", field=field),
        )
    clean = form.cleaned_data
    player = pairing.add_player(
        tournament,
        pairing.NewEntry(
            name=clean["name"].strip(),
            rating=clean["rating"],
            title=clean["title"].strip().upper(),
            federation=clean["federation"],
            fide_id=clean["fide_id"],
            matricule=clean["matricule"].strip(),
            sex=clean["sex"],
            birth_date=clean["birth_date"].isoformat() if clean["birth_date"] else "",
            club=clean["club"].strip(),
            fide_rating=clean["fide_rating"],
            national_rating=clean["national_rating"],
            entry_round=clean["entry_round"],
        ),
        caller.user,
    )
    player.refresh_from_db()
    return Status(
        201,
        EntryOut(
            id=player.pk,
            pairing_number=player.pairing_number,
            name=player.name,
            rating=player.rating,
            fide_id=player.fide_id,
            federation=player.federation,
            entry_round=player.entry_round,
        ),
    )


# --- pairing and publishing --------------------------------------------------------------------


class PairIn(Schema):
    date: datetime.date | None = Field(
        default=None, description="The round's date (null: the proposed one)."
    )
    time: datetime.time | None = Field(default=None, description="Its start time.")


class JobOut(Schema):
    id: str
    status: str = Field(description="queued, running, done, refused, failed or interrupted.")
    message: str
    round: int | None = Field(description="The round the job paired, once done.")
    url: str = Field(description="Where to follow the job: GET jobs/{id}.")


def _job_out(job: Job) -> JobOut:
    number = job.result.get("round") if isinstance(job.result, dict) else None
    return JobOut(
        id=str(job.pk),
        status=job.status,
        message=job.message,
        round=number if isinstance(number, int) else None,
        url=f"/api/v1/jobs/{job.pk}",
    )


@router.post(
    "clubs/{number}/tournaments/{pk}/pair",
    response={
        201: JobOut,
        202: JobOut,
        400: ErrorOut,
        401: ErrorOut,
        403: ErrorOut,
        404: ErrorOut,
        409: ErrorOut,
    },
    summary="Pair the next round as a draft (a background job, as on the pairing page)",
)
def pair_round(request: HttpRequest, number: str, pk: int, payload: PairIn) -> object:
    """The token needs ``edit_pairings``. The engine runs as the page's background job
    (:mod:`chessclub_web.pairings.jobs`): 201 when it has run (the site runs jobs in process)
    with the drafted round's number, else 202 with the job to follow (``GET jobs/{id}``).
    What the pairing refuses (the previous round not finished or not published, a closed
    tournament, no pairing found) answers 409 with the reason; a date outside the
    tournament's dates 400. The draft is shown by ``GET …/rounds/{n}`` to who pairs rounds
    and published by ``POST …/rounds/{n}/publish``. Team events are paired on their pages."""
    caller = caller_of(request)
    tournament = tournament_for(caller, number, pk, Action.EDIT_PAIRINGS)
    if tournament.is_team_event:
        raise refusals.Conflict(_("A team event's rounds are paired on its team pages."))
    refusal = pairing.pairing_refusal(tournament)
    if refusal:
        raise refusals.Conflict(refusal)
    proposed = pairing.proposed_round_slot(tournament, pairing.next_round(tournament))
    job = pairing_jobs.submit(
        tournament,
        caller.user,
        payload.date or proposed.date,
        payload.time or proposed.time,
        back_url="",
    )
    job.refresh_from_db()
    if job.status in (JobStatus.REFUSED, JobStatus.FAILED, JobStatus.INTERRUPTED):
        status = job.status_code if 400 <= job.status_code < 500 else 409
        return Status(status, ErrorOut(error=job.message, field=job.field))
    return Status(201 if job.status == JobStatus.DONE else 202, _job_out(job))


@router.get(
    "jobs/{job_id}",
    response={200: JobOut, 304: None, 400: ErrorOut, 401: ErrorOut, 404: ErrorOut},
    summary="A pairing job's state",
)
def job_state(request: HttpRequest, response: HttpResponse, job_id: uuid.UUID) -> object:
    """The job of ``POST …/pair``: to who asked for it (a token only within its club), with
    an ``ETag`` that changes with its state (``If-None-Match`` → 304)."""
    caller = caller_of(request)
    job = Job.objects.select_related("tournament").filter(pk=job_id).first()
    if (
        job is None
        or not visible_to(job, caller.user)
        or (
            job.tournament is not None
            and not caller.has_scope(Scope.EDIT_PAIRINGS, job.tournament.club_id)
        )
    ):
        raise Http404(_("No such job."))
    etag, same = not_modified(request, caller, f"{job.status}:{job.finished_at}:{job.progress}")
    if same:
        unchanged = HttpResponse(status=304)
        unchanged["ETag"] = etag
        return unchanged
    response["ETag"] = etag
    return Status(200, _job_out(job))


class PublishedOut(Schema):
    round: int
    state: str


@router.post(
    "clubs/{number}/tournaments/{pk}/rounds/{round_number}/publish",
    response={
        200: PublishedOut,
        400: ErrorOut,
        401: ErrorOut,
        403: ErrorOut,
        404: ErrorOut,
        409: ErrorOut,
    },
    summary="Publish a draft round",
)
def publish(request: HttpRequest, number: str, pk: int, round_number: int) -> object:
    """The token needs ``publish_round``. A round already published, or a closed tournament,
    answers 409; a round that does not exist, 404."""
    caller = caller_of(request)
    tournament = tournament_for(caller, number, pk, Action.PUBLISH_ROUND)
    if tournament.is_team_event:
        raise refusals.Conflict(_("A team event's rounds are published on its team pages."))
    round_row = Round.objects.filter(tournament=tournament, number=round_number).first()
    if round_row is None:
        raise Http404(_("No such round."))
    pairing.publish_round(round_row, caller.user)
    return Status(200, PublishedOut(round=round_row.number, state=round_row.state))
