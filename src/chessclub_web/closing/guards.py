"""The lock of a closed tournament (spec C1: "the tournament can never be reopened").

Model-level receivers refuse, whatever the code path (views, the admin, the shell):

* clearing a tournament's ``closed_at``, or changing what its club Elo and final standings
  were computed from: its club, kind (club/independent), system, time-control category,
  tiebreaks, rule era, drawing of lots (and its seed), annulment threshold or scoring, or a
  start date that moves the rule era its standings follow (no rule era of its own);
* creating or deleting a round, board, bye or entry of a closed tournament (deleting a closed
  tournament therefore fails too: its rounds would go with it), or moving one into or out of a
  closed tournament (a changed ``tournament``/``round``/``white``/``black``/``player``);
* putting a round of a closed tournament back to draft (C1: every round is published);
* setting a board of a closed tournament back to "no result" (C3: it always keeps a result).

Corrections (C3) stay possible: a board's result may change from one result to another.
Bulk ``QuerySet.update``/``delete`` calls bypass Django's signals; no code of the project uses
them on a closed tournament's rows. Fixture loading (``raw``) is not checked.
"""

from __future__ import annotations

from typing import Any

from django.db.models.signals import pre_delete, pre_save
from django.dispatch import receiver

from chessclub.tiebreaks import default_era
from chessclub_web import refusals
from chessclub_web.tournaments.models import (
    Bye,
    Game,
    ResultCode,
    Round,
    RoundState,
    Tournament,
    TournamentPlayer,
)


class ClosedTournamentError(refusals.ClosedTournament):
    """A change that would reopen or cut into a closed tournament (C1)."""


def _closed(tournament_id: int | None) -> bool:
    if tournament_id is None:
        return False
    return Tournament.objects.filter(pk=tournament_id, closed_at__isnull=False).exists()


def _tournament_id(instance: Any) -> int | None:
    if isinstance(instance, TournamentPlayer | Round):
        return instance.tournament_id
    round_id = instance.round_id
    if round_id is None:
        return None
    return Round.objects.filter(pk=round_id).values_list("tournament_id", flat=True).first()


#: What a closed tournament's Elo rows and final standings were computed from (C1, E2, E7):
#: its club, kind, system and time-control category, and its standings settings (the
#: *Paramètres*: tiebreaks, rule era, drawing of lots and its seed; the annulment threshold and
#: the scoring). The views refuse such changes with a message (``tournaments.services``); this
#: is the lock of every other path (the admin, the shell).
LOCKED_TOURNAMENT_FIELDS = (
    "club_id",
    "kind",
    "system",
    "time_control_category",
    "tiebreaks",
    "tiebreak_rules",
    "draw_lots",
    "lots_seed",
    "annulment_threshold",
    "scoring",
    "planned_rounds",  # the exports and the standings read it
    "missed_round_points",  # what a late entrant's missed rounds scored
)

#: The links that tie each row to its tournament: changing one moves the row (C1).
LINK_FIELDS: dict[type, tuple[str, ...]] = {
    TournamentPlayer: ("tournament_id",),
    Round: ("tournament_id",),
    Game: ("round_id", "white_id", "black_id"),
    Bye: ("round_id", "player_id"),
}


@receiver(pre_save, sender=Tournament)
def refuse_reopening(sender: Any, instance: Tournament, raw: bool = False, **kwargs: Any) -> None:
    if raw or instance.pk is None:
        return
    stored = (
        Tournament.objects.filter(pk=instance.pk, closed_at__isnull=False)
        .values(*LOCKED_TOURNAMENT_FIELDS, "start_date")
        .first()
    )
    if stored is None:
        return
    if instance.closed_at is None:
        raise ClosedTournamentError(f"tournament {instance.pk} is closed: it cannot be reopened")
    changed = [name for name in LOCKED_TOURNAMENT_FIELDS if getattr(instance, name) != stored[name]]
    if not stored["tiebreak_rules"] and default_era(instance.start_date) != default_era(
        stored["start_date"]
    ):
        changed.append("start_date (its tiebreak rule era)")
    if changed:
        raise ClosedTournamentError(
            f"tournament {instance.pk} is closed: {', '.join(changed)} cannot change"
        )


@receiver(pre_save, sender=Round)
@receiver(pre_save, sender=Bye)
@receiver(pre_save, sender=TournamentPlayer)
@receiver(pre_save, sender=Game)
def refuse_new_rows_and_cleared_results(
    sender: Any, instance: Any, raw: bool = False, **kwargs: Any
) -> None:
    if raw:
        return
    name = sender._meta.model_name
    tournament_id = _tournament_id(instance)
    stored = None
    if instance.pk is not None:
        stored = type(instance).objects.filter(pk=instance.pk).first()
    if stored is not None:
        old_tournament = _tournament_id(stored)
        moved = any(getattr(instance, f) != getattr(stored, f) for f in LINK_FIELDS[sender])
        if moved and (_closed(old_tournament) or _closed(tournament_id)):
            closed = old_tournament if _closed(old_tournament) else tournament_id
            raise ClosedTournamentError(
                f"tournament {closed} is closed: its {name}s cannot be moved or replaced"
            )
    if not _closed(tournament_id):
        return
    if stored is None:
        raise ClosedTournamentError(f"tournament {tournament_id} is closed: no {name} can be added")
    if isinstance(instance, Game) and instance.result == ResultCode.NONE:
        raise ClosedTournamentError(f"tournament {tournament_id} is closed: a board keeps a result")
    if (
        isinstance(instance, Round)
        and instance.state != RoundState.PUBLISHED
        and stored.state == RoundState.PUBLISHED
    ):
        raise ClosedTournamentError(
            f"tournament {tournament_id} is closed: its rounds stay published"
        )


@receiver(pre_delete, sender=Round)
@receiver(pre_delete, sender=Bye)
@receiver(pre_delete, sender=TournamentPlayer)
@receiver(pre_delete, sender=Game)
def refuse_deletion(sender: Any, instance: Any, **kwargs: Any) -> None:
    tournament_id = _tournament_id(instance)
    if _closed(tournament_id):
        raise ClosedTournamentError(
            f"tournament {tournament_id} is closed: its {sender._meta.model_name}s stay"
        )
