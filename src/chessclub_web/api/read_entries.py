"""A tournament's entries in the JSON API: ``GET clubs/{number}/tournaments/{id}/entries`` (this
module) and ``POST`` on the same path (:mod:`.write_entries`, on this module's
:data:`router`: django-ninja answers one path from one router, so both methods live on it).

``GET`` lists the entries as the *Inscriptions* page shows them, by pairing number: the page
needs the right ``manage_entries`` (the entries hold birth dates and national IDs), so does this
list: a personal token with the scope ``manage_entries`` of the tournament's club, or the
logged-in account of a browser's session with that right (``docs/permissions.md``). An
anonymous caller answers 401, a caller without the right 403, a tournament the caller may not
see 404.
"""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.utils.translation import gettext as _
from ninja import Router, Schema
from ninja.errors import AuthenticationError

from chessclub_web.api.auth import caller_of, optional_caller, tournament_for
from chessclub_web.api.read import not_modified, unchanged
from chessclub_web.api.schemas import ErrorOut
from chessclub_web.api.write import IdPath
from chessclub_web.clubs.permissions import Action
from chessclub_web.tournaments.models import TournamentPlayer

#: The entries' router: ``GET`` here, ``POST`` added by :mod:`.write_entries`.
router = Router(tags=["entries"])


class EntryOut(Schema):
    """One entry. ``rating``: the rating that pairs and ranks (``null``: unrated);
    ``fide_rating`` and ``national_rating`` the lists' beside it (R-REG-4); ``national_id``
    the federation's number (Belgian matricule, Swiss code); ``birth_date`` as stored
    (``YYYY-MM-DD``, or the year alone when a list gives only that); ``entry_round`` the
    first round played (a late entry: > 1); ``withdrawn_from_round`` ``null`` while playing."""

    id: int
    pairing_number: int
    name: str
    rating: int | None
    fide_rating: int | None
    national_rating: int | None
    title: str
    federation: str
    fide_id: str
    national_id: str
    sex: str
    birth_date: str
    club: str
    entry_round: int
    withdrawn_from_round: int | None


def entry_out(player: TournamentPlayer) -> EntryOut:
    """The API's view of an entry."""
    return EntryOut(
        id=player.pk,
        pairing_number=player.pairing_number,
        name=player.name,
        rating=player.rating,
        fide_rating=player.fide_rating,
        national_rating=player.national_rating,
        title=player.title,
        federation=player.federation,
        fide_id=player.fide_id,
        national_id=player.matricule,
        sex=player.sex,
        birth_date=player.birth_date,
        club=player.club,
        entry_round=player.entry_round,
        withdrawn_from_round=player.withdrawn_from_round,
    )


@router.get(
    "clubs/{number}/tournaments/{pk}/entries",
    auth=optional_caller,
    response={
        200: list[EntryOut],
        304: None,
        400: ErrorOut,
        401: ErrorOut,
        403: ErrorOut,
        404: ErrorOut,
        429: ErrorOut,
    },
    summary="The tournament's entries, by pairing number (who may manage the entries)",
)
def entries(request: HttpRequest, response: HttpResponse, number: str, pk: IdPath) -> object:
    """With the tournament's ``ETag`` (``If-None-Match`` → 304), after the permission check."""
    caller = caller_of(request)
    row = tournament_for(caller, number, pk)
    if caller.is_anonymous:
        raise AuthenticationError(
            401, _("This needs a personal token or an account that may manage the entries.")
        )
    caller.require(row, Action.MANAGE_ENTRIES)
    held = unchanged(request, caller, row.revision)
    if held is not None:
        return held
    response["ETag"] = not_modified(request, caller, row.revision)[0]
    return [entry_out(player) for player in row.players.order_by("pairing_number", "pk")]
