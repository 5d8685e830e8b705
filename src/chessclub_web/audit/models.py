"""The audit log's one row: :class:`Entry` (spec R5 for results, C1–C3 for closing and
corrections; FIDE's checklist for pairing software asks for such notes on pairings).

Every change a service makes to a tournament — an entry registered, a round paired or
published, a board edited by hand, a result entered, changed or corrected, a setting changed,
the tournament closed — appends one :class:`Entry` in the service's own transaction
(``audit.services.record``): a change that is rolled back leaves no line, a line never exists
without its change. An entry names its :class:`AuditAction` (a typed code such as
``result.corrected``), who (the user, and their name as text, which outlives the account),
when, the tournament, the round and board it concerns, a message in the source language with
its parameters (worded in each reader's language when read, :attr:`Entry.text`) and the old
and new values as JSON.

The log is append-only: :meth:`Entry.save` of a stored row and :meth:`Entry.delete` raise
:class:`AppendOnlyError`, the admin shows it read-only, and the database itself refuses any
update of a stored row (triggers on SQLite and PostgreSQL, migration ``0002``) except the
foreign keys that ``SET_NULL`` clears when a game (an unpaired round) or a user is deleted.
A tournament's deletion takes its lines with it.

No other app's module is imported here: the foreign keys name their models as strings, so
that every app may write to the log (``make lint`` keeps the audit app at the bottom).
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from chessclub_web.audit.text import param_text, render_change


class AppendOnlyError(RuntimeError):
    """Raised when code tries to change or delete a line of the audit log."""


class AuditAction(models.TextChoices):
    """What a line records: ``<subject>.<what happened>``."""

    TOURNAMENT_CREATED = "tournament.created", _("tournament created")
    TOURNAMENT_IMPORTED = "tournament.imported", _("tournament imported")
    TOURNAMENT_DETAILS_CHANGED = "tournament.details_changed", _("tournament details changed")
    TOURNAMENT_ENDED_EARLY = "tournament.ended_early", _("tournament ended early")
    TOURNAMENT_CLOSED = "tournament.closed", _("tournament closed")
    FIDE_MODE_LEFT = "tournament.fide_mode_left", _("FIDE mode left")
    SETTINGS_TIEBREAKS_CHANGED = "settings.tiebreaks_changed", _("tiebreaks changed")
    SETTINGS_RULES_CHANGED = "settings.rules_changed", _("tiebreak rules changed")
    SETTINGS_LOTS_CHANGED = "settings.lots_changed", _("drawing of lots changed")
    SETTINGS_PAIRING_CHANGED = "settings.pairing_changed", _("pairing rules changed")
    SETTINGS_TEAMS_CHANGED = "settings.teams_changed", _("team event settings changed")
    SETTINGS_EXPORT_CHANGED = "settings.export_changed", _("export settings changed")
    ENTRY_REGISTERED = "entry.registered", _("player registered")
    ENTRY_CHANGED = "entry.changed", _("entry changed")
    ENTRY_REMOVED = "entry.removed", _("entry removed")
    ENTRY_WITHDRAWN = "entry.withdrawn", _("withdrawal")
    ENTRY_REENTERED = "entry.reentered", _("re-entry")
    BYE_REQUESTED = "bye.requested", _("bye requested")
    BYE_CANCELLED = "bye.cancelled", _("bye cancelled")
    ABSENCE_RECORDED = "absence.recorded", _("absence recorded")
    ABSENCE_CANCELLED = "absence.cancelled", _("absence cancelled")
    PAIRING_NUMBERS_GIVEN = "pairing.numbers_given", _("pairing numbers given")
    PAIRING_COLOUR_DRAWN = "pairing.colour_drawn", _("initial colour drawn")
    PAIRING_FORBIDDEN_ADDED = "pairing.forbidden_added", _("forbidden pair added")
    PAIRING_FORBIDDEN_REMOVED = "pairing.forbidden_removed", _("forbidden pair removed")
    ROUND_DATE_SET = "round.date_set", _("round date set")
    ROUND_PAIRED = "round.paired", _("round paired")
    ROUND_PUBLISHED = "round.published", _("round published")
    ROUND_UNPAIRED = "round.unpaired", _("round unpaired")
    PAIRING_BOARD_SWAPPED = "pairing.board_swapped", _("players swapped")
    PAIRING_COLOURS_SWAPPED = "pairing.colours_swapped", _("colours swapped")
    PAIRING_BOARD_REMOVED = "pairing.board_removed", _("board removed")
    PAIRING_BOARD_ADDED = "pairing.board_added", _("board added")
    PAIRING_BYE_GIVEN = "pairing.bye_given", _("pairing-allocated bye given")
    RESULT_ENTERED = "result.entered", _("result entered")
    RESULT_CHANGED = "result.changed", _("result changed")
    RESULT_CORRECTED = "result.corrected", _("result corrected")
    REPORTS_SWITCHED = "reports.switched", _("players' reports switched")
    ACCOUNT_LINKED = "reports.account_linked", _("account linked to a player")
    ACCOUNT_UNLINKED = "reports.account_unlinked", _("account unlinked from a player")
    REPORT_PROPOSED = "reports.proposed", _("result proposed by a player")
    REPORT_CONFIRMED = "reports.confirmed", _("result confirmed by the opponent")
    REPORT_ACCEPTED = "reports.accepted", _("player's result accepted")
    REPORT_REJECTED = "reports.rejected", _("player's result rejected")
    NOTE = "note", _("note")


#: The actions of board results (spec R5: the results history).
RESULT_ACTIONS = (
    AuditAction.RESULT_ENTERED,
    AuditAction.RESULT_CHANGED,
    AuditAction.RESULT_CORRECTED,
)


class Entry(models.Model):
    """One line of the audit log (see the module's text)."""

    action = models.CharField(_("action"), max_length=40, choices=AuditAction.choices)
    at = models.DateTimeField(_("at"), default=timezone.now, db_index=True)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("user"),
    )
    username = models.CharField(_("user name"), max_length=150, blank=True)
    tournament = models.ForeignKey(
        "tournaments.Tournament",
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="audit_entries",
        verbose_name=_("tournament"),
    )
    round_number = models.PositiveSmallIntegerField(_("round"), null=True, blank=True)
    board = models.PositiveSmallIntegerField(_("board"), null=True, blank=True)
    game = models.ForeignKey(
        "tournaments.Game",
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("game"),
    )
    #: A board result's version before the change (spec R3): one line per version step.
    version = models.PositiveIntegerField(_("old version"), null=True, blank=True)
    message = models.TextField(_("message"), blank=True, default="")
    params = models.JSONField(_("parameters"), null=True, blank=True)
    #: The line in the source language (English), for a search in the database.
    description = models.TextField(_("description"), blank=True, default="")
    old = models.JSONField(_("old value"), null=True, blank=True)
    new = models.JSONField(_("new value"), null=True, blank=True)

    class Meta:
        ordering = ("-at", "-id")
        verbose_name = _("audit log entry")
        verbose_name_plural = _("audit log")
        indexes = (
            models.Index(fields=["tournament", "-at", "-id"], name="audit_tournament_recent"),
            models.Index(fields=["tournament", "action"], name="audit_tournament_action"),
        )
        constraints = (
            # One writer wins each version of a board (spec R3): a second line for the same
            # step would mean a lost update.
            models.UniqueConstraint(
                fields=["game", "version"],
                condition=models.Q(version__isnull=False),
                name="audit_one_result_per_version",
            ),
        )

    def __str__(self) -> str:
        return self.text

    @property
    def text(self) -> str:
        """The line in the active language; the stored ``description`` for a line without a
        message (or whose parameters no longer fit it)."""
        if not self.message:
            return self.description
        try:
            return render_change(self.message, self.params, translate=True)
        except (KeyError, ValueError, TypeError):
            return self.description

    @property
    def shown(self) -> dict[str, object]:
        """The parameters as the reader sees them (coded ones by their translated label, dates
        in the reader's format): ``{{ line.shown.to }}`` in a template."""
        params = self.params if isinstance(self.params, dict) else {}
        return {name: param_text(name, value, True) for name, value in params.items()}

    @property
    def channel(self) -> str:
        """How the change reached the server when not through the pages, as the reader reads
        it (``"JSON API"``), else ``""`` (:func:`chessclub_web.audit.services.channel`)."""
        params = self.params if isinstance(self.params, dict) else {}
        through = params.get("channel")
        return str(param_text("channel", through, True)) if through else ""

    @property
    def is_entry(self) -> bool:
        """A board's first result (it had none); else a change of an entered result."""
        return self.action == AuditAction.RESULT_ENTERED

    @property
    def correction(self) -> bool:
        """A result corrected in a closed tournament (spec C3)."""
        return self.action == AuditAction.RESULT_CORRECTED

    @property
    def old_result(self) -> str:
        """A result line's old result code (``""``: none)."""
        return str(self.old.get("result", "")) if isinstance(self.old, dict) else ""

    @property
    def new_result(self) -> str:
        """A result line's new result code."""
        return str(self.new.get("result", "")) if isinstance(self.new, dict) else ""

    def save(self, *args: Any, **kwargs: Any) -> None:
        """Only new lines are written: the log is append-only."""
        if self.pk is not None:
            raise AppendOnlyError("the audit log is append-only")
        super().save(*args, **kwargs)

    def delete(self, *args: Any, **kwargs: Any) -> tuple[int, dict[str, int]]:
        raise AppendOnlyError("the audit log is append-only")
