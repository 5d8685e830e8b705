"""What an imported file states for rounds not yet paired (spec P6): requested byes and
absences, stored as the entries page stores them (``RequestedBye``, ``Absence``)."""

from __future__ import annotations

from collections.abc import Iterable

from chessclub_web.pairings.models import Absence, RequestedBye
from chessclub_web.tournaments.models import Tournament


def store_requests(row: Tournament, requests: Iterable[tuple[int, int, str]]) -> None:
    """Store ``(pairing_number, round_number, kind)`` of the new tournament ``row``: ``kind``
    ``"H"`` or ``"Z"`` a requested bye, ``"-"`` an absence. Runs inside the import's
    transaction; the file states them, so the tournament's limit of requested byes
    (``max_requested_byes``, a rule for players asking) does not apply."""
    ids = dict(row.players.values_list("pairing_number", "id"))
    byes: list[RequestedBye] = []
    absences: list[Absence] = []
    for number, round_number, kind in requests:
        if kind == "-":
            absences.append(Absence(player_id=ids[number], round_number=round_number))
        else:
            byes.append(RequestedBye(player_id=ids[number], round_number=round_number, kind=kind))
    RequestedBye.objects.bulk_create(byes)
    Absence.objects.bulk_create(absences)
