"""Rows of the federation app: each federation list of the site and its imported versions.

A federation list (:class:`FederationList`, one row per :class:`ListKind`) is **site data**: one
for the whole site, searched by every club, imported only by site staff or a federation data
manager (``chessclub_web.clubs.permissions.SiteAction.MANAGE_FEDERATION_LISTS``). Each import is a
:class:`ListVersion` (who, when, file name, SHA-256, counts) whose records are the rows of the
kind's own app (``frbe.FederationPlayer``, ``fse.ListRow``), each pointing to its version;
:attr:`FederationList.current` names the version that clubs see. Rolling back makes an earlier
version current again; nothing is copied. :class:`ListEvent` keeps every import and roll-back.
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _


class ListKind(models.TextChoices):
    FRBE = "frbe", _("FRBE-KBSB player list (PLAYER)")
    FSE = "fse", _("FSE/SSB ranking list")
    FIDE = "fide", _("FIDE rating list")


class FederationList(models.Model):
    """One federation list of the site and the version clubs see now (``None``: none yet)."""

    kind = models.CharField(_("list"), max_length=8, choices=ListKind.choices, primary_key=True)
    current = models.OneToOneField(
        "ListVersion",
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="current_of",
        verbose_name=_("current version"),
    )

    class Meta:
        verbose_name = _("federation list")
        verbose_name_plural = _("federation lists")
        permissions = (
            (
                "manage_federation_lists",
                "Can import, replace and roll back the site's federation lists",
            ),
        )

    def __str__(self) -> str:
        return str(ListKind(self.kind).label)


class CurrentListRows(models.Manager):  # type: ignore[type-arg]
    """The records of a federation list's **current** version only (what clubs see)."""

    def __init__(self, kind: str) -> None:
        super().__init__()
        self.kind = kind

    def get_queryset(self) -> models.QuerySet[Any]:
        current = FederationList.objects.filter(kind=self.kind).values("current_id")[:1]
        return super().get_queryset().filter(version_id=models.Subquery(current))


class ListVersion(models.Model):
    """One import of a federation list: the file (name, SHA-256 of its bytes), who imported it
    and when, the date the list is valid from, and the counts against the version that was
    current before (``created``: new identifiers, ``updated``: changed records, ``removed``:
    identifiers no longer listed). ``rows_kept`` is False once its records were pruned
    (only the last :data:`~chessclub_web.federation.services.KEEP_VERSIONS` keep them)."""

    federation_list = models.ForeignKey(
        FederationList, on_delete=models.CASCADE, related_name="versions", verbose_name=_("list")
    )
    number = models.PositiveIntegerField(_("version"))
    imported_at = models.DateTimeField(_("imported at"), auto_now_add=True)
    imported_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("imported by"),
    )
    source = models.CharField(_("file"), max_length=255, blank=True)
    sha256 = models.CharField(_("SHA-256"), max_length=64, blank=True)
    list_date = models.DateField(_("list date"), null=True, blank=True)
    records = models.PositiveIntegerField(_("records"), default=0)
    created = models.PositiveIntegerField(_("new"), default=0)
    updated = models.PositiveIntegerField(_("changed"), default=0)
    removed = models.PositiveIntegerField(_("removed"), default=0)
    rows_kept = models.BooleanField(_("records kept"), default=True)

    class Meta:
        verbose_name = _("federation list version")
        verbose_name_plural = _("federation list versions")
        ordering = ("federation_list", "-number")
        constraints = (
            models.UniqueConstraint(
                fields=("federation_list", "number"), name="federation_version_number"
            ),
        )

    def __str__(self) -> str:
        return f"{self.federation_list_id} v{self.number} ({self.source})"


class EventKind(models.TextChoices):
    IMPORTED = "imported", _("imported")
    ROLLED_BACK = "rolled_back", _("rolled back")


class ListEvent(models.Model):
    """One change of a list's current version: an import, or a roll-back to an earlier
    version (``previous``: the version that was current before)."""

    federation_list = models.ForeignKey(
        FederationList, on_delete=models.CASCADE, related_name="events", verbose_name=_("list")
    )
    action = models.CharField(_("action"), max_length=16, choices=EventKind.choices)
    version = models.ForeignKey(
        ListVersion, on_delete=models.PROTECT, related_name="+", verbose_name=_("version")
    )
    previous = models.ForeignKey(
        ListVersion,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("previous version"),
    )
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("user"),
    )
    at = models.DateTimeField(_("when"), auto_now_add=True)

    class Meta:
        verbose_name = _("federation list event")
        verbose_name_plural = _("federation list events")
        ordering = ("-at", "-pk")
