"""Importing a federation's or FIDE's rating list as a background job (``import_list``):
FIDE's 1.9 million players take about a minute, more than a web server lets a request run.

The uploaded file is kept in the site's file storage (``MEDIA_ROOT``: shared by every server
and worker of an installation) as ``jobs/<random>.upload`` until the job ends."""

from __future__ import annotations

import datetime
import uuid
from collections.abc import Mapping
from typing import IO, Any

from django.core.files.base import File
from django.core.files.storage import default_storage
from django.urls import reverse
from django.utils.translation import gettext as _

from chessclub_web.background import services as background
from chessclub_web.background.models import Job
from chessclub_web.background.registry import Outcome, Progress, register
from chessclub_web.federation import services
from chessclub_web.federation.models import ListKind
from chessclub_web.federation.registry import importer_for

KIND = "import_list"


def submit(
    kind: str,
    upload: IO[bytes],
    filename: str,
    user: Any,
    *,
    list_date: datetime.date | None,
    again: bool,
    options: Mapping[str, str],
) -> Job:
    """Keep ``upload`` in the file storage and start importing it as list ``kind`` (one
    import per list at a time: a second one while the first runs follows the first)."""
    path = default_storage.save(f"jobs/{uuid.uuid4().hex}.upload", File(upload))
    job = None
    try:
        job = background.submit(
            KIND,
            title=_("Import of %(list)s (%(file)s)")
            % {"list": ListKind(kind).label, "file": filename},
            params={
                "kind": kind,
                "path": path,
                "filename": filename,
                "list_date": list_date.isoformat() if list_date else None,
                "again": again,
                "options": dict(options),
            },
            user=user,
            key=f"{KIND}:{kind}",
            back_url=reverse("federation_list", args=(kind,)),
        )
        return job
    finally:
        # Kept only for the job that reads it: not in process (read already), not when the
        # same import was running already (that job reads its own upload).
        unread = job is None or background.runs_in_process() or job.params.get("path") != path
        if unread and default_storage.exists(path):
            default_storage.delete(path)


def run(job: Job, progress: Progress) -> Outcome:
    """Import the kept file (``federation.services.import_list``); the file's problems refuse
    the job with every line (400); the kept file is deleted at the end."""
    params = job.params
    kind = str(params["kind"])
    importer = importer_for(kind)
    assert importer is not None
    path = str(params["path"])
    progress(_("Reading and storing the list."))
    try:
        with default_storage.open(path, "rb") as stream:
            data: bytes | IO[bytes] = stream.read() if importer.read_stream is None else stream
            try:
                version = services.import_list(
                    kind,
                    data,
                    str(params["filename"]),
                    job.user,
                    list_date=(
                        datetime.date.fromisoformat(params["list_date"])
                        if params.get("list_date")
                        else None
                    ),
                    again=bool(params.get("again")),
                    options=params.get("options") or {},
                )
            except importer.errors as error:
                raise services.ListRefused("\n".join(importer.describe(error)), 400) from error
    except FileNotFoundError:
        raise services.ListRefused(
            _("The uploaded file is gone (the job ran already?): upload it again."), 410
        ) from None
    finally:
        if not background.runs_in_process() and default_storage.exists(path):
            default_storage.delete(path)
    return Outcome(
        message=_(
            "Version %(number)s imported: %(records)s records (new: %(new)s, "
            "changed: %(changed)s, removed: %(removed)s)."
        )
        % {
            "number": version.number,
            "records": version.records,
            "new": version.created,
            "changed": version.updated,
            "removed": version.removed,
        },
        url=reverse("federation_list", args=(kind,)),
        result={"version": version.number},
    )


def registers() -> None:
    # One transaction for the import and the job's completion: a job run again after a lost
    # worker finds it done (or the version not stored, and imports it).
    register(KIND, run, atomic=True)
