"""Read endpoints of the JSON API (see :mod:`chessclub_web.api`): what the pages show, to the
callers the pages show it to (:mod:`chessclub_web.api.auth`).

- ``GET clubs`` and ``clubs/{number}``: the clubs the caller may see (public ones; a private
  one to its members, through a token only when it is the token's club).
- ``GET clubs/{number}/tournaments`` and ``…/tournaments/{id}``: the tournaments and their
  details. The list's published rounds are read from the rounds' rows and its tiebreaks from
  the settings (a closed tournament's: those its final standings were stored with), never by
  computing each tournament's standings.
- ``GET …/tournaments/{id}/rounds/{n}``: a round's boards with each game's ``id`` and
  ``version`` (what ``POST …/results`` needs, spec R3) and its byes. A draft round is shown only
  to who may pair rounds (``edit_pairings``), as on the pages; to anyone else it is a 404.
- ``GET …/tournaments/{id}/standings?round=N``: the *Classement*'s rows (spec S1, S3: the
  standings after round N count rounds 1 to N; a closed tournament's are its stored final
  standings), each tiebreak as the page prints it (``display``) and as the core computed it
  (``exact``: ``"12"``, ``"25/2"``; the points too, ``points_exact``), from the page's own
  computation (:func:`~chessclub_web.tournaments.presentation.tournament_summary`).

Lists come in pages (:mod:`.read_pages`): ``{"count", "page", "page_size", "items"}``.
The crosstable and the explanations are in :mod:`.read_tables`, the club Elo and the roster in
:mod:`.read_elo`, the federation files in :mod:`.read_exports`.

Every answer carries an ``ETag`` (the tournament's revision, the caller, the language and the
URL) and answers ``If-None-Match`` with 304, after the permission check.
"""

from __future__ import annotations

import datetime
import hashlib
from typing import Any

from django.db.models import Q, QuerySet
from django.http import Http404, HttpRequest, HttpResponse
from django.utils import translation
from django.utils.translation import gettext as _
from ninja import Query, Router, Schema
from pydantic import Field

from chessclub_web.api.auth import Caller, caller_of, club_for, optional_caller, tournament_for
from chessclub_web.api.read_pages import PageOut, PageQuery, page_of
from chessclub_web.api.schemas import ErrorOut
from chessclub_web.closing.models import Closure
from chessclub_web.clubs.models import Club
from chessclub_web.clubs.permissions import Action, visible_clubs
from chessclub_web.tournaments.adapters import standings_settings
from chessclub_web.tournaments.models import Bye, Game, Round, RoundState, Tournament
from chessclub_web.tournaments.presentation import (
    Summary,
    SummaryRow,
    shown_tiebreaks,
    tournament_summary,
)
from chessclub_web.tournaments.views import chosen_round

router = Router(auth=optional_caller, tags=["read"])

#: The answers every read endpoint declares besides its 200 (``ETag``/304, the errors' JSON).
READ_ERRORS: dict[int, Any] = {304: None, 400: ErrorOut, 401: ErrorOut, 404: ErrorOut}


def responses(ok: Any) -> dict[int, Any]:
    """An endpoint's declared answers: ``ok`` (200) and :data:`READ_ERRORS`."""
    return {200: ok, **READ_ERRORS}


class ClubOut(Schema):
    number: str
    name: str
    public: bool


class TournamentOut(Schema):
    id: int
    name: str
    kind: str
    system: str
    time_control_category: str
    time_control: str
    start_date: datetime.date | None
    end_date: datetime.date | None
    city: str
    planned_rounds: int | None
    published_rounds: list[int]
    closed: bool
    tiebreaks: list[str]
    revision: str


class PlayerRef(Schema):
    pairing_number: int
    name: str


class GameOut(Schema):
    id: int
    board: int = Field(
        description="The board number; for a round read from a file that gives none (TRF), "
        "the game's place in the round, as the boards page numbers it."
    )
    white: PlayerRef
    black: PlayerRef
    result: str
    version: int


class ByeOut(Schema):
    player: PlayerRef
    kind: str


class RoundOut(Schema):
    number: int
    state: str
    date: datetime.date | None
    time: datetime.time | None = Field(description="The round's start, local time.")
    games: list[GameOut]
    byes: list[ByeOut]


class ClubPage(PageOut):
    items: list[ClubOut]


class TournamentPage(PageOut):
    items: list[TournamentOut]


class TiebreakOut(Schema):
    code: str
    display: str = Field(description="The value's label: 27½, 16¾, 13.40, – (none).")
    shown: str = Field(
        description="What the page's cell prints: the label, or empty for a Direct "
        "Encounter that separates no one (C.07 Art. 6)."
    )
    exact: str | None = Field(
        description='As the core computed it: "12", "55/2", "67/4" (a fraction), null when '
        "not computed or, in stored final standings, not known exactly."
    )


