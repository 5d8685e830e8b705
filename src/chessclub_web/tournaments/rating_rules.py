"""The rating unrated players count with in the rating-based tiebreaks (FIDE C.07 Art. 10),
a standings setting of the *Paramètres* page (requirement R-REG-6).

C.07 Art. 10: ARO, TPR, APRO… use only games played over the board; when unrated players take
part they should not be used unless the regulations fix a rating for unrated players
beforehand. A tournament says it here: none (the default, as before: those tiebreaks are not
computed while a player is unrated), a fixed rating (0–3000, e.g. 1000), or, for Belgian
events, the fictitious Elo of the FRBE rules (B4) stored on the entries (``***``). The
standings read it through ``adapters.standings_settings``.
"""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from chessclub_web import refusals
from chessclub_web.audit.models import AuditAction
from chessclub_web.audit.services import record
from chessclub_web.tournaments import models as rows
from chessclub_web.tournaments.errors import ClosedTournamentChangeError


def unrated_rating_error(rule: str, value: int | None) -> str | None:
    """Why ``rule`` (an :class:`~chessclub_web.tournaments.models.UnratedRating` value) with
    the fixed rating ``value`` is no setting, translated, or ``None``: a fixed rating needs a
    value from 0 to 3000."""
    if rule not in rows.UnratedRating.values:
        return _("Unknown rule for the rating of unrated players.")
    if rule == rows.UnratedRating.FIXED and (
        value is None or not 0 <= value <= rows.UNRATED_RATING_MAX
    ):
        return _("A fixed rating of unrated players is a number from 0 to %(max)s.") % {
            "max": rows.UNRATED_RATING_MAX
        }
    return None


def _shown(rule: str, value: int | None) -> str:
    if rule == rows.UnratedRating.FIXED:
        return str(value)
    return "FRBE" if rule == rows.UnratedRating.FRBE else "—"


def set_unrated_rating(row: rows.Tournament, rule: str, value: int | None, user: Any) -> bool:
    """Store the tournament's rule for unrated players' rating (``rule``: an
    :class:`~chessclub_web.tournaments.models.UnratedRating` value; ``value``: the fixed
    rating, kept only with ``"fixed"``). Returns whether anything changed.

    One transaction that locks the tournament's row first (``models.lock_tournament``) and
    reads its closing under the lock. Raises ``ValueError`` (:func:`unrated_rating_error`'s
    reason) for a bad setting and ``ClosedTournamentChangeError`` for a closed tournament (its
    final standings were stored with its settings, spec C1); nothing stored then. A change is
    one line of the history (old → new), and a new revision of the tournament (its cached
    standings are not used any more)."""
    error = unrated_rating_error(rule, value)
    if error is not None:
        raise ValueError(error)
    fixed = value if rule == rows.UnratedRating.FIXED else None
    with transaction.atomic():
        if not rows.lock_tournament(row.pk):
            raise rows.Tournament.DoesNotExist(f"tournament {row.pk} does not exist")
        locked = rows.Tournament.objects.get(pk=row.pk)
        refusals.require_open(
            locked,
            _(
                "The tournament is closed: its final standings were stored with its "
                "settings, which can no longer change. Nothing was changed."
            ),
            refusal=lambda message: ClosedTournamentChangeError([message]),
        )
        old = (locked.unrated_rating_rule, locked.unrated_rating)
        if old == (rule, fixed):
            return False
        locked.unrated_rating_rule, locked.unrated_rating = rule, fixed
        locked.save(update_fields=["unrated_rating_rule", "unrated_rating"])
        record(
            AuditAction.SETTINGS_TIEBREAKS_CHANGED,
            locked,
            user,
            gettext_noop(
                "Settings: rating of unrated players changed from “%(old)s” to “%(new)s”."
            ),
            {"old": _shown(*old), "new": _shown(rule, fixed)},
        )
    return True
