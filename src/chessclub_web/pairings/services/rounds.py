"""Pairing a round: computing and storing it, pairing it again, publishing and unpairing
it, the round dates, and the Berger table's number of rounds."""

from __future__ import annotations

import datetime
import math
import secrets
from collections.abc import Callable
from dataclasses import dataclass

from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from chessclub.model import Bye, ByeKind, Colour, PairingNumber
from chessclub.pairing import (
    BergerEngine,
    Pairing,
    PairingEngine,
    PairingError,
    PairingOptions,
)
from chessclub.pairing.engine import initial_colour_of
from chessclub.ratings.frbe.eligibility import parse_time_control
from chessclub_web import refusals
from chessclub_web.audit.models import AuditAction
from chessclub_web.audit.services import record
from chessclub_web.pairings.models import (
    Absence,
    ForbiddenPair,
    RequestedBye,
)
from chessclub_web.pairings.services.common import (
    PAIRED_SYSTEMS,
    Refused,
    _initial_colour,
    _refuse_closed,
    closed_message,
    colour_by_lot,
    forbidden_groups,
    last_paired_round,
    next_round,
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
    TimeControlCategory,
    Tournament,
    TournamentPlayer,
    results_fingerprint,
    touch_tournament,
)
from chessclub_web.tournaments.models import (
    Game as GameRow,
)
from chessclub_web.tournaments.models import (
    Round as RoundRow,
)
from chessclub_web.tournaments.services import round_date_refusal

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


_KINDS = {"H": ByeKind.HALF_POINT, "Z": ByeKind.ZERO_POINT, "-": ByeKind.ABSENT}


def berger_rounds(row: Tournament) -> int:
    """Rounds of a round robin's Berger table (FIDE C.05 Annex 1): n − 1 for an even field,
    n for an odd one (a bye each round), twice that for a double round robin."""
    count = row.players.count()
    rounds = count - 1 if count % 2 == 0 else count
    return rounds * 2 if row.system == System.DOUBLE_ROUND_ROBIN else rounds


def _sync_round_robin_rounds(row: Tournament) -> None:
    """Before its first round is paired, a round robin's planned rounds follow the players
    registered (:func:`berger_rounds`), so its header never reads "0 rounds" once two players
    are in."""
    if row.system in (System.ROUND_ROBIN, System.DOUBLE_ROUND_ROBIN) and not row.rounds.exists():
        rounds = berger_rounds(row) if row.players.count() >= 2 else 0
        if row.planned_rounds != rounds:
            row.planned_rounds = rounds
            row.save(update_fields=["planned_rounds"])


