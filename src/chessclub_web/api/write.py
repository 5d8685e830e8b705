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

from django.http import Http404, HttpRequest
from django.utils.translation import gettext as _
from ninja import Router, Schema, Status
from pydantic import Field

from chessclub_web.api.auth import caller_of, token_caller, tournament_for
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


class ErrorOut(Schema):
    error: str
    field: str = ""
    board: int | str | None = None


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
