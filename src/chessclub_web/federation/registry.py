"""What each kind of federation list brings to the site's list pages: how its file is read,
how its records are stored under a version, how its problems are worded.

The federation app knows no list's format: the apps that own the records (``frbe``, ``fse``,
later the FIDE list) register a :class:`ListImporter` in their ``AppConfig.ready()``, so that
the dependency goes from those apps to this one, never back.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from chessclub.model.list_player import ListPlayer

if TYPE_CHECKING:
    import datetime

    from django.db import models

    from chessclub_web.federation.models import ListVersion


@dataclass(frozen=True)
class Counts:
    """What an import changed against the version current before it."""

    records: int
    created: int
    updated: int
    removed: int


@dataclass(frozen=True)
class ListImporter:
    """One kind of list.

    - ``read(data, filename)``: the file's bytes → the parsed list; raises one of ``errors``
      (the format's own error, with every problem located) and stores nothing.
    - ``store(version, parsed, previous)``: writes the records under ``version`` (a new,
      empty one) and returns the :class:`Counts` against ``previous`` (``None``: none).
    - ``list_date(parsed)``: the date the file says the list is valid from, or ``None``.
    - ``describe(error)``: the error's problems as lines in the reader's language (with the
      number of problems not listed, if any).
    - ``row_model``: the model of the records (a ``version`` foreign key), for pruning.
    - ``asks_list_date``: whether the import form asks for the list's date (a file that does
      not say it).
    - ``accept``: the file types the upload offers (HTML ``accept``).
    """

    kind: str
    read: Callable[[bytes, str], Any]
    store: Callable[[ListVersion, Any, ListVersion | None], Counts]
    list_date: Callable[[Any], datetime.date | None]
    describe: Callable[[Exception], list[str]]
    errors: tuple[type[Exception], ...]
    row_model: type[models.Model]
    asks_list_date: bool = False
    accept: str = ""
    max_size: int = 40 * 1024 * 1024


_IMPORTERS: dict[str, ListImporter] = {}


def register(importer: ListImporter) -> None:
    """Make ``importer`` the one of its kind (a second registration replaces the first)."""
    _IMPORTERS[importer.kind] = importer


def importer_for(kind: str) -> ListImporter | None:
    """The importer of ``kind``, or ``None`` when no app brings one (yet)."""
    return _IMPORTERS.get(kind)


def registered() -> list[str]:
    """The kinds that can be imported, in :class:`~chessclub_web.federation.models.ListKind`
    order."""
    from chessclub_web.federation.models import ListKind

    return [k for k in ListKind.values if k in _IMPORTERS]


@dataclass(frozen=True)
class ListSearch:
    """How one kind of list answers the registration search (``chessclub.model.list_player``).

    - ``search(query, limit)``: at most ``limit`` records of the **current** version whose
      identifier is ``query`` (digits) or whose name holds every word of ``query`` (accents and
      case ignored), best first (exact identifier, then name prefix, then the rest).
    - ``get(key)``: the record with identifier ``key`` in the current version, or ``None``.
    """

    kind: str
    search: Callable[[str, int], list[ListPlayer]]
    get: Callable[[str], ListPlayer | None]


_SEARCHES: dict[str, ListSearch] = {}


def register_search(search: ListSearch) -> None:
    """Make ``search`` the one of its kind (a second registration replaces the first)."""
    _SEARCHES[search.kind] = search


def searches() -> list[ListSearch]:
    """The searchable lists, in :class:`~chessclub_web.federation.models.ListKind` order."""
    from chessclub_web.federation.models import ListKind

    return [_SEARCHES[k] for k in ListKind.values if k in _SEARCHES]
