"""The entries: added, removed and changed (the one home of the entries' rules)."""

from __future__ import annotations

import datetime
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from django.db import transaction
from django.db.models import Max
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from chessclub_web.audit.models import AuditAction
from chessclub_web.audit.services import record
from chessclub_web.audit.text import CODED_PARAMS
from chessclub_web.clubs.models import Club
from chessclub_web.clubs.models import Player as RosterPlayer
from chessclub_web.pairings.services.common import (
    Refused,
    _locked_player,
    _refuse_closed,
    closed_message,
    last_paired_round,
    lock_entries,
    numbers_frozen,
)
from chessclub_web.pairings.services.numbers import renumber_by_rating
from chessclub_web.pairings.services.rounds import _sync_round_robin_rounds
from chessclub_web.tournaments import hooks
from chessclub_web.tournaments.models import (
    Bye as ByeRow,
)
from chessclub_web.tournaments.models import (
    System,
    Tournament,
    TournamentPlayer,
    chosen_rating,
    touch_tournament,
)

# The history's labels of the list ratings an entry keeps beside its rating (R-REG-4).
CODED_PARAMS["field"].setdefault("fide_rating", gettext_noop("FIDE rating"))
CODED_PARAMS["field"].setdefault("national_rating", gettext_noop("national rating"))

# -- entries --------------------------------------------------------------------------------------

#: A tournament system's own reason to take no new player now (translated, ``None``: the
#: usual rules apply), by system: ``(tournament) -> str | None`` (the cups app: a drawn
#: bracket, K33). Registered in the apps' ``ready()``.
REGISTRATION_REFUSALS: dict[str, Callable[[Tournament], str | None]] = {}

#: A tournament system's own reason not to remove an entry (translated, ``None``: the usual
#: rules apply), by system: ``(entry) -> str | None`` (the cups app: a player in the
#: bracket, K38). Registered in the apps' ``ready()``.
REMOVAL_REFUSALS: dict[str, Callable[[TournamentPlayer], str | None]] = {}


@dataclass(frozen=True)
class NewEntry:
    """A player to register (:func:`add_player`). ``rating``: the rating that pairs and ranks
    as given; ``None`` with ``fide_rating`` or ``national_rating`` given: computed from them
    by the tournament's ``rating_choice`` (``tournaments.models.chosen_rating``). ``fide_rating``:
    the FIDE rating of the tournament's time control; ``national_rating``: the national
    list's. ``source``: the list the player was registered from (``"fide"``, ``"frbe"``,
    ``"fse"``), ``""`` by hand or from the club's roster (named in the history)."""

    name: str
    rating: int | None = None
    fide_rating: int | None = None
    national_rating: int | None = None
    source: str = ""
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
    for tc in RATING_FALLBACK.get(time_control, (time_control,)):
        value = hooks.club_elo(roster, tc)
        if value:
            return value, tc
    return None, ""


def normal_fide_id(text: str) -> str:
    """A FIDE ID as stored and compared: digits without leading zeros (``"099100001"`` is
    ``"99100001"``; ``"0"`` and blank are no FIDE ID, ``""``). Text that is not digits is
    returned stripped (the forms refuse it; a service caller's value is then compared as
    written)."""
    text = text.strip()
    if text.isdigit():
        return text.lstrip("0")
    return text


def same_fide_id(
    row: Tournament, fide_id: str, *, exclude: int | None = None
) -> TournamentPlayer | None:
    """Another entry of ``row`` with the FIDE ID ``fide_id``, compared as a number
    (:func:`normal_fide_id`: ``099100001`` is ``99100001``), or ``None``. ``exclude``: the
    entry being edited."""
    wanted = normal_fide_id(fide_id)
    if not wanted:
        return None
    entries = row.players.exclude(fide_id="")
    if exclude is not None:
        entries = entries.exclude(pk=exclude)
    for entry in entries.only("pk", "name", "fide_id"):
        if normal_fide_id(entry.fide_id) == wanted:
            return entry
    return None


