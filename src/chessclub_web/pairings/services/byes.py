"""Requested byes, absences, withdrawals and forbidden pairs."""

from __future__ import annotations

from django.db import IntegrityError, models, transaction
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from chessclub_web.audit.models import AuditAction
from chessclub_web.audit.services import record
from chessclub_web.pairings.models import (
    Absence,
    ForbiddenPair,
    RequestedBye,
)
from chessclub_web.pairings.services.common import (
    Refused,
    _locked_player,
    _playing_in,
    _refuse_closed,
    last_paired_round,
    lock_entries,
    next_round,
)
from chessclub_web.tournaments.models import (
    System,
    Tournament,
    TournamentPlayer,
)


def _create_once(model: type[models.Model], refusal: str, **values: object) -> None:
    """Create a row whose uniqueness the caller checked: a second identical post that passed
    the same check at the same moment (double click) meets the unique constraint and gets
    ``refusal`` (409), not a 500. Runs in a savepoint so the caller's transaction goes on."""
    try:
        with transaction.atomic():
            model.objects.create(**values)  # type: ignore[attr-defined]
    except IntegrityError:
        raise Refused(refusal) from None


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
        record(
            AuditAction.BYE_REQUESTED,
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
        record(
            AuditAction.BYE_CANCELLED,
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
        record(
            AuditAction.ABSENCE_RECORDED,
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
        record(
            AuditAction.ABSENCE_CANCELLED,
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
            record(
                AuditAction.ENTRY_REENTERED,
                row,
                user,
                gettext_noop("%(name)s re-enters from round %(round)s."),
                {"name": player.name, "round": next_round(row)},
            )
        elif from_round is None:
            record(
                AuditAction.ENTRY_REENTERED,
                row,
                user,
                gettext_noop("%(name)s: withdrawal cancelled."),
                {"name": player.name},
            )
        else:
            record(
                AuditAction.ENTRY_WITHDRAWN,
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
        record(
            AuditAction.PAIRING_FORBIDDEN_ADDED,
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
        record(
            AuditAction.PAIRING_FORBIDDEN_REMOVED,
            row,
            user,
            gettext_noop("%(first)s and %(second)s may be paired together again."),
            {"first": pair.first.name, "second": pair.second.name},
        )
