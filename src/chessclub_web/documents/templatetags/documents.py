"""``{{ value|css_string }}``: a value as a quoted CSS string, for the running headers of
``@page`` (a ``<style>`` element's text is not HTML: entities are not decoded there)."""

from __future__ import annotations

from django import template
from django.utils.safestring import SafeString, mark_safe

register = template.Library()


@register.filter
def css_string(value: object) -> SafeString:
    """``"Open d'hiver — Round 3"`` as a double-quoted CSS string: backslashes, quotes, angle
    brackets (no ``</style>`` can end the element), ampersands and control characters written
    as CSS escapes (``\\22 ``)."""
    out = []
    for char in str(value):
        if char in '\\"<>&' or ord(char) < 0x20 or ord(char) == 0x7F:
            out.append(f"\\{ord(char):x} ")
        else:
            out.append(char)
    return mark_safe('"' + "".join(out) + '"')
