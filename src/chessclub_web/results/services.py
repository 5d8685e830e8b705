"""Saving board results: optimistic concurrency, button-only cases, history (spec R1–R5, C3).

:func:`save_results` is the one way results are written by the results pages. It takes the
boards the user changed, each with the version the user's page showed (``Game.version``), and:

- refuses bad input with :class:`ResultsError` (an HTTP status and a message naming the board):
  an unknown code, a game that is not a board of this round, a draft round, "no result" in a
  closed tournament (spec C3), an automatic save where only the button may save (spec R4);
- in one transaction, takes the tournament's row shared (``FOR KEY SHARE``: closing, pairing
  and unpairing, which take it exclusively, wait for the saves in flight and make new ones
  wait: the lock rule in ``tournaments.models``), reads the round's state and the tournament's
  afresh, locks the boards' rows (``SELECT … FOR UPDATE``, in id order: no deadlock between
  two batches) and writes each with a conditional ``UPDATE … WHERE version = <read
  version>`` that also adds one to the version. If any board's stored version is not the one
  sent (someone else changed it: spec R3), **nothing** is written and the stored values are
  returned instead;
- appends one ``result.*`` line per changed board to the audit log (:func:`result_line`, spec R5),
  then, once committed, gives the tournament a new revision (its cached standings are not used
  any more) and, for a closed tournament, sends ``results_corrected`` (the
  closing app stores the final standings again and recomputes the Elo, spec C3).

A board whose chosen result is already the stored one (same version) is left as it is and
counts as saved. So does a board whose version is stale when every change since that version
was made by the same user and the stored result is the one chosen again: a double click on
the button, or the button's page posted again after the browser's *Back* (nobody else changed
the board, so R3's "changed by someone else" would be false; nothing is written, the history
gets no row).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from django.db import transaction
from django.db.models import Exists, F, OuterRef
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from chessclub_web import refusals
from chessclub_web.audit.models import AuditAction, Entry
from chessclub_web.audit.services import line, record_all, result_authors
from chessclub_web.clubs.permissions import Action
from chessclub_web.results.models import Via
from chessclub_web.tournaments.models import (
    Game,
    ResultCode,
    Round,
    RoundState,
    System,
    Tournament,
    lock_tournament_shared,
    touch_tournament,
)
from chessclub_web.tournaments.permissions import allowed_on
from chessclub_web.tournaments.signals import results_corrected

#: Systems in which a round followed by an already paired round takes the button only (R4a).
SWISS_SYSTEMS = frozenset({System.SWISS, System.TEAM_SWISS})
RESULT_CODES = frozenset(code.value for code in ResultCode)
#: The largest version a board can have (``Game.version`` is a PositiveIntegerField: 2³¹ − 1
#: on every database Django supports); a larger one was tampered with.
MAX_VERSION = 2_147_483_647


#: Other apps' reasons to refuse a board's result: each takes the tournament and the boards
#: about to be saved and returns ``{game id: reason}`` for those it locks (the teams app:
#: boards of a match forfeited as a whole, whose results the forfeit sets). Registered in the
#: apps' ``ready()``.
BOARD_LOCKS: list[Callable[[Tournament, Sequence[Game]], dict[int, str]]] = []

#: A tournament system's reasons to refuse a board's new result, by system: each takes the
#: tournament and the boards about to change with their new code and returns ``{game id:
#: reason}`` for those it refuses (the cups app: a correction that changes the winner of a
#: match whose winner already plays a later cup round, K35). Registered in the apps' ``ready()``.
RESULT_REFUSALS: dict[str, Callable[[Tournament, Sequence[tuple[Game, str]]], dict[int, str]]] = {}


class ResultsError(refusals.Refused):
    """A request that cannot be saved: ``status`` is the HTTP status (4xx), ``message`` says
    what is wrong and where (translated)."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message, status=status)
        self.message = message


@dataclass(frozen=True)
class Change:
    """One board as the user sends it: the game's id, the chosen code (a ``ResultCode``
    value) and the version the user's page showed."""

    game_id: int
    result: str
    version: int


@dataclass(frozen=True)
class Stored:
    """A board's stored result and version."""

    result: str
    version: int


