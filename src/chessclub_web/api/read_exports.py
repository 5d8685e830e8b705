"""The federation files of a tournament's *Export* tab through the JSON API (see
:mod:`chessclub_web.api.read`): ``GET clubs/{number}/tournaments/{id}/exports/{format}``.

``format`` is one the tab offers (:data:`~chessclub.formats.frbe_export.EXPORT_FILES`):

- ``trf``: FIDE's Tournament Report File (UTF-8);
- ``frbe``: the Belgian federation's results file (Latin-1, CR LF, named by B2);
- ``trflike``: the federation's TRF-like variant (Latin-1).

The bytes, file name (``Content-Disposition: attachment``) and ``Content-Type`` are the tab's
download's (:func:`chessclub_web.frbe.services.export_download`). The right is the tab's,
``export_tournament`` (owner, administrators, arbiters; the creator of an independent
tournament): a token of the tournament's club reads the files its account may download (no
scope needed: a file is read, nothing changes). Anonymous: 401; not allowed: 403; an unknown
format or a Belgian file without its B2 name (no end date, a name clash): 400; a file that
problems block (the tab lists them): 409. The ETag is the file's digest (304 as :mod:`.read`).
"""

from __future__ import annotations

import hashlib

from django.http import HttpRequest, HttpResponse
from django.utils.translation import gettext as _
from ninja import Router
from ninja.errors import AuthenticationError

from chessclub.formats.frbe_export import EXPORT_FILES
from chessclub_web import refusals
from chessclub_web.api.auth import Caller, caller_of, optional_caller, tournament_for
from chessclub_web.api.read import READ_ERRORS, not_modified
from chessclub_web.api.schemas import ErrorOut
from chessclub_web.clubs.permissions import Action
from chessclub_web.frbe import services
from chessclub_web.tournaments.models import Tournament
from chessclub_web.tournaments.permissions import allowed_on

router = Router(auth=optional_caller, tags=["read"])

_FILE = {"type": "string", "format": "binary"}
_CONTENT = {
    "text/plain; charset=utf-8": {"schema": _FILE},
    "text/plain; charset=iso-8859-1": {"schema": _FILE},
}


def _may_export(caller: Caller, row: Tournament) -> bool:
    """The tab's right (``allowed_on``), through a token only in the token's club."""
    if caller.token is not None and caller.token.club_id != row.club_id:
        return False
    return allowed_on(caller.user, row, Action.EXPORT_TOURNAMENT)


@router.get(
    "clubs/{number}/tournaments/{pk}/exports/{file_format}",
    response={**READ_ERRORS, 403: ErrorOut, 409: ErrorOut},
    summary="A federation file of the Export tab (trf, frbe, trflike)",
    openapi_extra={
        "responses": {
            200: {
                "description": "The file, as the Export tab downloads it "
                "(Content-Disposition: attachment; filename=…).",
                "content": _CONTENT,
            }
        },
    },
)
def export_file(
    request: HttpRequest,
    number: str,
    pk: int,
    file_format: str,
) -> HttpResponse:
    caller = caller_of(request)
    row = tournament_for(caller, number, pk)
    if not _may_export(caller, row):
        if caller.is_anonymous:
            raise AuthenticationError(401, _("The federation files need a login or a token."))
        raise refusals.NotAllowed(
            _("This token or account may not do this: %(action)s.")
            % {"action": Action.EXPORT_TOURNAMENT.value}
        )
    if file_format not in EXPORT_FILES:
        raise refusals.BadInput(
            _("Unknown file “%(format)s”: one of %(formats)s.")
            % {"format": file_format[:20], "formats": ", ".join(EXPORT_FILES)},
            field="file_format",
        )
    assert row.club is not None
    # A file the tab refuses raises its refusal (400, 409: services.DownloadRefused).
    found = services.export_download(row, file_format, row.club.number)
    revision = hashlib.sha256(
        found.data + found.name.encode() + found.content_type.encode()
    ).hexdigest()
    etag, same = not_modified(request, caller, revision)
    answer = HttpResponse(
        b"" if same else found.data, status=304 if same else 200, content_type=found.content_type
    )
    answer["ETag"] = etag
    if not same:
        answer["Content-Disposition"] = f'attachment; filename="{found.name}"'
    return answer
