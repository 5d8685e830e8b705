"""Personal API tokens (:class:`ApiToken`) and what they may be used for (:class:`Scope`)."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from chessclub_web.clubs.models import Club
from chessclub_web.clubs.permissions import Action


class Scope(models.TextChoices):
    """What a token may be used for, besides reading what its account may read in its club.

    The first four are club actions of the permission table (``docs/permissions.md``): the
    token takes them only when its account holds them too (:data:`SCOPE_ACTIONS`).
    ``report_results`` is a player's own right: report the result of their own board where
    the tournament takes players' reports (``chessclub_web.reports``)."""

    ENTER_RESULTS = "enter_results", _("enter results")
    MANAGE_ENTRIES = "manage_entries", _("register entries")
    EDIT_PAIRINGS = "edit_pairings", _("pair rounds")
    PUBLISH_ROUND = "publish_round", _("publish rounds")
    REPORT_RESULTS = "report_results", _("report my own results")


#: The club action each scope stands for (``report_results`` stands for none: it is checked
#: by the reports app against the player's own board).
SCOPE_ACTIONS: dict[str, Action] = {
    Scope.ENTER_RESULTS: Action.ENTER_RESULTS,
    Scope.MANAGE_ENTRIES: Action.MANAGE_ENTRIES,
    Scope.EDIT_PAIRINGS: Action.EDIT_PAIRINGS,
    Scope.PUBLISH_ROUND: Action.PUBLISH_ROUND,
}

#: The secret's prefix: a token is recognisable in a log or a leaked file.
TOKEN_PREFIX = "cc_"


class ApiToken(models.Model):
    """A personal token: ``digest`` is the SHA-256 (hex) of the secret, which is never stored;
    ``lead`` its first characters, shown to tell tokens apart. Valid while not revoked and not
    expired; ``last_used_at`` is written at most once a minute."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="api_tokens",
        verbose_name=_("account"),
    )
    club = models.ForeignKey(
        Club, on_delete=models.CASCADE, related_name="api_tokens", verbose_name=_("club")
    )
    name = models.CharField(_("name"), max_length=100)
    scopes = models.JSONField(_("actions"), default=list, blank=True)
    digest = models.CharField(max_length=64, unique=True, editable=False)
    lead = models.CharField(_("begins with"), max_length=12, editable=False)
    created_at = models.DateTimeField(_("created at"), default=timezone.now)
    expires_at = models.DateTimeField(_("expires at"), null=True, blank=True)
    last_used_at = models.DateTimeField(_("last used at"), null=True, blank=True)
    revoked_at = models.DateTimeField(_("revoked at"), null=True, blank=True)

    class Meta:
        ordering = ("-created_at", "-id")
        verbose_name = _("API token")
        verbose_name_plural = _("API tokens")

    def __str__(self) -> str:
        return f"{self.name} ({self.lead}…)"

    def is_active(self, now: object = None) -> bool:
        """True while neither revoked nor expired."""
        moment = now or timezone.now()
        return self.revoked_at is None and (
            self.expires_at is None or self.expires_at > moment  # type: ignore[operator]
        )

    def state(self, now: object = None) -> str:
        """``"revoked"``, ``"expired"`` or ``"active"`` (revoked first: a revoked token that
        has also expired is shown as revoked)."""
        moment = now or timezone.now()
        if self.revoked_at is not None:
            return "revoked"
        if self.expires_at is not None and self.expires_at <= moment:  # type: ignore[operator]
            return "expired"
        return "active"

    def has_scope(self, scope: str) -> bool:
        return scope in (self.scopes or [])
