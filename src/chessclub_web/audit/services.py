"""Writing and reading the audit log (:class:`~chessclub_web.audit.models.Entry`).

Services call :func:`record` (or :func:`line` + :func:`record_all` for many lines at once)
inside their own transaction, after the change is written: the line and the change commit or
roll back together. Pages read with :func:`journal` and :func:`result_changes`.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any

from django.db.models import QuerySet

from chessclub_web.audit.models import RESULT_ACTIONS, AuditAction, Entry
from chessclub_web.audit.text import render_change


def _user_fields(user: object) -> dict[str, Any]:
    """The user (when logged in) and their name as text."""
    if getattr(user, "is_authenticated", False):
        get_username = getattr(user, "get_username", None)
        return {"user": user, "username": get_username() if get_username else ""}
    return {"user": None, "username": ""}


#: How the current request reached the server when not through the pages (``"api"``), set by
#: :func:`channel` around the request; ``""`` for the pages, the CLI and the workers.
_CHANNEL: ContextVar[str] = ContextVar("audit_channel", default="")


@contextmanager
def channel(name: str) -> Iterator[None]:
    """Mark every line written inside as reaching the server through ``name`` (``"api"``: the
    JSON API's requests, :class:`chessclub_web.api.middleware.JsonApiErrorsMiddleware`): the
    line's parameters get ``channel=name`` and the history pages show it after the user's
    name. A result line keeps its own ``via`` instead."""
    token = _CHANNEL.set(name)
    try:
        yield
    finally:
        _CHANNEL.reset(token)


def current_channel() -> str:
    """The :func:`channel` of the current request (``""`` for the pages): a background job
    started by it keeps it for its own lines."""
    return _CHANNEL.get()


def line(
    action: AuditAction,
    tournament: Any,
    user: object,
    message: str = "",
    params: Mapping[str, object] | None = None,
    *,
    round_number: int | None = None,
    board: int | None = None,
    game_id: int | None = None,
    version: int | None = None,
    old: object = None,
    new: object = None,
) -> Entry:
    """One unsaved line (see :func:`record`)."""
    values = dict(params or {})
    through = _CHANNEL.get()
    if through and "via" not in values:
        values["channel"] = through
    return Entry(
        action=action,
        tournament_id=getattr(tournament, "pk", tournament),
        round_number=round_number,
        board=board,
        game_id=game_id,
        version=version,
        message=message,
        params=values or None,
        description=render_change(message, values, translate=False) if message else "",
        old=old,
        new=new,
        **_user_fields(user),
    )


def record(
    action: AuditAction,
    tournament: Any,
    user: object,
    message: str = "",
    params: Mapping[str, object] | None = None,
    **fields: Any,
) -> Entry:
    """Append one line to the log, in the caller's transaction.

    ``action``: what happened (:class:`~chessclub_web.audit.models.AuditAction`);
    ``tournament``: the row or its id; ``user``: who (stored when logged in, with their name
    as text). ``message``: an English msgid marked with ``gettext_noop`` at the call (never a
    text already translated), with its ``%(name)s`` ``params`` as JSON values — names and
    numbers as they are, codes of :data:`~chessclub_web.audit.text.CODED_PARAMS` (a bye kind
    ``bye="H"``, a colour ``colour="W"``, a result ``from="1-0"``), dates as ``"YYYY-MM-DD"``.
    ``fields``: ``round_number``, ``board``, ``game_id``, ``version`` (a result's version
    before the change), ``old`` and ``new`` (JSON values: what changed). Raises
    ``KeyError``/``ValueError`` when the parameters do not fit the message (nothing is
    stored)."""
    entry = line(action, tournament, user, message, params, **fields)
    entry.save()
    return entry


def record_all(entries: Iterable[Entry]) -> list[Entry]:
    """Append lines made by :func:`line` in one query."""
    return Entry.objects.bulk_create(list(entries))


def journal(tournament: Any, *, results: bool | None = None) -> QuerySet[Entry]:
    """A tournament's lines, most recent first. ``results``: ``True`` only board results
    (spec R5), ``False`` everything but them, ``None`` all."""
    lines = Entry.objects.filter(tournament_id=getattr(tournament, "pk", tournament))
    if results is True:
        lines = lines.filter(action__in=RESULT_ACTIONS)
    elif results is False:
        lines = lines.exclude(action__in=RESULT_ACTIONS)
    return lines


def result_changes(tournament: Any, *, round_number: int | None = None) -> QuerySet[Entry]:
    """The board results' lines of a tournament (of one round), most recent first."""
    lines = journal(tournament, results=True)
    if round_number is not None:
        lines = lines.filter(round_number=round_number)
    return lines


def result_authors(game_id: int, since_version: int, count: int) -> list[int | None]:
    """Who made the changes of a board from version ``since_version`` on (at most ``count``
    lines, by version): user ids, ``None`` for an anonymous or deleted user (spec R3)."""
    return list(
        Entry.objects.filter(game_id=game_id, version__gte=since_version, action__in=RESULT_ACTIONS)
        .order_by("version")
        .values_list("user_id", flat=True)[:count]
    )