def same_matricule(
    row: Tournament, matricule: str, federation: str = "", *, exclude: int | None = None
) -> TournamentPlayer | None:
    """Another entry of ``row`` with the matricule ``matricule`` (as a number: ``090001`` is
    ``90001``) in the same federation, or ``None`` (R-REG-8). A national ID is unique within
    its federation only: a Belgian matricule and a Swiss code of the same digits never
    conflict (``BEL`` vs ``SUI``). A blank federation is unknown and may be any: it conflicts
    with every federation (and a blank one). Case does not count (``bel`` is ``BEL``).
    ``exclude``: the entry being edited."""
    wanted = matricule.strip().lstrip("0") or "0"
    fed = federation.strip().upper()
    entries = row.players.exclude(matricule="")
    if exclude is not None:
        entries = entries.exclude(pk=exclude)
    for entry in entries.only("pk", "name", "matricule", "federation"):
        other = entry.federation.strip().upper()
        if fed and other and fed != other:
            continue
        if (entry.matricule.strip().lstrip("0") or "0") == wanted:
            return entry
    return None


#: Systems whose pairing table is fixed once round 1 is paired (FIDE C.05). A Swiss and a
#: Keizer season take late entries (K23); a cup's own rule refuses them after its draw (K33).
_BERGER_SYSTEMS = frozenset({System.ROUND_ROBIN, System.DOUBLE_ROUND_ROBIN})


def registration_refusal(row: Tournament) -> str | None:
    """Why ``row`` takes no new player now (translated), or ``None`` when it may: a closed
    tournament ([C1]); an individual round robin whose first round is paired (FIDE C.05: the
    Berger table is fixed); a Swiss whose planned rounds are all paired (no round left to
    join). The refusals :func:`add_player` gives whatever the player; the page shows the
    search without *Ajouter* buttons, with this reason (R-REG-3)."""
    if row.is_closed:
        return closed_message()
    if row.is_team_event:
        return None
    own = REGISTRATION_REFUSALS.get(row.system)
    refusal = own(row) if own is not None else None
    if refusal:
        return refusal
    last = last_paired_round(row)
    if row.system in _BERGER_SYSTEMS and last >= 1:
        return _("A round robin takes no player once its first round is paired.")
    if row.planned_rounds and last >= row.planned_rounds:
        return _("All the planned rounds are paired: no player can join any more.")
    return None


