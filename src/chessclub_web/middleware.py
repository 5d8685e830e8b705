"""Database failures answer 503 "nothing was saved, try again", never 500 (a refused change, a
closed tournament's included, is ``refusals.RefusalMiddleware``'s).

Two failures, two pages, both with ``Retry-After``:

- **busy** (``503.html``): SQLite lets one writer at a time; the others wait for the lock
  (``timeout`` in the settings) and, past it, fail with ``OperationalError: database is
  locked``. Not a bug of the request but a moment of load: nothing was changed (the transaction
  was rolled back), the visitor tries again in a few seconds.
- **unavailable** (``503_database.html``): the database cannot be reached — PostgreSQL refuses
  or drops the connection (server stopped, restarting, connection terminated, database closed
  to connections, too many clients: psycopg's errors without an SQLSTATE, or of class 08,
  57P01–57P03, 53300), SQLite's file cannot be opened. Nothing of the request was saved (a
  transaction that cannot reach the server cannot commit).

Django turns an exception of a view or of any middleware into a 500 response at each layer of
the middleware stack, so no middleware sees the exception itself: a receiver of
``got_request_exception`` marks the request with the failure, and
:class:`DatabaseUnavailableMiddleware`, placed before every middleware that reads the database
(sessions, accounts, login throttling), replaces the 500 response of a marked request with the
503 page. That page is rendered without the request (no session, no user: they are in the
database), in the language of the language cookie or the browser. A request that asks for JSON
only (the results page's autosave) gets ``{"state": "unsaved", "message": …}`` instead.
"""

from __future__ import annotations

import logging
import sys
from collections.abc import Callable
from typing import Any, Literal

import psycopg
from django.core.signals import got_request_exception
from django.db import InterfaceError, OperationalError
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.template.loader import render_to_string
from django.utils import translation
from django.utils.translation import gettext

log = logging.getLogger(__name__)

RETRY_AFTER_SECONDS = 5
"""``Retry-After`` of the busy page: a write lock is released within seconds."""

UNAVAILABLE_RETRY_AFTER_SECONDS = 30
"""``Retry-After`` of the unavailable page: a database restart or failover takes longer."""

UNAVAILABLE_SQLSTATES = frozenset({"57P01", "57P02", "57P03", "53300"})
"""PostgreSQL's codes, besides class 08 (connection exception), for a server that ends or
refuses the connection: admin_shutdown, crash_shutdown, cannot_connect_now,
too_many_connections."""

Failure = Literal["busy", "unavailable"]
_MARK = "_chessclub_database_failure"


def is_database_busy(exc: BaseException) -> bool:
    """Whether ``exc`` is SQLite's "database is locked" (or "database table is locked")."""
    return isinstance(exc, OperationalError) and "is locked" in str(exc)


def is_database_unavailable(exc: BaseException) -> bool:
    """Whether ``exc`` (or the error it was raised from) says the database cannot be reached:
    Django's ``InterfaceError`` (a closed connection), psycopg's ``InterfaceError``, psycopg's
    ``OperationalError`` without an SQLSTATE (failed to connect, connection lost) or with a
    connection one (:data:`UNAVAILABLE_SQLSTATES`, class 08), SQLite's "unable to open
    database file". A statement's own failure (a deadlock, a timeout, a lock) is not."""
    seen: set[int] = set()
    error: BaseException | None = exc
    while error is not None and id(error) not in seen:
        seen.add(id(error))
        if isinstance(error, InterfaceError | psycopg.InterfaceError):
            return True
        if isinstance(error, psycopg.OperationalError):
            state = error.sqlstate
            return state is None or state.startswith("08") or state in UNAVAILABLE_SQLSTATES
        if isinstance(error, OperationalError) and "unable to open database" in str(error):
            return True
        error = error.__cause__ or error.__context__
    return False


def database_failure(exc: BaseException) -> Failure | None:
    """``"busy"``, ``"unavailable"`` or ``None`` (any other error) for ``exc``."""
    if is_database_busy(exc):
        return "busy"
    if is_database_unavailable(exc):
        return "unavailable"
    return None


def _mark_failed_request(sender: Any, request: HttpRequest | None = None, **kwargs: Any) -> None:
    """``got_request_exception`` receiver: marks ``request`` with the database failure being
    handled (the exception is the one in flight). A later failure of the same request does not
    clear an earlier mark."""
    exc = sys.exc_info()[1]
    if request is None or exc is None:
        return
    failure = database_failure(exc)
    if failure is not None and getattr(request, _MARK, None) is None:
        setattr(request, _MARK, failure)


got_request_exception.connect(_mark_failed_request, dispatch_uid="chessclub_database_failure")


def _wants_json(request: HttpRequest) -> bool:
    accept = request.headers.get("Accept", "")
    return "application/json" in accept and "text/html" not in accept


def unavailable_response(request: HttpRequest, failure: Failure) -> HttpResponse:
    """The 503 answer for ``failure``, rendered without the request's session or user (the
    language comes from the cookie or ``Accept-Language``)."""
    language = translation.get_language_from_request(request)
    with translation.override(language):
        if failure == "unavailable":
            template, retry = "503_database.html", UNAVAILABLE_RETRY_AFTER_SECONDS
            message = gettext("The database cannot be reached: nothing was saved.")
        else:
            template, retry = "503.html", RETRY_AFTER_SECONDS
            message = gettext("The site is busy: nothing was saved.")
        response: HttpResponse
        if _wants_json(request):
            response = JsonResponse({"state": "unsaved", "message": message}, status=503)
        else:
            response = HttpResponse(render_to_string(template), status=503)
        response["Content-Language"] = language
    response["Retry-After"] = str(retry)
    response["Cache-Control"] = "no-store"
    return response


class DatabaseUnavailableMiddleware:
    """Replaces the 500 answer of a request whose database was busy or could not be reached
    (marked by :func:`_mark_failed_request`) with :func:`unavailable_response`."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        failure: Failure | None = getattr(request, _MARK, None)
        if failure is None or response.status_code < 500:
            return response
        if failure == "unavailable":
            log.warning("database unavailable: %s %s answered 503", request.method, request.path)
        return unavailable_response(request, failure)


class DatabaseBusyMiddleware:
    """Turn a "database is locked" error of a view into the 503 page (``503.html``), in the
    site's layout (the session and the account can still be read while a write is locked)."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        return self.get_response(request)

    def process_exception(self, request: HttpRequest, exception: Exception) -> HttpResponse | None:
        if not is_database_busy(exception):
            return None
        response = render(request, "503.html", status=503)
        response["Retry-After"] = str(RETRY_AFTER_SECONDS)
        return response