@dataclass
class SaveOutcome:
    """``saved``: the boards written (or already holding the chosen result), with their new
    stored value; ``stale``: the boards someone else changed, with the stored value (then
    ``saved`` is empty: nothing was written)."""

    saved: dict[int, Stored] = field(default_factory=dict)
    stale: dict[int, Stored] = field(default_factory=dict)

    @property
    def ok(self) -> bool:
        return not self.stale


def _later_paired(tournament_ref: Any, number_ref: Any) -> Exists:
    """A later round of the tournament exists (draft or published). A round row counts as
    paired even without boards: a team round's matches come before their boards' games."""
    return Exists(Round.objects.filter(tournament_id=tournament_ref, number__gt=number_ref))


def later_round_paired(tournament: Tournament, round_row: Round) -> bool:
    """True when a later round of the tournament has been paired (a row exists, draft or
    published): spec R4 (a)."""
    return Round.objects.filter(tournament=tournament, number__gt=round_row.number).exists()


def button_only_reason(tournament: Tournament, round_row: Round) -> str:
    """Why results of this round are saved with the button only (spec R4), ``""`` when they
    are saved automatically: (b) a closed tournament takes corrections only; (a) in a Swiss
    tournament, a round followed by a round already paired (every change is a late
    correction)."""
    swiss = tournament.system in SWISS_SYSTEMS
    return _reason(
        tournament.is_closed,
        swiss and later_round_paired(tournament, round_row),
        round_row.number,
    )


def _reason(closed: bool, swiss_with_later_round: bool, round_number: int) -> str:
    if closed:
        return _(
            "This tournament is closed: results are corrected only with the button “%(button)s”, "
            "and a board never goes back to “no result”."
        ) % {"button": _("Save the corrections")}
    if swiss_with_later_round:
        return _(
            "Round %(next)s is already paired: every change in round %(round)s is a late "
            "correction, saved only with the button."
        ) % {"next": round_number + 1, "round": round_number}
    return ""


def board_label(game: Any, index: int | None = None) -> str:
    """``board 3`` (the game's board number, else its place in the round)."""
    number = game.board if getattr(game, "board", None) is not None else index
    return _("board %(board)s") % {"board": number if number is not None else "?"}


def codes_help() -> str:
    """The codes a request may send, each with the label the page shows: ``1-0, = (½-½), …,
    "" (–)`` (the labels themselves are not codes)."""
    parts = []
    for code in ResultCode:
        shown = f"“{code.value}”" if code.value in ("", "=") else code.value
        parts.append(shown if str(code.label) == code.value else f"{shown} ({code.label})")
    return ", ".join(parts)


def _check_codes(
    changes: Sequence[Change],
    boards: Mapping[int, Game],
    closed: bool,
    places: Mapping[int, int] | None = None,
) -> None:
    """Refuse (400) the first change that is not a board of ``boards``, not a result code, has
    no valid version, or empties a closed tournament's board; its board named as the page
    numbers it (``places``: a game without board number, by its place in the round)."""
    places = places or {}
    for change in changes:
        game = boards.get(change.game_id)
        if game is None:
            raise ResultsError(
                400,
                _("Game %(game)s is not a board of this round of this tournament.")
                % {"game": change.game_id},
            )
        if change.result not in RESULT_CODES:
            raise ResultsError(
                400,
                _("%(board)s: “%(code)s” is not a result code (use one of %(codes)s).")
                % {
                    "board": board_label(game, places.get(game.pk)).capitalize(),
                    "code": change.result[:20],
                    "codes": codes_help(),
                },
            )
        if not 1 <= change.version <= MAX_VERSION:
            raise ResultsError(
                400,
                _("%(board)s: the version %(version)s is not valid.")
                % {
                    "board": board_label(game, places.get(game.pk)).capitalize(),
                    "version": str(change.version)[:20],
                },
            )
        if closed and change.result == ResultCode.NONE:
            raise ResultsError(
                400,
                _(
                    "%(board)s: a board of a closed tournament always keeps a result; it "
                    "cannot go back to “no result”."
                )
                % {"board": board_label(game, places.get(game.pk)).capitalize()},
            )


#: A board result's line in the audit log (spec R5).
RESULT_MESSAGE = gettext_noop(
    "Round %(round)s, board %(board)s (%(white)s – %(black)s): %(from)s → %(to)s."
)


