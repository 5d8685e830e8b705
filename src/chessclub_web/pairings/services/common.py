"""What the other modules of the package share: the refusal, the tournament's lock, the state
of its rounds and the inputs every pairing reads."""

from __future__ import annotations

import random
import sys
from collections.abc import Callable

from django.conf import settings
from django.db.models import Max
from django.utils.translation import gettext as _

from chessclub.model import Colour, PairingNumber
from chessclub.pairing import (
    GacruxDutchEngine,
    PairingEngine,
)
from chessclub_web import refusals
from chessclub_web.pairings.models import ForbiddenPair
from chessclub_web.tournaments.models import (
    System,
    Tournament,
    TournamentPlayer,
)

#: Pairing numbers may not change once this round is paired (FIDE C.04.2).
FREEZE_ROUND = 4

PAIRED_SYSTEMS = frozenset({System.SWISS, System.ROUND_ROBIN, System.DOUBLE_ROUND_ROBIN})


class Refused(refusals.Conflict):
    """A request the rules refuse; ``str()`` is the translated message for the arbiter."""


def swiss_engine() -> PairingEngine:
    """The Swiss engine (tests replace it to simulate failures): FIDE's, run by the
    interpreter ``CHESSCLUB_PAIRING_PYTHON`` (default: this one) within
    ``CHESSCLUB_PAIRING_TIMEOUT`` seconds (default 120)."""
    python = getattr(settings, "CHESSCLUB_PAIRING_PYTHON", "") or sys.executable
    return GacruxDutchEngine(python=python, timeout=settings.CHESSCLUB_PAIRING_TIMEOUT)


EngineFactory = Callable[[], PairingEngine]


# -- state of the tournament ----------------------------------------------------------------------


def last_paired_round(row: Tournament) -> int:
    """The highest round number stored (draft or published), 0 when none."""
    return row.rounds.aggregate(n=Max("number"))["n"] or 0


def numbers_frozen(row: Tournament) -> bool:
    """Pairing numbers are frozen once round 4 is paired (FIDE C.04.2); a round robin's once
    round 1 is paired (they are its table numbers)."""
    last = last_paired_round(row)
    if row.system == System.SWISS:
        return last >= FREEZE_ROUND
    return last >= 1


class ClosedRefused(refusals.ClosedTournament, Refused):
    """A change of the entries or pairings of a closed tournament (spec C1)."""


def closed_message() -> str:
    return _("The tournament is closed: its entries and pairings no longer change.")


def _refuse_closed(row: Tournament) -> None:
    """Refuse a change of a closed tournament's entries or pairings (``refusals.require_open``)."""
    refusals.require_open(row, closed_message(), refusal=ClosedRefused)


def lock_entries(tournament_id: int) -> Tournament:
    """Inside the caller's transaction: lock the tournament's row exclusively (the lock rule of
    ``tournaments.models``: before any of its other rows) and read it afresh, after whatever
    held the lock before (a pairing, a closing, another entry's change). Every change of the
    entries goes through it, so that each one checks the rules on the tournament as it is
    when it is stored: a round paired or a closing committed meanwhile is seen. Raises
    :class:`Refused` when the tournament is gone."""
    from chessclub_web.pairings import services  # patched there by tests

    if not services.lock_tournament(tournament_id):
        raise Refused(_("This tournament no longer exists."))
    return Tournament.objects.select_related("club").get(pk=tournament_id)


def _locked_player(player: TournamentPlayer) -> tuple[Tournament, TournamentPlayer]:
    """The player's tournament locked and read afresh (:func:`lock_entries`), and the player
    as stored now; :class:`Refused` when the entry was removed meanwhile."""
    row = lock_entries(player.tournament_id)
    stored = TournamentPlayer.objects.filter(pk=player.pk, tournament_id=row.pk).first()
    if stored is None:
        raise Refused(_("This player is no longer registered."))
    stored.tournament = row
    return row, stored


def _playing_in(player: TournamentPlayer, round_number: int) -> None:
    if player.entry_round > round_number:
        raise Refused(
            _("%(name)s only plays from round %(entry)s.")
            % {"name": player.name, "entry": player.entry_round}
        )
    if player.withdrawn_from_round is not None and player.withdrawn_from_round <= round_number:
        raise Refused(
            _("%(name)s withdrew from round %(round)s.")
            % {"name": player.name, "round": player.withdrawn_from_round}
        )


def colour_by_lot(seed: int) -> Colour:
    """The colour a seed draws (the same seed, the same colour)."""
    return random.Random(f"chessclub-initial-colour:{seed}").choice((Colour.WHITE, Colour.BLACK))


def forbidden_groups(row: Tournament) -> tuple[frozenset[PairingNumber], ...]:
    return tuple(
        frozenset({PairingNumber(a), PairingNumber(b)})
        for a, b in ForbiddenPair.objects.filter(tournament=row).values_list(
            "first__pairing_number", "second__pairing_number"
        )
    )


def _initial_colour(row: Tournament) -> Colour | None:
    return {"W": Colour.WHITE, "B": Colour.BLACK}.get(row.initial_colour)


def next_round(row: Tournament) -> int:
    """The round *pair the next round* pairs."""
    return last_paired_round(row) + 1
