"""Pairing numbers (by rating, by lot), the initial colour and the pairing rules."""

from __future__ import annotations

import secrets
from collections.abc import Mapping

from django.db import transaction
from django.db.models import F
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from chessclub.model import Colour, PairingNumber, Player
from chessclub.pairing.berger import drawn_order, rating_order_key
from chessclub.pairing.engine import initial_colour_of
from chessclub_web.audit.models import AuditAction
from chessclub_web.audit.services import record
from chessclub_web.pairings.services.common import (
    FREEZE_ROUND,
    Refused,
    _refuse_closed,
    colour_by_lot,
    last_paired_round,
    lock_entries,
    numbers_frozen,
)
from chessclub_web.tournaments.adapters import load_tournament
from chessclub_web.tournaments.models import (
    MAX_ROUNDS,
    RatingChoice,
    System,
    Tournament,
    TournamentPlayer,
    chosen_rating,
    touch_tournament,
)


def _core_player(p: TournamentPlayer) -> Player:
    return Player(
        pairing_number=PairingNumber(p.pairing_number),
        name=p.name,
        rating=p.rating,
        title=p.title,
        fide_id=p.fide_id,
        matricule=p.matricule,
    )


def _set_numbers(row: Tournament, order: list[TournamentPlayer]) -> None:
    """Give ``order`` the pairing numbers 1… (two steps: the numbers are unique)."""
    offset = 1_000_000
    TournamentPlayer.objects.filter(tournament=row).update(
        pairing_number=F("pairing_number") + offset
    )
    for index, player in enumerate(order, start=1):
        TournamentPlayer.objects.filter(pk=player.pk).update(pairing_number=index)
    touch_tournament(row.pk)


def renumber_by_rating(row: Tournament, user: object, *, log: bool = True) -> None:
    """Pairing numbers by rating, then title, then name (FIDE C.04.2). Refused once frozen.
    Checked and stored under the tournament's lock (:func:`lock_entries`; inside
    :func:`add_player` and the others, the lock they hold)."""
    with transaction.atomic():
        row = lock_entries(row.pk)
        _refuse_closed(row)
        if numbers_frozen(row):
            raise Refused(_frozen_message(row))
        if not row.initial_colour and last_paired_round(row) >= 1 and row.system == System.SWISS:
            # Round 1 shows the initial colour through the old numbers: keep it (C.04.3 5.2.5).
            colour = initial_colour_of(load_tournament(row, include_drafts=True))
            if colour is not None:
                row.initial_colour = "W" if colour is Colour.WHITE else "B"
                row.save(update_fields=["initial_colour"])
        players = list(row.players.all())
        order = sorted(players, key=lambda p: rating_order_key(_core_player(p)))
        by_number = sorted(players, key=lambda p: p.pairing_number)
        if [p.pk for p in order] != [p.pk for p in by_number]:
            _set_numbers(row, order)
        if log:
            record(
                AuditAction.PAIRING_NUMBERS_GIVEN,
                row,
                user,
                gettext_noop("Pairing numbers given by rating, then title, then name."),
            )


def draw_numbers_by_lot(row: Tournament, user: object, seed: int | None = None) -> int:
    """Round robins: pairing numbers drawn by lot (FIDE C.05), seeded and reproducible; the
    seed is recorded in the history and returned. Checked and stored under the tournament's
    lock (:func:`lock_entries`)."""
    seed = secrets.randbelow(10**9) if seed is None else seed
    with transaction.atomic():
        row = lock_entries(row.pk)
        if row.system == System.SWISS:
            raise Refused(_("A Swiss tournament numbers its players by rating (FIDE C.04.2)."))
        _refuse_closed(row)
        if numbers_frozen(row):
            raise Refused(_frozen_message(row))
        players = {p.pairing_number: p for p in row.players.all()}
        order = drawn_order([_core_player(p) for p in players.values()], seed=seed)
        _set_numbers(row, [players[n] for n in order])
        record(
            AuditAction.PAIRING_NUMBERS_GIVEN,
            row,
            user,
            gettext_noop("Pairing numbers drawn by lot (seed %(seed)s)."),
            {"seed": seed},
        )
    return seed