def result_line(
    tournament_id: int,
    user: Any,
    *,
    game_id: int,
    round_number: int,
    board: int | None,
    white: str,
    black: str,
    old: str,
    new: str,
    version: int,
    via: str,
    correction: bool,
) -> Entry:
    """The audit line of one board's result changing from ``old`` to ``new`` (result codes)
    at ``version`` (the board's version before the change, spec R3): ``result.corrected`` in
    a closed tournament (C3), ``result.entered`` for a board's first result, else
    ``result.changed``. Unsaved (:func:`chessclub_web.audit.services.record_all` writes
    them)."""
    if correction:
        action = AuditAction.RESULT_CORRECTED
    elif old == ResultCode.NONE:
        action = AuditAction.RESULT_ENTERED
    else:
        action = AuditAction.RESULT_CHANGED
    params = {
        "round": round_number,
        "board": board if board is not None else "",
        "white": white,
        "black": black,
        "from": old,
        "to": new,
        "via": via,
    }
    return line(
        action,
        tournament_id,
        user,
        RESULT_MESSAGE,
        params,
        round_number=round_number,
        board=board,
        game_id=game_id,
        version=version,
        old={"result": old},
        new={"result": new},
    )


def _may_correct(user: Any, tournament: Tournament) -> bool:
    return user is not None and allowed_on(user, tournament, Action.CORRECT_RESULTS)


def _own_resubmission(game: Game, change: Change, user: Any) -> bool:
    """True when every change of ``game`` since ``change.version`` was made by ``user`` (a
    double submit, a page posted again after *Back*): then a stale version is not R3's
    "changed by someone else". The history holds one row per version step; a step missing
    from it (written by other code) is someone else's."""
    if not getattr(user, "is_authenticated", False) or change.version > game.version:
        return False
    authors = result_authors(game.pk, change.version, game.version - change.version + 1)
    return len(authors) == game.version - change.version and all(a == user.pk for a in authors)


def _places_without_board(round_row: Round, games: Iterable[Game]) -> dict[int, int]:
    """``{game id: place}`` for the games that have no board number (a round read from a TRF,
    which has none): their place in the round as the boards page numbers them (by board, then
    id, from 1), so that the history names the board the user saw. One query, and only when
    such a game is among ``games``."""
    if all(game.board is not None for game in games):
        return {}
    ids = Game.objects.filter(round=round_row).order_by("board", "id").values_list("id", flat=True)
    return {game_id: place for place, game_id in enumerate(ids, start=1)}


