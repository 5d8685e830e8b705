"""The API instance (django-ninja): its routers, its error answers, its throttles.

Every error is JSON ``{"error": "<message>", "field": "…", "board": …}``, the shape the pages'
JSON refusals have (``chessclub_web.refusals``): a service's refusal keeps its status (400, 403,
404, 409, 413); a request the schema refuses (a missing field, a word where a number goes)
answers 400 naming the place (``body.boards.0.version: …``); a missing club or tournament 404;
throttling 429 with ``Retry-After``. Never a 500 for bad input.
"""

from __future__ import annotations

from typing import Any

from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse
from django.utils.translation import gettext as _
from ninja import NinjaAPI
from ninja.errors import AuthenticationError, HttpError, Throttled, ValidationError

from chessclub_web import refusals
from chessclub_web.api import (
    read,
    read_elo,
    read_exports,
    read_tables,
    reports,
    write,
    write_entries,
    write_rounds,
)
from chessclub_web.api.throttles import AddressThrottle, TokenThrottle

api = NinjaAPI(
    title="chessclub API",
    version="1",
    description=(
        "Clubs, tournaments, pairings, results, standings with every tiebreak, Elo and "
        "federation files, read and written as the pages do. See docs/api.md."
    ),
    urls_namespace="api",
    openapi_url="/schema",
    docs_url="/docs",
    throttle=[AddressThrottle(), TokenThrottle()],
)


def error_body(message: str, *, field: str = "", board: Any = None, **extra: Any) -> dict[str, Any]:
    """The JSON body of an error."""
    return {"error": message, "field": field, "board": board, **extra}


@api.exception_handler(refusals.Refused)
def _refused(request: HttpRequest, exc: refusals.Refused) -> HttpResponse:
    return api.create_response(
        request, error_body(str(exc), field=exc.field, board=exc.board), status=exc.status
    )


def _problem(error: dict[str, Any]) -> str:
    """A schema error in the reader's language: the usual kinds by their type (pydantic's
    ``type``: missing, a word where a number goes…), any other by pydantic's own words."""
    kind = str(error.get("type", ""))
    context = error.get("ctx") or {}
    if kind == "missing":
        return _("required")
    if kind in ("int_parsing", "int_type", "int_from_float"):
        return _("a whole number is expected")
    if kind in ("string_type",):
        return _("a text is expected")
    if kind in ("bool_parsing", "bool_type"):
        return _("true or false is expected")
    if kind in ("date_parsing", "date_from_datetime_parsing", "date_type"):
        return _("a date YYYY-MM-DD is expected")
    if kind in ("literal_error", "enum"):
        return _("one of %(values)s") % {"values": context.get("expected", "")}
    if kind in ("greater_than_equal", "greater_than"):
        return _("at least %(limit)s") % {"limit": context.get("ge", context.get("gt", ""))}
    if kind in ("less_than_equal", "less_than"):
        return _("at most %(limit)s") % {"limit": context.get("le", context.get("lt", ""))}
    if kind in ("string_too_long",):
        return _("at most %(limit)s characters") % {"limit": context.get("max_length", "")}
    if kind in ("string_too_short",):
        return _("at least %(limit)s characters") % {"limit": context.get("min_length", "")}
    if kind in ("extra_forbidden",):
        return _("not a field of this request")
    if kind in ("model_attributes_type", "dict_type", "model_type"):
        return _("a JSON object is expected")
    if kind in ("list_type",):
        return _("a JSON list is expected")
    return str(error.get("msg", ""))


def _place(loc: tuple[Any, ...]) -> tuple[Any, ...]:
    """The place as the client wrote it: ``body.boards.0.version``, without the name of the
    endpoint's argument that holds the body (``body.payload.…``)."""
    if len(loc) >= 2 and loc[0] == "body" and loc[1] == "payload":
        return (loc[0], *loc[2:])
    return loc


@api.exception_handler(ValidationError)
def _invalid(request: HttpRequest, exc: ValidationError) -> HttpResponse:
    places = []
    for error in exc.errors:
        where = ".".join(str(part) for part in _place(tuple(error.get("loc", ()))))
        problem = _problem(error)
        places.append(
            _("%(place)s: %(problem)s") % {"place": where, "problem": problem} if where else problem
        )
    message = _("The request is not valid: %(places)s.") % {"places": "; ".join(places)}
    return api.create_response(request, error_body(message, details=places), status=400)


@api.exception_handler(Http404)
def _not_found(request: HttpRequest, exc: Http404) -> HttpResponse:
    return api.create_response(request, error_body(str(exc) or _("Not found.")), status=404)


@api.exception_handler(PermissionDenied)
def _denied(request: HttpRequest, exc: PermissionDenied) -> HttpResponse:
    return api.create_response(
        request, error_body(str(exc) or _("You may not do this.")), status=403
    )


@api.exception_handler(Throttled)
def _throttled(request: HttpRequest, exc: Throttled) -> HttpResponse:
    response = api.create_response(
        request, error_body(_("Too many requests: wait a moment.")), status=429
    )
    wait = getattr(exc, "wait", None)
    if wait:
        response["Retry-After"] = str(int(wait) + 1)
    return response


@api.exception_handler(AuthenticationError)
def _unauthenticated(request: HttpRequest, exc: AuthenticationError) -> HttpResponse:
    response = api.create_response(request, error_body(exc.message), status=exc.status_code)
    response["WWW-Authenticate"] = "Bearer"
    return response


@api.exception_handler(HttpError)
def _http_error(request: HttpRequest, exc: HttpError) -> HttpResponse:
    message = exc.message
    if exc.status_code == 400 and message.startswith("Cannot parse request body"):
        message = _("The request's body is not JSON: send a JSON object.")
    return api.create_response(request, error_body(message), status=exc.status_code)


api.add_router("", read.router)
api.add_router("", read_tables.router)
api.add_router("", read_elo.router)
api.add_router("", read_exports.router)
api.add_router("", write.router)
api.add_router("", write_entries.router)
api.add_router("", write_rounds.router)
api.add_router("", reports.router)
