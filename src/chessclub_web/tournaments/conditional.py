"""The state (:class:`~chessclub_web.conditional.PageState`) of a tournament's public pages,
for :func:`~chessclub_web.conditional.conditional_page`: the *Classement*, the *Grille
américaine*, the explanations, the hall screens, the *Calendrier* and a published round's
*Échiquiers*, the team pages and the documents.

A tournament page's state is read from the tournament row alone, which the permission check
has read already: its ``revision`` (a new one with every change of its players, rounds, games,
byes and settings: ``models.touch_tournament``) and ``revised_at``; the variant adds the club's
name and number (the header shows them) and the user's role in the club and whether they
created the tournament (what the staff see differs). So a reader whose copy is current gets
its 304 with one more query at most (the role, for a logged-in user), without any standings
being computed.

The pages taking the club's number and the tournament's id (``results``, ``teams``) check
the request first with :func:`~.permissions.tournament_for_request`, as the page does: a
stranger to a private club gets the page's 404 whatever ``If-None-Match`` says.
"""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest

from chessclub_web.conditional import PageState, conditional_page
from chessclub_web.tournaments.models import Round, RoundState, Tournament
from chessclub_web.tournaments.permissions import is_creator, tournament_for_request

__all__ = [
    "conditional_page",
    "published_round_state",
    "team_event_state",
    "tournament_page_state",
    "tournament_state",
]


def _role(request: HttpRequest, row: Tournament) -> str:
    user = getattr(request, "user", None)
    if user is None or not user.is_authenticated:
        return ""
    role = (
        row.club.memberships.filter(user_id=user.pk).values_list("role", flat=True).first()
        if row.club is not None
        else None
    )
    return f"{role or ''}{'+creator' if is_creator(user, row) else ''}"


def tournament_state(
    request: HttpRequest, club: Any, row: Tournament, *_args: Any, **_kwargs: Any
) -> PageState:
    """The state of a tournament page whose permission check has run
    (``tournament_view``): ``revision`` the tournament's revision (hex), ``revised_at`` its
    date, the variant the club's name and number, the tournament's club and the user's role."""
    variant = f"{club.name}|{club.number}|{row.club_id}|{_role(request, row)}"
    return PageState(row.revision.hex, row.revised_at, variant)


def tournament_page_state(
    request: HttpRequest, number: str, pk: int, *args: Any, **kwargs: Any
) -> PageState:
    """:func:`tournament_state` of a page taking the club's ``number`` and the tournament's
    ``pk``: the request is checked first (``Http404`` for a tournament the user may not see)."""
    club, row = tournament_for_request(request, number, pk)
    return tournament_state(request, club, row)


def published_round_state(
    request: HttpRequest, number: str, pk: int, round_number: int, *args: Any, **kwargs: Any
) -> PageState | None:
    """A round's *Échiquiers*: :func:`tournament_page_state` when the round is published;
    ``None`` (no validators: the page says why, 404 or 409) for a draft or a missing round."""
    club, row = tournament_for_request(request, number, pk)
    state = (
        Round.objects.filter(tournament=row, number=round_number)
        .values_list("state", flat=True)
        .first()
    )
    if state != RoundState.PUBLISHED:
        return None
    return tournament_state(request, club, row)


def team_event_state(
    request: HttpRequest, number: str, pk: int, *args: Any, **kwargs: Any
) -> PageState | None:
    """A team event's page: :func:`tournament_page_state`; ``None`` for an individual event
    (the page answers its 404)."""
    club, row = tournament_for_request(request, number, pk)
    if not row.is_team_event:
        return None
    return tournament_state(request, club, row)
