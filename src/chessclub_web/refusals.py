"""One refusal type for the whole web layer: what a service refuses, with the HTTP status it
answers, the translated message and what it concerns (the form field, the board).

Services raise a :class:`Refused` (or one of its kinds); :class:`RefusalMiddleware` turns one
that no view handled into the 4xx page (``refused.html``) or, for a request that asks for
JSON, ``{"error": …, "field": …, "board": …}``, in one place. A view that shows the refusal on
its own page (a form with the user's input kept) catches it and uses :attr:`Refused.status`.

The error classes of the apps are kinds of these (``pairings.services.Refused``,
``federation.services.ListRefused``, ``tournaments.errors``' import and conflict errors,
``clubs.errors.ClubError``, ``closing.guards.ClosedTournamentError``); a test checks that
every exception class the web layer defines is one.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render


class Refused(Exception):
    """A request the rules refuse. ``str()`` is the message for the user (translated when
    raised); ``status`` the HTTP status (409 by default: the state refuses it); ``field``
    the form field concerned (``""``: none); ``board`` the board number concerned."""

    status = 409

    def __init__(
        self, message: str = "", *, status: int | None = None, field: str = "", board: Any = None
    ) -> None:
        super().__init__(message)
        if status is not None:
            self.status = status
        self.field = field
        self.board = board


class BadInput(Refused):
    """The request itself is wrong (a value, a file): 400."""

    status = 400


class Conflict(Refused):
    """The state refuses the request (a closed tournament, a change made meanwhile): 409."""

    status = 409


class NotAllowed(Refused):
    """The user may not do this (the permission table): 403."""

    status = 403


class TooLarge(Refused):
    """A file above the limit: 413."""

    status = 413


class ClosedTournament(Conflict):
    """A change of a closed tournament (spec C1: it never reopens)."""


def require_open(
    tournament: Any,
    message: str = "",
    *,
    refusal: Callable[[str], Refused] = ClosedTournament,
) -> None:
    """The one guard of a closed tournament (spec C1: it never reopens; only corrections of
    results and of the details the federation files need change it): raise
    ``refusal(message)`` — a :class:`ClosedTournament` (409) or an app's kind of it, so that
    the app's pages handle it as their other refusals — when ``tournament`` (a
    ``tournaments.Tournament`` row, read under its lock by the caller) is closed. ``message``:
    what the caller's action cannot do any more (default: the general rule). Every service
    that changes a tournament calls it first, under the tournament's lock; the database's
    guards (``closing.guards``) stay behind it for code that would not."""
    if tournament.closed_at is None:
        return
    from django.utils.translation import gettext as _

    raise refusal(
        message
        or _(
            "The tournament is closed: it only takes corrections of results and of the details "
            "the federation files need."
        )
    )


def closed_refusal(tournament: Any, message: str = "") -> str | None:
    """The message :func:`require_open` would refuse with, ``None`` for an open tournament
    (for a page that shows why an action is not offered)."""
    try:
        require_open(tournament, message)
    except ClosedTournament as refused:
        return str(refused)
    return None


def wants_json(request: HttpRequest) -> bool:
    accept = request.headers.get("Accept", "")
    return "application/json" in accept and "text/html" not in accept


def refusal_response(request: HttpRequest, refusal: Refused) -> HttpResponse:
    """The response of a refusal: JSON for a JSON request, else the ``refused.html`` page
    (``409_closed.html`` for a closed tournament)."""
    if wants_json(request):
        body = {"error": str(refusal), "field": refusal.field, "board": refusal.board}
        return JsonResponse(body, status=refusal.status)
    if isinstance(refusal, ClosedTournament):
        return render(request, "409_closed.html", {"reason": str(refusal)}, status=409)
    return render(request, "refused.html", {"refusal": refusal}, status=refusal.status)


class RefusalMiddleware:
    """Turn a :class:`Refused` that no view handled into its 4xx response."""

    def __init__(self, get_response: Any) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        return self.get_response(request)  # type: ignore[no-any-return]

    def process_exception(self, request: HttpRequest, exception: Exception) -> HttpResponse | None:
        if isinstance(exception, Refused):
            return refusal_response(request, exception)
        return None


def ascii_number(text: str, most_digits: int) -> int | None:
    """The whole number ``text`` writes in ASCII digits only (at most ``most_digits`` of them),
    else ``None``: the one reading of a number from a URL's query or a form's field name.
    (``str.isdigit`` alone accepts ``²`` and other scripts' digits, which ``int`` then refuses
    or reads as another number.)"""
    if not (text.isascii() and text.isdigit()) or len(text) > most_digits:
        return None
    return int(text)