def save_results(
    tournament: Tournament,
    round_row: Round,
    changes: Iterable[Change],
    user: Any,
    *,
    via: str = Via.BUTTON,
) -> SaveOutcome:
    """Save the boards the user changed in ``round_row`` of ``tournament`` (spec R2–R5, C3).

    ``changes``: at most one :class:`Change` per game; ``user``: who saves (the caller has
    checked the permission: ``ENTER_RESULTS``, or ``CORRECT_RESULTS`` in a closed
    tournament); ``via``: :class:`~chessclub_web.results.models.Via`.

    Returns a :class:`SaveOutcome`: either every board saved, or nothing saved and the stale
    boards' stored values (spec R3). Raises :class:`ResultsError` (4xx) for bad input; then
    nothing is written either. The right is checked again against the fresh state: a
    tournament closed since the caller's check takes ``CORRECT_RESULTS`` (403 otherwise).
    """
    wanted = {change.game_id: change for change in changes}
    ordered = [wanted[game_id] for game_id in sorted(wanted)]
    outcome = SaveOutcome()
    with transaction.atomic():
        # The tournament's row first, shared (tournaments.models: the lock rule): closing,
        # pairing, unpairing wait for this save, and this save for them. Then fresh values
        # (the round may have been unpublished, the tournament closed, a later round paired
        # since the page was loaded), read with the boards' locks in one query: ``SELECT …
        # FOR UPDATE OF game`` in id order, no deadlock between two batches. The round's own
        # query is needed only when no board is named or none is of this round (then it
        # tells a draft round from a wrong board).
        fresh = lock_tournament_shared(tournament.pk)
        if fresh is None:
            raise ResultsError(404, _("This tournament does not exist any more."))
        closed, system = fresh
        boards = (
            {
                game.pk: game
                for game in Game.objects.select_for_update(of=("self",))
                .filter(round=round_row, pk__in=list(wanted))
                .annotate(
                    round_state=F("round__state"),
                    later=_later_paired(
                        OuterRef("round__tournament_id"), OuterRef("round__number")
                    ),
                    white_name=F("white__name"),
                    black_name=F("black__name"),
                )
                .order_by("pk")
            }
            if ordered
            else {}
        )
        if boards:
            first = next(iter(boards.values()))
            state = first.round_state
            later = first.later
        else:
            rows = list(
                Round.objects.filter(pk=round_row.pk)
                .annotate(later=_later_paired(OuterRef("tournament_id"), OuterRef("number")))
                .values_list("state", "later")
                .order_by()[:1]  # one row by pk: no ORDER BY
            )
            if not rows:
                raise ResultsError(404, _("This round does not exist any more."))
            state, later = rows[0]
        if state != RoundState.PUBLISHED:
            raise ResultsError(
                409,
                _("Round %(round)s is not published: its results cannot be entered yet.")
                % {"round": round_row.number},
            )
        if closed and not _may_correct(user, tournament):
            # Closed since the caller checked ENTER_RESULTS: corrections need more (C3).
            raise ResultsError(
                403, _("This tournament is closed: you may not correct its results.")
            )
        # A board of another round is bad input (400) before any state of this round (R4).
        _check_codes([c for c in ordered if c.game_id not in boards][:1], boards, closed)
        if via == Via.AUTOSAVE:
            reason = _reason(closed, system in SWISS_SYSTEMS and later, round_row.number)
            if reason:
                raise ResultsError(409, reason)
        if not ordered:
            return outcome
        places = _places_without_board(round_row, boards.values())
        _check_codes(ordered, boards, closed, places)
        for lock in BOARD_LOCKS:
            locked = lock(tournament, [boards[change.game_id] for change in ordered])
            if locked:
                raise ResultsError(409, " ".join(dict.fromkeys(locked.values())))
        if system in RESULT_REFUSALS:
            changing = [
                (boards[c.game_id], c.result)
                for c in ordered
                if boards[c.game_id].version == c.version and boards[c.game_id].result != c.result
            ]
            refused = RESULT_REFUSALS[system](tournament, changing) if changing else {}
            if refused:
                raise ResultsError(409, " ".join(dict.fromkeys(refused.values())))
        log: list[Entry] = []
        for change in ordered:
            game = boards[change.game_id]
            if game.version != change.version:
                if game.result == change.result and _own_resubmission(game, change, user):
                    outcome.saved[game.pk] = Stored(game.result, game.version)
                else:
                    outcome.stale[game.pk] = Stored(game.result, game.version)
                continue
            if game.result == change.result:
                outcome.saved[game.pk] = Stored(game.result, game.version)
                continue
            written = Game.objects.filter(pk=game.pk, version=change.version).update(
                result=change.result, version=F("version") + 1
            )
            if written != 1:  # changed between the lock and the update: cannot happen
                current = Game.objects.values_list("result", "version").get(pk=game.pk)
                outcome.stale[game.pk] = Stored(*current)
                continue
            outcome.saved[game.pk] = Stored(change.result, change.version + 1)
            log.append(
                result_line(
                    tournament.pk,
                    user,
                    game_id=game.pk,
                    round_number=round_row.number,
                    board=game.board if game.board is not None else places.get(game.pk),
                    white=game.white_name,
                    black=game.black_name,
                    old=game.result,
                    new=change.result,
                    version=change.version,
                    via=via,
                    correction=closed,
                )
            )
        if outcome.stale:
            # Nothing at all is saved when any board is stale (spec R3): undo the others.
            transaction.set_rollback(True)
            outcome.saved.clear()
            return outcome
        if log:
            record_all(log)
    if log:
        # A new revision once the results are in (outside the transaction: the tournament's
        # row is not locked while the boards are written, so saves on several boards do not
        # wait for each other; a reader in between caches under the old revision, which this
        # replaces).
        touch_tournament(tournament.pk)
        if closed:
            tournament.refresh_from_db()
            results_corrected.send(sender=Tournament, tournament=tournament, user=user)
    return outcome
