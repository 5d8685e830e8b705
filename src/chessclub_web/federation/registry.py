"""What each kind of federation list brings to the site's list pages: how its file is read,
how its records are stored under a version, how its problems are worded.

The federation app knows no list's format: the apps that own the records (``frbe``, ``fse``,
``fide``) register a :class:`ListImporter` in their ``AppConfig.ready()``, so that the
dependency goes from those apps to this one, never back.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import IO, TYPE_CHECKING, Any

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
class ImportChoice:
    """A choice the import form (a select) and the command line offer for one kind of list:
    ``name`` is the form field and the key of the import's ``options``; ``choices`` the values
    and their labels (the first one the default; ``""``: none chosen)."""

    name: str
    label: Any
    choices: tuple[tuple[str, Any], ...]
    help: Any = ""


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
    - ``max_size``: the largest upload taken, in bytes.

    A list too big to be read whole (FIDE's: 300 MB of text) gives ``read_stream``:
    ``read_stream(stream, filename, options)`` takes a binary, seekable stream (an upload's
    temporary file, a file opened at the command line) and may read it lazily, while
    ``store`` runs: the stream stays open until then, and ``parsed.close()`` (if it has one)
    is called after. ``store`` may then raise one of ``errors`` too (a file refused half-way:
    the transaction is undone). ``options``: the values of ``choices`` (:class:`ImportChoice`).

    ``in_place``: the records are not kept per version but updated in place (``row_model``
    has no ``version``): a version is a line of the history, no earlier one can be made
    current again, nothing is pruned. ``notes(version)``: what the list's page says of a
    version (the warnings of its import), in the reader's language. ``list_date_help`` and
    ``file_help``: the form's notes under the list's date and under the file (by default, the
    FRBE and FSE lists' ones).
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
    read_stream: Callable[[IO[bytes], str, Mapping[str, str]], Any] | None = None
    choices: tuple[ImportChoice, ...] = ()
    in_place: bool = False
    notes: Callable[[ListVersion], list[str]] | None = None
    list_date_help: Any = ""
    file_help: Any = ""


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