def add_player(
    row: Tournament,
    entry: NewEntry,
    user: object,
    *,
    team: object = None,
    join_team: Callable[[Any, TournamentPlayer], object] | None = None,
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
    a club player, FIDE ID (as a number, :func:`same_fide_id`) or matricule (within one
    federation, :func:`same_matricule`) already registered (R-REG-8). The FIDE ID is stored
    without leading zeros (:func:`normal_fide_id`).

    ``entry_round`` > 1 is a late entry: the rounds before it (already paired or not) count
    per the tournament's ``missed_round_points`` (Z or H bye). Pairing numbers are given again
    by rating while not frozen; later entrants get the next number. ``team`` (a
    ``teams.models.Team`` of the tournament, team events only): the player joins the end of
    that team's roster, by ``join_team(team, player)`` (the teams app's
    ``teams.services.join_roster``, in this transaction); a team event's roster takes players
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
            own = REGISTRATION_REFUSALS.get(row.system)
            refusal = own(row) if own is not None else None
            if refusal:
                raise Refused(refusal)
            if row.system in _BERGER_SYSTEMS and last >= 1:
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
        fide_id = normal_fide_id(entry.fide_id)
        if fide_id:
            same = same_fide_id(row, fide_id)
            if same is not None:
                # One FIDE ID is one person (a double click registered them twice).
                raise Refused(
                    _("FIDE ID %(fide_id)s is already registered: %(name)s.")
                    % {"fide_id": fide_id, "name": same.name},
                    field="fide_id",
                )
        if entry.matricule:
            same = same_matricule(row, entry.matricule, entry.federation)
            if same is not None:
                # One matricule is one person too (the Belgian federation's number).
                raise Refused(
                    _("Matricule %(matricule)s is already registered: %(name)s.")
                    % {"matricule": entry.matricule, "name": same.name},
                    field="matricule",
                )
        number = (row.players.aggregate(n=Max("pairing_number"))["n"] or 0) + 1
        rating = entry.rating
        if rating is None:
            # R-REG-4: the list ratings side by side, the tournament's choice pairs and ranks.
            rating = chosen_rating(row.rating_choice, entry.fide_rating, entry.national_rating)
        player = TournamentPlayer.objects.create(
            tournament=row,
            pairing_number=number,
            name=entry.name,
            rating=rating,
            fide_rating=entry.fide_rating,
            national_rating=entry.national_rating,
            title=entry.title,
            federation=entry.federation,
            fide_id=fide_id,
            matricule=entry.matricule,
            sex=entry.sex,
            birth_date=entry.birth_date,
            club=entry.club,
            entry_round=1 if row.is_team_event else entry.entry_round,
            roster_player_id=entry.roster_player_id,
        )
        if team is not None:
            if join_team is None:
                raise TypeError("add_player: a team needs join_team")
            join_team(team, player)
            record(
                AuditAction.ENTRY_REGISTERED,
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
            renumber_by_rating(row, user, log=False)
        _sync_round_robin_rounds(row)
        player.refresh_from_db()
        if entry.entry_round > 1:
            record(
                AuditAction.ENTRY_REGISTERED,
                row,
                user,
                gettext_noop("%(name)s registered from round %(round)s (late entry)."),
                {"name": player.name, "round": entry.entry_round},
            )
        elif entry.source:
            record(
                AuditAction.ENTRY_REGISTERED,
                row,
                user,
                gettext_noop(
                    "%(name)s registered from the %(list)s list (FIDE %(fide)s, national "
                    "%(national)s, pairs with %(rating)s)."
                ),
                {
                    "name": player.name,
                    "list": entry.source.upper(),
                    "fide": _shown_rating(player.fide_rating),
                    "national": _shown_rating(player.national_rating),
                    "rating": _shown_rating(player.rating),
                },
            )
        else:
            record(
                AuditAction.ENTRY_REGISTERED,
                row,
                user,
                gettext_noop("%(name)s registered."),
                {"name": player.name},
            )
    return player


def _shown_rating(value: int | None) -> str:
    return "—" if value is None else str(value)


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
        own = REMOVAL_REFUSALS.get(row.system)
        refusal = own(player) if own is not None else None
        if refusal:
            raise Refused(refusal)
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
            renumber_by_rating(row, user, log=False)
        _sync_round_robin_rounds(row)
        record(
            AuditAction.ENTRY_REMOVED,
            row,
            user,
            gettext_noop("%(name)s removed from the entries."),
            {"name": name},
        )


#: The details of an entry that *Modifier* (:func:`update_entry`) changes, in the page's order.
ENTRY_FIELDS = (
    "name",
    "rating",
    "fide_rating",
    "national_rating",
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
    (:data:`~chessclub_web.audit.text.CODED_PARAMS`)."""
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
    compared: text stripped (title, federation in capitals; a FIDE ID without leading zeros;
    sex as ``"M"``/``"F"``; a birth date as ISO ``YYYY-MM-DD`` when it is a full date, else as
    written), the rating an ``int`` or ``None``, the fictitious-rating mark a ``bool``.
    ``value`` may be a stored value, a cleaned form value or a posted string (``"2150"``,
    ``"True"``); a posted rating that is no number stays text (it then equals no stored
    value)."""
    if name == "fictitious_rating":
        if isinstance(value, str):
            return value.strip().lower() in ("true", "on", "1")
        return bool(value)
    if isinstance(value, datetime.date):
        text = value.isoformat()
    else:
        text = "" if value is None else str(value).strip()
    if name in ("rating", "fide_rating", "national_rating"):
        if not text:
            return None
        try:
            return int(text)
        except ValueError:
            return text
    if name in ("title", "federation"):
        return text.upper()
    if name == "fide_id":
        return normal_fide_id(text)  # a number: ``099100001`` is ``99100001`` (R-REG-8)
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
    from chessclub_web.pairings import services  # patched there by tests

    unknown = set(changes) - set(ENTRY_FIELDS)
    if unknown:
        raise ValueError(f"not a detail of an entry: {', '.join(sorted(unknown))}")
    with transaction.atomic():
        # The tournament's row first (tournaments.models: the lock rule), then its state.
        if not services.lock_tournament(player.tournament_id):
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
        matricule = values.get("matricule", stored.matricule if "federation" in values else "")
        if matricule:
            # A new matricule, or a new federation of the stored one (R-REG-8: one national
            # ID per federation).
            federation = str(values.get("federation", stored.federation))
            same = same_matricule(row, str(matricule), federation, exclude=stored.pk)
            if same is not None:
                # One matricule is one person (as for a new entry, :func:`add_player`).
                raise Refused(
                    _("Matricule %(matricule)s is already registered: %(name)s.")
                    % {"matricule": matricule, "name": same.name}
                )
        fide_id = values.get("fide_id")
        if fide_id:
            same = same_fide_id(row, str(fide_id), exclude=stored.pk)
            if same is not None:
                raise Refused(
                    _("FIDE ID %(fide_id)s is already registered: %(name)s.")
                    % {"fide_id": fide_id, "name": same.name},
                    field="fide_id",
                )
        if (
            {"fide_rating", "national_rating"} & set(values)
            and "rating" not in values
            and not row.is_closed
            and not numbers_frozen(row)
        ):
            # R-REG-4: a list rating corrected, the rating that pairs follows the choice
            # (while the pairing numbers are not frozen: FIDE C.04.2, ratings of the start).
            rating = chosen_rating(
                row.rating_choice,
                values.get("fide_rating", stored.fide_rating),  # type: ignore[arg-type]
                values.get("national_rating", stored.national_rating),  # type: ignore[arg-type]
            )
            if rating is not None and rating != stored.rating:
                values["rating"] = rating
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
            renumber_by_rating(row, user, log=False)
        for name in ENTRY_FIELDS:
            if name in values:
                _note_entry_change(row, user, stored.name, name, old[name], values[name])
        stored.refresh_from_db()
    return stored


def _note_entry_change(
    row: Tournament, user: object, player: str, name: str, old: object, new: object
) -> None:
    """The history line of one changed detail, in the reader's language (the detail's label
    is the coded parameter ``field``, :data:`~chessclub_web.audit.text.CODED_PARAMS`)."""
    if name == "fictitious_rating":
        message = (
            gettext_noop("%(name)s: rating marked fictitious (***).")
            if new
            else gettext_noop("%(name)s: rating no longer marked fictitious.")
        )
        record(AuditAction.ENTRY_CHANGED, row, user, message, {"name": player})
        return

    def shown(value: object) -> object:
        return "—" if value is None or value == "" else value

    record(
        AuditAction.ENTRY_CHANGED,
        row,
        user,
        gettext_noop("%(name)s: %(field)s changed from “%(old)s” to “%(new)s”."),
        {"name": player, "field": name, "old": shown(old), "new": shown(new)},
    )


# -- a new tournament ------------------------------------------------------------------------------


def create_tournament(club: Club, row: Tournament, user: Any) -> Tournament:
    """Store a tournament created from scratch (``row``: the new tournament form's unsaved
    row) for ``club``, made by ``user``, with its first history line; one transaction. The
    page has checked the permission (``Action.IMPORT_TOURNAMENT``) and the form."""
    with transaction.atomic():
        row.club = club
        row.creator = user
        row.save()
        record(AuditAction.TOURNAMENT_CREATED, row, user, gettext_noop("Tournament created."))
    return row
