"""Players' own results through the JSON API (rules J1–J8, :mod:`chessclub_web.reports`).

- ``GET me/games``: the games of the players the caller's account is linked to, in
  tournaments that take reports, with the standing reports (the caller's and the opponent's).
- ``POST me/games/{game}/report`` ``{"result": "1-0", "version": 3}``: report the result of
  one's own game (a token with ``report_results``, in the game's club). Confirming the
  opponent's report is reporting the same result: the result is then saved (J4).

Both need an account: a token (``report_results`` to write) or, to read, the session.
"""

from __future__ import annotations

from typing import Annotated

from django.http import Http404, HttpRequest, HttpResponse
from django.utils.translation import gettext as _
from ninja import Router, Schema, Status
from pydantic import Field

from chessclub_web import refusals
from chessclub_web.accounts.models import Scope
from chessclub_web.api.auth import caller_of, optional_caller, token_caller
from chessclub_web.api.read import not_modified
from chessclub_web.api.schemas import ErrorOut
from chessclub_web.reports import services
from chessclub_web.tournaments.models import Game

router = Router(tags=["player reports"])


class ReportOut(Schema):
    side: str
    result: str
    state: str


class MyGameOut(Schema):
    game: int
    club: str
    tournament: int
    tournament_name: str
    round: int
    board: int | None
    white: str
    black: str
    side: str = Field(description="The side the account speaks for: white or black.")
    result: str = Field(description="The stored result (empty: none yet).")
    version: int
    mine: ReportOut | None
    theirs: ReportOut | None


def _report(row: object) -> ReportOut | None:
    if row is None:
        return None
    return ReportOut(side=row.side, result=row.result, state=row.state)  # type: ignore[attr-defined]


@router.get(
    "me/games",
    auth=optional_caller,
    response={200: list[MyGameOut], 304: None, 400: ErrorOut, 401: ErrorOut, 404: ErrorOut},
    summary="My games to report (the players my account is linked to)",
)
def my_games(request: HttpRequest, response: HttpResponse) -> object:
    """With an ``ETag`` (``If-None-Match`` → 304) that changes with any game or report."""
    caller = caller_of(request)
    if caller.is_anonymous:
        raise refusals.Refused(_("This needs an account: log in or send a token."), status=401)
    rows = []
    for item in services.my_games(caller.user):
        game = item.game
        tournament = game.round.tournament
        if caller.token is not None and caller.token.club_id != tournament.club_id:
            continue
        rows.append(
            MyGameOut(
                game=game.pk,
                club=tournament.club.number if tournament.club else "",
                tournament=tournament.pk,
                tournament_name=tournament.name,
                round=game.round.number,
                board=game.board,
                white=game.white.name,
                black=game.black.name,
                side=item.side,
                result=game.result,
                version=game.version,
                mine=_report(item.mine),
                theirs=_report(item.theirs),
            )
        )
    revision = "|".join(
        f"{r.game}:{r.version}:{r.result}:{r.mine and r.mine.result}:{r.theirs and r.theirs.result}"
        for r in rows
    )
    etag, same = not_modified(request, caller, revision)
    if same:
        unchanged = HttpResponse(status=304)
        unchanged["ETag"] = etag
        return unchanged
    response["ETag"] = etag
    return Status(200, rows)


class ReportIn(Schema):
    result: str = Field(max_length=3, description='"1-0", "=" or "0-1" (White first).')
    version: int = Field(ge=1, le=2_147_483_647, description="The game's version as read.")


class ReportedOut(Schema):
    game: int
    result: str
    state: str = Field(description="proposed, or confirmed when the opponent had proposed it.")
    saved: bool = Field(description="The result is now the game's (J4).")


@router.post(
    "me/games/{game}/report",
    auth=token_caller,
    response={
        200: ReportedOut,
        400: ErrorOut,
        401: ErrorOut,
        403: ErrorOut,
        404: ErrorOut,
        409: ErrorOut,
    },
    summary="Report my game's result (the opponent's same result confirms it)",
)
def report_result(
    request: HttpRequest, game: Annotated[int, Field(ge=1, le=2_147_483_647)], payload: ReportIn
) -> object:
    caller = caller_of(request)
    row = Game.objects.select_related("round__tournament", "white", "black").filter(pk=game).first()
    if row is None or not services.sides_of(caller.user, row):
        raise Http404(_("No such game among yours."))
    if not caller.has_scope(Scope.REPORT_RESULTS, row.round.tournament.club_id):
        raise refusals.NotAllowed(_("This token may not report results (report_results)."))
    done = services.report(row, caller.user, payload.result, payload.version)
    return Status(
        200,
        ReportedOut(
            game=row.pk, result=done.report.result, state=done.report.state, saved=done.saved
        ),
    )
