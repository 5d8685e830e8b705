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
- ``PUT …/rounds/{n}/boards/{game}`` with ``{"result": "1-0", "version": 3}``: one board, the
  same save (200 ``{"game", "result", "version"}``; 409 ``{"error", "stale": [{…}]}``).

The entries are written in :mod:`.write_entries`, rounds paired and published in
:mod:`.write_rounds`. Every write endpoint declares :func:`responses`: its success and the
errors 400, 401, 403, 404, 409 and 429, each with its JSON schema.
"""

from __future__ import annotations

from typing import Any

from django.http import Http404, HttpRequest
from django.utils.translation import gettext as _
from ninja import P, PathEx, Router, Schema, Status
from pydantic import Field

from chessclub_web.api.auth import caller_of, token_caller, tournament_for
from chessclub_web.api.schemas import ErrorOut
from chessclub_web.results.models import Via
from chessclub_web.results.services import MAX_VERSION, Change, save_results
from chessclub_web.results.views import entry_action
from chessclub_web.tournaments.models import Round, Tournament

router = Router(auth=token_caller, tags=["write"])

#: The largest id or number a path takes (a database's integer): a larger one is a 400.
MAX_ID = 2_147_483_647
#: The largest round number a path takes (``Round.number``).
MAX_ROUND = 32_767

#: A tournament's or a game's id in a path: 1 to :data:`MAX_ID` (else 400 naming it).
IdPath = PathEx[int, P(ge=1, le=MAX_ID)]
#: A round's number in a path: 1 to :data:`MAX_ROUND`.
RoundPath = PathEx[int, P(ge=1, le=MAX_ROUND)]


class BoardIn(Schema):
    game: int = Field(ge=1, le=MAX_ID, description="The game's id (GET …/rounds/{n}).")
    result: str = Field(
        max_length=3, description='The result code: "1-0", "=", "0-1", "+-", "-+", "--" or "".'
    )
    version: int = Field(
        ge=1, le=MAX_VERSION, description="The board's version as the client read it."
    )


class ResultsIn(Schema):
    boards: list[BoardIn] = Field(max_length=500)


class OneBoardIn(Schema):
    result: str = Field(
        max_length=3, description='The result code: "1-0", "=", "0-1", "+-", "-+", "--" or "".'
    )
    version: int = Field(
        ge=1, le=MAX_VERSION, description="The board's version as the client read it."
    )


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


#: The errors every write endpoint may answer (:func:`responses`).
WRITE_ERRORS: dict[int, Any] = {
    400: ErrorOut,
    401: ErrorOut,
    403: ErrorOut,
    404: ErrorOut,
    409: ErrorOut,
    429: ErrorOut,
}


def responses(ok: dict[int, Any], **errors: Any) -> dict[int, Any]:
    """A write endpoint's declared answers: ``ok`` (``{201: EntryOut}``…), then
    :data:`WRITE_ERRORS`, with ``errors`` (``e409=StaleOut | ErrorOut``) in their place."""
    found = dict(WRITE_ERRORS)
    for name, schema in errors.items():
        found[int(name.removeprefix("e"))] = schema
    return {**ok, **found}


def round_of(tournament: Tournament, number: int) -> Round:
    """Round ``number`` of ``tournament``; ``Http404`` when it has none."""
    found = Round.objects.filter(tournament=tournament, number=number).first()
    if found is None:
        raise Http404(_("No such round."))
    return found


def _stale_answer(stale: list[BoardOut]) -> Status[StaleOut]:
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


def _save(
    request: HttpRequest, number: str, pk: int, round_number: int, changes: list[Change]
) -> tuple[list[BoardOut], list[BoardOut]]:
    """The boards ``changes`` saved by ``save_results`` (the boards page's service, marked
    *JSON API*), after the caller's check (``enter_results``, ``correct_results`` once
    closed); ``(saved, stale)``: one of them is empty (R3: nothing saved when one is stale)."""
    caller = caller_of(request)
    tournament = tournament_for(caller, number, pk)
    caller.require(tournament, entry_action(tournament))
    round_row = round_of(tournament, round_number)
    outcome = save_results(tournament, round_row, changes, caller.user, via=Via.API)
    shown = [
        [
            BoardOut(game=game_id, result=stored.result, version=stored.version)
            for game_id, stored in sorted(found.items())
        ]
        for found in (outcome.saved, outcome.stale)
    ]
    return shown[0], shown[1]


@router.post(
    "clubs/{number}/tournaments/{pk}/rounds/{round_number}/results",
    response=responses({200: SavedOut}, e409=StaleOut | ErrorOut),
    summary="Save boards' results, each with the version read (409 when one is stale)",
)
def save_round_results(
    request: HttpRequest,
    number: str,
    pk: IdPath,
    round_number: RoundPath,
    payload: ResultsIn,
) -> object:
    changes = [Change(board.game, board.result, board.version) for board in payload.boards]
    if len({change.game_id for change in changes}) != len(changes):
        return Status(
            400, ErrorOut(error=_("A board is sent twice: send each game once."), field="boards")
        )
    saved, stale = _save(request, number, pk, round_number, changes)
    if stale:
        return _stale_answer(stale)
    return Status(200, SavedOut(saved=saved))


@router.put(
    "clubs/{number}/tournaments/{pk}/rounds/{round_number}/boards/{game}",
    response=responses({200: BoardOut}, e409=StaleOut | ErrorOut),
    summary="Save one board's result with the version read (409 when it is stale)",
)
def save_board_result(
    request: HttpRequest,
    number: str,
    pk: IdPath,
    round_number: RoundPath,
    game: IdPath,
    payload: OneBoardIn,
) -> object:
    """One board of ``POST …/results``: ``{"result": "1-0", "version": 3}`` → 200 with the
    stored result and its new version; 409 with the stored one when ``version`` is stale
    (R3: nothing saved); 400 for a code that is not a result or a game of another round."""
    saved, stale = _save(
        request, number, pk, round_number, [Change(game, payload.result, payload.version)]
    )
    if stale:
        return _stale_answer(stale)
    return Status(200, saved[0])
