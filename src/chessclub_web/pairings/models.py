"""Rows of entries and pairing: requested byes and forbidden pairs.

Late entries and withdrawals are fields of ``TournamentPlayer`` (``entry_round``,
``withdrawn_from_round``); the round's state (draft / published) is ``Round.state``.
"""

from __future__ import annotations

import datetime
from collections.abc import Mapping

from django.conf import settings
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.utils.formats import date_format
from django.utils.translation import gettext, gettext_noop
from django.utils.translation import gettext_lazy as _

from chessclub_web.tournaments.models import MAX_ROUNDS, Tournament, TournamentPlayer


class RequestedBye(models.Model):
    """A bye the player asked for in one round (half-point or zero-point, as the tournament's
    rules allow; at most ``Tournament.max_requested_byes`` per player)."""

    player = models.ForeignKey(
        TournamentPlayer,
        on_delete=models.CASCADE,
        related_name="requested_byes",
        verbose_name=_("player"),
    )
    round_number = models.PositiveSmallIntegerField(
        _("round"), validators=[MinValueValidator(1), MaxValueValidator(MAX_ROUNDS)]
    )
    kind = models.CharField(
        _("kind"),
        max_length=1,
        choices=[("H", _("Half-point bye")), ("Z", _("Zero-point bye"))],
        default="H",
    )

    class Meta:
        ordering = ("player", "round_number")
        verbose_name = _("requested bye")
        verbose_name_plural = _("requested byes")
        constraints = (
            models.UniqueConstraint(
                fields=["player", "round_number"], name="requested_bye_one_per_round"
            ),
        )

    def __str__(self) -> str:
        return f"{self.player}: {self.round_number} ({self.kind})"


class ForbiddenPair(models.Model):
    """Two players the arbiter does not want paired together (same club, same family)."""

    tournament = models.ForeignKey(
        Tournament,
        on_delete=models.CASCADE,
        related_name="forbidden_pairs",
        verbose_name=_("tournament"),
    )
    first = models.ForeignKey(
        TournamentPlayer, on_delete=models.CASCADE, related_name="+", verbose_name=_("player")
    )
    second = models.ForeignKey(
        TournamentPlayer, on_delete=models.CASCADE, related_name="+", verbose_name=_("player")
    )
    reason = models.CharField(_("reason"), max_length=100, blank=True)

    class Meta:
        ordering = ("tournament", "id")
        verbose_name = _("forbidden pair")
        verbose_name_plural = _("forbidden pairs")
        constraints = (
            models.UniqueConstraint(
                fields=["tournament", "first", "second"], name="forbidden_pair_unique"
            ),
        )

    def __str__(self) -> str:
        return f"{self.first} ≠ {self.second}"


class Absence(models.Model):
    """A player announced absent for one round: not paired, no points (spec: entries)."""

    player = models.ForeignKey(
        TournamentPlayer,
        on_delete=models.CASCADE,
        related_name="absences",
        verbose_name=_("player"),
    )
    round_number = models.PositiveSmallIntegerField(
        _("round"), validators=[MinValueValidator(1), MaxValueValidator(MAX_ROUNDS)]
    )

    class Meta:
        ordering = ("player", "round_number")
        verbose_name = _("absence")
        verbose_name_plural = _("absences")
        constraints = (
            models.UniqueConstraint(
                fields=["player", "round_number"], name="absence_one_per_round"
            ),
        )

    def __str__(self) -> str:
        return f"{self.player}: {self.round_number}"