class StandingOut(Schema):
    rank: str
    pairing_number: int
    name: str
    rating: str
    points: str
    points_exact: str | None = Field(description='The points exactly: "5", "9/2".')
    games_played: int
    tiebreaks: list[TiebreakOut]


class StandingsOut(Schema):
    after_round: int
    final: bool
    tiebreaks: list[str]
    rows: list[StandingOut]


def not_modified(request: HttpRequest, caller: Caller, revision: object) -> tuple[str, bool]:
    """The ETag of this answer (revision, caller, language, full path with the query) and
    whether the request's ``If-None-Match`` already holds it (then the answer is a 304)."""
    seed = "|".join(
        (str(revision), str(caller), translation.get_language() or "", request.get_full_path())
    )
    etag = '"' + hashlib.sha256(seed.encode()).hexdigest()[:32] + '"'
    asked = request.headers.get("If-None-Match", "")
    held = {part.strip().removeprefix("W/") for part in asked.split(",") if part.strip()}
    return etag, etag in held or "*" in held


def _answer(
    request: HttpRequest, response: HttpResponse, caller: Caller, revision: object, data: object
) -> object:
    """``data`` with its ETag, or a bodiless 304 when the client holds it already."""
    etag, same = not_modified(request, caller, revision)
    if same:
        unchanged = HttpResponse(status=304)
        unchanged["ETag"] = etag
        return unchanged
    response["ETag"] = etag
    return data


def unchanged(request: HttpRequest, caller: Caller, revision: object) -> HttpResponse | None:
    """The bodiless 304 when the client holds this answer already (checked before anything
    is computed), else ``None``."""
    etag, same = not_modified(request, caller, revision)
    if not same:
        return None
    answer = HttpResponse(status=304)
    answer["ETag"] = etag
    return answer


def _club(club: Club) -> ClubOut:
    return ClubOut(number=club.number, name=club.name, public=club.public)


def _visible_clubs(caller: Caller) -> QuerySet[Club]:
    clubs = visible_clubs(caller.user)
    if caller.token is not None:
        clubs = clubs.filter(Q(public=True) | Q(pk=caller.token.club_id))
    return clubs.order_by("number")


@router.get("clubs", response=responses(ClubPage), summary="The clubs the caller may see")
def clubs(request: HttpRequest, response: HttpResponse, paging: Query[PageQuery]) -> object:
    caller = caller_of(request)
    page = page_of(_visible_clubs(caller), paging)
    revision = hashlib.sha256(
        "|".join(
            [str(page.count)] + [f"{c.pk}:{c.number}:{c.name}:{c.public}" for c in page.items]
        ).encode()
    ).hexdigest()
    return _answer(
        request, response, caller, revision, page.envelope([_club(c) for c in page.items])
    )


@router.get("clubs/{number}", response=responses(ClubOut), summary="A club")
def club(request: HttpRequest, response: HttpResponse, number: str) -> object:
    caller = caller_of(request)
    found = club_for(caller, number)
    return _answer(
        request, response, caller, f"{found.number}:{found.name}:{found.public}", _club(found)
    )


def _tournament(
    row: Tournament, published_rounds: list[int], tiebreaks: tuple[str, ...]
) -> TournamentOut:
    return TournamentOut(
        id=row.pk,
        name=row.name,
        kind=row.kind,
        system=row.system,
        time_control_category=row.time_control_category,
        time_control=row.time_control,
        start_date=row.start_date,
        end_date=row.end_date,
        city=row.city,
        planned_rounds=row.planned_rounds,
        published_rounds=published_rounds,
        closed=row.closed_at is not None,
        tiebreaks=list(tiebreaks),
        revision=str(row.revision),
    )


def _listed(rows: list[Tournament]) -> list[TournamentOut]:
    """The list's items without any tournament's standings: the published rounds from the
    rounds' rows (one query; a draft is never counted, as the standings count none), the
    tiebreaks from the settings (``standings_settings``) or, for a closed individual
    tournament, those of its :class:`~chessclub_web.closing.models.Closure` (what its stored
    final standings show)."""
    published: dict[int, list[int]] = {row.pk: [] for row in rows}
    for tournament_id, number in (
        Round.objects.filter(tournament__in=rows)
        .exclude(state=RoundState.DRAFT)
        .order_by("number")
        .values_list("tournament_id", "number")
    ):
        published[tournament_id].append(number)
    closed = [row.pk for row in rows if row.closed_at is not None and not row.is_team_event]
    stored = dict(
        Closure.objects.filter(tournament__in=closed).values_list("tournament_id", "codes")
    )
    return [
        _tournament(
            row,
            published[row.pk],
            tuple(stored[row.pk]) if stored.get(row.pk) else standings_settings(row).codes,
        )
        for row in rows
    ]


