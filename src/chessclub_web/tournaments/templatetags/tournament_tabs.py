"""``{% tournament_tabs %}``: the tab bar of a tournament's pages (see ``tournaments/tabs.py``);
``{% can_edit_tournament %}``: whether the header links to *Edit tournament*."""

from __future__ import annotations

from typing import Any

from django import template

from chessclub_web.clubs.permissions import Action
from chessclub_web.tournaments.permissions import allowed_on
from chessclub_web.tournaments.tabs import ShownTab, visible_tabs

register = template.Library()


@register.simple_tag(takes_context=True)
def tournament_tabs(context: dict[str, Any]) -> list[ShownTab]:
    """The tabs the request's user may see, the context's ``tab`` marked active."""
    request = context["request"]
    return visible_tabs(request.user, context["tournament"], context.get("tab", ""))


@register.simple_tag(takes_context=True)
def can_edit_tournament(context: dict[str, Any]) -> bool:
    """Whether the request's user may open *Edit tournament* (the details) of the context's
    tournament: the action of its *Settings* (``EDIT_TOURNAMENT_SETTINGS``)."""
    request = context.get("request")
    tournament = context.get("tournament")
    if request is None or tournament is None or tournament.club is None:
        return False
    return allowed_on(request.user, tournament, Action.EDIT_TOURNAMENT_SETTINGS)


#: What makes a user staff of a tournament for the *Outside FIDE mode* mark (rule F2): any of
#: these actions on it.
_STAFF_ACTIONS = (
    Action.EDIT_TOURNAMENT_SETTINGS,
    Action.MANAGE_ENTRIES,
    Action.ENTER_RESULTS,
    Action.EDIT_PAIRINGS,
)


@register.simple_tag(takes_context=True)
def tournament_staff(context: dict[str, Any]) -> bool:
    """Whether the request's user works on the context's tournament (settings, entries,
    pairings or results): staff pages carry the *Outside FIDE mode* mark (F2)."""
    request = context.get("request")
    tournament = context.get("tournament")
    if request is None or tournament is None or tournament.club is None:
        return False
    return any(allowed_on(request.user, tournament, a) for a in _STAFF_ACTIONS)
