"""Rows of the results app: the append-only history of board results (spec R5).

One :class:`ResultChange` per change of a board's result, written in the same transaction as
the change itself (``results.services``). **The first result of a board is logged too** (its
old value is ``""``, no result): the history then also says who entered each result, and for
every board the log holds exactly one row per version step (``old_version`` → ``old_version +
1``), which the concurrency tests check. Spec R5 asks for the changes after the first result;
the pages show every row and mark the first entries (:attr:`ResultChange.is_entry`).

The log is append-only: a saved row cannot be changed or deleted through the model
(:meth:`ResultChange.save`, :meth:`ResultChange.delete` raise), nothing in the web pages edits
it, and it is not registered in the admin. Its rows keep the board, the round number, the
players' names and the user's name as text, so that they outlive a deleted game (an unpaired
round) or user.
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from chessclub_web.tournaments.models import Game, ResultCode, Tournament


class AppendOnlyError(RuntimeError):
    """Raised when code tries to change or delete a row of the history."""


class Via(models.TextChoices):
    """How a change reached the server."""

    AUTOSAVE = "autosave", _("automatic save")
    BUTTON = "button", _("button")


class ResultChange(models.Model):
    """One change of one board's result: who, when, old and new value, board, round, game."""

    tournament = models.ForeignKey(
        Tournament,
        on_delete=models.CASCADE,
        related_name="result_changes",
        verbose_name=_("tournament"),
    )
    game = models.ForeignKey(
        Game,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="result_changes",
        verbose_name=_("game"),
    )
    round_number = models.PositiveSmallIntegerField(_("round"))
    board = models.PositiveSmallIntegerField(_("board"), null=True, blank=True)
    white_name = models.CharField(_("white"), max_length=200)
    black_name = models.CharField(_("black"), max_length=200)
    old_result = models.CharField(
        _("old result"), max_length=3, choices=ResultCode.choices, blank=True
    )
    new_result = models.CharField(
        _("new result"), max_length=3, choices=ResultCode.choices, blank=True
    )
    old_version = models.PositiveIntegerField(_("old version"))
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="result_changes",
        verbose_name=_("user"),
    )
    username = models.CharField(_("user name"), max_length=150)
    changed_at = models.DateTimeField(_("changed at"), auto_now_add=True, db_index=True)
    via = models.CharField(_("saved by"), max_length=8, choices=Via.choices)
    correction = models.BooleanField(_("correction of a closed tournament"), default=False)

    class Meta:
        ordering = ("-changed_at", "-id")
        verbose_name = _("result change")
        verbose_name_plural = _("result changes")
        constraints = (
            # One writer wins each version of a board (spec R3): a second row for the same
            # step would mean a lost update.
            models.UniqueConstraint(
                fields=["game", "old_version"], name="result_change_one_per_version"
            ),
        )

    def __str__(self) -> str:
        return f"{self.round_number}.{self.board}: {self.old_result or '–'} → {self.new_result}"

    @property
    def is_entry(self) -> bool:
        """A result entered on a board that had none (``–``); else a change of an entered
        result (spec R5's "change after a board's first result")."""
        return self.old_result == ResultCode.NONE

    def save(self, *args: Any, **kwargs: Any) -> None:
        """Only new rows are written: the history is append-only."""
        if self.pk is not None:
            raise AppendOnlyError("the results history is append-only")
        super().save(*args, **kwargs)

    def delete(self, *args: Any, **kwargs: Any) -> tuple[int, dict[str, int]]:
        raise AppendOnlyError("the results history is append-only")
