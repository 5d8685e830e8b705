"""The club Elo through the JSON API (see :mod:`chessclub_web.api.read`): what the
*Variations Elo*, the roster and a player's page show (:mod:`chessclub_web.closing.services`,
spec E1, E8, E9). The club's own Elo, per time control: never the FIDE Elo.

- ``GET clubs/{number}/tournaments/{id}/elo``: a closed club tournament's changes (404 for
  any other, as the page): per player Ro, K, counting games, score and expected score
  (``exact``, ``"7/2"``, and ``decimal``, ``"3.5"``, as the page writes it), Δ and the new
  Elo; and the entries without a change.
- ``GET clubs/{number}/players`` (a page of the list, :mod:`.read_pages`): the roster as its
  page shows it: name, federation IDs, the club Elo now in each time control.
- ``GET clubs/{number}/players/{id}/elo``: the player's club Elo history, per time control:
  the initial Elo, the club Elo now, one line per closed club tournament (closing order).

Seen by whoever sees the club (a private club: its members; a token of that club). The
answers carry an ETag of their content (304 as :mod:`.read`).
"""

from __future__ import annotations

import datetime

from django.http import Http404, HttpRequest, HttpResponse
from django.utils.translation import gettext as _
from ninja import Query, Router, Schema
from pydantic import Field

from chessclub_web.api.auth import caller_of, club_for, optional_caller, tournament_for
from chessclub_web.api.read import _answer, responses
from chessclub_web.api.read_pages import PageOut, PageQuery, digest, page_of
from chessclub_web.closing import services
from chessclub_web.closing.models import EloRow
from chessclub_web.clubs.models import Player
from chessclub_web.tournaments.models import TimeControlCategory

router = Router(auth=optional_caller, tags=["read"])


class ScoreOut(Schema):
    exact: str = Field(description='Exactly: "7/2", "161/50".')
    decimal: str = Field(description='As the page writes it: "3.5", "3.22".')


def _score(text: str) -> ScoreOut:
    return ScoreOut(exact=text, decimal=str(services.elo_decimal(text)))


class EloChangeOut(Schema):
    pairing_number: int | None
    name: str
    player_id: int = Field(description="The roster player (GET clubs/{number}/players/{id}/elo).")
    ro: int = Field(description="Club Elo before the tournament.")
    k: int
    games: int = Field(description="Counting games (played on the board).")
    score: ScoreOut
    expected: ScoreOut
    delta: int = Field(description="K × (score − expected), rounded once (FIDE B.02).")
    rn: int = Field(description="The new club Elo.")


class EntryRef(Schema):
    pairing_number: int
    name: str


class TournamentEloOut(Schema):
    time_control: str
    rows: list[EloChangeOut]
    without: list[EntryRef] = Field(
        description="Entries without a change: not on the roster, or no club Elo there."
    )


@router.get(
    "clubs/{number}/tournaments/{pk}/elo",
    response=responses(TournamentEloOut),
    summary="A closed club tournament's club Elo changes",
)
def tournament_elo(request: HttpRequest, response: HttpResponse, number: str, pk: int) -> object:
    caller = caller_of(request)
    row = tournament_for(caller, number, pk)
    if not services.has_elo_changes(row):
        raise Http404(_("No Elo changes: the tournament is not a closed club tournament."))
    changes, without = services.elo_changes(row)
    data = TournamentEloOut(
        time_control=row.time_control_category,
        rows=[
            EloChangeOut(
                pairing_number=change.pairing_number,
                name=change.name,
                player_id=change.player.pk,
                ro=change.row.ro,
                k=change.row.k,
                games=change.row.games,
                score=_score(change.row.score),
                expected=_score(change.row.expected),
                delta=change.row.delta,
                rn=change.row.rn,
            )
            for change in changes
        ],
        without=[EntryRef(pairing_number=e.pairing_number, name=e.name) for e in without],
    )
    return _answer(request, response, caller, f"{row.revision}:{digest(data)}", data)


class RosterPlayerOut(Schema):
    id: int
    name: str
    surname: str
    first_name: str
    matricule: str
    fide_id: str
    swiss_code: str
    club_elo: dict[str, int | None] = Field(
        description="The club Elo now per time control (standard, rapid, blitz): the last "
        "tournament's new Elo, else the initial Elo; null: none (E1)."
    )


class RosterPage(PageOut):
    items: list[RosterPlayerOut]


@router.get(
    "clubs/{number}/players",
    response=responses(RosterPage),
    summary="The club's players with their club Elo now",
)
def roster(
    request: HttpRequest, response: HttpResponse, number: str, paging: Query[PageQuery]
) -> object:
    caller = caller_of(request)
    club = club_for(caller, number)
    page = page_of(Player.objects.filter(club=club), paging)
    latest = services.club_elos_now(club)
    items = [
        RosterPlayerOut(
            id=p.pk,
            name=str(p),
            surname=p.surname,
            first_name=p.first_name,
            matricule=p.matricule,
            fide_id=p.fide_id,
            swiss_code=p.swiss_code,
            club_elo={
                tc: latest.get((p.pk, tc), p.initial_elo(tc)) for tc in TimeControlCategory.values
            },
        )
        for p in page.items
    ]
    data = page.envelope(items)
    return _answer(request, response, caller, digest(data), data)


class HistoryLine(Schema):
    tournament_id: int
    tournament: str
    end_date: datetime.date | None
    ro: int = Field(description="Club Elo before.")
    k: int
    games: int
    score: ScoreOut
    expected: ScoreOut
    delta: int
    rn: int = Field(description="Club Elo after.")


class TimeControlHistory(Schema):
    time_control: str
    label: str
    initial: int | None
    current: int | None = Field(description="The club Elo now (E1).")
    rows: list[HistoryLine]


class PlayerEloOut(Schema):
    id: int
    name: str
    time_controls: list[TimeControlHistory]


def _line(row: EloRow) -> HistoryLine:
    return HistoryLine(
        tournament_id=row.tournament_id,
        tournament=row.tournament.name,
        end_date=row.tournament.end_date,
        ro=row.ro,
        k=row.k,
        games=row.games,
        score=_score(row.score),
        expected=_score(row.expected),
        delta=row.delta,
        rn=row.rn,
    )


@router.get(
    "clubs/{number}/players/{player_id}/elo",
    response=responses(PlayerEloOut),
    summary="A player's club Elo history per time control",
)
def player_elo(request: HttpRequest, response: HttpResponse, number: str, player_id: int) -> object:
    caller = caller_of(request)
    club = club_for(caller, number)
    player = (
        Player.objects.filter(club=club, pk=player_id).first()
        if player_id <= 2_147_483_647
        else None
    )
    if player is None:
        raise Http404(_("No such player."))
    history = services.elo_history(player)
    data = PlayerEloOut(
        id=player.pk,
        name=str(player),
        time_controls=[
            TimeControlHistory(
                time_control=tc,
                label=str(label),
                initial=player.initial_elo(tc),
                current=services.current_elo(player, tc),
                rows=[_line(row) for row in history[tc]],
            )
            for tc, label in TimeControlCategory.choices
        ],
    )
    return _answer(request, response, caller, digest(data), data)
