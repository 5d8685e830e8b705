"""``{% tournament_tabs %}``: the tab bar of a tournament's pages (see ``tournaments/tabs.py``)."""

from __future__ import annotations

from typing import Any

from django import template

from chessclub_web.tournaments.tabs import ShownTab, visible_tabs

register = template.Library()


@register.simple_tag(takes_context=True)
def tournament_tabs(context: dict[str, Any]) -> list[ShownTab]:
    """The tabs the request's user may see, the context's ``tab`` marked active."""
    request = context["request"]
    return visible_tabs(request.user, context["tournament"], context.get("tab", ""))
