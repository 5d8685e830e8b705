"""Actions on tournaments: each runs in one transaction; permissions are checked by the caller."""

from __future__ import annotations

import hashlib
from typing import Any

from django.db import transaction
from django.urls import reverse

from chessclub.formats import read_tournament
from chessclub_web.clubs.models import Club
from chessclub_web.tournaments import models as rows
from chessclub_web.tournaments.adapters import store_tournament
from chessclub_web.tournaments.errors import DuplicateImportError, InvalidImportOptionError


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
