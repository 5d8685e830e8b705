"""Who may do what in a club: one table, checked on the server for every request.

A club's visitors are either members (with one :class:`~chessclub_web.clubs.models.Role`) or
outsiders. A **public** club shows its tournaments to everyone, logged in or not; a **private**
club shows nothing to outsiders (its pages answer 404, as if it did not exist). Every other action
needs a role whose row in :data:`PERMISSIONS` lists it. Superusers (site staff) may do everything.
Creating a new club is not an action inside a club: any logged-in user may, and becomes its owner.

Views use :func:`club_for_request`, which answers 404 / login redirect / 403 as appropriate.
"""

from __future__ import annotations

import enum
import functools
from collections.abc import Mapping

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.db.models import Q, QuerySet
from django.http import Http404, HttpRequest, HttpResponsePermanentRedirect
from django.urls import reverse

from chessclub_web.clubs.models import Club, Membership, Role
from chessclub_web.tournaments.models import Kind, Tournament


class Action(enum.StrEnum):
    """What a user may want to do in a club."""

    VIEW_PRIVATE_CLUB = "view_private_club"  # see a private club's pages (public: everyone)
    IMPORT_TOURNAMENT = "import_tournament"  # upload a Belgian results file or a TRF
    ENTER_RESULTS = "enter_results"  # spec R5 (open tournaments)
    CORRECT_RESULTS = "correct_results"  # spec C3 (corrections in a closed tournament)
    CLOSE_TOURNAMENT = "close_tournament"  # spec C1, C2 (closing, early end)
    EDIT_TOURNAMENT_SETTINGS = "edit_tournament_settings"  # Paramètres: tiebreaks, rules, lots
    MANAGE_ENTRIES = "manage_entries"  # registrations, late entries, byes, withdrawals
    EDIT_PAIRINGS = "edit_pairings"  # pair a round (draft), edit it by hand, unpair
    PUBLISH_ROUND = "publish_round"  # make a draft round's pairings visible
    EXPORT_TOURNAMENT = "export_tournament"  # federation files (FRBE, TRF)
    MANAGE_ROSTER = "manage_roster"  # the club's players, initial Elo, federation lists
    MANAGE_MEMBERS = "manage_members"  # give and take roles
    EDIT_CLUB = "edit_club"  # name, number, public flag


#: The permission table: role × action. Nothing outside this table grants a right.
PERMISSIONS: Mapping[Role, frozenset[Action]] = {
    Role.OWNER: frozenset(Action),
    Role.ADMINISTRATOR: frozenset(Action) - {Action.MANAGE_MEMBERS, Action.EDIT_CLUB},
    Role.ARBITER: frozenset(
        {
            Action.VIEW_PRIVATE_CLUB,
            Action.ENTER_RESULTS,
            Action.MANAGE_ENTRIES,
            Action.EDIT_PAIRINGS,
            Action.PUBLISH_ROUND,
            Action.EXPORT_TOURNAMENT,
        }
    ),
}

#: What the creator of an independent tournament may do on it (spec: "its creator has owner
#: rights on it"), whatever their role in the club.
CREATOR_ACTIONS: frozenset[Action] = frozenset(Action) - {
    Action.IMPORT_TOURNAMENT,
    Action.MANAGE_ROSTER,
    Action.MANAGE_MEMBERS,
    Action.EDIT_CLUB,
}

User = AbstractBaseUser | AnonymousUser


def role_of(user: User, club: Club) -> Role | None:
    """The user's role in the club, ``None`` for outsiders and anonymous visitors."""
    if not user.is_authenticated:
        return None
    membership = Membership.objects.filter(user=user, club=club).only("role").first()
    return Role(membership.role) if membership else None


def allowed(user: User, club: Club, action: Action) -> bool:
    """True if ``user`` may do ``action`` in ``club`` (see :data:`PERMISSIONS`)."""
    if getattr(user, "is_superuser", False) and user.is_active:
        return True
    role = role_of(user, club)
    return role is not None and action in PERMISSIONS[role]


def allowed_on(user: User, tournament: Tournament, action: Action) -> bool:
    """True if ``user`` may do ``action`` on ``tournament``: by their role in its club, or as
    the creator of an independent tournament (:data:`CREATOR_ACTIONS`)."""
    if tournament.club is not None and allowed(user, tournament.club, action):
        return True
    return (
        user.is_authenticated
        and tournament.kind == Kind.INDEPENDENT
        and tournament.creator_id is not None
        and tournament.creator_id == user.pk
        and action in CREATOR_ACTIONS
    )


def can_view(user: User, club: Club) -> bool:
    """A public club is seen by everyone; a private one by its members only."""
    return club.public or allowed(user, club, Action.VIEW_PRIVATE_CLUB)


def visible_clubs(user: User) -> QuerySet[Club]:
    """The clubs whose pages ``user`` may see: the public ones and the user's own."""
    clubs = Club.objects.all()
    if getattr(user, "is_superuser", False) and user.is_active:
        return clubs
    if not user.is_authenticated:
        return clubs.filter(public=True)
    own_roles = [
        role for role, actions in PERMISSIONS.items() if Action.VIEW_PRIVATE_CLUB in actions
    ]
    return clubs.filter(
        Q(public=True) | Q(memberships__user=user, memberships__role__in=own_roles)
    ).distinct()


class LoginRequired(Exception):
    """Raised when an anonymous visitor asks for an action that needs an account."""


def club_for_request(request: HttpRequest, number: str, action: Action | None = None) -> Club:
    """The club with this federation number in any case (``abc`` finds ``ABC``), if the
    request may see it (and do ``action``).

    Raises ``Http404`` when the club does not exist or is hidden from the user,
    :class:`LoginRequired` when an anonymous visitor asks for ``action``, and
    ``PermissionDenied`` (403) when a logged-in user's role does not allow it.
    """
    club = Club.objects.filter(number__iexact=number).first()
    if club is None or not can_view(request.user, club):
        raise Http404("No such club")
    if action is not None and not allowed(request.user, club, action):
        if not request.user.is_authenticated:
            raise LoginRequired
        raise PermissionDenied
    return club


def club_view(action: Action | None = None):  # type: ignore[no-untyped-def]
    """Decorate a view ``view(request, club, **kwargs)`` taking the club's ``number`` from the URL.

    The club is looked up and checked with :func:`club_for_request`; an anonymous visitor asking
    for a protected action is sent to the login page. A GET or HEAD naming the club's number
    in another case (``/clubs/abc/``) is redirected to the canonical URL (``/clubs/ABC/``).
    """

    def decorator(view):  # type: ignore[no-untyped-def]
        @functools.wraps(view)
        def wrapper(request: HttpRequest, number: str, *args, **kwargs):  # type: ignore[no-untyped-def]
            try:
                club = club_for_request(request, number, action)
            except LoginRequired:
                return redirect_to_login(request.get_full_path())
            if number != club.number and request.method in ("GET", "HEAD"):
                match = request.resolver_match
                if match is not None and match.view_name:
                    url = reverse(match.view_name, kwargs={**match.kwargs, "number": club.number})
                    query = request.META.get("QUERY_STRING", "")
                    return HttpResponsePermanentRedirect(f"{url}?{query}" if query else url)
            return view(request, club, *args, **kwargs)

        return wrapper

    return decorator
