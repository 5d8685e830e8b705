"""Actions on tournaments: each runs in one transaction; permissions are checked by the caller."""

from __future__ import annotations

import hashlib
import secrets
from typing import Any

from django.core.exceptions import ValidationError
from django.db import transaction
from django.urls import reverse

from chessclub.formats import read_tournament
from chessclub.tiebreaks import TiebreakCodeError
from chessclub_web.clubs.models import Club
from chessclub_web.tournaments import models as rows
from chessclub_web.tournaments.adapters import store_tournament
from chessclub_web.tournaments.errors import DuplicateImportError, InvalidImportOptionError
from chessclub_web.tournaments.tiebreak_codes import clean_tiebreaks


def file_digest(data: bytes) -> str:
    """The SHA-256 of an imported file's bytes, in hexadecimal."""
    return hashlib.sha256(data).hexdigest()


def previous_import(club: Club, digest: str) -> rows.Tournament | None:
    """The club's most recent tournament imported from a file with this SHA-256."""
    return club.tournaments.filter(source_sha256=digest).order_by("-created_at", "-pk").first()


def validate_options(kind: object, time_control_category: object) -> None:
    """Raise :class:`InvalidImportOptionError` for a kind or category that does not exist."""
    if kind not in rows.Kind.values:
        raise InvalidImportOptionError("kind", kind, list(rows.Kind.values))
    if time_control_category not in rows.TimeControlCategory.values:
        raise InvalidImportOptionError(
            "time_control_category",
            time_control_category,
            list(rows.TimeControlCategory.values),
        )


@transaction.atomic
def import_tournament(
    club: Club,
    data: bytes,
    filename: str,
    user: Any = None,
    *,
    kind: str = rows.Kind.CLUB,
    time_control_category: str = rows.TimeControlCategory.STANDARD,
    allow_duplicate: bool = False,
) -> rows.Tournament:
    """Read a Belgian results file or a TRF (format detected from the content) into ``club``.

    Raises :class:`~chessclub_web.tournaments.errors.InvalidImportOptionError` for a bad
    ``kind`` or ``time_control_category``,
    :class:`~chessclub_web.tournaments.errors.DuplicateImportError` if the same file (same
    SHA-256) was already imported into the club, unless ``allow_duplicate``, and
    :class:`chessclub.formats.FormatError` (every problem with line and column) for a malformed
    file; nothing is stored then. Returns the new tournament row.
    """
    validate_options(kind, time_control_category)
    digest = file_digest(data)
    # Lock the club's row: two uploads of the same file at once cannot both pass the check.
    Club.objects.select_for_update().filter(pk=club.pk).first()
    existing = previous_import(club, digest)
    if existing is not None and not allow_duplicate:
        url = reverse("tournament", kwargs={"number": club.number, "pk": existing.pk})
        raise DuplicateImportError(existing, url)
    tournament = read_tournament(data, source=filename)
    creator = user if user is not None and user.is_authenticated else None
    return store_tournament(
        tournament,
        club=club,
        kind=kind,
        time_control_category=time_control_category,
        creator=creator,
        source_filename=filename,
        source_sha256=digest,
    )


#: Seeds of the drawing of lots: 1 to 999,999,999 (short enough to be read out and written).
LOTS_SEED_LIMIT = 10**9


@transaction.atomic
def update_settings(
    row: rows.Tournament, *, tiebreaks: str, tiebreak_rules: str, draw_lots: bool
) -> rows.Tournament:
    """Store a tournament's standings settings: ``tiebreaks`` comma separated (stored in the
    canonical spelling; ``""``: the system's defaults), ``tiebreak_rules`` a value of
    :class:`~chessclub_web.tournaments.models.TiebreakRules`. Raises
    :class:`chessclub.tiebreaks.TiebreakCodeError` (a ``ValueError``) for a bad code and
    ``ValueError`` for unknown rules; nothing is stored then.

    The seed of the drawing of lots is drawn the first time lots are asked for, then kept (also
    when lots are switched off and on again). Saving the row gives it a new revision: its
    cached standings are not used any more.
    """
    if tiebreak_rules not in rows.TiebreakRules.values:
        raise ValueError(f"unknown tiebreak rules {tiebreak_rules!r} (use 2009, 2023 or 2026)")
    try:
        text = clean_tiebreaks(tiebreaks)
    except ValidationError as exc:
        raise TiebreakCodeError("; ".join(exc.messages)) from None
    locked = rows.Tournament.objects.select_for_update().get(pk=row.pk)
    locked.tiebreaks = text
    locked.tiebreak_rules = tiebreak_rules
    locked.draw_lots = draw_lots
    if draw_lots and locked.lots_seed is None:
        locked.lots_seed = 1 + secrets.randbelow(LOTS_SEED_LIMIT - 1)
    locked.save(update_fields=["tiebreaks", "tiebreak_rules", "draw_lots", "lots_seed"])
    return locked
