"""Entries and pairing of a tournament stored in the database (issue 4).

Every function that changes rows runs in one transaction and records what it did in the
pairing history (:class:`~chessclub_web.pairings.models.PairingChange`). Refusals raise
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
"""

from __future__ import annotations

import datetime
import random
import secrets
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass

from django.db import IntegrityError, models, transaction
from django.db.models import F, Max, Q
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from chessclub.model import Bye, ByeKind, Colour, PairingNumber, Player
from chessclub.pairing import (
    BergerEngine,
    GacruxDutchEngine,
    Pairing,
    PairingEngine,
    PairingError,
    PairingOptions,
)
from chessclub.pairing.berger import drawn_order, rating_order_key
from chessclub.pairing.checker import RoundDifference, check_rounds
from chessclub.pairing.criteria import Violation, check_pairing
from chessclub.pairing.engine import Board, initial_colour_of
from chessclub_web import refusals
from chessclub_web.clubs.models import Player as RosterPlayer
from chessclub_web.pairings.models import (
    CODED_PARAMS,
    Absence,
    ForbiddenPair,
    PairingChange,
    RequestedBye,
    render_change,
)
from chessclub_web.tournaments.adapters import load_tournament
from chessclub_web.tournaments.models import (
    Bye as ByeRow,
)
from chessclub_web.tournaments.models import (
    ByeCode,
    ResultCode,
    RoundState,
    System,
    Tournament,
    TournamentPlayer,
    lock_tournament,
    results_fingerprint,
    touch_tournament,
)
from chessclub_web.tournaments.models import (
    Game as GameRow,
)
from chessclub_web.tournaments.models import (
    Round as RoundRow,
)

#: Pairing numbers may not change once this round is paired (FIDE C.04.2).
FREEZE_ROUND = 4

PAIRED_SYSTEMS = frozenset({System.SWISS, System.ROUND_ROBIN, System.DOUBLE_ROUND_ROBIN})


class Refused(refusals.Conflict):
    """A request the rules refuse; ``str()`` is the translated message for the arbiter."""


def swiss_engine() -> PairingEngine:
    """The Swiss engine (tests replace it to simulate failures)."""
    return GacruxDutchEngine()


EngineFactory = Callable[[], PairingEngine]


def note(
    tournament: Tournament,
    user: object,
    message: str,
    params: Mapping[str, object] | None = None,
    *,
    round_number: int | None = None,
) -> PairingChange:
    """Add one line to the pairing history, untranslated, so that each reader sees it in their
    own language (:attr:`PairingChange.text`).

    ``message`` is an English msgid marked with ``gettext_noop`` at the call (never a text
    already translated); ``params`` its ``%(name)s`` parameters as JSON values: names and
    numbers as they are, a bye kind as ``bye="H"``/``"Z"``, a colour as ``colour="W"``/``"B"``
    (:data:`~chessclub_web.pairings.models.CODED_PARAMS`), a date as ``date="YYYY-MM-DD"`` or
    ``None``.
    ``round_number`` is the round the line is about, if any. ``user`` is stored only when
    logged in. Raises ``KeyError``/``ValueError`` when the parameters do not fit the message
    (nothing is stored)."""
    values = dict(params or {})
    return PairingChange.objects.create(
        tournament=tournament,
        round_number=round_number,
        user=user if getattr(user, "is_authenticated", False) else None,
        description=render_change(message, values, translate=False),
        message=message,
        params=values or None,
    )


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


