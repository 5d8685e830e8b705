"""``points``: a score as players write it (``9½``, ``½``, ``3``)."""

from __future__ import annotations

from fractions import Fraction

from django import template

register = template.Library()


@register.filter
def points(value: object) -> str:
    try:
        number = Fraction(str(value))
    except (TypeError, ValueError, ZeroDivisionError):
        return ""
    whole, rest = divmod(number, 1)
    if rest == 0:
        return str(whole)
    if rest == Fraction(1, 2):
        return "½" if whole == 0 else f"{whole}½"
    return f"{float(number):.2f}"


@register.filter
def team_name(match: object, team: str) -> str:
    """The name of team ``"A"`` or ``"B"`` of the match."""
    return str(getattr(match, "team_a" if team == "A" else "team_b", team))


@register.filter
def side(mapping: object, team: str) -> object:
    """``mapping["A"]``: a team's value in the core's mappings."""
    try:
        return mapping[team]  # type: ignore[index]
    except (KeyError, TypeError):
        return ""
