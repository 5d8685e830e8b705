"""Who may do what on a tournament: the club's table (:mod:`chessclub_web.clubs.permissions`)
applied to the tournament's club, plus the creator of an independent tournament.

The creator of an **independent** tournament has owner rights on it (spec: "its creator has
owner rights on it"): :func:`allowed_on` adds ``CREATOR_ACTIONS`` for them, whatever their
role in the tournament's club, **no role included** (never a member, or removed from the club
since: the spec ties the rights to the tournament, not to a membership), and
:func:`tournament_for_request` lets them see it even in a private club they are not a member of.

A tournament's pages use :func:`tournament_view` (or :func:`tournament_for_request` and
:func:`require_on` where a page checks more than one action), so that every tournament page
asks :func:`allowed_on` and nothing else. Each tournament page declares what it needs
(:class:`PageActions`, read by :func:`page_actions`): a test walks the URL patterns and checks
every page against :func:`allowed_on` for every kind of visitor.
"""

from __future__ import annotations

import enum
import functools
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypeVar

from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponseBase, HttpResponsePermanentRedirect
from django.shortcuts import get_object_or_404
from django.urls import reverse

from chessclub_web.clubs.models import Club
from chessclub_web.clubs.permissions import (
    CREATOR_ACTIONS,
    UNKNOWN,
    Action,
    KnownRole,
    LoginRequired,
    PageView,
    User,
    allowed,
    can_view,
    find_club,
)
from chessclub_web.tournaments.models import Kind, Tournament


def allowed_on(
    user: User, tournament: Tournament, action: Action, *, role: KnownRole = UNKNOWN
) -> bool:
    """True if ``user`` may do ``action`` on ``tournament``: by their role in its club, or as
    the creator of an independent tournament (:data:`CREATOR_ACTIONS`). ``role``: as for
    :func:`allowed` (the role in the tournament's club)."""
    if tournament.club is not None and allowed(user, tournament.club, action, role=role):
        return True
    return is_creator(user, tournament) and action in CREATOR_ACTIONS


def is_creator(user: User, tournament: Tournament) -> bool:
    """True if ``user`` created ``tournament`` and it is an independent one (owner rights)."""
    return bool(
        user.is_authenticated
        and tournament.kind == Kind.INDEPENDENT
        and tournament.creator_id is not None
        and tournament.creator_id == user.pk
    )


def tournament_for_request(
    request: HttpRequest, number: str, pk: int, action: Action | None = None
) -> tuple[Club, Tournament]:
    """The club (federation number in any case) and its tournament ``pk``, if the request may
    see them (and do ``action`` on the tournament, :func:`allowed_on`).

    Raises ``Http404`` when the club or the tournament does not exist, the tournament is
    another club's, or the club is private and the user neither a member nor the tournament's
    creator; :class:`LoginRequired` when an anonymous visitor asks for ``action``;
    ``PermissionDenied`` (403) when a logged-in user may not do it.
    """
    club = find_club(number)
    if club is None:
        raise Http404("No such club")
    tournament = get_object_or_404(Tournament.objects.select_related("club"), pk=pk, club=club)
    if not (can_view(request.user, club) or is_creator(request.user, tournament)):
        raise Http404("No such club")
    if action is not None and not allowed_on(request.user, tournament, action):
        if not request.user.is_authenticated:
            raise LoginRequired
        raise PermissionDenied
    return club, tournament


#: What a tournament page needs for a request: an :class:`Action`, ``None`` (whoever sees the
#: tournament), or a function of the tournament giving one (e.g. ``CORRECT_RESULTS`` once it is
#: closed, ``ENTER_RESULTS`` before).
ActionSpec = Action | Callable[[Tournament], Action | None] | None


@dataclass(frozen=True)
class PageActions:
    """What a tournament page needs: ``read`` for GET and HEAD, ``write`` for POST (a page
    whose posted forms need more, per form, checks that with :func:`require_on` too: this is
    the least any post needs)."""

    read: ActionSpec = None
    write: ActionSpec = None

    def needed(self, method: str | None, tournament: Tournament) -> Action | None:
        """The action a request with ``method`` needs on ``tournament``."""
        spec = self.read if method in ("GET", "HEAD") else self.write
        if spec is None or isinstance(spec, Action):
            return spec
        return spec(tournament)


def page_actions(view: Any) -> PageActions | None:
    """What the tournament page ``view`` declared it needs (:func:`tournament_view`,
    :func:`declare_page_actions`), ``None`` for a view that declared nothing."""
    found = getattr(view, "page_actions", None)
    return found if isinstance(found, PageActions) else None


_Page = TypeVar("_Page", bound=PageView)


def declare_page_actions(
    read: ActionSpec = None, write: ActionSpec = None
) -> Callable[[_Page], _Page]:
    """Declare what a tournament page that checks the request itself (with
    :func:`tournament_for_request` and :func:`allowed_on`) needs, as :func:`tournament_view`
    declares it: ``read`` for GET/HEAD, ``write`` for POST."""

    def decorator(view: _Page) -> _Page:
        view.page_actions = PageActions(read, write)  # type: ignore[attr-defined]  # on a function
        return view

    return decorator


def require_on(request: HttpRequest, tournament: Tournament, action: Action | None) -> None:
    """Raise :class:`LoginRequired` for an anonymous visitor and ``PermissionDenied`` (403) for
    a logged-in user who may not do ``action`` on ``tournament`` (:func:`allowed_on`); nothing
    when ``action`` is ``None`` or allowed."""
    if action is None or allowed_on(request.user, tournament, action):
        return
    if not request.user.is_authenticated:
        raise LoginRequired
    raise PermissionDenied


class _Same(enum.Enum):
    SAME = "same"


def tournament_view(
    action: ActionSpec = None, *, post: ActionSpec | _Same = _Same.SAME
) -> Callable[[PageView], PageView]:
    """Decorate a tournament page ``view(request, club, tournament, **kwargs)`` taking the
    club's ``number`` and the tournament's ``pk`` from the URL: the one check of every
    tournament page.

    The tournament is looked up and checked with :func:`tournament_for_request` (404 for a
    tournament the user may not see; its creator sees it even in a private club), then
    ``action`` (GET, HEAD) or ``post`` (POST; by default the same as ``action``) with
    :func:`require_on`, i.e. :func:`allowed_on`: 403, or the login page for an anonymous
    visitor (also when the view itself raises :class:`LoginRequired`). A GET or HEAD naming the
    club's number in another case is redirected to the canonical URL. The wrapper carries the
    declaration as ``page_actions`` (:func:`page_actions`)."""
    actions = PageActions(action, action if isinstance(post, _Same) else post)

    def decorator(view: PageView) -> PageView:
        @functools.wraps(view)
        def wrapper(
            request: HttpRequest, number: str, pk: int, *args: object, **kwargs: object
        ) -> HttpResponseBase:
            try:
                club, tournament = tournament_for_request(request, number, pk)
                require_on(request, tournament, actions.needed(request.method, tournament))
                if number != club.number and request.method in ("GET", "HEAD"):
                    match = request.resolver_match
                    if match is not None and match.view_name:
                        url = reverse(
                            match.view_name, kwargs={**match.kwargs, "number": club.number}
                        )
                        query = request.META.get("QUERY_STRING", "")
                        return HttpResponsePermanentRedirect(f"{url}?{query}" if query else url)
                return view(request, club, tournament, *args, **kwargs)
            except LoginRequired:
                return redirect_to_login(request.get_full_path())

        wrapper.page_actions = actions  # type: ignore[attr-defined]  # on a function
        return wrapper

    return decorator
