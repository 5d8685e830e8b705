"""The handlers of the background jobs, by kind, registered by the apps that own the rules.

A handler is ``handler(job, progress) -> Outcome``: it reads ``job.params``, does the work
through its app's services (raising :class:`chessclub_web.refusals.Refused` for what the rules
refuse: the job is then *refused* with that message and status) and returns the
:class:`Outcome`. ``progress(text)`` says where it is (shown on the job's page). A handler
that stores its result in a transaction of its own calls ``services.complete(job, outcome)``
inside it, so that the job is done exactly when its result is stored (a job run again after a
worker died between the two would otherwise store it twice); the others are registered with
``atomic=True`` and run, with their completion, in one transaction.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from chessclub_web.background.models import Job


@dataclass(frozen=True)
class Outcome:
    """What a finished job gives: ``message`` (translated, for the user), ``url`` (the page of
    the result; ``""``: the page that asked) and ``result`` (JSON values, e.g. a round's
    number)."""

    message: str = ""
    url: str = ""
    result: Mapping[str, Any] = field(default_factory=dict)


Progress = Callable[[str], None]
Handler = Callable[["Job", Progress], Outcome]


@dataclass(frozen=True)
class Registration:
    handler: Handler
    atomic: bool


_HANDLERS: dict[str, Registration] = {}


def register(kind: str, handler: Handler, *, atomic: bool = False) -> None:
    """Make ``handler`` run the jobs of ``kind`` (an app's ``ready()`` calls this once)."""
    _HANDLERS[kind] = Registration(handler, atomic)


def registration(kind: str) -> Registration | None:
    """The handler of ``kind`` (``None``: no app registered one)."""
    return _HANDLERS.get(kind)


def kinds() -> list[str]:
    """Every registered kind, sorted."""
    return sorted(_HANDLERS)
