"""Translatable messages of the core, without Django.

The core speaks English. A message that a user may read in the web interface is built from a
*template* — an English literal marked with :func:`gettext_noop`, holding ``{name}``
placeholders — and *params*, the values that vary (numbers, codes, the text quoted from a
file). The core renders it in English (:meth:`Message.render`); the web layer looks the
template up in its catalogues and fills in the same params.

``make messages`` runs Django's ``makemessages`` (GNU xgettext) over the core too: it finds
the templates by the marker's name, ``gettext_noop``, which is one of the keywords it extracts.
The marker must therefore be called with a literal string, never with a variable or an
f-string.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TypeAlias

Params: TypeAlias = Mapping[str, str | int]
"""The values of a template's ``{name}`` placeholders."""


def gettext_noop(message: str) -> str:
    """Mark ``message`` (a literal) for translation; return it unchanged."""
    return message


def render(template: str, params: Params) -> str:
    """``template`` with its placeholders filled from ``params``."""
    return template.format_map(params)


@dataclass(frozen=True, slots=True, eq=False)
class Message:
    """A translatable message: an English template (marked with :func:`gettext_noop`) and
    the values of its placeholders. Two messages are equal when they read the same."""

    template: str
    params: Params = field(default_factory=dict)

    def render(self) -> str:
        """The message in English."""
        return render(self.template, self.params)

    def __str__(self) -> str:
        return self.render()

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Message):
            return self.render() == other.render()
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self.render())


__all__ = ["Message", "Params", "gettext_noop", "render"]