#: Parameters of a history line stored as codes and shown as a translated label, by
#: parameter name: a bye kind (``H``/``Z``, as ``RequestedBye.kind``), a colour (``W``/``B``,
#: as ``Tournament.initial_colour``) and an entry's detail (a ``TournamentPlayer`` field
#: name); the rule eras of the *Paramètres* (``rules_from``/``rules_to``, as
#: ``Tournament.tiebreak_rules``). A code missing from the table is shown as stored.
CODED_PARAMS: dict[str, dict[str, str]] = {
    "bye": {"H": gettext_noop("half-point bye"), "Z": gettext_noop("zero-point bye")},
    "colour": {"W": gettext_noop("White"), "B": gettext_noop("Black")},
    # A detail of an entry changed on *Modifier* (``services.ENTRY_FIELDS``).
    "field": {
        "name": gettext_noop("name"),
        "rating": gettext_noop("rating"),
        "fictitious_rating": gettext_noop("fictitious rating mark (***)"),
        "title": gettext_noop("title"),
        "matricule": gettext_noop("matricule"),
        "fide_id": gettext_noop("FIDE ID"),
        "federation": gettext_noop("federation"),
        "sex": gettext_noop("sex"),
        "birth_date": gettext_noop("birth date"),
        "club": gettext_noop("club"),
    },
}
#: A rule era of the *Paramètres* (``Tournament.tiebreak_rules``), as its choice is labelled.
_RULES = {
    "": gettext_noop("Follow the start date"),
    "2009": gettext_noop("2009: virtual opponent (C.02 Art. 13)"),
    "2023": gettext_noop("2023: C.07 of 1 July 2023 (Art. 16, VUR cut rule)"),
    "2026": gettext_noop("2026: C.07 of 1 March 2026 (Art. 16.4 caps)"),
}
CODED_PARAMS["rules_from"] = CODED_PARAMS["rules_to"] = _RULES

#: Parameters stored as an ISO date (``"2026-03-05"``) or ``None`` and shown in the reader's
#: short date format (``"—"`` for ``None``).
DATE_PARAMS = frozenset({"date"})


def _param_text(name: str, value: object, translate: bool) -> object:
    """One parameter as the reader sees it (``translate=False``: the source language)."""
    labels = CODED_PARAMS.get(name)
    if labels is not None and isinstance(value, str) and value in labels:
        return gettext(labels[value]) if translate else labels[value]
    if name in DATE_PARAMS:
        if not value:
            return "—"
        day = datetime.date.fromisoformat(str(value))
        return date_format(day, "SHORT_DATE_FORMAT") if translate else day.isoformat()
    return value


def render_change(message: str, params: Mapping[str, object] | None, translate: bool) -> str:
    """The text of a history line: ``message`` (an untranslated msgid such as
    ``"Round %(round)s published."``) translated into the active language when ``translate``,
    with ``params`` (names, numbers, codes of :data:`CODED_PARAMS`, ISO dates of
    :data:`DATE_PARAMS`) put in. Raises ``KeyError``/``ValueError``/``TypeError`` when the
    parameters do not fit the message (also when ``params`` is not a mapping: a row written by
    other means)."""
    if params is not None and not isinstance(params, Mapping):
        raise TypeError(f"history parameters must be a mapping, not {type(params).__name__}")
    text = gettext(message) if translate else message
    values = {name: _param_text(name, value, translate) for name, value in (params or {}).items()}
    return text % values


class PairingChange(models.Model):
    """One line of a tournament's pairing history: who changed what in the pairings, when
    (FIDE's checklist for pairing software asks for such notes).

    A line is stored untranslated: ``message`` is the msgid (marked with ``gettext_noop`` where
    it is written, so that makemessages collects it) and ``params`` its parameters, codes for
    the translatable ones (:data:`CODED_PARAMS`); :attr:`text` words it in the reader's
    language. ``description`` holds the same line in the source language (English), for a
    search in the database; lines written before ``message`` existed have only
    ``description`` (in their writer's language), shown as stored."""

    tournament = models.ForeignKey(
        Tournament,
        on_delete=models.CASCADE,
        related_name="pairing_changes",
        verbose_name=_("tournament"),
    )
    round_number = models.PositiveSmallIntegerField(_("round"), null=True, blank=True)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("user"),
    )
    at = models.DateTimeField(_("at"), auto_now_add=True)
    description = models.TextField(_("description"))
    message = models.TextField(_("message"), blank=True, default="")
    params = models.JSONField(_("parameters"), null=True, blank=True)

    class Meta:
        ordering = ("tournament", "-at", "-id")
        verbose_name = _("pairing change")
        verbose_name_plural = _("pairing changes")

    def __str__(self) -> str:
        return self.text

    @property
    def text(self) -> str:
        """The line in the active language; the stored ``description`` for an old line (or a
        message whose parameters no longer fit it)."""
        if not self.message:
            return self.description
        try:
            return render_change(self.message, self.params, translate=True)
        except (KeyError, ValueError, TypeError):
            return self.description