def _frozen_message(row: Tournament) -> str:
    if row.system == System.SWISS:
        return _("Pairing numbers are frozen: round %(round)s is paired (FIDE C.04.2).") % {
            "round": FREEZE_ROUND
        }
    return _("Pairing numbers are frozen: the round robin's first round is paired.")


def draw_initial_colour(row: Tournament, user: object, seed: int | None = None) -> Colour:
    """The initial colour drawn by lot (FIDE C.04.3 art. 5.2.5: "determined by lot before the
    pairing of the first round"), seeded and reproducible: ``seed`` gives the same colour
    every time; a new seed is drawn when none is given. The colour is stored in the tournament
    and the seed in the history. Checked and stored under the tournament's lock."""
    seed = secrets.randbelow(10**9) if seed is None else seed
    colour = colour_by_lot(seed)
    with transaction.atomic():
        locked = lock_entries(row.pk)
        _refuse_closed(locked)
        if last_paired_round(locked) >= 1:
            raise Refused(_("The initial colour is drawn before round 1 is paired."))
        locked.initial_colour = "W" if colour is Colour.WHITE else "B"
        locked.save(update_fields=["initial_colour"])
        row.initial_colour = locked.initial_colour
        record(
            AuditAction.PAIRING_COLOUR_DRAWN,
            locked,
            user,
            gettext_noop("Initial colour drawn by lot: %(colour)s (seed %(seed)s)."),
            {"colour": locked.initial_colour, "seed": seed},
        )
    return colour


#: The tournament's pairing rules, set on the *Inscriptions* tab (``forms.PairingRulesForm``).
PAIRING_RULE_FIELDS = (
    "planned_rounds",
    "rating_choice",
    "acceleration",
    "initial_colour",
    "max_requested_byes",
    "missed_round_points",
    "annulment_threshold",
)


#: Systems whose number of rounds the arbiter gives (round robins: the Berger table decides).
ROUNDS_GIVEN = frozenset({System.SWISS, System.TEAM_SWISS})


def planned_rounds_error(system: str, rounds: int | None) -> str | None:
    """Why ``rounds`` planned rounds do not suit a tournament of ``system``, translated, or
    ``None``: a Swiss (individual or team) plans 1 to ``MAX_ROUNDS`` (99) rounds; a round
    robin's come from its Berger table (0: not known yet). The one bound of the new-tournament
    form, the pairing rules form and :func:`set_pairing_rules` (requirement R-REG-9)."""
    value = int(rounds or 0)
    if system in ROUNDS_GIVEN and not 1 <= value <= MAX_ROUNDS:
        return _("A Swiss tournament plans 1 to %(max)s rounds.") % {"max": MAX_ROUNDS}
    if not 0 <= value <= MAX_ROUNDS:
        return _("A tournament plans 0 to %(max)s rounds.") % {"max": MAX_ROUNDS}
    return None


def _recompute_ratings(row: Tournament, previous: str) -> tuple[int, int]:
    """Give every entry of ``row`` with a list rating (``fide_rating`` or
    ``national_rating``) whose ``rating`` is what the ``previous`` choice picked from them the
    rating ``row.rating_choice`` picks (R-REG-5); an entry whose rating differs from that pick
    was typed by hand and is kept. Returns ``(changed, kept)``: how many ratings moved, how
    many were kept as typed."""
    changed = []
    kept = 0
    for player in row.players.exclude(fide_rating=None, national_rating=None):
        if player.rating != chosen_rating(previous, player.fide_rating, player.national_rating):
            kept += 1  # typed by hand (R-REG-4): the choice does not overwrite it
            continue
        rating = chosen_rating(row.rating_choice, player.fide_rating, player.national_rating)
        if rating != player.rating:
            player.rating = rating
            changed.append(player)
    if changed:
        TournamentPlayer.objects.bulk_update(changed, ["rating"])
        touch_tournament(row.pk)
    return len(changed), kept


