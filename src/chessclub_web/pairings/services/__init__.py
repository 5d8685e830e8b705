"""Entries and pairing of a tournament stored in the database.

Every function that changes rows runs in one transaction and records what it did in the
tournament's audit log (:func:`chessclub_web.audit.services.record`). Refusals raise
:class:`Refused` with a translated message for the arbiter; nothing is stored then.

**The one home of the entries.** An entry is added, changed and removed here only
(:func:`add_player`, :func:`update_entry`, :func:`remove_player`; requested byes, absences,
withdrawals, forbidden pairs, pairing numbers and the pairing rules too): the *Inscriptions*
page, the club's FRBE player list and a team's roster call them; the Django admin shows the
entries read-only; an import creates a new tournament with its entries as the file holds
them. Each takes the tournament's lock in its own transaction (:func:`lock_entries`: the
lock rule of ``tournaments.models``), reads the tournament's state under it, enforces the
rules and writes the history line; the caller needs no transaction.

Pairing a round:

- **Round robins** (single, double) are paired round by round from the Berger table
  (FIDE C.05 Annex 1, :class:`chessclub.pairing.BergerEngine`): *pair the next round* takes the
  table's next round. Table numbers are the pairing numbers (by rating, or drawn by lot before
  round 1). A withdrawn or absent player keeps his board: the game is stored lost by forfeit.
- **Swiss** tournaments are paired by the FIDE Dutch system through the core engine
  (:class:`chessclub.pairing.GacruxDutchEngine`), from the published rounds and this round's
  entries: requested byes (H/Z), absences and withdrawals (``-``), late entrants' missed rounds
  (the tournament's ``missed_round_points``), forbidden pairs (TRF record 260), Baku
  acceleration (record 250) and the initial colour (record 152).

A paired round is stored as a **draft** (``Round.state``), published later.

**The package.** One module per concern, each importing only the ones before it:
:mod:`.common` (the refusal, the history line, the lock, the rounds' state),
:mod:`.numbers` (pairing numbers, initial colour, pairing rules), :mod:`.rounds` (pairing,
publishing, unpairing a round, round dates, the Berger table), :mod:`.entries` (adding,
changing, removing an entry), :mod:`.byes` (requested byes, absences, withdrawals, forbidden
pairs), :mod:`.hand_edits` (the draft's hand edits and their violations) and :mod:`.checker`
(the pairing checker). Import the names from here (``from chessclub_web.pairings import
services``): the modules are the package's inside. ``lock_tournament``, ``swiss_engine``,
``compute_pairing`` and ``_refresh_forfeits`` are looked up here when called, so that a test
replacing one of them on this package (``monkeypatch.setattr(services, …)``) replaces it for
every caller.
"""

from __future__ import annotations

from chessclub_web.pairings.services.byes import (
    add_absence,
    add_forbidden_pair,
    cancel_absence,
    cancel_bye,
    remove_forbidden_pair,
    request_bye,
    withdraw,
)
from chessclub_web.pairings.services.checker import (
    check_tournament,
)
from chessclub_web.pairings.services.common import (
    FREEZE_ROUND,
    PAIRED_SYSTEMS,
    EngineFactory,
    Refused,
    colour_by_lot,
    forbidden_groups,
    last_paired_round,
    lock_entries,
    next_round,
    numbers_frozen,
    swiss_engine,
)
from chessclub_web.pairings.services.common import (
    _refuse_closed as _refuse_closed,
)
from chessclub_web.pairings.services.entries import (
    CLOSED_CORRECTABLE_FIELDS,
    ENTRY_FIELDS,
    RATING_FALLBACK,
    EntryConflict,
    NewEntry,
    add_player,
    closed_refusal,
    create_tournament,
    field_labels,
    normal_entry_value,
    normal_fide_id,
    parse_birth_date,
    registration_refusal,
    remove_player,
    roster_rating,
    same_fide_id,
    same_matricule,
    update_entry,
)
from chessclub_web.pairings.services.hand_edits import (
    add_board,
    draft_boards,
    exchange_colours,
    give_bye,
    remove_board,
    swap_players,
    violations,
)
from chessclub_web.pairings.services.numbers import (
    PAIRING_RULE_FIELDS,
    ROUNDS_GIVEN,
    draw_initial_colour,
    draw_numbers_by_lot,
    planned_rounds_error,
    renumber_by_rating,
    set_pairing_rules,
)
from chessclub_web.pairings.services.rounds import (
    FIRST_ROUND_TIME,
    berger_rounds,
    compute_pairing,
    default_round_date,
    entries_fingerprint,
    pair_next_round,
    pairing_refusal,
    proposed_round_slot,
    publish_round,
    repair_round,
    round_entries,
    round_interval,
    set_round_date,
    unpair_round,
)
from chessclub_web.pairings.services.rounds import (
    _refresh_forfeits as _refresh_forfeits,
)
from chessclub_web.tournaments.models import lock_tournament

__all__ = [
    "CLOSED_CORRECTABLE_FIELDS",
    "ENTRY_FIELDS",
    "FIRST_ROUND_TIME",
    "FREEZE_ROUND",
    "PAIRED_SYSTEMS",
    "PAIRING_RULE_FIELDS",
    "RATING_FALLBACK",
    "ROUNDS_GIVEN",
    "EngineFactory",
    "EntryConflict",
    "NewEntry",
    "Refused",
    "add_absence",
    "add_board",
    "add_forbidden_pair",
    "add_player",
    "berger_rounds",
    "cancel_absence",
    "cancel_bye",
    "check_tournament",
    "closed_refusal",
    "colour_by_lot",
    "compute_pairing",
    "create_tournament",
    "default_round_date",
    "draft_boards",
    "draw_initial_colour",
    "draw_numbers_by_lot",
    "entries_fingerprint",
    "exchange_colours",
    "field_labels",
    "forbidden_groups",
    "give_bye",
    "last_paired_round",
    "lock_entries",
    "lock_tournament",
    "next_round",
    "normal_entry_value",
    "normal_fide_id",
    "note",
    "numbers_frozen",
    "pair_next_round",
    "pairing_refusal",
    "parse_birth_date",
    "planned_rounds_error",
    "proposed_round_slot",
    "publish_round",
    "registration_refusal",
    "remove_board",
    "remove_forbidden_pair",
    "remove_player",
    "renumber_by_rating",
    "repair_round",
    "request_bye",
    "roster_rating",
    "round_entries",
    "round_interval",
    "same_fide_id",
    "same_matricule",
    "set_pairing_rules",
    "set_round_date",
    "swap_players",
    "swiss_engine",
    "unpair_round",
    "update_entry",
    "violations",
    "withdraw",
]
