"""One log line per request (logger ``chessclub_web.requests``, level INFO).

Each line gives the method, the path (without the query string: it may carry a search or a
token), the status, the duration in milliseconds (from the first middleware in to the last out),
the account's id or ``-``, the request id and the client's address as the login throttling
computes it (:func:`chessclub_web.throttle.client_ip`, ``-`` when unknown). The request id is the
proxy's ``X-Request-ID`` when it is a plausible one (1 to 64 letters, digits, ``-``, ``_``,
``.``), else a new random one (32 hexadecimal digits); the response carries it back in
``X-Request-ID`` so that a visitor's report can be found in the log.

With ``CHESSCLUB_LOG_FORMAT=json`` the settings' formatter writes each line as a JSON object
with these fields (``method``, ``path``, ``status``, ``duration_ms``, ``user``, ``request_id``,
``client``); with ``text``, as ``GET /path 200 12.3ms user=- request_id=… client=…``.

The account is only named when the request already read it: the log never reads the session
from the database (which may be the very thing that failed).
"""

from __future__ import annotations

import logging
import re
import time
import uuid
from collections.abc import Callable

from django.http import HttpRequest, HttpResponse

from chessclub_web.throttle import client_ip

log = logging.getLogger("chessclub_web.requests")

REQUEST_ID_HEADER = "X-Request-ID"
_PLAUSIBLE_ID = re.compile(r"[A-Za-z0-9._-]{1,64}")


def request_id(request: HttpRequest) -> str:
    """The request's ``X-Request-ID`` when plausible, else a new random id (uuid4, hex)."""
    given = request.headers.get(REQUEST_ID_HEADER, "").strip()
    if _PLAUSIBLE_ID.fullmatch(given):
        return given
    return uuid.uuid4().hex


def user_id(request: HttpRequest) -> str:
    """The logged-in account's id, or ``-`` (anonymous, or the account was never read)."""
    user = getattr(request, "_cached_user", None)  # set by Django's lazy request.user once read
    if user is None or not user.is_authenticated:
        return "-"
    return str(user.pk)


class RequestLogMiddleware:
    """Logs each request once it is answered (see the module docstring), and sets
    ``request.request_id`` and the response's ``X-Request-ID``."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        started = time.perf_counter()
        rid = request_id(request)
        request.request_id = rid  # type: ignore[attr-defined]
        response = self.get_response(request)
        duration_ms = round((time.perf_counter() - started) * 1000, 1)
        response[REQUEST_ID_HEADER] = rid
        fields = {
            "method": request.method,
            "path": request.path,
            "status": response.status_code,
            "duration_ms": duration_ms,
            "user": user_id(request),
            "request_id": rid,
            "client": client_ip(request) or "-",
        }
        log.info(
            "%s %s %s %sms user=%s request_id=%s client=%s",
            *fields.values(),
            extra=fields,
        )
        return response
