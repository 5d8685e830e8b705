"""Answers under ``/api/`` that no endpoint made are JSON too, and HEAD works where GET does.

Django answers a request it cannot read (400: a body above ``DATA_UPLOAD_MAX_MEMORY_SIZE``, a
bad host), an unknown path (404), a method no endpoint takes (405) and an unexpected error
(500) with the site's HTML pages; under ``/api/`` a client expects the API's error body
(``{"error", "field", "board"}``, :func:`chessclub_web.api.api.error_body`). This middleware
replaces the body of such an answer, keeping its status and headers (``Allow`` on a 405).

A ``HEAD`` under ``/api/`` is answered as the ``GET`` would be (same status and headers, the
``ETag`` too), without a body (RFC 9110 §9.3.2): the endpoints declare GET only.
"""

from __future__ import annotations

import json
from collections.abc import Callable

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.utils.translation import gettext as _

from chessclub_web.audit.services import channel

#: The statuses whose HTML answer is replaced, with their message.
_MESSAGES: dict[int, Callable[[], str]] = {
    400: lambda: (
        _(
            "The request could not be read: its body is too large (at most %(size)s MB) or it "
            "is malformed."
        )
        % {"size": settings.DATA_UPLOAD_MAX_MEMORY_SIZE // (1024 * 1024)}
    ),
    404: lambda: _("There is no such address in the API: see /api/v1/docs."),
    405: lambda: _("This address does not take this method."),
    500: lambda: _("The server failed to answer; the error is logged. Nothing was saved."),
}


class JsonApiErrorsMiddleware:
    """Under ``/api/``: a 400, 404, 405 or 500 that is not JSON gets the API's JSON error body;
    a HEAD is answered as its GET without the body."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if not request.path.startswith("/api/"):
            return self.get_response(request)
        head = request.method == "HEAD"
        if head:
            request.method = "GET"
        with channel("api"):  # the history marks what the API changed
            response = self._json_errors(self.get_response(request))
        if head:
            request.method = "HEAD"
            if not response.streaming:
                response["Content-Length"] = str(len(response.content))
                response.content = b""
        return response

    def _json_errors(self, response: HttpResponse) -> HttpResponse:
        if response.status_code not in _MESSAGES:
            return response
        if response.get("Content-Type", "").startswith("application/json"):
            return response
        message = _MESSAGES[response.status_code]()
        response.content = json.dumps({"error": message, "field": "", "board": None}).encode()
        response["Content-Type"] = "application/json; charset=utf-8"
        return response
