"""Read endpoints of the JSON API (see :mod:`chessclub_web.api`): what the pages show, to the
callers the pages show it to (:mod:`chessclub_web.api.auth`).

- ``GET clubs`` and ``clubs/{number}``: the clubs the caller may see (public ones; a private
  one to its members, through a token only when it is the token's club).
- ``GET clubs/{number}/tournaments`` and ``…/tournaments/{id}``: the tournaments and their
  details.
- ``GET …/tournaments/{id}/rounds/{n}``: a round's boards with each game's ``id`` and
  ``version`` (what ``POST …/results`` needs, spec R3) and its byes. A draft round is shown only
  to who may pair rounds (``edit_pairings``), as on the pages; to anyone else it is a 404.
- ``GET …/tournaments/{id}/standings?round=N``: the *Classement*'s rows (spec S1, S3: the
  standings after round N count rounds 1 to N; a closed tournament's are its stored final
  standings), each tiebreak as the page prints it.

Every answer carries an ``ETag`` (the tournament's revision, the caller, the language and the
URL) and answers ``If-None-Match`` with 304, after the permission check.
"""

from __future__ import annotations

import datetime
import hashlib

from django.db.models import Q
from django.http import Http404, HttpRequest, HttpResponse
from django.utils import translation
from django.utils.translation import gettext as _
from ninja import Router, Schema

from chessclub_web.api.auth import Caller, caller_of, club_for, optional_caller, tournament_for
from chessclub_web.clubs.models import Club
from chessclub_web.clubs.permissions import Action, visible_clubs
from chessclub_web.tournaments.models import Bye, Game, Round, RoundState, Tournament
from chessclub_web.tournaments.presentation import tournament_summary
from chessclub_web.tournaments.views import chosen_round

router = Router(auth=optional_caller, tags=["read"])


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
    board: int | None
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
    games: list[GameOut]
    byes: list[ByeOut]


class TiebreakOut(Schema):
    code: str
    display: str


class StandingOut(Schema):
    rank: str
    pairing_number: int
    name: str
    rating: str
    points: str
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


def _club(club: Club) -> ClubOut:
    return ClubOut(number=club.number, name=club.name, public=club.public)


def _visible_clubs(caller: Caller) -> list[Club]:
    clubs = visible_clubs(caller.user)
    if caller.token is not None:
        clubs = clubs.filter(Q(public=True) | Q(pk=caller.token.club_id))
    return list(clubs.order_by("number"))


@router.get("clubs", response=list[ClubOut], summary="The clubs the caller may see")
def clubs(request: HttpRequest, response: HttpResponse) -> object:
    caller = caller_of(request)
    rows = _visible_clubs(caller)
    revision = hashlib.sha256(
        "|".join(f"{c.pk}:{c.number}:{c.name}:{c.public}" for c in rows).encode()
    ).hexdigest()
    return _answer(request, response, caller, revision, [_club(club) for club in rows])


@router.get("clubs/{number}", response=ClubOut, summary="A club")
def club(request: HttpRequest, response: HttpResponse, number: str) -> object:
    caller = caller_of(request)
    found = club_for(caller, number)
    return _answer(
        request, response, caller, f"{found.number}:{found.name}:{found.public}", _club(found)
    )


def _tournament(row: Tournament) -> TournamentOut:
    summary = tournament_summary(row)
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
        published_rounds=list(summary.published_rounds),
        closed=row.closed_at is not None,
        tiebreaks=list(summary.codes),
        revision=str(row.revision),
    )


@router.get(
    "clubs/{number}/tournaments",
    response=list[TournamentOut],
    summary="A club's tournaments the caller may see",
)
def tournaments(request: HttpRequest, response: HttpResponse, number: str) -> object:
    caller = caller_of(request)
    found = club_for(caller, number)
    rows = [
        row
        for row in Tournament.objects.filter(club=found).select_related("club").order_by("-pk")
        if caller.may_see(row)
    ]
    revision = "|".join(f"{row.pk}:{row.revision}" for row in rows)
    return _answer(request, response, caller, revision, [_tournament(row) for row in rows])


@router.get("clubs/{number}/tournaments/{pk}", response=TournamentOut, summary="A tournament")
def tournament(request: HttpRequest, response: HttpResponse, number: str, pk: int) -> object:
    caller = caller_of(request)
    row = tournament_for(caller, number, pk)
    return _answer(request, response, caller, row.revision, _tournament(row))


def _ref(player: object) -> PlayerRef:
    return PlayerRef(pairing_number=player.pairing_number, name=player.name)  # type: ignore[attr-defined]


@router.get(
    "clubs/{number}/tournaments/{pk}/rounds/{round_number}",
    response=RoundOut,
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
        games=[
            GameOut(
                id=game.pk,
                board=game.board,
                white=_ref(game.white),
                black=_ref(game.black),
                result=game.result,
                version=game.version,
            )
            for game in games
        ],
        byes=[ByeOut(player=_ref(bye.player), kind=bye.kind) for bye in byes],
    )
    return _answer(request, response, caller, row.revision, data)


@router.get(
    "clubs/{number}/tournaments/{pk}/standings",
    response=StandingsOut,
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
        rows=[
            StandingOut(
                rank=line.rank,
                pairing_number=line.pairing_number,
                name=line.name,
                rating=line.rating,
                points=line.points,
                games_played=line.games_played,
                tiebreaks=[
                    TiebreakOut(code=code, display=value)
                    for code, value in zip(summary.codes, line.tiebreaks, strict=False)
                ],
            )
            for line in summary.rows
        ],
    )
    return _answer(request, response, caller, row.revision, data)
