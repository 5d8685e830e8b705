"""Translatable messages of the core, without Django.

The core speaks English. A message that a user may read in the web interface is built from a
*template* — an English literal marked with :func:`gettext_noop`, holding ``%(name)s``
placeholders (gettext's ``python-format``, as Django's own messages: a literal ``%`` is written
``%%`` in a template that has placeholders) — and *params*, the values that vary (numbers,
codes, the text quoted from a file). The core renders it in English (:meth:`Message.render`);
the web layer looks the template up in its catalogues and fills in the same params, both with
:func:`render`.

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
"""The values of a template's ``%(name)s`` placeholders."""


def gettext_noop(message: str) -> str:
    """Mark ``message`` (a literal) for translation; return it unchanged."""
    return message


def render(template: str, params: Mapping[str, object]) -> str:
    """``template`` with its ``%(name)s`` placeholders filled from ``params``
    (``template % params``); a template without params is its text as written, a ``%`` in it
    included."""
    return template % params if params else template


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
