"""The site's *Listes fédérales* pages: each federation list's current version, its versions
and events, the import form and the roll-back (site staff and federation data managers only;
``SiteAction.MANAGE_FEDERATION_LISTS``, checked on every request before an upload is read).
Clubs see the lists through their own pages (*Liste des joueurs FRBE*, *Prévision liste FSE*),
which search them and copy from them."""

from __future__ import annotations

import datetime
from typing import IO, cast

from django.contrib import messages
from django.contrib.auth.views import redirect_to_login
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.dateparse import parse_date
from django.utils.translation import gettext as _
from django.views.decorators.csrf import csrf_exempt, csrf_protect
from django.views.decorators.http import require_http_methods, require_safe

from chessclub_web.background.views import follow
from chessclub_web.clubs.permissions import LoginRequired, SiteAction, require_site
from chessclub_web.federation import jobs as list_jobs
from chessclub_web.federation import services
from chessclub_web.federation.models import FederationList, ListKind, ListVersion
from chessclub_web.federation.registry import importer_for, registered
from chessclub_web.uploads import limited_to, oversized_uploads


def _allowed(request: HttpRequest) -> HttpResponse | None:
    try:
        require_site(request, SiteAction.MANAGE_FEDERATION_LISTS)
    except LoginRequired:
        return redirect_to_login(request.get_full_path())
    return None


@require_safe
def lists(request: HttpRequest) -> HttpResponse:
    """Every federation list of the site with its current version."""
    if (response := _allowed(request)) is not None:
        return response
    current = {
        row.kind: row.current
        for row in FederationList.objects.select_related("current", "current__imported_by")
    }
    return render(
        request,
        "federation/lists.html",
        {
            "rows": [
                {"kind": kind, "label": ListKind(kind).label, "current": current.get(kind)}
                for kind in registered()
            ]
        },
    )


def _kind(kind: str) -> str:
    if kind not in registered():
        raise Http404("No such federation list")
    return kind


@csrf_exempt  # the upload's size limit is set before the body is read; CSRF is checked below
@require_http_methods(["GET", "HEAD", "POST"])
def federation_list(request: HttpRequest, kind: str) -> HttpResponse:
    """One list: its current version, the import form, the versions (each kept one can be made
    current again, unless the list is updated in place) and the events, the notes of the last
    import (its lines left out). POST ``action=import`` (``file``, ``list_date`` for a list
    whose file gives none, ``again`` to import the current file once more, the importer's
    choices such as FIDE's ``time_control``) or
    ``action=rollback`` (``version``: the number; none: the one before the current). A bad
    file answers 400 with its problems (at most the reader's limit, then how many more) and
    changes nothing; a refused change 409; a file too big 413."""
    kind = _kind(kind)
    if (response := _allowed(request)) is not None:
        return response
    importer = importer_for(kind)
    assert importer is not None
    if request.method == "POST":
        limited_to(request, importer.max_size)
    return _list_page(request, kind)


@csrf_protect
def _list_page(request: HttpRequest, kind: str) -> HttpResponse:
    importer = importer_for(kind)
    assert importer is not None
    problems: list[str] = []
    status = 200
    if request.method == "POST":
        action = request.POST.get("action", "")
        try:
            if action == "import":
                upload = request.FILES.get("file")
                list_date: datetime.date | None = None
                raw_date = request.POST.get("list_date", "").strip()
                if raw_date:
                    try:
                        list_date = parse_date(raw_date)
                    except ValueError:
                        list_date = None
                    if list_date is None:
                        raise services.ListRefused(
                            _("The list's date must be a date (YYYY-MM-DD)."), 400
                        )
                if "file" in oversized_uploads(request):
                    raise services.ListRefused(
                        _("The file is too big (at most %(size)s MB).")
                        % {"size": importer.max_size // (1024 * 1024)},
                        413,
                    )
                if upload is None:
                    raise services.ListRefused(_("Choose a file."), 400)
                # Imported as a background job (FIDE's list takes about a minute): the
                # upload is kept in the file storage until the job has read it.
                job = list_jobs.submit(
                    kind,
                    cast(IO[bytes], upload.file),
                    upload.name or "",
                    request.user,
                    list_date=list_date,
                    again=request.POST.get("again") == "on",
                    options={c.name: request.POST.get(c.name, "") for c in importer.choices},
                )
                followed = follow(request, job)
                if followed is not None:
                    return followed
                problems = job.message.splitlines()
                status = job.status_code
            elif action == "rollback":
                raw = request.POST.get("version", "").strip()
                seen = request.POST.get("current", "").strip()
                for value in (raw, seen):
                    if value and not (value.isascii() and value.isdigit() and len(value) < 10):
                        raise services.ListRefused(_("No such version."), 400)
                target = services.roll_back(
                    kind,
                    request.user,
                    to=int(raw) if raw else None,
                    expected=int(seen) if seen else None,
                )
                messages.success(
                    request,
                    _("Version %(number)s (%(source)s) is the current list again.")
                    % {"number": target.number, "source": target.source},
                )
                return redirect(reverse("federation_list", args=(kind,)))
            else:
                raise services.ListRefused(_("Unknown action."), 400)
        except importer.errors as error:
            problems = importer.describe(error)
            status = 400
        except services.ListRefused as refusal:
            problems = [str(refusal)]
            status = refusal.status
    row = services.federation_list(kind)
    versions = list(
        ListVersion.objects.filter(federation_list=row).select_related("imported_by")[:50]
    )
    latest = versions[0] if versions else None
    return render(
        request,
        "federation/list.html",
        {
            "kind": kind,
            "label": ListKind(kind).label,
            "importer": importer,
            "current": row.current,
            "can_undo": row.current is not None
            and not importer.in_place
            and row.versions.filter(rows_kept=True, number__lt=row.current.number).exists(),
            "notes": importer.notes(latest) if importer.notes and latest else [],
            "notes_of": latest,
            "versions": versions,
            "events": row.events.select_related("version", "previous", "user")[:50],
            "problems": problems,
            "max_mb": importer.max_size // (1024 * 1024),
        },
        status=status,
    )
