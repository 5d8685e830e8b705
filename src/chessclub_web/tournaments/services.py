"""Actions on tournaments: each runs in one transaction; permissions are checked by the caller."""

from __future__ import annotations

from typing import Any

from django.db import transaction

from chessclub.formats import read_tournament
from chessclub_web.clubs.models import Club
from chessclub_web.tournaments import models as rows
from chessclub_web.tournaments.adapters import store_tournament


@transaction.atomic
def import_tournament(
    club: Club,
    data: bytes,
    filename: str,
    user: Any = None,
    *,
    kind: str = rows.Kind.CLUB,
    time_control_category: str = rows.TimeControlCategory.STANDARD,
) -> rows.Tournament:
    """Read a Belgian results file or a TRF (format detected from the content) into ``club``.

    Raises :class:`chessclub.formats.FormatError` (every problem with line and column) for a
    malformed file; nothing is stored then. Returns the new tournament row.
    """
    tournament = read_tournament(data, source=filename)
    creator = user if user is not None and user.is_authenticated else None
    return store_tournament(
        tournament,
        club=club,
        kind=kind,
        time_control_category=time_control_category,
        creator=creator,
        source_filename=filename,
    )
