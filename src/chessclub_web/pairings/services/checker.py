"""The pairing checker: every round of a Swiss tournament paired again and compared with
the stored one."""

from __future__ import annotations

from django.utils.translation import gettext as _

from chessclub.pairing import (
    PairingError,
    PairingOptions,
)
from chessclub.pairing.checker import RoundDifference, check_rounds
from chessclub.pairing.engine import initial_colour_of
from chessclub_web.pairings.services.common import Refused, _initial_colour, forbidden_groups
from chessclub_web.tournaments.adapters import load_tournament
from chessclub_web.tournaments.models import (
    System,
    Tournament,
)

# -- checker --------------------------------------------------------------------------------------


def check_tournament(row: Tournament) -> list[RoundDifference]:
    """Re-pair every round of a Swiss tournament (FIDE Dutch) and list the pairs that differ.
    Raises :class:`Refused` for a round robin."""
    from chessclub_web.pairings import services  # patched there by tests

    if row.system != System.SWISS:
        raise Refused(_("Only a Swiss tournament is checked (a round robin follows its table)."))
    tournament = load_tournament(row)
    colour = _initial_colour(row) or initial_colour_of(tournament)
    try:
        return check_rounds(
            tournament,
            engine=services.swiss_engine(),
            # The options the rounds were paired with (forbidden pairs, Baku acceleration):
            # without them every round they changed was reported as a difference.
            options=PairingOptions(
                initial_colour=colour, forbidden=forbidden_groups(row), baku=row.acceleration
            ),
            workers=2,
        )
    except PairingError as exc:
        raise Refused(_("Cannot pair: %(reason)s") % {"reason": exc.reason}) from exc
