"""Answers under ``/api/`` that no endpoint made are JSON too.

Django answers an unknown path (404), a method no endpoint takes (405) and an unexpected error
(500) with the site's HTML pages; under ``/api/`` a client expects the API's error body
(``{"error", "field", "board"}``, :func:`chessclub_web.api.api.error_body`). This middleware
replaces the body of such an answer, keeping its status and headers (``Allow`` on a 405).
"""

from __future__ import annotations

import json
from collections.abc import Callable

from django.http import HttpRequest, HttpResponse
from django.utils.translation import gettext as _

#: The statuses whose HTML answer is replaced, with their message.
_MESSAGES: dict[int, Callable[[], str]] = {
    404: lambda: _("There is no such address in the API: see /api/v1/docs."),
    405: lambda: _("This address does not take this method."),
    500: lambda: _("The server failed to answer; the error is logged. Nothing was saved."),
}


class JsonApiErrorsMiddleware:
    """Under ``/api/``, a 404, 405 or 500 that is not JSON gets the API's JSON error body."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        if not request.path.startswith("/api/") or response.status_code not in _MESSAGES:
            return response
        if response.get("Content-Type", "").startswith("application/json"):
            return response
        message = _MESSAGES[response.status_code]()
        response.content = json.dumps({"error": message, "field": "", "board": None}).encode()
        response["Content-Type"] = "application/json; charset=utf-8"
        return response
