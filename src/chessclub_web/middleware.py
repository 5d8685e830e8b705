"""A database too busy to take a write answers 503 "try again in a moment", not 500 (a refused
change, a closed tournament's included, is ``refusals.RefusalMiddleware``'s).

SQLite lets one writer at a time: the others wait for the lock (``timeout`` in the settings)
and, past it, fail with ``OperationalError: database is locked``. That is not a bug of the
request but a moment of load: the visitor is asked to try again (``Retry-After``), nothing was
changed (the transaction was rolled back).
"""

from __future__ import annotations

from collections.abc import Callable

from django.db import OperationalError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

RETRY_AFTER_SECONDS = 5


def is_database_busy(exc: BaseException) -> bool:
    """Whether ``exc`` is SQLite's "database is locked" (or "database table is locked")."""
    return isinstance(exc, OperationalError) and "is locked" in str(exc)


class DatabaseBusyMiddleware:
    """Turn a "database is locked" error into the 503 page (``503.html``)."""

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