def pairing_refusal(row: Tournament) -> str | None:
    """Why the next round cannot be paired now (translated), ``None`` if it can."""
    closed = refusals.closed_refusal(row, closed_message())
    if closed:
        return closed
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
    from chessclub_web.pairings import services  # patched there by tests

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
            pairing = (engine or services.swiss_engine()).pair(
                tournament, round_number, options=options
            )
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
    time: datetime.time | None = None,
) -> RoundRow:
    ids = dict(row.players.values_list("pairing_number", "id"))
    round_row = RoundRow.objects.create(
        tournament=row, number=round_number, state=RoundState.DRAFT, date=date, time=time
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


def _forfeit_result(white_out: bool, black_out: bool) -> ResultCode:
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


#: The time of day proposed for the first round of a rapid or blitz event (local time).
FIRST_ROUND_TIME = datetime.time(10, 0)

#: Minutes from one round's start to the next when the tempo cannot be read: rapid, blitz.
ROUND_INTERVAL_MINUTES = {TimeControlCategory.RAPID: 60, TimeControlCategory.BLITZ: 20}

#: Minutes between the end of a round's longest game and the next round.
ROUND_BREAK_MINUTES = 10


@dataclass(frozen=True)
class RoundSlot:
    """When a round is proposed to be played: ``date``, and ``time`` of day (local time;
    ``None``: none proposed)."""

    date: datetime.date
    time: datetime.time | None = None


def round_interval(row: Tournament) -> datetime.timedelta | None:
    """From one round's start to the next in a rapid or blitz event (``None`` for a standard
    one: a round a day at most): both players' time for a 60-move game (the tempo, as FIDE's
    rating rules count it: ``15 min + 10 s`` is 25 minutes each) plus
    :data:`ROUND_BREAK_MINUTES`, rounded up to 5 minutes; when the tempo cannot be read,
    :data:`ROUND_INTERVAL_MINUTES` (60 rapid, 20 blitz). ``15 min + 10 s`` → 60 minutes,
    ``3 min + 2 s`` → 20."""
    category = row.time_control_category
    if category not in ROUND_INTERVAL_MINUTES:
        return None
    minutes: float = ROUND_INTERVAL_MINUTES[TimeControlCategory(category)]
    try:
        each = parse_time_control(row.time_control).minutes_for(60)
    except ValueError:
        pass
    else:
        if each > 0:
            minutes = 5 * math.ceil((2 * each + ROUND_BREAK_MINUTES) / 5)
    return datetime.timedelta(minutes=minutes)


def _within(day: datetime.date, row: Tournament) -> datetime.date:
    """``day`` moved into the tournament's dates (start to end, each when known)."""
    if row.end_date is not None and day > row.end_date:
        day = row.end_date
    if row.start_date is not None and day < row.start_date:
        day = row.start_date
    return day


def proposed_round_slot(
    row: Tournament, number: int, today: datetime.date | None = None
) -> RoundSlot:
    """When round ``number`` is proposed to be played (the arbiter may change it), always
    within the tournament's dates (``services.round_date_refusal`` accepts it).

    From the latest round before it that has a date (round ``p`` on day ``d``, at time ``t``),
    else from the start date, else ``today`` (default: the local date):

    * standard: ``d`` + (number − p) weeks (a weekly club evening), at ``t``; when that falls
      after the end date, ``d`` + (number − p) days (a weekend event), and at the latest the
      end date;
    * rapid and blitz: the same day, :func:`round_interval` × (number − p) after ``t``;
      without ``t``, the same day and no time; a round that would start after midnight is
      proposed the next day (within the end date) at the time of that day's first round.
      Round 1 is proposed on the start date at :data:`FIRST_ROUND_TIME`.
    """
    today = today or datetime.date.today()
    before = (
        row.rounds.filter(number__lt=number, date__isnull=False)
        .order_by("-number")
        .values_list("number", "date", "time")
        .first()
    )
    interval = round_interval(row)
    try:
        if before is None:
            first_day = _within(row.start_date or today, row)
            return RoundSlot(first_day, FIRST_ROUND_TIME if interval is not None else None)
        previous, stored_day, time = before
        assert stored_day is not None  # date__isnull=False
        day: datetime.date = stored_day
        gap = number - previous
        if interval is None:
            weekly = day + datetime.timedelta(weeks=gap)
            if row.end_date is not None and weekly > row.end_date:
                weekly = day + datetime.timedelta(days=gap)
            return RoundSlot(_within(weekly, row), time)
        if time is None:
            return RoundSlot(_within(day, row))
        start = datetime.datetime.combine(day, time) + interval * gap
        if start.date() == day:
            return RoundSlot(day, start.time())
        next_day = _within(day + datetime.timedelta(days=1), row)
        if next_day == day:  # the last day: no time left for it
            return RoundSlot(day)
        first = (
            row.rounds.filter(date=day, time__isnull=False)
            .order_by("time")
            .values_list("time", flat=True)
            .first()
        )
        return RoundSlot(next_day, first or FIRST_ROUND_TIME)
    except OverflowError:  # a stored date near the calendar's end (year 9999): no proposal
        return RoundSlot(_within(today, row))


def default_round_date(row: Tournament, number: int) -> datetime.date:
    """The date of :func:`proposed_round_slot`."""
    return proposed_round_slot(row, number).date


def _refuse_round_date(row: Tournament, number: int, date: datetime.date | None) -> None:
    """:class:`Refused` (400, field ``date``) for a date outside the tournament's dates
    (``tournaments.services.round_date_refusal``)."""
    reason = round_date_refusal(number, date, row.start_date, row.end_date)
    if reason:
        raise Refused(reason, status=400, field="date")


def set_round_date(
    round_row: RoundRow,
    date: datetime.date | None,
    user: object,
    time: datetime.time | None = None,
) -> None:
    """Set (or clear, ``None``) the date a round is played and the time of day it starts,
    draft or published. Refused in a closed tournament (spec C1, 409) and for a date outside
    the tournament's dates (``tournaments.services.round_date_refusal``, 400); nothing is
    changed then. One audit line (``round.date_set``)."""
    row = round_row.tournament
    _refuse_closed(row)
    with transaction.atomic():
        fresh = _fresh_round(round_row)  # the tournament's lock first: closed meanwhile?
        row.refresh_from_db(fields=["closed_at", "start_date", "end_date"])
        _refuse_closed(row)
        _refuse_round_date(row, fresh.number, date)
        fresh.date = date
        fresh.time = time
        fresh.save(update_fields=["date", "time"])
        if time is None:
            record(
                AuditAction.ROUND_DATE_SET,
                row,
                user,
                gettext_noop("Round %(round)s: date set to %(date)s."),
                {"round": fresh.number, "date": date.isoformat() if date else None},
                round_number=fresh.number,
            )
        else:
            record(
                AuditAction.ROUND_DATE_SET,
                row,
                user,
                gettext_noop("Round %(round)s: date set to %(date)s at %(time)s."),
                {
                    "round": fresh.number,
                    "date": date.isoformat() if date else None,
                    "time": time.strftime("%H:%M"),
                },
                round_number=fresh.number,
            )
    touch_tournament(row.pk)


def pair_next_round(
    row: Tournament,
    user: object,
    engine: PairingEngine | None = None,
    date: datetime.date | None = None,
    time: datetime.time | None = None,
    *,
    expected: int | None = None,
    on_stored: Callable[[RoundRow], None] | None = None,
) -> RoundRow:
    """Pair the next round as a draft, played on ``date`` (``None``: no date) from ``time``
    (``None``: no time). Raises :class:`Refused` (nothing stored) when it cannot be paired
    now or the engine finds no pairing (409), or when ``date`` is outside the tournament's
    dates (400, ``tournaments.services.round_date_refusal``).

    ``expected``: the round the arbiter asked for (a background job's); another round to pair
    next (that one paired meanwhile) is refused, never paired in its place. ``on_stored``
    is called with the stored round inside the storing transaction (a background job marks
    itself done there: both are stored or neither)."""
    from chessclub_web.pairings import services  # patched there by tests

    refusal = pairing_refusal(row)
    if refusal:
        raise Refused(refusal)
    number = next_round(row)
    if expected is not None and number != expected:
        raise Refused(_("Someone else paired this round meanwhile."))
    _refuse_round_date(row, number, date)
    seed = None
    if row.system == System.SWISS and number == 1 and not row.initial_colour:
        # Drawn now, stored only with the round (nothing is stored if the pairing fails).
        seed = secrets.randbelow(10**9)
        row.initial_colour = "W" if colour_by_lot(seed) is Colour.WHITE else "B"
    computed_from = results_fingerprint(row.pk, number)
    entered = entries_fingerprint(row.pk)
    try:
        pairing, entries = services.compute_pairing(row, number, engine)
    except Refused:
        if seed is not None:
            row.initial_colour = ""
        raise
    with transaction.atomic():
        services.lock_tournament(row.pk)
        if next_round(row) != number:
            raise Refused(_("Someone else paired this round meanwhile."))
        _refuse_if_results_changed(row, number, computed_from, entered)
        if seed is not None:
            row.save(update_fields=["initial_colour"])
            record(
                AuditAction.PAIRING_COLOUR_DRAWN,
                row,
                user,
                gettext_noop("Initial colour drawn by lot: %(colour)s (seed %(seed)s)."),
                {"colour": row.initial_colour, "seed": seed},
            )
        round_row = _store(row, pairing, entries, number, date, time)
        if row.system != System.SWISS and number == 1:
            # A round robin plays its whole Berger table: that is its number of rounds.
            rounds = berger_rounds(row)
            if row.planned_rounds != rounds:
                row.planned_rounds = rounds
                row.save(update_fields=["planned_rounds"])
            if row.players.count() % 2 == 1:
                _round_robin_bye_scores_nothing(row)
        record(
            AuditAction.ROUND_PAIRED,
            row,
            user,
            gettext_noop("Round %(round)s paired (draft)."),
            {"round": number},
            round_number=number,
        )
        if on_stored is not None:
            on_stored(round_row)
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
    made on rows that are gone (stale forms, double clicks)."""
    from chessclub_web.pairings import services  # patched there by tests

    # The tournament's row first (tournaments.models: the lock rule): saves of results in
    # flight finish before the round changes, and no save starts until it has changed.
    services.lock_tournament(round_row.tournament_id)
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
    from chessclub_web.pairings import services  # patched there by tests

    row = round_row.tournament
    _refuse_closed(row)
    if row.system not in PAIRED_SYSTEMS:
        # A Keizer evening (K24), a cup's games (K34) or a Scheveningen round (K41) is paired
        # by its own app: never again by Berger's tables.
        raise Refused(_("chessclub pairs Swiss tournaments and round robins only."))
    if round_row.state != RoundState.DRAFT:
        raise Refused(_("Only a draft round is paired again."))
    number = round_row.number
    # Compute first: if the engine fails the draft stays.
    computed_from = results_fingerprint(row.pk, number)
    entered = entries_fingerprint(row.pk)
    pairing, entries = services.compute_pairing(row, number, engine)
    with transaction.atomic():
        fresh = _fresh_round(round_row)
        if fresh.state != RoundState.DRAFT:
            raise Refused(_("Only a draft round is paired again."))
        fresh.delete()
        # The draft deleted: round N is the next one again.
        _refuse_if_results_changed(row, number, computed_from, entered)
        new = _store(row, pairing, entries, number, fresh.date, fresh.time)
        record(
            AuditAction.ROUND_PAIRED,
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
        record(
            AuditAction.ROUND_PUBLISHED,
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
        record(
            AuditAction.ROUND_UNPAIRED,
            row,
            user,
            gettext_noop("Round %(round)s unpaired."),
            {"round": number},
            round_number=number,
        )
