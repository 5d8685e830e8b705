"""Clubs and their members (spec: Clubs, people and roles). Rows only."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models.functions import Lower
from django.utils.translation import gettext_lazy as _


class Role(models.TextChoices):
    """A member's role inside a club; what each role may do is in ``permissions.py``."""

    OWNER = "owner", _("Owner")
    ADMINISTRATOR = "administrator", _("Administrator")
    ARBITER = "arbiter", _("Arbiter")


class Club(models.Model):
    """A chess club. ``number`` is its federation club number (``618``), unique in any case
    (``abc`` and ``ABC`` are one number: a constraint on ``Lower("number")``)."""

    name = models.CharField(_("name"), max_length=200)
    number = models.CharField(
        _("federation number"),
        max_length=16,
        unique=True,
        help_text=_("The club's number at its federation, e.g. 618."),
    )
    public = models.BooleanField(
        _("public"),
        default=False,
        help_text=_("A public club's tournaments and standings can be seen without logging in."),
    )
    created_at = models.DateTimeField(_("created at"), auto_now_add=True)

    class Meta:
        ordering = ("name",)
        verbose_name = _("club")
        verbose_name_plural = _("clubs")
        constraints = (
            models.UniqueConstraint(
                Lower("number"),
                name="club_number_unique_any_case",
                violation_error_message=_("A club with this federation number already exists."),
            ),
        )

    def __str__(self) -> str:
        return f"{self.name} ({self.number})"


class Membership(models.Model):
    """A user's role in a club (one role per user and club)."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="memberships",
        verbose_name=_("user"),
    )
    club = models.ForeignKey(
        Club, on_delete=models.CASCADE, related_name="memberships", verbose_name=_("club")
    )
    role = models.CharField(_("role"), max_length=16, choices=Role.choices)

    class Meta:
        ordering = ("club", "role", "user")
        verbose_name = _("membership")
        verbose_name_plural = _("memberships")
        constraints = (
            models.UniqueConstraint(fields=["user", "club"], name="membership_one_role_per_club"),
        )

    def __str__(self) -> str:
        return f"{self.user} — {self.club} ({self.get_role_display()})"
