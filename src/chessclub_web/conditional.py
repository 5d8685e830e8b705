"""``ETag``, ``Last-Modified`` and ``304 Not Modified`` for the public pages, in one place.

A page's content follows a few rows that say when it last changed — a tournament's
``revision`` and ``revised_at`` (``tournaments.models.touch_tournament``: every change of its
rows gives a new one), a club's latest tournament revision — and the request: the language,
who asks (anonymous, or the account and its role: staff see edit links), the full path and
query. :func:`conditional_page` decorates a page with a function reading those rows
(:class:`PageState`), after the page's permission check: a reader whose copy is current gets
``304`` before anything else is read or computed; a stranger to a private club gets the same
404 or 403 as without it (the permission check runs first, whatever the request's
``If-None-Match`` says).

Rules (RFC 9110 §13, through Django's ``get_conditional_response``):

- ``ETag``: the revision's hex, then a digest of the state's variant, the language, the
  user's key and the full path (:func:`page_etag`); ``If-None-Match`` wins over
  ``If-Modified-Since`` when both are sent.
- ``Last-Modified``: the revision's date, sent only once its second is over: HTTP dates
  count whole seconds, so a copy taken in the same second as the change could be followed
  by another change with the same date (:func:`settled`).
- A page with a flash message pending, or that showed one, or that answers anything but 200,
  carries neither (never a 304 on it).
- ``Cache-Control: private, no-cache`` for a logged-in user (and for a visitor the answer
  gives a first cookie), ``public, no-cache`` otherwise; ``Vary: Cookie, Accept-Language``.
  Every copy is asked about again (``no-cache``): the ``ETag`` decides.
- Only GET and HEAD are conditional: a POST goes to the page untouched.
"""

from __future__ import annotations

import datetime
import functools
import hashlib
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from django.conf import settings
from django.contrib.messages import get_messages
from django.db.models import Count, Max
from django.http import HttpRequest, HttpResponseBase
from django.middleware.csrf import get_token
from django.utils import timezone
from django.utils.cache import get_conditional_response, patch_cache_control, patch_vary_headers
from django.utils.http import http_date, quote_etag
from django.utils.translation import get_language

#: Part of every ``ETag``: a new value makes every copy held by a browser stale (raise it
#: when the pages' markup changes in a way a deployment must show at once).
PAGE_VERSION = "1"


@dataclass(frozen=True)
class PageState:
    """What a page shows follows: ``revision`` (text that changes with any change of the
    rows shown: ``ETag``), ``revised_at`` (when it last changed: ``Last-Modified``; ``None``:
    none sent), ``variant`` (what else varies the page, e.g. the club's name shown in the
    header and the user's role there: part of the ``ETag`` only)."""

    revision: str
    revised_at: datetime.datetime | None
    variant: str = ""


#: A page's state function: called with the page's arguments after its permission check;
#: ``None`` when the page answers without validators this time (e.g. a draft round's page).
StateFunction = Callable[..., PageState | None]

View = Callable[..., HttpResponseBase]


def user_key(request: HttpRequest) -> str:
    """Who asks, as the ``ETag`` distinguishes them: ``anon``, or the account's id (with
    ``su`` for site staff, who see every edit link, ``st`` for the admin's link) and name
    (shown in the header); then the visitor's CSRF secret (the cookie's), which the page's
    forms carry: a login or logout renews it, so that a copy with the old token is never
    answered 304 (its forms would be refused)."""
    # The secret the page's forms will carry: the visitor's cookie's, or the one made now for
    # a first visit (the answer sets it as the cookie), so that the first answer's ETag is
    # already the one the visitor's next request computes.
    get_token(request)
    secret = str(request.META.get("CSRF_COOKIE", ""))
    user = getattr(request, "user", None)
    if user is None or not user.is_authenticated:
        return f"anon|{secret}"
    staff = "su" if getattr(user, "is_superuser", False) and user.is_active else ""
    staff += "st" if getattr(user, "is_staff", False) else ""
    return f"u{user.pk}{staff}|{user.get_username()}|{secret}"


def page_etag(request: HttpRequest, state: PageState) -> str:
    """The page's ``ETag`` (unquoted): ``state.revision``, a dash, then 16 hex digits of the
    SHA-256 of :data:`PAGE_VERSION`, the state's variant, the language, :func:`user_key` and
    the full path with its query. At most 100 characters of revision are kept."""
    parts = (
        PAGE_VERSION,
        state.variant,
        get_language() or "",
        user_key(request),
        request.get_full_path(),
    )
    digest = hashlib.sha256("\x1f".join(parts).encode()).hexdigest()[:16]
    return f"{state.revision[:100]}-{digest}"