def set_pairing_rules(row: Tournament, values: Mapping[str, object], user: object) -> int:
    """Store the tournament's pairing rules (``values``: each of :data:`PAIRING_RULE_FIELDS`,
    validated by the form), under the tournament's lock (:func:`lock_entries`): refused
    (:class:`Refused`) in a closed tournament, with planned rounds outside
    :func:`planned_rounds_error`'s bounds (a Swiss plans 1 to 99), with fewer planned rounds
    than are paired, or a new initial colour once round 1 is paired (FIDE C.04.3 5.2.5: drawn
    before round 1). A new ``rating_choice`` (R-REG-5) computes again the rating of every
    entry whose rating is what the previous choice picked from its list ratings (a rating
    typed by hand is kept) and renumbers a Swiss, while no round is paired; once round 1 is
    paired (FIDE C.04.2: the ratings are those of the start; spec ``rating-lists.md`` §4.4)
    it is refused. Only these fields are written (a concurrent change of the tournament's
    other fields stays); a history line says so. Returns how many entries kept their typed
    rating through a new choice (0 when the choice did not change)."""
    unknown = set(values) - set(PAIRING_RULE_FIELDS)
    if unknown:
        raise ValueError(f"not a pairing rule: {', '.join(sorted(unknown))}")
    with transaction.atomic():
        locked = lock_entries(row.pk)
        _refuse_closed(locked)
        last = last_paired_round(locked)
        planned = values.get("planned_rounds", locked.planned_rounds)
        bound = planned_rounds_error(locked.system, int(planned or 0))  # type: ignore[call-overload]
        if bound is not None:
            raise Refused(bound)
        if last > int(planned or 0):  # type: ignore[call-overload]
            # Any system: a round robin's table length is no less binding.
            raise Refused(_("More rounds are paired than that."))
        if values.get("initial_colour", locked.initial_colour) != locked.initial_colour and last:
            # FIDE C.04.3 5.2.5: drawn before round 1; later rounds keep using it.
            raise Refused(_("The initial colour is drawn before round 1 is paired."))
        choice = values.get("rating_choice", locked.rating_choice)
        if choice not in RatingChoice.values:
            raise Refused(_("Unknown rating choice."))
        if choice != locked.rating_choice and last >= 1:
            # FIDE C.04.2: the ratings are those of the start; once round 1 is paired the
            # rating that pairs, hence the pairing numbers, no longer change (R-REG-5).
            raise Refused(
                _(
                    "Round 1 is paired: the ratings stay those the tournament started with "
                    "(FIDE C.04.2), the rating choice no longer changes."
                )
            )
        changed = [name for name, value in values.items() if getattr(locked, name) != value]
        old = {name: getattr(locked, name) for name in changed}
        for name in changed:
            setattr(locked, name, values[name])
        if changed:
            locked.save(update_fields=changed)
        kept = 0
        if "rating_choice" in changed:
            recomputed, kept = _recompute_ratings(locked, str(old["rating_choice"]))
            record(
                AuditAction.SETTINGS_PAIRING_CHANGED,
                locked,
                user,
                gettext_noop(
                    "Rating choice changed: the rating that pairs and ranks was computed "
                    "again for %(count)s entries registered with list ratings."
                ),
                {"count": recomputed},
            )
            if kept:
                record(
                    AuditAction.SETTINGS_PAIRING_CHANGED,
                    locked,
                    user,
                    gettext_noop(
                        "Rating choice changed: %(count)s entries kept the rating typed by hand."
                    ),
                    {"count": kept},
                )
            if recomputed and locked.system == System.SWISS:
                renumber_by_rating(locked, user, log=False)
        record(
            AuditAction.SETTINGS_PAIRING_CHANGED,
            locked,
            user,
            gettext_noop("Pairing rules changed."),
            old=old,
            new={name: values[name] for name in changed},
        )
    return kept
