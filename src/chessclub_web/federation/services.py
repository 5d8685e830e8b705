"""The site's federation lists: import a new version, roll back to an earlier one, read the
current one. Each action checks the site right (``SiteAction.MANAGE_FEDERATION_LISTS``:
site staff or a federation data manager), takes the list's row lock, writes the version and
its :class:`~chessclub_web.federation.models.ListEvent` in one transaction."""

from __future__ import annotations

import datetime
import hashlib
import io
from collections.abc import Mapping
from typing import IO, Any

from django.contrib.auth.models import Group, Permission
from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.db.models import Max, Subquery
from django.utils.formats import date_format
from django.utils.timezone import localtime
from django.utils.translation import gettext as _

from chessclub_web import refusals
from chessclub_web.clubs.permissions import (
    FEDERATION_DATA_MANAGERS,
    FEDERATION_LISTS_PERMISSION,
    SiteAction,
    site_allowed,
)
from chessclub_web.federation.models import (
    EventKind,
    FederationList,
    ListEvent,
    ListKind,
    ListVersion,
)
from chessclub_web.federation.registry import ListImporter, importer_for

#: The versions whose records are kept (the newest ones, and always the current one): a
#: roll-back reaches back this far. Older versions keep their line in the history.
KEEP_VERSIONS = 4


class ListRefused(refusals.Conflict):
    """An import or roll-back the list's state refuses (HTTP ``status``, the reason)."""

    def __init__(self, message: str, status: int = 409) -> None:
        super().__init__(message, status=status)


def _check(user: Any, operator: bool) -> None:
    if operator:  # the site's operator at the command line (``chessclub lists``)
        return
    if not site_allowed(user, SiteAction.MANAGE_FEDERATION_LISTS):
        raise PermissionDenied(
            _("Only the site's staff or a federation data manager may change a federation list.")
        )


def federation_list(kind: str) -> FederationList:
    """The list's row (made on first use). Raises ``ValueError`` for an unknown kind."""
    if kind not in ListKind.values:
        raise ValueError(f"unknown federation list {kind!r}")
    row, _created = FederationList.objects.get_or_create(kind=kind)
    return row


def current_version(kind: str) -> ListVersion | None:
    """The version clubs see now, or ``None`` when the list was never imported."""
    return ListVersion.objects.filter(current_of__kind=kind).select_related("imported_by").first()


def current_version_id(kind: str) -> Subquery:
    """An expression for a filter: the current version's id of ``kind`` (``NULL``: none)."""
    return Subquery(FederationList.objects.filter(kind=kind).values("current_id")[:1])


def file_digest(data: bytes | IO[bytes]) -> str:
    """The SHA-256 of a file's bytes, or of a stream's from where it stands (read through in
    chunks, then put back there)."""
    if isinstance(data, bytes):
        return hashlib.sha256(data).hexdigest()
    start = data.tell()
    digest = hashlib.sha256()
    while chunk := data.read(1 << 20):
        digest.update(chunk)
    data.seek(start)
    return digest.hexdigest()


def _options(importer: ListImporter, given: Mapping[str, str]) -> dict[str, str]:
    """The import's choices (:class:`~chessclub_web.federation.registry.ImportChoice`): each
    one given or its first value; an unknown choice or value is refused (400)."""
    known = {choice.name: choice for choice in importer.choices}
    for name in given:
        if name not in known:
            raise ListRefused(_("Unknown import option."), 400)
    chosen: dict[str, str] = {}
    for name, choice in known.items():
        value = given.get(name, choice.choices[0][0] if choice.choices else "")
        if value not in {v for v, _label in choice.choices}:
            raise ListRefused(
                _("“%(value)s” is not a choice of %(option)s.")
                % {"value": value[:40], "option": choice.label},
                400,
            )
        chosen[name] = value
    return chosen


def _locked(kind: str) -> FederationList:
    """The list's row, locked until the end of the transaction, with its current version
    read **after** the lock is granted (joined in the locking statement, PostgreSQL would give
    a waiting transaction the version current before the import it waited for)."""
    federation_list(kind)
    row = FederationList.objects.select_for_update().get(kind=kind)
    current_id = row.current_id
    row.current = (
        ListVersion.objects.filter(pk=current_id).first() if current_id is not None else None
    )
    return row


def import_list(
    kind: str,
    data: bytes | IO[bytes],
    filename: str,
    user: Any,
    *,
    list_date: datetime.date | None = None,
    again: bool = False,
    operator: bool = False,
    options: Mapping[str, str] | None = None,
) -> ListVersion:
    """Read ``data`` as a ``kind`` list and make it the current version.

    ``data``: the file's bytes, or a binary, seekable stream (an upload's temporary file, a
    file opened at the command line): a list whose importer reads streams
    (``ListImporter.read_stream``: FIDE's) is read from it while it is stored, never whole;
    another is read whole from it first. ``options``: the importer's choices
    (``ListImporter.choices``; an unknown one refused with 400).

    Raises ``PermissionDenied`` for a user without the site right, the format's own error
    (``ListImporter.errors``, every problem located; nothing stored) for a bad file, and
    :class:`ListRefused` (409) when the file is the current version's (same SHA-256) unless
    ``again``. ``list_date``: the list's date when the file does not give one. ``operator``:
    called by the site's operator at the command line (no web user to check; ``user`` may be
    ``None``)."""
    _check(user, operator)
    importer = importer_for(kind)
    if importer is None:
        raise ListRefused(_("This list cannot be imported yet."), status=404)
    chosen = _options(importer, options or {})
    digest = file_digest(data)
    if importer.read_stream is not None:
        stream = io.BytesIO(data) if isinstance(data, bytes) else data
        parsed = importer.read_stream(stream, filename, chosen)
    else:
        parsed = importer.read(data if isinstance(data, bytes) else data.read(), filename)
    try:
        return _store(kind, importer, parsed, digest, filename, user, list_date, again)
    finally:
        close = getattr(parsed, "close", None)
        if callable(close):
            close()


