"""Who calls the JSON API, and what they may do: the one permission check of every endpoint.

A call is made by a :class:`Caller`:

- with ``Authorization: Bearer cc_…`` (a personal token, ``chessclub_web.accounts``): the
  token's account, limited to the token's club and scopes. A header that names no active
  token answers 401 (never a silent downgrade to an anonymous visitor);
- without it: the logged-in account of the browser's session (read endpoints only: a session
  cookie never writes through the API, so no other site can make a browser write), else an
  anonymous visitor.

The rights are the pages' (``docs/permissions.md``, :func:`~chessclub_web.tournaments.
permissions.allowed_on`), narrowed by the token: a token reads what its account reads in the
token's club and only public data elsewhere; it does an action only in its club, when it holds
the scope (:data:`~chessclub_web.accounts.models.SCOPE_ACTIONS`) and the account the right.

Read endpoints use :data:`optional_caller`; write endpoints :data:`token_caller`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.contrib.auth.models import AnonymousUser
from django.http import Http404, HttpRequest
from django.utils.translation import gettext as _
from ninja.errors import AuthenticationError
from ninja.security import HttpBearer

from chessclub_web import refusals
from chessclub_web.accounts.models import SCOPE_ACTIONS, ApiToken, Scope
from chessclub_web.accounts.services import token_for_secret
from chessclub_web.api.throttles import refuse_guess
from chessclub_web.clubs.models import Club
from chessclub_web.clubs.permissions import Action, can_view, find_club
from chessclub_web.tournaments.models import Tournament
from chessclub_web.tournaments.permissions import allowed_on, is_creator


@dataclass(frozen=True)
class Caller:
    """The account behind a call (``AnonymousUser`` when none) and its token (``None``: a
    session or an anonymous visitor)."""

    user: Any
    token: ApiToken | None = None

    def __str__(self) -> str:
        # The throttles' identity (ninja hashes it): one per token, else per account.
        if self.token is not None:
            return f"token:{self.token.pk}"
        return f"user:{self.user.pk}" if self.user.is_authenticated else "anonymous"

    @property
    def is_anonymous(self) -> bool:
        return not self.user.is_authenticated

    def _in_token_club(self, club_id: int | None) -> bool:
        return self.token is None or self.token.club_id == club_id

    def may_see_club(self, club: Club) -> bool:
        """A public club: everyone. A private one: its members, through a token only when it
        is the token's club."""
        if club.public:
            return True
        return self._in_token_club(club.pk) and can_view(self.user, club)

    def may_see(self, tournament: Tournament) -> bool:
        """The tournament's club may be seen, or the caller created this independent
        tournament (within the token's club)."""
        if tournament.club is not None and self.may_see_club(tournament.club):
            return True
        return self._in_token_club(tournament.club_id) and is_creator(self.user, tournament)

    def may(self, tournament: Tournament, action: Action) -> bool:
        """The account may do ``action`` on ``tournament`` (the pages' table) and, through a
        token, the token is of its club and holds the scope of ``action``."""
        if not allowed_on(self.user, tournament, action):
            return False
        if self.token is None:
            return True
        if not self._in_token_club(tournament.club_id):
            return False
        scopes = [scope for scope, act in SCOPE_ACTIONS.items() if act == action]
        if action == Action.CORRECT_RESULTS:  # a closed tournament's results: entering them
            scopes = [Scope.ENTER_RESULTS]
        return any(self.token.has_scope(scope) for scope in scopes)

    def has_scope(self, scope: str, club_id: int | None) -> bool:
        """Through a token: it is of ``club_id`` and holds ``scope``; a session: always."""
        if self.token is None:
            return True
        return self._in_token_club(club_id) and self.token.has_scope(scope)

    def require(self, tournament: Tournament, action: Action) -> None:
        """Raise :class:`~chessclub_web.refusals.NotAllowed` (403) unless :meth:`may`."""
        if not self.may(tournament, action):
            raise refusals.NotAllowed(
                _("This token or account may not do this: %(action)s.") % {"action": action.value}
            )


def club_for(caller: Caller, number: str) -> Club:
    """The club with this federation number (any case) if ``caller`` may see it; ``Http404``
    otherwise (a hidden club and a missing one look the same)."""
    club = find_club(number)
    if club is None or not caller.may_see_club(club):
        raise Http404(_("No such club."))
    return club


def tournament_for(
    caller: Caller, number: str, pk: int, action: Action | None = None
) -> Tournament:
    """Tournament ``pk`` of club ``number`` if ``caller`` may see it (``Http404`` otherwise)
    and, with ``action``, do it (403, :meth:`Caller.require`)."""
    club = find_club(number)
    if club is None:
        raise Http404(_("No such club."))
    tournament = (
        Tournament.objects.select_related("club").filter(pk=pk, club=club).first()
        if pk <= 2_147_483_647
        else None
    )
    if tournament is None or not caller.may_see(tournament):
        raise Http404(_("No such tournament."))
    if action is not None:
        caller.require(tournament, action)
    return tournament


def _bearer(request: HttpRequest) -> str | None:
    """The token of an ``Authorization`` header, ``None`` without one; a header that is not
    ``Bearer <token>`` is a wrong token (401)."""
    header = request.headers.get("Authorization")
    if header is None:
        return None
    scheme, _sep, value = header.strip().partition(" ")
    if scheme.lower() != "bearer" or not value.strip():
        refuse_guess(request)
        raise AuthenticationError(401, _("The Authorization header must be “Bearer <token>”."))
    return value.strip()


class TokenAuth(HttpBearer):
    """A personal token, required (write endpoints): no session, no anonymous caller."""

    openapi_description = "A personal token (Mon compte → Jetons d'API), sent as `Bearer cc_…`."

    def __call__(self, request: HttpRequest) -> Caller | None:
        secret = _bearer(request)
        if secret is None:
            raise AuthenticationError(401, _("This needs a personal token (Bearer)."))
        token = token_for_secret(secret)
        if token is None:
            refuse_guess(request)
            raise AuthenticationError(401, _("This token is unknown, revoked or expired."))
        return Caller(token.user, token)

    def authenticate(self, request: HttpRequest, token: str) -> Caller | None:
        found = token_for_secret(token)
        return Caller(found.user, found) if found is not None else None


class OptionalTokenAuth(TokenAuth):
    """A personal token when one is sent (a wrong one: 401), else the session's account or an
    anonymous visitor (read endpoints)."""

    def __call__(self, request: HttpRequest) -> Caller | None:
        if request.headers.get("Authorization") is None:
            user = getattr(request, "user", None) or AnonymousUser()
            return Caller(user if user.is_active else AnonymousUser())
        return super().__call__(request)


#: Read endpoints: a token, the session's account, or nobody.
optional_caller = OptionalTokenAuth()
#: Write endpoints: a token only.
token_caller = TokenAuth()


def caller_of(request: HttpRequest) -> Caller:
    """The :class:`Caller` the endpoint's auth found (``request.auth``)."""
    found = getattr(request, "auth", None)
    if not isinstance(found, Caller):  # an endpoint declared without our auth
        raise AuthenticationError(401, _("Not authenticated."))
    return found
