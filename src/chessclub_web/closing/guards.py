"""The lock of a closed tournament (spec C1: "the tournament can never be reopened").

Model-level receivers refuse, whatever the code path (views, the admin, the shell):

* clearing a tournament's ``closed_at``;
* creating or deleting a round, board, bye or entry of a closed tournament (deleting a closed
  tournament therefore fails too: its rounds would go with it);
* setting a board of a closed tournament back to "no result" (C3: it always keeps a result).

Corrections (C3) stay possible: a board's result may change from one result to another.
Bulk ``QuerySet.update``/``delete`` calls bypass Django's signals; no code of the project uses
them on a closed tournament's rows. Fixture loading (``raw``) is not checked.
"""

from __future__ import annotations

from typing import Any

from django.db.models.signals import pre_delete, pre_save
from django.dispatch import receiver

from chessclub_web.tournaments.models import (
    Bye,
    Game,
    ResultCode,
    Round,
    Tournament,
    TournamentPlayer,
)


class ClosedTournamentError(Exception):
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


@receiver(pre_save, sender=Tournament)
def refuse_reopening(sender: Any, instance: Tournament, raw: bool = False, **kwargs: Any) -> None:
    if raw or instance.pk is None or instance.closed_at is not None:
        return
    if _closed(instance.pk):
        raise ClosedTournamentError(f"tournament {instance.pk} is closed: it cannot be reopened")


@receiver(pre_save, sender=Round)
@receiver(pre_save, sender=Bye)
@receiver(pre_save, sender=TournamentPlayer)
@receiver(pre_save, sender=Game)
def refuse_new_rows_and_cleared_results(
    sender: Any, instance: Any, raw: bool = False, **kwargs: Any
) -> None:
    if raw:
        return
    tournament_id = _tournament_id(instance)
    if not _closed(tournament_id):
        return
    if instance.pk is None:
        raise ClosedTournamentError(
            f"tournament {tournament_id} is closed: no {sender._meta.model_name} can be added"
        )
    if isinstance(instance, Game) and instance.result == ResultCode.NONE:
        raise ClosedTournamentError(f"tournament {tournament_id} is closed: a board keeps a result")


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