def _store(
    kind: str,
    importer: ListImporter,
    parsed: Any,
    digest: str,
    filename: str,
    user: Any,
    list_date: datetime.date | None,
    again: bool,
) -> ListVersion:
    with transaction.atomic():
        row = _locked(kind)
        previous = row.current
        if previous is not None and previous.sha256 == digest and not again:
            raise ListRefused(
                _(
                    "This file is already the current list (version %(number)s, imported on "
                    "%(date)s)."
                )
                % {
                    "number": previous.number,
                    "date": date_format(localtime(previous.imported_at), "SHORT_DATE_FORMAT"),
                }
            )
        number = (row.versions.aggregate(n=Max("number"))["n"] or 0) + 1
        version = ListVersion.objects.create(
            federation_list=row,
            number=number,
            imported_by=user if getattr(user, "is_authenticated", False) else None,
            source=filename[:255],
            sha256=digest,
            list_date=importer.list_date(parsed) or list_date,
        )
        counts = importer.store(version, parsed, previous)
        version.records = counts.records
        version.created = counts.created
        version.updated = counts.updated
        version.removed = counts.removed
        version.save(update_fields=["records", "created", "updated", "removed"])
        row.current = version
        row.save(update_fields=["current"])
        ListEvent.objects.create(
            federation_list=row,
            action=EventKind.IMPORTED,
            version=version,
            previous=previous,
            user=version.imported_by,
        )
        if importer.in_place:
            # the records are the current version's only: no earlier one can come back
            row.versions.filter(rows_kept=True).exclude(pk=version.pk).update(rows_kept=False)
        else:
            _prune(row, importer.row_model)
    return version


def _prune(row: FederationList, model: Any) -> None:
    """Drop the records of versions older than the :data:`KEEP_VERSIONS` newest (never the
    current one's); their history line stays."""
    kept = list(row.versions.order_by("-number").values_list("pk", flat=True)[:KEEP_VERSIONS])
    old = row.versions.filter(rows_kept=True).exclude(pk__in=kept)
    if row.current_id is not None:
        old = old.exclude(pk=row.current_id)
    for version in old:
        model._base_manager.filter(version=version).delete()
    old.update(rows_kept=False)


def roll_back(
    kind: str,
    user: Any,
    *,
    to: int | None = None,
    expected: int | None = None,
    operator: bool = False,
) -> ListVersion:
    """Make an earlier version current again: version number ``to``, or by default the newest
    version before the current one whose records are kept. Raises ``PermissionDenied``
    without the site right and :class:`ListRefused` when there is no such version (409) or
    ``to`` is unknown (404). ``expected``: the number of the version the user saw current
    (the page's button sends it): another change meanwhile (a double click that already went
    back one step, another manager's import) is refused with 409, nothing changed.
    ``operator``: as for :func:`import_list`. A list updated in place
    (``ListImporter.in_place``: FIDE's) has no earlier version to go back to: refused (409)."""
    _check(user, operator)
    importer = importer_for(kind)
    if importer is not None and importer.in_place:
        raise ListRefused(
            _(
                "This list is updated in place by each import: an earlier version cannot be "
                "made current again. Import that version's file again instead."
            )
        )
    with transaction.atomic():
        row = _locked(kind)
        current = row.current
        if expected is not None and (current is None or current.number != expected):
            raise ListRefused(
                _(
                    "The list changed meanwhile (the current version is now %(number)s): "
                    "nothing was undone. Check the versions and choose again."
                )
                % {"number": current.number if current is not None else "—"}
            )
        versions = row.versions.filter(rows_kept=True)
        if to is not None:
            target = versions.filter(number=to).first()
            if target is None:
                raise ListRefused(
                    _("Version %(number)s of this list is not kept.") % {"number": to}, 404
                )
            if current is not None and target.pk == current.pk:
                raise ListRefused(_("This version is already the current one."))
        else:
            if current is None:
                raise ListRefused(_("The list was never imported: there is nothing to undo."))
            target = versions.filter(number__lt=current.number).order_by("-number").first()
            if target is None:
                raise ListRefused(
                    _("No earlier version of this list is kept: there is nothing to go back to.")
                )
        row.current = target
        row.save(update_fields=["current"])
        ListEvent.objects.create(
            federation_list=row,
            action=EventKind.ROLLED_BACK,
            version=target,
            previous=current,
            user=user if getattr(user, "is_authenticated", False) else None,
        )
    return target


def managers_group() -> Group:
    """The site role's group (:data:`~chessclub_web.clubs.permissions.FEDERATION_DATA_MANAGERS`),
    holding the permission, made on first use."""
    group, _created = Group.objects.get_or_create(name=FEDERATION_DATA_MANAGERS)
    app_label, codename = FEDERATION_LISTS_PERMISSION.split(".")
    permission = Permission.objects.get(content_type__app_label=app_label, codename=codename)
    group.permissions.add(permission)
    return group


def set_manager(user: Any, manager: bool) -> None:
    """Give (``manager``) or take the site role *federation data manager* to ``user``
    (a staff action: the command line and the Django admin)."""
    group = managers_group()
    if manager:
        user.groups.add(group)
    else:
        user.groups.remove(group)
