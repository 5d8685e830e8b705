"""``{% club_links as links %}``: the links of a club's page (see ``clubs/links.py``)."""

from __future__ import annotations

from typing import Any

from django import template

from chessclub_web.clubs.links import ShownLink, visible_links

register = template.Library()


@register.simple_tag(takes_context=True)
def club_links(context: dict[str, Any]) -> list[ShownLink]:
    """The links the request's user may follow on the context's ``club`` page."""
    return visible_links(context["request"].user, context["club"])