def settled(revised_at: datetime.datetime | None) -> datetime.datetime | None:
    """``revised_at`` when its second is over (a ``Last-Modified`` may be sent), else
    ``None``: a change later in the same second would carry the same HTTP date."""
    if revised_at is None:
        return None
    if int(timezone.now().timestamp()) <= int(revised_at.timestamp()):
        return None
    return revised_at


def has_messages(request: HttpRequest) -> bool:
    """True when flash messages wait to be shown on this request's page (reading the storage
    does not mark them shown)."""
    return len(get_messages(request)) > 0


def _showed_messages(request: HttpRequest) -> bool:
    storage = get_messages(request)
    return bool(getattr(storage, "used", False)) or len(storage) > 0


def _asks_any(request: HttpRequest) -> bool:
    """``If-None-Match: *`` ("any copy"): answered as if absent, so that it never turns a
    page's 404 (a match or round the tournament does not have) into a 304."""
    return "*" in request.META.get("HTTP_IF_NONE_MATCH", "")


def cache_headers(request: HttpRequest, response: HttpResponseBase) -> None:
    """``Cache-Control`` (``private`` or ``public``, always ``no-cache``) and ``Vary``."""
    user = getattr(request, "user", None)
    anonymous = user is None or not user.is_authenticated
    first_cookie = settings.CSRF_COOKIE_NAME not in request.COOKIES
    if anonymous and not first_cookie and not response.cookies:
        patch_cache_control(response, public=True, no_cache=True)
    else:
        patch_cache_control(response, private=True, no_cache=True)
    patch_vary_headers(response, ("Cookie", "Accept-Language"))


def conditional_page(state_of: StateFunction) -> Callable[[View], View]:
    """Decorate a page so that it carries an ``ETag`` and ``Last-Modified`` and answers 304
    to a reader whose copy is current (the rules above). ``state_of`` is called with the
    page's own arguments: put the decorator under the page's permission check
    (``tournament_view``, ``club_view``), or let ``state_of`` make the check itself (it may
    raise ``Http404``, ``PermissionDenied``: the page's answer, unchanged)."""

    def decorator(view: View) -> View:
        @functools.wraps(view)
        def wrapper(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponseBase:
            if request.method not in ("GET", "HEAD"):
                return view(request, *args, **kwargs)
            state = state_of(request, *args, **kwargs)
            response: HttpResponseBase
            if state is None or has_messages(request) or _asks_any(request):
                response = view(request, *args, **kwargs)
                cache_headers(request, response)
                return response
            etag = quote_etag(page_etag(request, state))
            modified = settled(state.revised_at)
            stamp = int(modified.timestamp()) if modified is not None else None
            answer = get_conditional_response(request, etag=etag, last_modified=stamp)
            if answer is not None:
                response = answer
            else:
                response = view(request, *args, **kwargs)
                if response.status_code != 200 or _showed_messages(request):
                    cache_headers(request, response)
                    return response
            if response.status_code in (200, 304):
                response.headers["ETag"] = etag
                if modified is not None:
                    response.headers["Last-Modified"] = http_date(stamp)
            cache_headers(request, response)
            return response

        return wrapper

    return decorator


def club_state(request: HttpRequest, club: Any, *args: Any, **kwargs: Any) -> PageState:
    """A club page's state: its tournaments' latest ``revised_at`` and their number (a
    deleted tournament changes it too), in one query; the variant holds the club's name,
    number and visibility and the user's role in it (one more query for a logged-in user)."""
    found = club.tournaments.order_by().aggregate(latest=Max("revised_at"), count=Count("id"))
    latest = found["latest"]
    revision = f"c{club.pk}.{found['count']}.{latest.timestamp() if latest else 0}"
    revision = hashlib.sha256(revision.encode()).hexdigest()[:32]
    role = ""
    user = getattr(request, "user", None)
    if user is not None and user.is_authenticated:
        role = club.memberships.filter(user_id=user.pk).values_list("role", flat=True).first() or ""
    variant = f"{club.name}|{club.number}|{club.public}|{role}"
    return PageState(revision, latest, variant)