@router.get(
    "clubs/{number}/tournaments",
    response=responses(TournamentPage),
    summary="A club's tournaments the caller may see",
)
def tournaments(
    request: HttpRequest, response: HttpResponse, number: str, paging: Query[PageQuery]
) -> object:
    """Every tournament of a club the caller may see is seen (``Caller.may_see``), newest
    first."""
    caller = caller_of(request)
    found = club_for(caller, number)
    page = page_of(
        Tournament.objects.filter(club=found).select_related("club").order_by("-pk"), paging
    )
    revision = "|".join([str(page.count)] + [f"{row.pk}:{row.revision}" for row in page.items])
    return _answer(request, response, caller, revision, page.envelope(_listed(page.items)))


@router.get(
    "clubs/{number}/tournaments/{pk}", response=responses(TournamentOut), summary="A tournament"
)
def tournament(request: HttpRequest, response: HttpResponse, number: str, pk: int) -> object:
    caller = caller_of(request)
    row = tournament_for(caller, number, pk)
    summary = tournament_summary(row)
    data = _tournament(row, list(summary.published_rounds), summary.codes)
    return _answer(request, response, caller, row.revision, data)


def _ref(player: object) -> PlayerRef:
    return PlayerRef(pairing_number=player.pairing_number, name=player.name)  # type: ignore[attr-defined]


@router.get(
    "clubs/{number}/tournaments/{pk}/rounds/{round_number}",
    response=responses(RoundOut),
    summary="A round's boards (each game's id and version) and byes",
)
def round_detail(
    request: HttpRequest, response: HttpResponse, number: str, pk: int, round_number: int
) -> object:
    caller = caller_of(request)
    row = tournament_for(caller, number, pk)
    found = Round.objects.filter(tournament=row, number=round_number).first()
    if found is None or (
        found.state != RoundState.PUBLISHED and not caller.may(row, Action.EDIT_PAIRINGS)
    ):
        raise Http404(_("No such round."))
    games = (
        Game.objects.filter(round=found).select_related("white", "black").order_by("board", "pk")
    )
    byes = (
        Bye.objects.filter(round=found).select_related("player").order_by("player__pairing_number")
    )
    data = RoundOut(
        number=found.number,
        state=found.state,
        date=found.date,
        time=found.time,
        games=[
            GameOut(
                id=game.pk,
                board=game.board if game.board is not None else place,
                white=_ref(game.white),
                black=_ref(game.black),
                result=game.result,
                version=game.version,
            )
            for place, game in enumerate(games, start=1)
        ],
        byes=[ByeOut(player=_ref(bye.player), kind=bye.kind) for bye in byes],
    )
    return _answer(request, response, caller, row.revision, data)


@router.get(
    "clubs/{number}/tournaments/{pk}/standings",
    response=responses(StandingsOut),
    summary="The standings (after round N with ?round=N)",
)
def standings(
    request: HttpRequest, response: HttpResponse, number: str, pk: int, round: str = ""
) -> object:
    caller = caller_of(request)
    row = tournament_for(caller, number, pk)
    after = chosen_round(request, row)
    summary = tournament_summary(row, after)
    data = StandingsOut(
        after_round=summary.last_round,
        final=summary.final_stored_at is not None,
        tiebreaks=list(summary.codes),
        rows=standing_rows(summary),
    )
    return _answer(request, response, caller, row.revision, data)


def tiebreak_values(
    summary: Summary, index: int, line: SummaryRow, shown: tuple[str, ...]
) -> list[TiebreakOut]:
    """Row ``index``'s tiebreaks: the label, what the page prints (``shown``, the row's
    :func:`~chessclub_web.tournaments.presentation.shown_tiebreaks`) and the exact value."""
    exact = summary.exact[index][1] if index < len(summary.exact) else ()
    return [
        TiebreakOut(
            code=code,
            display=value,
            shown=shown[i] if i < len(shown) else value,
            exact=exact[i] if i < len(exact) else None,
        )
        for i, (code, value) in enumerate(zip(summary.codes, line.tiebreaks, strict=False))
    ]


def points_exact(summary: Summary, index: int) -> str | None:
    return summary.exact[index][0] if index < len(summary.exact) else None


def standing_rows(summary: Summary) -> list[StandingOut]:
    """The *Classement*'s rows of ``summary``, with the exact values."""
    shown = shown_tiebreaks(summary)
    return [
        StandingOut(
            rank=line.rank,
            pairing_number=line.pairing_number,
            name=line.name,
            rating=line.rating,
            points=line.points,
            points_exact=points_exact(summary, index),
            games_played=line.games_played,
            tiebreaks=tiebreak_values(summary, index, line, shown[index]),
        )
        for index, line in enumerate(summary.rows)
    ]