def renumber_by_rating(row: Tournament, user: object, *, record: bool = True) -> None:
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
        if record:
            note(row, user, gettext_noop("Pairing numbers given by rating, then title, then name."))


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
        note(
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


def _create_once(model: type[models.Model], refusal: str, **values: object) -> None:
    """Create a row whose uniqueness the caller checked: a second identical post that passed
    the same check at the same moment (double click) meets the unique constraint and gets
    ``refusal`` (409), not a 500. Runs in a savepoint so the caller's transaction goes on."""
    try:
        with transaction.atomic():
            model.objects.create(**values)  # type: ignore[attr-defined]
    except IntegrityError:
        raise Refused(refusal) from None


def _refuse_closed(row: Tournament) -> None:
    if row.is_closed:
        raise Refused(_("The tournament is closed: its entries and pairings no longer change."))


# -- entries --------------------------------------------------------------------------------------


@dataclass(frozen=True)
class NewEntry:
    name: str
    rating: int | None = None
    title: str = ""
    federation: str = ""
    fide_id: str = ""
    matricule: str = ""
    sex: str = ""
    birth_date: str = ""
    club: str = ""
    entry_round: int = 1
    roster_player_id: int | None = None


#: Where a roster player's rating comes from when they have no club Elo in the tournament's
#: time control: the nearest pace first (blitz → rapid → standard, rapid → standard → blitz,
#: standard → rapid → blitz).
RATING_FALLBACK = {
    "standard": ("standard", "rapid", "blitz"),
    "rapid": ("rapid", "standard", "blitz"),
    "blitz": ("blitz", "rapid", "standard"),
}


def roster_rating(roster: RosterPlayer, time_control: str) -> tuple[int | None, str]:
    """The rating a club roster player (``clubs.Player``) is registered with, and the time
    control it comes from (``""`` when none): their club Elo now (the last closed club
    tournament's new Elo, else the initial Elo — spec E1) in ``time_control``
    (``"standard"``/``"rapid"``/``"blitz"``), else in the nearest other pace
    (:data:`RATING_FALLBACK`), else ``(None, "")`` (an unrated player)."""
    from chessclub_web.closing.services import current_elo

    for tc in RATING_FALLBACK.get(time_control, (time_control,)):
        value = current_elo(roster, tc)
        if value:
            return value, tc
    return None, ""


def lock_entries(tournament_id: int) -> Tournament:
    """Inside the caller's transaction: lock the tournament's row exclusively (the lock rule of
    ``tournaments.models``: before any of its other rows) and read it afresh, after whatever
    held the lock before (a pairing, a closing, another entry's change). Every change of the
    entries goes through it, so that each one checks the rules on the tournament as it is
    when it is stored: a round paired or a closing committed meanwhile is seen. Raises
    :class:`Refused` when the tournament is gone."""
    if not lock_tournament(tournament_id):
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


def same_matricule(
    row: Tournament, matricule: str, *, exclude: int | None = None
) -> TournamentPlayer | None:
    """Another entry of ``row`` with the matricule ``matricule`` (as a number: ``090001`` is
    ``90001``), or ``None``. ``exclude``: the entry being edited."""
    wanted = matricule.strip().lstrip("0") or "0"
    entries = row.players.exclude(matricule="")
    if exclude is not None:
        entries = entries.exclude(pk=exclude)
    for entry in entries.only("pk", "name", "matricule"):
        if (entry.matricule.strip().lstrip("0") or "0") == wanted:
            return entry
    return None


def add_player(
    row: Tournament, entry: NewEntry, user: object, *, team: object = None
) -> TournamentPlayer:
    """Register a player: the one way an entry is added (the *Inscriptions* page, the club's
    FRBE player list, a team's roster; the Django admin adds none). ``row`` names the
    tournament (any copy of its row: it is read again under the lock), ``user`` who registers
    (stored in the history when logged in).

    Runs in its own transaction (the caller needs none; inside the caller's, it is a
    savepoint): it locks the tournament's row (:func:`lock_entries`), reads its state under
    that lock, enforces the rules and writes the history line. Refused with :class:`Refused`
    (a translated message, nothing stored; a page answers 409): a closed tournament; a team
    event without ``team`` (its players join a team's roster); an ``entry_round`` outside the
    planned rounds or already paired; a round robin (individual) whose first round is paired;
    a club player, FIDE ID or matricule already registered.

    ``entry_round`` > 1 is a late entry: the rounds before it (already paired or not) count
    per the tournament's ``missed_round_points`` (Z or H bye). Pairing numbers are given again
    by rating while not frozen; later entrants get the next number. ``team`` (a
    ``teams.models.Team`` of the tournament, team events only): the player joins the end of
    that team's roster (``teams.services.join_roster``); a team event's roster takes players
    until it is closed, the line-ups choose who plays each round.
    """
    with transaction.atomic():
        row = lock_entries(row.pk)
        _refuse_closed(row)
        if row.is_team_event:
            if team is None:
                raise Refused(
                    _(
                        "This is a team event: its players are registered in their team's "
                        "roster, on the Teams tab."
                    )
                )
            if getattr(team, "tournament_id", None) != row.pk:
                raise Refused(_("This team is not one of this tournament's."))
        elif team is not None:
            raise Refused(_("This tournament is not a team event: it has no teams."))
        last = last_paired_round(row)
        if not row.is_team_event:
            if row.system != System.SWISS and last >= 1:
                # The Berger table is fixed once paired (FIDE C.05): no place for anyone new.
                raise Refused(_("A round robin takes no player once its first round is paired."))
            if row.planned_rounds and not 1 <= entry.entry_round <= row.planned_rounds:
                raise Refused(
                    _("Round %(round)s is not a round of this tournament (1 to %(last)s).")
                    % {"round": entry.entry_round, "last": row.planned_rounds}
                )
            if entry.entry_round <= last:
                raise Refused(
                    _(
                        "Round %(round)s is already paired: a new player joins from round "
                        "%(next)s at the earliest."
                    )
                    % {"round": entry.entry_round, "next": last + 1}
                )
        if (
            entry.roster_player_id is not None
            and row.players.filter(roster_player_id=entry.roster_player_id).exists()
        ):
            raise Refused(_("This club player is already registered."))
        if entry.fide_id:
            same = row.players.filter(fide_id=entry.fide_id).first()
            if same is not None:
                # One FIDE ID is one person (a double click registered them twice).
                raise Refused(
                    _("FIDE ID %(fide_id)s is already registered: %(name)s.")
                    % {"fide_id": entry.fide_id, "name": same.name}
                )
        if entry.matricule:
            same = same_matricule(row, entry.matricule)
            if same is not None:
                # One matricule is one person too (the Belgian federation's number).
                raise Refused(
                    _("Matricule %(matricule)s is already registered: %(name)s.")
                    % {"matricule": entry.matricule, "name": same.name}
                )
        number = (row.players.aggregate(n=Max("pairing_number"))["n"] or 0) + 1
        player = TournamentPlayer.objects.create(
            tournament=row,
            pairing_number=number,
            name=entry.name,
            rating=entry.rating,
            title=entry.title,
            federation=entry.federation,
            fide_id=entry.fide_id,
            matricule=entry.matricule,
            sex=entry.sex,
            birth_date=entry.birth_date,
            club=entry.club,
            entry_round=1 if row.is_team_event else entry.entry_round,
            roster_player_id=entry.roster_player_id,
        )
        if team is not None:
            from chessclub_web.teams.services import join_roster

            join_roster(team, player)
            note(
                row,
                user,
                gettext_noop("%(name)s registered in the roster of %(team)s."),
                {"name": player.name, "team": str(getattr(team, "name", ""))},
            )
            player.refresh_from_db()
            return player
        # The rounds already paired that the late entrant missed count per the tournament's
        # rule (a zero-point or half-point bye each).
        missed = row.rounds.filter(number__lt=entry.entry_round)
        ByeRow.objects.bulk_create(
            ByeRow(round=r, player=player, kind=row.missed_round_points or "Z") for r in missed
        )
        if missed:
            touch_tournament(row.pk)
        if not numbers_frozen(row) and row.system == System.SWISS:
            renumber_by_rating(row, user, record=False)
        _sync_round_robin_rounds(row)
        player.refresh_from_db()
        if entry.entry_round > 1:
            note(
                row,
                user,
                gettext_noop("%(name)s registered from round %(round)s (late entry)."),
                {"name": player.name, "round": entry.entry_round},
            )
        else:
            note(row, user, gettext_noop("%(name)s registered."), {"name": player.name})
    return player


def remove_player(player: TournamentPlayer, user: object) -> None:
    """Remove an entry that has played no round: no game, and no bye but the missed-round
    byes a late entry was given (rounds before ``entry_round``, deleted with it — a late
    entrant registered by mistake could never be removed). Once pairing numbers are frozen
    (FIDE C.04.2) only the last number goes, so the numbers keep no gap. A team event's
    player (on a team's roster) is not removed here.

    Runs in its own transaction that locks the tournament's row first and reads the
    tournament and the entry under that lock (:func:`lock_entries`): a round paired or a
    closing committed meanwhile is seen. Refused with :class:`Refused` (nothing removed) for a
    closed tournament, an entry removed meanwhile, or one that played."""
    with transaction.atomic():
        row, player = _locked_player(player)
        _refuse_closed(row)
        if row.is_team_event:
            raise Refused(
                _(
                    "This is a team event: its players are registered in their team's roster, "
                    "on the Teams tab."
                )
            )
        if (
            player.games_as_white.exists()
            or player.games_as_black.exists()
            or player.byes.filter(round__number__gte=player.entry_round).exists()
        ):
            raise Refused(
                _("%(name)s is in a paired round: withdraw them instead.") % {"name": player.name}
            )
        if (
            numbers_frozen(row)
            and row.players.filter(pairing_number__gt=player.pairing_number).exists()
        ):
            raise Refused(
                _("%(name)s is in a paired round: withdraw them instead.") % {"name": player.name}
            )
        name = player.name
        player.delete()
        if not numbers_frozen(row) and row.system == System.SWISS:
            renumber_by_rating(row, user, record=False)
        _sync_round_robin_rounds(row)
        note(row, user, gettext_noop("%(name)s removed from the entries."), {"name": name})


#: The details of an entry that *Modifier* (:func:`update_entry`) changes, in the page's order.
ENTRY_FIELDS = (
    "name",
    "rating",
    "fictitious_rating",
    "title",
    "matricule",
    "fide_id",
    "federation",
    "sex",
    "birth_date",
    "club",
)

#: Details that place a Swiss player in the rating order of the pairing numbers (FIDE C.04.2).
_ORDER_FIELDS = frozenset({"name", "rating", "title"})

#: The details of an entry a closed tournament still takes, in the page's order: those the
#: federation files need (spec ``frbe.md`` B1: matricule, club, FIDE ID of a FIDE-rated
#: event; the TRF's federation, sex, birth date), which change neither the standings, the
#: pairings nor the club Elo. The others (name, rating, fictitious mark, title) stay as the
#: tournament was closed with them (spec C1: never reopened).
CLOSED_CORRECTABLE_FIELDS = ("matricule", "fide_id", "federation", "sex", "birth_date", "club")


def field_labels(names: Iterable[str]) -> str:
    """The labels of entry details ``names`` (of :data:`ENTRY_FIELDS`) in the active
    language, comma separated (``"name, rating"``); the labels of the history lines
    (:data:`~chessclub_web.pairings.models.CODED_PARAMS`)."""
    labels = CODED_PARAMS["field"]
    return ", ".join(_(labels[name]) if name in labels else name for name in names)


def closed_refusal(fields: Iterable[str]) -> str:
    """The refusal of a change of ``fields`` (details outside
    :data:`CLOSED_CORRECTABLE_FIELDS`) in a closed tournament, naming them and what may
    still be corrected, in the active language."""
    return _(
        "The tournament is closed: the standings, the pairings and the club Elo were computed "
        "with these details, they no longer change: %(fields)s. Only these may still be "
        "corrected: %(allowed)s."
    ) % {"fields": field_labels(fields), "allowed": field_labels(CLOSED_CORRECTABLE_FIELDS)}


#: How imported files write the sex (TRF ``m``/``w``, FRBE ``M``/``F``): the stored codes.
_SEX_CODES = {"m": "M", "f": "F", "w": "F"}

#: Birth dates as stored: ISO (entered here) or TRF (``YYYY/MM/DD``, imported).
_BIRTH_DATE_FORMATS = ("%Y-%m-%d", "%Y/%m/%d")


def parse_birth_date(text: str) -> datetime.date | None:
    """A stored or typed birth date (``"1984-03-07"`` or TRF ``"1984/03/07"``) as a date;
    ``None`` when it is no full date (empty, a year alone, ``"1984/00/00"``)."""
    for pattern in _BIRTH_DATE_FORMATS:
        try:
            return datetime.datetime.strptime(text.strip(), pattern).date()
        except ValueError:
            continue
    return None


def normal_entry_value(name: str, value: object) -> object:
    """The value of entry detail ``name`` (one of :data:`ENTRY_FIELDS`) as stored and
    compared: text stripped (title, federation in capitals; sex as ``"M"``/``"F"``; a birth
    date as ISO ``YYYY-MM-DD`` when it is a full date, else as written), the rating an ``int``
    or ``None``, the fictitious-rating mark a ``bool``. ``value`` may be a stored value, a
    cleaned form value or a posted string (``"2150"``, ``"True"``); a posted rating that is no
    number stays text (it then equals no stored value)."""
    if name == "fictitious_rating":
        if isinstance(value, str):
            return value.strip().lower() in ("true", "on", "1")
        return bool(value)
    if isinstance(value, datetime.date):
        text = value.isoformat()
    else:
        text = "" if value is None else str(value).strip()
    if name == "rating":
        if not text:
            return None
        try:
            return int(text)
        except ValueError:
            return text
    if name in ("title", "federation"):
        return text.upper()
    if name == "sex":
        return _SEX_CODES.get(text.lower(), text)
    if name == "birth_date":
        day = parse_birth_date(text)
        return day.isoformat() if day is not None else text
    return text


class EntryConflict(Refused):
    """Someone else changed, meanwhile, a detail that :func:`update_entry` was asked to
    change (``fields``: their names); nothing is stored."""

    def __init__(self, fields: list[str]) -> None:
        super().__init__(
            _(
                "Someone else changed this entry meanwhile: nothing was saved. The page now "
                "shows the stored values; make your changes again."
            )
        )
        self.fields = fields


def update_entry(
    player: TournamentPlayer,
    changes: Mapping[str, object],
    seen: Mapping[str, object],
    user: object,
) -> TournamentPlayer:
    """*Modifier* an entry: store the changed details of ``player``.

    ``changes``: detail name (of :data:`ENTRY_FIELDS`) → new value, validated by the form
    (``forms.EntryForm``: the registration's rules); ``seen``: the value each changed detail
    had when the page was loaded. Only the changed details are written, normalised by
    :func:`normal_entry_value` (the birth date as ISO text). A roster player linked to the
    entry is not changed.

    Runs in one transaction that locks the tournament's row first (``lock_tournament``, the
    lock rule of ``tournaments.models``) and reads its closing under that lock. A closed
    tournament takes only corrections of :data:`CLOSED_CORRECTABLE_FIELDS` (spec ``frbe.md``
    B1: the federation files need them after closing; spec C1: what the standings and the
    club Elo were computed from never changes): a new value of another detail is refused
    (:func:`closed_refusal`); a value equal to the stored one is no change. Raises
    :class:`Refused` (nothing stored) for that, when the entry was removed meanwhile, or when
    the new FIDE ID is another entry's (one FIDE ID is one person); :class:`EntryConflict`
    when a changed detail was changed by someone else meanwhile (its stored value is neither
    the ``seen`` one nor the new one). A Swiss tournament's pairing numbers follow the new
    name, rating or title as on registration while they are not frozen (FIDE C.04.2: frozen
    once round :data:`FREEZE_ROUND` is paired) and the tournament is open; a round robin's
    never move here. One line per changed detail goes to the pairing history. Returns the
    stored entry."""
    unknown = set(changes) - set(ENTRY_FIELDS)
    if unknown:
        raise ValueError(f"not a detail of an entry: {', '.join(sorted(unknown))}")
    with transaction.atomic():
        # The tournament's row first (tournaments.models: the lock rule), then its state.
        if not lock_tournament(player.tournament_id):
            raise Refused(_("This player is no longer registered."))
        row = Tournament.objects.select_related("club").get(pk=player.tournament_id)
        stored = TournamentPlayer.objects.select_for_update().filter(pk=player.pk).first()
        if stored is None or stored.tournament_id != row.pk:
            raise Refused(_("This player is no longer registered."))
        values = {name: normal_entry_value(name, value) for name, value in changes.items()}
        if row.is_closed:
            locked = [
                name
                for name in ENTRY_FIELDS
                if name in values
                and name not in CLOSED_CORRECTABLE_FIELDS
                and values[name] != normal_entry_value(name, getattr(stored, name))
            ]
            if locked:
                raise Refused(closed_refusal(locked))
        # Changed meanwhile, and not to this very value (two arbiters fixing one matricule).
        conflicts = [
            name
            for name, value in values.items()
            if normal_entry_value(name, getattr(stored, name))
            not in (normal_entry_value(name, seen.get(name)), value)
        ]
        if conflicts:
            raise EntryConflict(conflicts)
        values = {
            name: value
            for name, value in values.items()
            if value != normal_entry_value(name, getattr(stored, name))
        }
        matricule = values.get("matricule")
        if matricule:
            same = same_matricule(row, str(matricule), exclude=stored.pk)
            if same is not None:
                # One matricule is one person (as for a new entry, :func:`add_player`).
                raise Refused(
                    _("Matricule %(matricule)s is already registered: %(name)s.")
                    % {"matricule": matricule, "name": same.name}
                )
        fide_id = values.get("fide_id")
        if fide_id:
            same = row.players.filter(fide_id=fide_id).exclude(pk=stored.pk).first()
            if same is not None:
                raise Refused(
                    _("FIDE ID %(fide_id)s is already registered: %(name)s.")
                    % {"fide_id": fide_id, "name": same.name}
                )
        old = {name: getattr(stored, name) for name in values}
        for name, value in values.items():
            setattr(stored, name, value)
        if values:
            stored.save(update_fields=list(values))
        if (
            _ORDER_FIELDS & set(values)
            and row.system == System.SWISS
            and not row.is_closed
            and not numbers_frozen(row)
        ):
            renumber_by_rating(row, user, record=False)
        for name in ENTRY_FIELDS:
            if name in values:
                _note_entry_change(row, user, stored.name, name, old[name], values[name])
        stored.refresh_from_db()
    return stored


def _note_entry_change(
    row: Tournament, user: object, player: str, name: str, old: object, new: object
) -> None:
    """The history line of one changed detail, in the reader's language (the detail's label
    is the coded parameter ``field``, :data:`~chessclub_web.pairings.models.CODED_PARAMS`)."""
    if name == "fictitious_rating":
        message = (
            gettext_noop("%(name)s: rating marked fictitious (***).")
            if new
            else gettext_noop("%(name)s: rating no longer marked fictitious.")
        )
        note(row, user, message, {"name": player})
        return

    def shown(value: object) -> object:
        return "—" if value is None or value == "" else value

    note(
        row,
        user,
        gettext_noop("%(name)s: %(field)s changed from “%(old)s” to “%(new)s”."),
        {"name": player, "field": name, "old": shown(old), "new": shown(new)},
    )


def _future_round(row: Tournament, round_number: int) -> None:
    """Refuse a round outside the tournament or already paired."""
    if round_number < 1 or (row.planned_rounds and round_number > row.planned_rounds):
        raise Refused(
            _("Round %(round)s is not a round of this tournament (1 to %(last)s).")
            % {"round": round_number, "last": row.planned_rounds}
        )
    last = last_paired_round(row)
    if round_number <= last:
        raise Refused(
            _(
                "Round %(round)s is already paired: choose round %(next)s or later, or unpair "
                "the round first."
            )
            % {"round": round_number, "next": last + 1}
        )


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


def request_bye(player: TournamentPlayer, round_number: int, kind: str, user: object) -> None:
    """A requested half-point (H) or zero-point (Z) bye for one future round, within the
    tournament's limit (``max_requested_byes``). Checked and stored under the tournament's
    lock (:func:`lock_entries`), as every change of the entries."""
    with transaction.atomic():
        row, player = _locked_player(player)
        _refuse_closed(row)
        if row.system != System.SWISS:
            raise Refused(_("Requested byes are for Swiss tournaments; a round robin has none."))
        if kind not in ("H", "Z"):
            raise Refused(_("A requested bye is a half-point (H) or a zero-point (Z) bye."))
        _future_round(row, round_number)
        _playing_in(player, round_number)
        if player.requested_byes.filter(round_number=round_number).exists():
            raise Refused(
                _("%(name)s already has a bye in round %(round)s.")
                % {"name": player.name, "round": round_number}
            )
        if player.absences.filter(round_number=round_number).exists():
            raise Refused(
                _("%(name)s is announced absent in round %(round)s.")
                % {"name": player.name, "round": round_number}
            )
        limit = row.max_requested_byes
        if limit is not None and player.requested_byes.count() >= limit:
            raise Refused(
                _("%(name)s already has %(count)s requested byes: the tournament allows %(limit)s.")
                % {"name": player.name, "count": player.requested_byes.count(), "limit": limit}
            )
        _create_once(
            RequestedBye,
            _("%(name)s already has a bye in round %(round)s.")
            % {"name": player.name, "round": round_number},
            player=player,
            round_number=round_number,
            kind=kind,
        )
        note(
            row,
            user,
            gettext_noop("%(name)s: %(bye)s requested for round %(round)s."),
            {"name": player.name, "bye": kind, "round": round_number},
        )


def cancel_bye(bye: RequestedBye, user: object) -> None:
    with transaction.atomic():
        row, player = _locked_player(bye.player)
        _refuse_closed(row)
        _future_round(row, bye.round_number)
        deleted, _rows = RequestedBye.objects.filter(pk=bye.pk).delete()
        if not deleted:
            raise Refused(_("This bye was cancelled meanwhile."))
        note(
            row,
            user,
            gettext_noop("%(name)s: bye of round %(round)s cancelled."),
            {"name": player.name, "round": bye.round_number},
        )


def add_absence(player: TournamentPlayer, round_number: int, user: object) -> None:
    """The player is not paired in that round and scores nothing (spec: absences). Checked
    and stored under the tournament's lock (:func:`lock_entries`)."""
    with transaction.atomic():
        row, player = _locked_player(player)
        _refuse_closed(row)
        _future_round(row, round_number)
        _playing_in(player, round_number)
        if (
            player.absences.filter(round_number=round_number).exists()
            or player.requested_byes.filter(round_number=round_number).exists()
        ):
            raise Refused(
                _("%(name)s already has a bye or an absence in round %(round)s.")
                % {"name": player.name, "round": round_number}
            )
        _create_once(
            Absence,
            _("%(name)s already has a bye or an absence in round %(round)s.")
            % {"name": player.name, "round": round_number},
            player=player,
            round_number=round_number,
        )
        note(
            row,
            user,
            gettext_noop("%(name)s absent in round %(round)s."),
            {"name": player.name, "round": round_number},
        )


def cancel_absence(absence: Absence, user: object) -> None:
    with transaction.atomic():
        row, player = _locked_player(absence.player)
        _refuse_closed(row)
        _future_round(row, absence.round_number)
        deleted, _rows = Absence.objects.filter(pk=absence.pk).delete()
        if not deleted:
            raise Refused(_("This absence was cancelled meanwhile."))
        note(
            row,
            user,
            gettext_noop("%(name)s: absence of round %(round)s cancelled."),
            {"name": player.name, "round": absence.round_number},
        )


def withdraw(player: TournamentPlayer, from_round: int | None, user: object) -> None:
    """The player is not paired from ``from_round`` on (``None``: the withdrawal is cancelled).
    Rounds already paired stay as they are. Checked and stored under the tournament's lock
    (:func:`lock_entries`)."""
    with transaction.atomic():
        row, player = _locked_player(player)
        _refuse_closed(row)
        if from_round is not None:
            _future_round(row, from_round)
            if from_round < player.entry_round:
                raise Refused(
                    _("%(name)s only plays from round %(entry)s.")
                    % {"name": player.name, "entry": player.entry_round}
                )
        elif player.withdrawn_from_round is None:
            raise Refused(_("%(name)s has not withdrawn.") % {"name": player.name})
        elif row.system != System.SWISS:
            # A round robin's table has no re-entry once the withdrawal is paired. A Swiss
            # player re-enters: the rounds paired meanwhile keep their stored absences, and he
            # is paired again from the next round.
            _future_round(row, player.withdrawn_from_round)
        reentry = (
            from_round is None
            and player.withdrawn_from_round is not None
            and player.withdrawn_from_round <= last_paired_round(row)
        )
        player.withdrawn_from_round = from_round
        player.save(update_fields=["withdrawn_from_round"])
        if reentry:
            note(
                row,
                user,
                gettext_noop("%(name)s re-enters from round %(round)s."),
                {"name": player.name, "round": next_round(row)},
            )
        elif from_round is None:
            note(row, user, gettext_noop("%(name)s: withdrawal cancelled."), {"name": player.name})
        else:
            note(
                row,
                user,
                gettext_noop("%(name)s withdrew from round %(round)s."),
                {"name": player.name, "round": from_round},
            )


def add_forbidden_pair(
    first: TournamentPlayer, second: TournamentPlayer, reason: str, user: object
) -> None:
    """Two players who must not meet (same club, same family), as the arbiter decides.
    Checked and stored under the tournament's lock (:func:`lock_entries`)."""
    with transaction.atomic():
        row, first = _locked_player(first)
        _row, second = _locked_player(second)
        _refuse_closed(row)
        if first.pk == second.pk:
            raise Refused(_("Choose two different players."))
        a, b = sorted((first, second), key=lambda p: p.pk)
        if ForbiddenPair.objects.filter(tournament=row, first=a, second=b).exists():
            raise Refused(
                _("%(first)s and %(second)s are already a forbidden pair.")
                % {"first": a.name, "second": b.name}
            )
        _create_once(
            ForbiddenPair,
            _("%(first)s and %(second)s are already a forbidden pair.")
            % {"first": a.name, "second": b.name},
            tournament=row,
            first=a,
            second=b,
            reason=reason,
        )
        note(
            row,
            user,
            gettext_noop("%(first)s and %(second)s must not be paired together."),
            {"first": a.name, "second": b.name},
        )


def remove_forbidden_pair(pair: ForbiddenPair, user: object) -> None:
    with transaction.atomic():
        row = lock_entries(pair.tournament_id)
        _refuse_closed(row)
        deleted, _rows = ForbiddenPair.objects.filter(pk=pair.pk).delete()
        if not deleted:
            raise Refused(_("This forbidden pair was removed meanwhile."))
        note(
            row,
            user,
            gettext_noop("%(first)s and %(second)s may be paired together again."),
            {"first": pair.first.name, "second": pair.second.name},
        )


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
        note(
            locked,
            user,
            gettext_noop("Initial colour drawn by lot: %(colour)s (seed %(seed)s)."),
            {"colour": locked.initial_colour, "seed": seed},
        )
    return colour


#: The tournament's pairing rules, set on the *Inscriptions* tab (``forms.PairingRulesForm``).
PAIRING_RULE_FIELDS = (
    "planned_rounds",
    "acceleration",
    "initial_colour",
    "max_requested_byes",
    "missed_round_points",
    "annulment_threshold",
)


def set_pairing_rules(row: Tournament, values: Mapping[str, object], user: object) -> None:
    """Store the tournament's pairing rules (``values``: each of :data:`PAIRING_RULE_FIELDS`,
    validated by the form), under the tournament's lock (:func:`lock_entries`): refused
    (:class:`Refused`) in a closed tournament, with fewer planned rounds than are paired, or a
    new initial colour once round 1 is paired (FIDE C.04.3 5.2.5: drawn before round 1).
    Only these fields are written (a concurrent change of the tournament's other fields
    stays); a history line says so."""
    unknown = set(values) - set(PAIRING_RULE_FIELDS)
    if unknown:
        raise ValueError(f"not a pairing rule: {', '.join(sorted(unknown))}")
    with transaction.atomic():
        locked = lock_entries(row.pk)
        _refuse_closed(locked)
        last = last_paired_round(locked)
        planned = values.get("planned_rounds", locked.planned_rounds)
        if last > int(planned or 0):  # type: ignore[call-overload]
            # Any system: a round robin's table length is no less binding.
            raise Refused(_("More rounds are paired than that."))
        if values.get("initial_colour", locked.initial_colour) != locked.initial_colour and last:
            # FIDE C.04.3 5.2.5: drawn before round 1; later rounds keep using it.
            raise Refused(_("The initial colour is drawn before round 1 is paired."))
        changed = [name for name, value in values.items() if getattr(locked, name) != value]
        for name in changed:
            setattr(locked, name, values[name])
        if changed:
            locked.save(update_fields=changed)
        note(locked, user, gettext_noop("Pairing rules changed."))


def colour_by_lot(seed: int) -> Colour:
    """The colour a seed draws (the same seed, the same colour)."""
    return random.Random(f"chessclub-initial-colour:{seed}").choice((Colour.WHITE, Colour.BLACK))


# -- pairing --------------------------------------------------------------------------------------


def round_entries(row: Tournament, round_number: int) -> dict[int, str]:
    """Who is not paired in round ``round_number`` and why, by pairing number: ``H``/``Z``
    (requested bye, or a late entrant's missed round per ``missed_round_points``) or ``-``
    (absent, withdrawn)."""
    out: dict[int, str] = {}
    players = list(row.players.all())
    by_id = {p.pk: p for p in players}
    for p in players:
        if p.entry_round > round_number:
            out[p.pairing_number] = row.missed_round_points or "Z"
        elif p.withdrawn_from_round is not None and p.withdrawn_from_round <= round_number:
            out[p.pairing_number] = "-"
    for bye in RequestedBye.objects.filter(player__tournament=row, round_number=round_number):
        out.setdefault(by_id[bye.player_id].pairing_number, bye.kind)
    for absence in Absence.objects.filter(player__tournament=row, round_number=round_number):
        out.setdefault(by_id[absence.player_id].pairing_number, "-")
    return out


def forbidden_groups(row: Tournament) -> tuple[frozenset[PairingNumber], ...]:
    return tuple(
        frozenset({PairingNumber(a), PairingNumber(b)})
        for a, b in ForbiddenPair.objects.filter(tournament=row).values_list(
            "first__pairing_number", "second__pairing_number"
        )
    )


def _initial_colour(row: Tournament) -> Colour | None:
    return {"W": Colour.WHITE, "B": Colour.BLACK}.get(row.initial_colour)


_KINDS = {"H": ByeKind.HALF_POINT, "Z": ByeKind.ZERO_POINT, "-": ByeKind.ABSENT}


def next_round(row: Tournament) -> int:
    """The round *pair the next round* pairs."""
    return last_paired_round(row) + 1


def berger_rounds(row: Tournament) -> int:
    """Rounds of a round robin's Berger table (FIDE C.05 Annex 1): n − 1 for an even field,
    n for an odd one (a bye each round), twice that for a double round robin."""
    count = row.players.count()
    rounds = count - 1 if count % 2 == 0 else count
    return rounds * 2 if row.system == System.DOUBLE_ROUND_ROBIN else rounds


def _sync_round_robin_rounds(row: Tournament) -> None:
    """Before its first round is paired, a round robin's planned rounds follow the players
    registered (:func:`berger_rounds`), so its header never reads "0 rounds" once two players
    are in (issue: newcomer's "0 ronde")."""
    if row.system in (System.ROUND_ROBIN, System.DOUBLE_ROUND_ROBIN) and not row.rounds.exists():
        rounds = berger_rounds(row) if row.players.count() >= 2 else 0
        if row.planned_rounds != rounds:
            row.planned_rounds = rounds
            row.save(update_fields=["planned_rounds"])


def pairing_refusal(row: Tournament) -> str | None:
    """Why the next round cannot be paired now (translated), ``None`` if it can."""
    if row.is_closed:
        return _("The tournament is closed: its entries and pairings no longer change.")
    if row.system not in PAIRED_SYSTEMS:
        return _("chessclub pairs Swiss tournaments and round robins only.")
    draft = row.rounds.filter(state=RoundState.DRAFT).order_by("number").first()
    if draft is not None:
        return _("Round %(round)s is a draft: publish it or unpair it first.") % {
            "round": draft.number
        }
    number = next_round(row)
    if row.system == System.SWISS and row.planned_rounds and number > row.planned_rounds:
        return _("Every planned round (%(rounds)s) is paired.") % {"rounds": row.planned_rounds}
    if row.system != System.SWISS:
        table = berger_rounds(row)
        if row.players.count() >= 2 and number > table:
            return _("The Berger table has %(rounds)s rounds; all are paired.") % {"rounds": table}
    if row.players.count() < 2:
        return _("At least two players are needed.")
    missing = GameRow.objects.filter(
        round__tournament=row, round__number__lt=number, result=ResultCode.NONE
    ).count()
    if missing and row.system == System.SWISS:
        return _(
            "%(count)s board(s) of round %(round)s have no result yet: a Swiss round is "
            "paired from the results of the rounds before it."
        ) % {"count": missing, "round": number - 1}
    return None


def compute_pairing(
    row: Tournament, round_number: int, engine: PairingEngine | None = None
) -> tuple[Pairing, dict[int, str]]:
    """The pairing of ``round_number`` from the published rounds and the entries (nothing is
    stored). Raises :class:`Refused` with the engine's "cannot pair: …"."""
    tournament = load_tournament(row)
    entries = round_entries(row, round_number)
    try:
        if row.system == System.SWISS:
            options = PairingOptions(
                initial_colour=_initial_colour(row) or initial_colour_of(tournament),
                byes=tuple(
                    Bye(PairingNumber(p), _KINDS[k]) for p, k in entries.items() if k != "-"
                ),
                absent=frozenset(PairingNumber(p) for p, k in entries.items() if k == "-"),
                forbidden=forbidden_groups(row),
                baku=row.acceleration,
            )
            pairing = (engine or swiss_engine()).pair(tournament, round_number, options=options)
        else:
            pairing = (engine or BergerEngine()).pair(tournament, round_number)
    except PairingError as exc:
        raise Refused(_("Cannot pair: %(reason)s") % {"reason": exc.reason}) from exc
    return pairing, entries


def _store(
    row: Tournament,
    pairing: Pairing,
    entries: dict[int, str],
    round_number: int,
    date: datetime.date | None = None,
) -> RoundRow:
    ids = dict(row.players.values_list("pairing_number", "id"))
    round_row = RoundRow.objects.create(
        tournament=row, number=round_number, state=RoundState.DRAFT, date=date
    )
    games = []
    for index, board in enumerate(pairing.boards, start=1):
        result = ResultCode.NONE
        if row.system != System.SWISS:
            # A round robin keeps the table: an absent player's game is lost by forfeit.
            result = _forfeit_result(int(board.white) in entries, int(board.black) in entries)
        games.append(
            GameRow(
                round=round_row,
                board=index,
                white_id=ids[int(board.white)],
                black_id=ids[int(board.black)],
                result=result,
            )
        )
    GameRow.objects.bulk_create(games)
    byes = []
    if pairing.bye is not None:
        byes.append(
            ByeRow(round=round_row, player_id=ids[int(pairing.bye)], kind=ByeCode.PAIRING_ALLOCATED)
        )
    if row.system == System.SWISS:
        for number, kind in sorted(entries.items()):
            byes.append(ByeRow(round=round_row, player_id=ids[number], kind=kind))
    ByeRow.objects.bulk_create(byes)
    touch_tournament(row.pk)
    return round_row


_FORFEITS = (
    ResultCode.WHITE_WINS_BY_FORFEIT,
    ResultCode.BLACK_WINS_BY_FORFEIT,
    ResultCode.DOUBLE_FORFEIT,
)


def _forfeit_result(white_out: bool, black_out: bool) -> str:
    """A round robin game's result when a player is out (withdrawn, absent): lost by forfeit."""
    if white_out and black_out:
        return ResultCode.DOUBLE_FORFEIT
    if white_out:
        return ResultCode.BLACK_WINS_BY_FORFEIT
    if black_out:
        return ResultCode.WHITE_WINS_BY_FORFEIT
    return ResultCode.NONE


def _refresh_forfeits(round_row: RoundRow) -> None:
    """After a hand edit of a round robin draft, each board's forfeit follows its players
    again: exchanging colours or swapping a withdrawn player kept the old board's forfeit (the
    withdrawn player then won by forfeit)."""
    row = round_row.tournament
    if row.system == System.SWISS:
        return
    out = round_entries(row, round_row.number)
    for game in round_row.games.select_related("white", "black"):
        if game.result not in (ResultCode.NONE, *_FORFEITS):
            continue
        result = _forfeit_result(game.white.pairing_number in out, game.black.pairing_number in out)
        if game.result != result:
            game.result = result
            game.save(update_fields=["result"])


def default_round_date(row: Tournament, number: int) -> datetime.date:
    """The date proposed for round ``number`` (the arbiter may change it): one week after the
    round before it when that round has a date; else the tournament's start date + (number − 1)
    weeks (a weekly club evening); else today."""
    before = (
        row.rounds.filter(number__lt=number, date__isnull=False)
        .order_by("-number")
        .values_list("number", "date")
        .first()
    )
    try:
        if before is not None:
            return before[1] + datetime.timedelta(weeks=number - before[0])
        if row.start_date is not None:
            return row.start_date + datetime.timedelta(weeks=number - 1)
    except OverflowError:  # a stored date near the calendar's end (year 9999): no proposal
        pass
    return datetime.date.today()


def set_round_date(round_row: RoundRow, date: datetime.date | None, user: object) -> None:
    """Set (or clear, ``None``) the date a round is played, draft or published. Refused in a
    closed tournament (spec C1)."""
    row = round_row.tournament
    _refuse_closed(row)
    with transaction.atomic():
        fresh = _fresh_round(round_row)  # the tournament's lock first: closed meanwhile?
        row.refresh_from_db(fields=["closed_at"])
        _refuse_closed(row)
        fresh.date = date
        fresh.save(update_fields=["date"])
        note(
            row,
            user,
            gettext_noop("Round %(round)s: date set to %(date)s."),
            {"round": fresh.number, "date": date.isoformat() if date else None},
            round_number=fresh.number,
        )
    touch_tournament(row.pk)


def pair_next_round(
    row: Tournament,
    user: object,
    engine: PairingEngine | None = None,
    date: datetime.date | None = None,
) -> RoundRow:
    """Pair the next round as a draft, played on ``date`` (``None``: no date). Raises
    :class:`Refused` (nothing stored) when it cannot be paired now or the engine finds no
    pairing."""
    refusal = pairing_refusal(row)
    if refusal:
        raise Refused(refusal)
    number = next_round(row)
    seed = None
    if row.system == System.SWISS and number == 1 and not row.initial_colour:
        # Drawn now, stored only with the round (nothing is stored if the pairing fails).
        seed = secrets.randbelow(10**9)
        row.initial_colour = "W" if colour_by_lot(seed) is Colour.WHITE else "B"
    computed_from = results_fingerprint(row.pk, number)
    entered = entries_fingerprint(row.pk)
    try:
        pairing, entries = compute_pairing(row, number, engine)
    except Refused:
        if seed is not None:
            row.initial_colour = ""
        raise
    with transaction.atomic():
        lock_tournament(row.pk)
        if next_round(row) != number:
            raise Refused(_("Someone else paired this round meanwhile."))
        _refuse_if_results_changed(row, number, computed_from, entered)
        if seed is not None:
            row.save(update_fields=["initial_colour"])
            note(
                row,
                user,
                gettext_noop("Initial colour drawn by lot: %(colour)s (seed %(seed)s)."),
                {"colour": row.initial_colour, "seed": seed},
            )
        round_row = _store(row, pairing, entries, number, date)
        if row.system != System.SWISS and number == 1:
            # A round robin plays its whole Berger table: that is its number of rounds.
            rounds = berger_rounds(row)
            if row.planned_rounds != rounds:
                row.planned_rounds = rounds
                row.save(update_fields=["planned_rounds"])
            if row.players.count() % 2 == 1:
                _round_robin_bye_scores_nothing(row)
        note(
            row,
            user,
            gettext_noop("Round %(round)s paired (draft)."),
            {"round": number},
            round_number=number,
        )
    return round_row


def entries_fingerprint(tournament_id: int) -> tuple[object, ...]:
    """What a pairing is computed from besides the results (:func:`results_fingerprint`):
    the entries (pairing numbers, ratings, late entries, withdrawals), requested byes,
    absences, forbidden pairs and the pairing rules the engine reads. Compared again under
    the tournament's lock before a pairing is stored: an entry added, removed or changed
    while the engine ran (it runs outside the transaction) refuses the pairing, nothing
    stored — a player registered meanwhile would have no game, no bye, in the stored round."""
    return (
        tuple(
            TournamentPlayer.objects.filter(tournament_id=tournament_id)
            .order_by("pk")
            .values_list("pk", "pairing_number", "rating", "entry_round", "withdrawn_from_round")
        ),
        tuple(
            RequestedBye.objects.filter(player__tournament_id=tournament_id)
            .order_by("pk")
            .values_list("pk", "player_id", "round_number", "kind")
        ),
        tuple(
            Absence.objects.filter(player__tournament_id=tournament_id)
            .order_by("pk")
            .values_list("pk", "player_id", "round_number")
        ),
        tuple(
            ForbiddenPair.objects.filter(tournament_id=tournament_id)
            .order_by("pk")
            .values_list("pk", "first_id", "second_id")
        ),
        tuple(
            Tournament.objects.filter(pk=tournament_id).values_list(
                "acceleration", "missed_round_points", "planned_rounds"
            )
        ),
    )


def _refuse_if_results_changed(
    row: Tournament,
    number: int,
    computed_from: list[tuple[int, str, int]],
    entered: tuple[object, ...],
) -> None:
    """Inside the storing transaction, under the tournament's lock, before round ``number``
    is stored: refuse (nothing stored) when a result of an earlier round was entered or
    changed while the engine paired (the pairing would rest on results that are not the
    stored ones), when the entries changed meanwhile (``entered``: their
    :func:`entries_fingerprint` when the engine started), or the round cannot be paired any
    more (:func:`pairing_refusal`)."""
    row.refresh_from_db(fields=["closed_at"])  # closed meanwhile?
    refusal = pairing_refusal(row)
    if refusal:
        raise Refused(refusal)
    if entries_fingerprint(row.pk) != entered:
        raise Refused(
            _(
                "The entries changed while the round was being paired (a player registered, "
                "removed or changed, a bye, an absence or a withdrawal): nothing was stored. "
                "Pair the round again."
            )
        )
    # A round robin follows its Berger table whatever the results: only a Swiss rests on them.
    if row.system == System.SWISS and results_fingerprint(row.pk, number) != computed_from:
        raise Refused(
            _(
                "A result was entered or changed while the round was being paired: nothing "
                "was stored. Pair the round again."
            )
        )


def _fresh_round(round_row: RoundRow) -> RoundRow:
    """The round as stored now, read inside the caller's transaction (which holds the write
    lock: SQLite IMMEDIATE, ``select_for_update`` elsewhere). A page opened before another
    arbiter unpaired or paired the round again gets :class:`Refused`, not a 500 or a change
    made on rows that are gone (issue 4: stale forms, double clicks)."""
    # The tournament's row first (tournaments.models: the lock rule): saves of results in
    # flight finish before the round changes, and no save starts until it has changed.
    lock_tournament(round_row.tournament_id)
    fresh = RoundRow.objects.select_for_update().filter(pk=round_row.pk).first()
    if fresh is None:
        raise Refused(
            _(
                "Round %(round)s was changed meanwhile (unpaired or paired again): reload the "
                "page and try again."
            )
            % {"round": round_row.number}
        )
    return fresh


def _round_robin_bye_scores_nothing(row: Tournament) -> None:
    """An odd round robin's player who meets the Berger table's dummy has the round off and
    scores nothing (FIDE C.05 Annex 1, fide.md §4.4: "whoever meets it has no game"), unlike
    a Swiss pairing-allocated bye (a win, C.04.1 c). Stored in the tournament's scoring."""
    scoring = dict(row.scoring or {})
    if scoring.get("pairing_allocated_bye") != "0":
        scoring["pairing_allocated_bye"] = "0"
        row.scoring = scoring
        row.save(update_fields=["scoring"])
        touch_tournament(row.pk)


def repair_round(
    round_row: RoundRow, user: object, engine: PairingEngine | None = None
) -> RoundRow:
    """Pair a draft round again from scratch (hand edits are lost). The engine runs outside
    the transaction; the draft is replaced only if it is still the same draft then."""
    row = round_row.tournament
    _refuse_closed(row)
    if round_row.state != RoundState.DRAFT:
        raise Refused(_("Only a draft round is paired again."))
    number = round_row.number
    # Compute first: if the engine fails the draft stays.
    computed_from = results_fingerprint(row.pk, number)
    entered = entries_fingerprint(row.pk)
    pairing, entries = compute_pairing(row, number, engine)
    with transaction.atomic():
        fresh = _fresh_round(round_row)
        if fresh.state != RoundState.DRAFT:
            raise Refused(_("Only a draft round is paired again."))
        fresh.delete()
        # The draft deleted: round N is the next one again.
        _refuse_if_results_changed(row, number, computed_from, entered)
        new = _store(row, pairing, entries, number, fresh.date)
        note(
            row,
            user,
            gettext_noop("Round %(round)s paired again."),
            {"round": number},
            round_number=number,
        )
    return new


def publish_round(round_row: RoundRow, user: object) -> None:
    row = round_row.tournament
    _refuse_closed(row)
    with transaction.atomic():
        fresh = _fresh_round(round_row)
        if fresh.state != RoundState.DRAFT:
            raise Refused(_("Round %(round)s is already published.") % {"round": round_row.number})
        fresh.state = RoundState.PUBLISHED
        fresh.save(update_fields=["state"])
        round_row.state = RoundState.PUBLISHED
        touch_tournament(row.pk)
        note(
            row,
            user,
            gettext_noop("Round %(round)s published."),
            {"round": round_row.number},
            round_number=round_row.number,
        )


def unpair_round(round_row: RoundRow, user: object) -> None:
    """Delete the last round's pairing: a draft, or a published round while none of its
    boards has a result (spec: unpairing). Checked inside the transaction that deletes, so
    a result entered meanwhile is never lost."""
    row = round_row.tournament
    _refuse_closed(row)
    with transaction.atomic():
        fresh = _fresh_round(round_row)
        if fresh.number != last_paired_round(row):
            raise Refused(
                _("Only the last paired round can be unpaired (round %(round)s).")
                % {"round": last_paired_round(row)}
            )
        if fresh.state == RoundState.PUBLISHED:
            entered = fresh.games.exclude(result=ResultCode.NONE)
            if row.system != System.SWISS:
                entered = entered.exclude(result__in=_FORFEITS)
            if entered.exists():
                raise Refused(
                    _("Round %(round)s has results: it can no longer be unpaired.")
                    % {"round": fresh.number}
                )
        number = fresh.number
        fresh.delete()
        touch_tournament(row.pk)
        note(
            row,
            user,
            gettext_noop("Round %(round)s unpaired."),
            {"round": number},
            round_number=number,
        )


# -- hand edits -----------------------------------------------------------------------------------


def draft_boards(round_row: RoundRow) -> tuple[list[Board], list[PairingNumber]]:
    """The draft's boards (by board number) and pairing-allocated byes, as pairing numbers."""
    games = round_row.games.select_related("white", "black").order_by("board", "id")
    boards = [
        Board(PairingNumber(g.white.pairing_number), PairingNumber(g.black.pairing_number))
        for g in games
    ]
    byes = [
        PairingNumber(b.player.pairing_number)
        for b in round_row.byes.select_related("player").filter(kind=ByeCode.PAIRING_ALLOCATED)
    ]
    return boards, byes


def violations(round_row: RoundRow) -> list[Violation]:
    """The absolute criteria (C.04.3 C1–C3) and forbidden pairs the draft breaks (Swiss)."""
    row = round_row.tournament
    if row.system != System.SWISS:
        return []
    boards, byes = draft_boards(round_row)
    return check_pairing(
        load_tournament(row), round_row.number, boards, byes, forbidden=forbidden_groups(row)
    )


def _round_of(game: GameRow) -> RoundRow:
    """The game's round, :class:`Refused` when a re-pairing or an unpairing deleted it."""
    round_row = RoundRow.objects.select_related("tournament").filter(pk=game.round_id).first()
    if round_row is None:
        raise Refused(
            _(
                "This board's round was changed meanwhile (unpaired or paired again): reload "
                "the page and try again."
            )
        )
    return round_row


def _editable(round_row: RoundRow, game: GameRow | None = None) -> None:
    """Refuse a hand edit of a closed tournament, of a published round, or made from a stale
    page (the round or the board is gone). Called inside the edit's transaction."""
    _refuse_closed(round_row.tournament)
    fresh = _fresh_round(round_row)
    if fresh.state != RoundState.DRAFT:
        raise Refused(_("A published round is not edited by hand: unpair it first."))
    if game is not None:
        if not GameRow.objects.filter(pk=game.pk, round=fresh).exists():
            raise Refused(
                _(
                    "Round %(round)s was changed meanwhile (unpaired or paired again): reload "
                    "the page and try again."
                )
                % {"round": round_row.number}
            )
        # The board as stored now, under the lock: the page's (or the view's) copy may predate
        # another arbiter's edit of the same draft (a swap), which this edit must build on.
        game.refresh_from_db()


def _position(round_row: RoundRow, player: TournamentPlayer) -> tuple[str, object]:
    game = round_row.games.filter(Q(white=player) | Q(black=player)).first()
    if game is not None:
        return ("white" if game.white_id == player.pk else "black", game)
    bye = round_row.byes.filter(player=player).first()
    if bye is not None:
        return ("bye", bye)
    return ("none", None)


@transaction.atomic
def swap_players(
    round_row: RoundRow, first: TournamentPlayer, second: TournamentPlayer, user: object
) -> list[Violation]:
    """Exchange two players' places (board and colour, or the pairing-allocated bye: moving the
    bye is swapping its holder with a player on a board)."""
    _editable(round_row)
    if first.pk == second.pk:
        raise Refused(_("Choose two different players."))
    pos_a, obj_a = _position(round_row, first)
    pos_b, obj_b = _position(round_row, second)
    for pos, obj, player in ((pos_a, obj_a, first), (pos_b, obj_b, second)):
        if pos == "none" or (pos == "bye" and obj.kind != ByeCode.PAIRING_ALLOCATED):  # type: ignore[attr-defined]
            raise Refused(
                _("%(name)s has no board and no pairing-allocated bye in this round.")
                % {"name": player.name}
            )
    with transaction.atomic():
        if obj_a is obj_b or (pos_a != "bye" and pos_b != "bye" and obj_a.pk == obj_b.pk):  # type: ignore[attr-defined]
            game = obj_a
            game.white, game.black = game.black, game.white  # type: ignore[attr-defined]
            game.save()  # type: ignore[attr-defined]
        else:
            _put(obj_a, pos_a, second)
            _put(obj_b, pos_b, first)
        note(
            round_row.tournament,
            user,
            gettext_noop("Round %(round)s: %(first)s and %(second)s swapped."),
            {"round": round_row.number, "first": first.name, "second": second.name},
            round_number=round_row.number,
        )
    _refresh_forfeits(round_row)
    return violations(round_row)


def _put(obj: object, position: str, player: TournamentPlayer) -> None:
    if position == "bye":
        obj.player = player  # type: ignore[attr-defined]
    else:
        setattr(obj, position, player)
    obj.save()  # type: ignore[attr-defined]


@transaction.atomic
def exchange_colours(game: GameRow, user: object) -> list[Violation]:
    round_row = _round_of(game)
    _editable(round_row, game)
    with transaction.atomic():
        game.white, game.black = game.black, game.white
        game.save()
        note(
            round_row.tournament,
            user,
            gettext_noop(
                "Round %(round)s, board %(board)s: colours exchanged (%(white)s now has White)."
            ),
            {"round": round_row.number, "board": game.board, "white": game.white.name},
            round_number=round_row.number,
        )
    _refresh_forfeits(round_row)
    return violations(round_row)


@transaction.atomic
def remove_board(game: GameRow, user: object) -> list[Violation]:
    """Remove a board: both players are left unpaired (absent) in this round."""
    round_row = _round_of(game)
    _editable(round_row, game)
    with transaction.atomic():
        white, black, board = game.white, game.black, game.board
        game.delete()
        for player in (white, black):
            ByeRow.objects.create(round=round_row, player=player, kind=ByeCode.ABSENT)
        for index, g in enumerate(round_row.games.order_by("board", "id"), start=1):
            if g.board != index:
                g.board = index
                g.save(update_fields=["board"])
        note(
            round_row.tournament,
            user,
            gettext_noop("Round %(round)s: board %(board)s (%(white)s – %(black)s) removed."),
            {"round": round_row.number, "board": board, "white": white.name, "black": black.name},
            round_number=round_row.number,
        )
    _refresh_forfeits(round_row)
    return violations(round_row)


@transaction.atomic
def add_board(
    round_row: RoundRow, white: TournamentPlayer, black: TournamentPlayer, user: object
) -> list[Violation]:
    """Pair two players without a board in this round (absent, bye) on a new last board."""
    _editable(round_row)
    if white.pk == black.pk:
        raise Refused(_("Choose two different players."))
    for player in (white, black):
        # A withdrawn player or a late entrant not yet playing is re-entered first (entries).
        _playing_in(player, round_row.number)
        if round_row.games.filter(Q(white=player) | Q(black=player)).exists():
            raise Refused(_("%(name)s already has a board in this round.") % {"name": player.name})
    with transaction.atomic():
        ByeRow.objects.filter(round=round_row, player__in=[white, black]).delete()
        board = (round_row.games.aggregate(n=Max("board"))["n"] or 0) + 1
        GameRow.objects.create(round=round_row, board=board, white=white, black=black)
        note(
            round_row.tournament,
            user,
            gettext_noop("Round %(round)s: board %(board)s added (%(white)s – %(black)s)."),
            {"round": round_row.number, "board": board, "white": white.name, "black": black.name},
            round_number=round_row.number,
        )
    _refresh_forfeits(round_row)
    return violations(round_row)


@transaction.atomic
def give_bye(round_row: RoundRow, player: TournamentPlayer, user: object) -> list[Violation]:
    """Give the pairing-allocated bye to a player without a board (absent): used after
    removing a board."""
    _editable(round_row)
    bye = round_row.byes.filter(player=player).first()
    if bye is None or bye.kind != ByeCode.ABSENT:
        raise Refused(_("%(name)s is not unpaired in this round.") % {"name": player.name})
    # The pairing-allocated bye scores a win (C.04.1 c): never for a player who is not there.
    _playing_in(player, round_row.number)
    if player.absences.filter(round_number=round_row.number).exists():
        raise Refused(
            _("%(name)s is announced absent in round %(round)s.")
            % {"name": player.name, "round": round_row.number}
        )
    with transaction.atomic():
        bye.kind = ByeCode.PAIRING_ALLOCATED
        bye.save(update_fields=["kind"])
        note(
            round_row.tournament,
            user,
            gettext_noop("Round %(round)s: pairing-allocated bye given to %(name)s."),
            {"round": round_row.number, "name": player.name},
            round_number=round_row.number,
        )
    _refresh_forfeits(round_row)
    return violations(round_row)


# -- checker --------------------------------------------------------------------------------------


def check_tournament(row: Tournament) -> list[RoundDifference]:
    """Re-pair every round of a Swiss tournament (FIDE Dutch) and list the pairs that differ.
    Raises :class:`Refused` for a round robin."""
    if row.system != System.SWISS:
        raise Refused(_("Only a Swiss tournament is checked (a round robin follows its table)."))
    tournament = load_tournament(row)
    colour = _initial_colour(row) or initial_colour_of(tournament)
    try:
        return check_rounds(
            tournament,
            engine=swiss_engine(),
            # The options the rounds were paired with (forbidden pairs, Baku acceleration):
            # without them every round they changed was reported as a difference.
            options=PairingOptions(
                initial_colour=colour, forbidden=forbidden_groups(row), baku=row.acceleration
            ),
            workers=2,
        )
    except PairingError as exc:
        raise Refused(_("Cannot pair: %(reason)s") % {"reason": exc.reason}) from exc
