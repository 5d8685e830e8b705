"""The fide app's operations: FIDE's list imported (read as a stream by
:mod:`chessclub.formats.fide_list`, stored in place) through the federation app's versions
(spec L3: what an import changes; L2: a list refused half-way).

An import is one transaction (``federation.services.import_list`` opens it): the records are
written as they are read, in batches of :data:`BATCH`, with a few SQL statements per batch
(one ``SELECT`` of the batch's players, one ``executemany`` — on PostgreSQL a ``COPY`` — of the
new ones, one of the changed ones; the unchanged ones are not written again); a file refused
half-way (too many bad lines, too many players removed) raises and the transaction is undone,
changing nothing.

- The **combined** list writes every field of every player it lists and deletes the players it
  no longer lists (FIDE keeps inactive players, flagged ``i``: a player no longer listed is no
  longer FIDE-registered, spec ``rating-lists.md`` §1.2).
- A list of **one time control** writes only that time control's rating, games and K, and its
  inactivity (the standard list: the flag; rapid, blitz: ``rapid_inactive``,
  ``blitz_inactive``); a player it lists who is not on the site yet is added with the identity
  it gives; a player it no longer lists loses that time control's values (FIDE lists every
  player rated in it: such a player is no longer rated there) and is counted as removed.

The counts (``Counts``) are those of the players: ``created`` new ones, ``updated`` those whose
written fields changed, ``removed`` those deleted (combined) or cleared (one time control),
``records`` every player the file lists (a FIDE ID listed twice counts once: its second line is
left out, reported).
"""

from __future__ import annotations

import contextlib
import gc
import io
from collections.abc import Iterator, Mapping
from typing import IO, Any

from django.db import IntegrityError, connection, transaction
from django.utils.formats import number_format
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, gettext_noop, ngettext

from chessclub.formats.errors import Problem
from chessclub.formats.fide_list import (
    RECORD_FIELDS,
    FideList,
    FideListError,
    FideRecord,
    ListLayout,
    TimeControl,
    open_fide_list,
)
from chessclub_web.federation.models import ListKind, ListVersion
from chessclub_web.federation.registry import Counts, ImportChoice, ListImporter
from chessclub_web.federation.search import name_key
from chessclub_web.fide.models import FideImport, FidePlayer
from chessclub_web.tournaments.problems import location, problem_message

BATCH = 5000
"""Records written per batch (a ``SELECT … IN`` of 5,000 IDs stays under SQLite's 32,766
parameters)."""

IMPORT_CACHE_KIB = 64 * 1024
"""SQLite's page cache during an import (KiB; the default is 2 MiB): the FIDE ID index of 1.9
million players (about 40 MB) stays in memory while players are added in ID-random order."""

MAX_UPLOAD = 400 * 1024 * 1024
"""The largest upload of a FIDE list: the combined TXT unzipped (about 300 MB), with room. The
zip is about 42 MB; the XML must be sent zipped."""

_T_DUPLICATE = gettext_noop("FIDE ID %(id)s is listed twice: this line is left out")
_T_TOO_MANY_REMOVED = gettext_noop(
    "this list would remove %(removed)s of the %(players)s players the site holds: it is not "
    "FIDE's whole list (a file cut short?), nothing was changed"
)

MAX_REMOVED_SHARE = 0.1
"""The most players an import may remove (or clear the time control of), as a share of those
the site held; past :data:`REMOVED_FREE`, the list is refused."""
REMOVED_FREE = 1000

_TEXT = frozenset({"name", "federation", "sex", "title", "w_title", "o_title", "foa_title", "flag"})
_NONE = -1
"""A missing number as bound: ``NULLIF(%s, -1)`` stores NULL (binding ``None`` costs SQLite's
driver several times more than an integer, and a list has millions of them)."""

_ASCII_KEY = bytes(
    (c + 32 if 65 <= c <= 90 else c) if c < 128 and chr(c).isalnum() else 32 for c in range(256)
)
"""An ASCII name's bytes as :func:`~chessclub_web.federation.search.name_key` reads them:
letters in lower case, digits kept, anything else a space."""


def _name_key(name: str) -> str:
    """:func:`~chessclub_web.federation.search.name_key`, without its Unicode work for an
    ASCII name (FIDE transliterates names: nearly all are), several times faster."""
    if name.isascii():
        return b" ".join(name.encode("ascii").translate(_ASCII_KEY).split()).decode("ascii")
    return name_key(name)


# --------------------------------------------------------------------------------------------
# Reading
# --------------------------------------------------------------------------------------------


def read_stream(stream: IO[bytes], filename: str, options: Mapping[str, str]) -> FideList:
    """The upload (or the file named at the command line) opened as a FIDE list: its start
    read (``FideListError`` for a refused one), its records read by :func:`store_version`."""
    chosen = options.get("time_control") or None
    time_control: TimeControl | None = None
    if chosen in ("standard", "rapid", "blitz"):
        time_control = chosen  # type: ignore[assignment]
    return open_fide_list(stream, name=filename, time_control=time_control)


def read_bytes(data: bytes, filename: str) -> FideList:
    """:func:`read_stream` of a file's bytes (``ListImporter.read``)."""
    return read_stream(io.BytesIO(data), filename, {})


# --------------------------------------------------------------------------------------------
# Storing
# --------------------------------------------------------------------------------------------


_LISTED = "fide_import_listed"
"""The temporary table of the FIDE IDs an import has read (a re-import only): the players it no
longer lists are those not in it, and an ID found in it again is listed twice."""


class _Columns:
    """The SQL of one layout's import: the columns it writes and compares."""

    def __init__(self, version: ListVersion, time_control: TimeControl | None) -> None:
        table = connection.ops.quote_name(FidePlayer._meta.db_table)
        number = int(version.pk)  # an integer of ours, written into the statements
        self.version = number
        self.time_control = time_control
        inserted = [*RECORD_FIELDS, "name_key"]
        values = [_placeholder(f) for f in inserted]
        if time_control in (None, "standard"):
            inactive = ["FALSE", "FALSE"]
        else:
            # the rapid or blitz list's flag is that time control's: its inactivity
            inactive = ["%s" if tc == time_control else "FALSE" for tc in ("rapid", "blitz")]
        self.insert = (
            f"INSERT INTO {table} ({', '.join(inserted)}, rapid_inactive, blitz_inactive, "
            f"changed_in_id) VALUES ({', '.join(values)}, {', '.join(inactive)}, {number})"
        )
        # PostgreSQL: the same rows through COPY (executemany costs it 5 times more per row)
        self.copy = (
            f"COPY {table} ({', '.join(inserted)}, rapid_inactive, blitz_inactive, "
            "changed_in_id) FROM STDIN"
        )
        if time_control is None:
            self.written = [*RECORD_FIELDS[1:], "name_key"]
        else:
            own = [f"{time_control}_rating", f"{time_control}_games", f"{time_control}_k"]
            last = "flag" if time_control == "standard" else f"{time_control}_inactive"
            self.written = [*own, last]
        self.compared = [c for c in self.written if c != "name_key"]
        selected = [f"COALESCE({c}, {_NONE})" if _numeric(c) else c for c in self.compared]
        self.select = f"SELECT fide_id, {', '.join(selected)} FROM {table} WHERE fide_id IN "
        assignments = ", ".join(f"{c} = {_placeholder(c)}" for c in self.written)
        self.update = (
            f"UPDATE {table} SET {assignments}, changed_in_id = {number} WHERE fide_id = %s"
        )
        self.listed = f"SELECT fide_id FROM {_LISTED} WHERE fide_id IN "
        self.list = f"INSERT INTO {_LISTED} (fide_id) VALUES (%s)"
        self.copy_list = f"COPY {_LISTED} (fide_id) FROM STDIN"
        unlisted = f"NOT EXISTS (SELECT 1 FROM {_LISTED} l WHERE l.fide_id = {table}.fide_id)"
        if time_control is None:
            self.finish = f"DELETE FROM {table} WHERE {unlisted}"
            self.count_removed = f"SELECT COUNT(*) FROM {table} WHERE {unlisted}"
        else:
            own = [f"{time_control}_rating", f"{time_control}_games", f"{time_control}_k"]
            cleared = ", ".join(f"{c} = NULL" for c in own)
            held = " OR ".join(f"{c} IS NOT NULL" for c in own)
            if time_control == "standard":
                extra, flagged = "", ""
            else:
                extra = f", {time_control}_inactive = FALSE"
                flagged = f" OR {time_control}_inactive"
            where = f"WHERE ({held}{flagged}) AND {unlisted}"
            self.finish = f"UPDATE {table} SET {cleared}{extra}, changed_in_id = {number} {where}"
            self.count_removed = f"SELECT COUNT(*) FROM {table} {where}"


def _numeric(column: str) -> bool:
    return column.endswith(("_rating", "_games", "_k")) or column == "birth_year"


def _placeholder(column: str) -> str:
    return f"NULLIF(%s, {_NONE})" if _numeric(column) else "%s"


_BOUND: tuple[dict[Any, Any], ...] = tuple(
    {None: _NONE} if _numeric(field) else {None: ""} if field in _TEXT else {}
    for field in RECORD_FIELDS
)
_get: Any = dict.get


def _row(record: FideRecord) -> tuple[Any, ...]:
    """The record as bound: its fields (text ``""`` for none, numbers :data:`_NONE` for none),
    then its name's key."""
    return (*map(_get, _BOUND, record, record), _name_key(record.name))


_FLAG = len(RECORD_FIELDS) - 1
_IS_NUMBER = (*(_numeric(f) for f in RECORD_FIELDS), False)  # a bound row's numbers (and key)


class _Writer:
    """The records of one import written batch by batch, and counted.

    The first import finds the table empty: each batch is new players, inserted at once (a
    FIDE ID listed twice makes the batch fail: it is then read again as below, a player found
    being one this import wrote). Otherwise each batch's players are looked up: new ones
    inserted, changed ones updated, unchanged ones left alone (a monthly list changes a few of
    its 1.9 million players: the others are not written again); their IDs go to the temporary
    table :data:`_LISTED`, which tells the players no longer listed at the end."""

    def __init__(self, version: ListVersion, listing: FideList) -> None:
        self.listing = listing
        self.sql = _Columns(version, listing.time_control)
        self.created = self.updated = self.unchanged = 0
        tc = listing.time_control
        # a rapid or blitz list's flag is that time control's: its inactivity, appended to
        # the row (and the flag, the standard rating's, left empty for a new player)
        self.inactive = tc in ("rapid", "blitz")
        positions = {name: i for i, name in enumerate((*RECORD_FIELDS, "name_key"))}
        if self.inactive:
            positions[f"{tc}_inactive"] = len(positions)
        self.written = [positions[c] for c in self.sql.written]
        self.compared = [positions[c] for c in self.sql.compared]
        first, last = self.compared[0], self.compared[-1]
        # the combined list's compared fields follow each other: one slice
        self.span = (
            slice(first, last + 1) if self.compared == list(range(first, last + 1)) else None
        )
        self.before = FidePlayer.objects.count()
        self.empty = self.before == 0
        if not self.empty:
            with connection.cursor() as cursor:
                cursor.execute(f"DROP TABLE IF EXISTS {_LISTED}")
                cursor.execute(f"CREATE TEMPORARY TABLE {_LISTED} (fide_id bigint PRIMARY KEY)")

    def write(self, records: list[FideRecord]) -> None:
        if self.empty and self._insert([_row(r) for r in records]):
            return
        self._write(records)

    def _insert(self, rows: list[tuple[Any, ...]]) -> bool:
        """Insert ``rows`` as new players, at once; ``False`` (nothing written) when one is
        already there."""
        if self.inactive:
            return False
        try:
            with transaction.atomic(), connection.cursor() as cursor:
                self._insert_new(cursor, rows)
        except IntegrityError:
            return False
        self.created += len(rows)
        return True

    def _write(self, records: list[FideRecord]) -> None:
        listing = self.listing
        inactive = self.inactive
        rows: dict[int, tuple[tuple[Any, ...], FideRecord]] = {}
        for record in records:
            if record.fide_id in rows:
                listing.skip(record, _T_DUPLICATE, {"id": str(record.fide_id)})
                continue
            row = _row(record)
            if inactive:
                row = (*row[:_FLAG], "", row[_FLAG + 1], record.inactive)
            rows[record.fide_id] = (row, record)
        new: list[tuple[Any, ...]] = []
        changed: list[tuple[Any, ...]] = []
        same = 0
        with connection.cursor() as cursor:
            marks = _marks(len(rows))
            cursor.execute(f"{self.sql.select}({marks})", list(rows))
            found = {r[0]: tuple(r[1:]) for r in cursor.fetchall()}
            if self.empty:  # every player found was written by this import
                again = set(found)
            else:
                cursor.execute(f"{self.sql.listed}({marks})", list(rows))
                again = {r[0] for r in cursor.fetchall()}
            for fide_id, (row, record) in rows.items():
                before = found.get(fide_id)
                if fide_id in again:  # listed earlier in this very file
                    listing.skip(record, _T_DUPLICATE, {"id": str(fide_id)})
                elif before is None:
                    new.append(row)
                elif before == (
                    row[self.span] if self.span else tuple(row[i] for i in self.compared)
                ):
                    same += 1
                else:
                    changed.append((*(row[i] for i in self.written), fide_id))
            if new:
                self._insert_new(cursor, new)
            if changed:
                cursor.executemany(self.sql.update, changed)
            if not self.empty:
                self._list(cursor, [fide_id for fide_id in rows if fide_id not in again])
        self.created += len(new)
        self.updated += len(changed)
        self.unchanged += same

    def _list(self, cursor: Any, ids: list[int]) -> None:
        """Note ``ids`` as read (:data:`_LISTED`)."""
        if connection.vendor != "postgresql":
            cursor.executemany(self.sql.list, [(fide_id,) for fide_id in ids])
            return
        with connection.wrap_database_errors, cursor.cursor.copy(self.sql.copy_list) as copy:
            for fide_id in ids:
                copy.write_row((fide_id,))

    def _insert_new(self, cursor: Any, rows: list[tuple[Any, ...]]) -> None:
        """Insert ``rows`` (bound rows, :func:`_row`): ``executemany`` on SQLite, ``COPY`` on
        PostgreSQL (where a missing number is written ``None``, not :data:`_NONE`)."""
        if connection.vendor != "postgresql":
            cursor.executemany(self.sql.insert, rows)
            return
        tc, v = self.listing.time_control, self.sql.version
        with connection.wrap_database_errors, cursor.cursor.copy(self.sql.copy) as copy:
            for row in rows:
                # the bound row's fields and key (a rapid or blitz list's inactivity follows)
                fields = zip(_IS_NUMBER, row, strict=False)
                values = [None if numeric and x == _NONE else x for numeric, x in fields]
                rapid, blitz = (row[-1] if tc == "rapid" else False), tc == "blitz" and row[-1]
                copy.write_row((*values, rapid, blitz, v))

    def finish(self) -> Counts:
        """The players no longer listed deleted (or their time control cleared), and the
        counts. A list that would remove more than :data:`MAX_REMOVED_SHARE` of the players
        (past :data:`REMOVED_FREE`) is refused: FIDE's lists only grow, a few hundred players
        leaving a month; such a file is cut short, or not the list it seems."""
        removed = 0
        if not self.empty:
            with connection.cursor() as cursor:
                cursor.execute(self.sql.count_removed)
                removed = int(cursor.fetchone()[0])
                if removed > max(REMOVED_FREE, int(self.before * MAX_REMOVED_SHARE)):
                    params = {"removed": removed, "players": self.before}
                    problem = Problem(0, 0, _T_TOO_MANY_REMOVED, params)
                    raise FideListError([problem], source=self.listing.source)
                cursor.execute(self.sql.finish)
                cursor.execute(f"DROP TABLE {_LISTED}")
        return Counts(
            records=self.created + self.updated + self.unchanged,
            created=self.created,
            updated=self.updated,
            removed=removed,
        )


def _marks(count: int) -> str:
    return ", ".join(["%s"] * count)


def store_version(version: ListVersion, listing: FideList, previous: ListVersion | None) -> Counts:
    """Write ``listing``'s records in place as ``version`` (see the module's docstring) and
    keep what its reader reported (:class:`~chessclub_web.fide.models.FideImport`). Raises
    :class:`~chessclub.formats.fide_list.FideListError` when the list is refused half-way
    (the caller's transaction then undoes everything)."""
    writer = _Writer(version, listing)
    with _sqlite_cache(), _no_cyclic_gc():
        for batch in listing.batches(BATCH):
            writer.write(batch)
        counts = writer.finish()
    FideImport.objects.create(
        version=version,
        layout=listing.layout.value,
        time_control=listing.time_control or "",
        skipped=listing.skipped,
        problems=[
            {"line": p.line, "column": p.column, "template": p.template, "params": dict(p.params)}
            for p in listing.problems.problems()
        ],
        omitted=listing.omitted,
    )
    return counts


@contextlib.contextmanager
def _no_cyclic_gc() -> Iterator[None]:
    """Python's cycle collector off while the import runs: it makes millions of short-lived
    tuples, none in a cycle (reference counting frees them), and each collection would scan
    the whole heap again (some 10 % of the import's time)."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


@contextlib.contextmanager
def _sqlite_cache() -> Iterator[None]:
    """SQLite's page cache raised to :data:`IMPORT_CACHE_KIB` for the import, then put back
    (another database keeps its own settings)."""
    if connection.vendor != "sqlite":
        yield
        return
    with connection.cursor() as cursor:
        cursor.execute("PRAGMA cache_size")
        before = int(cursor.fetchone()[0])
        cursor.execute(f"PRAGMA cache_size = -{int(IMPORT_CACHE_KIB)}")
    try:
        yield
    finally:
        with connection.cursor() as cursor:
            cursor.execute(f"PRAGMA cache_size = {before}")


# --------------------------------------------------------------------------------------------
# What the pages say
# --------------------------------------------------------------------------------------------


def _lines(problems: list[Problem], omitted: int) -> list[str]:
    lines = [
        " ".join(filter(None, (location(p.line, p.column), problem_message(p)))) for p in problems
    ]
    if omitted:
        count = number_format(omitted, force_grouping=True)
        lines.append(_("… and %(count)s more problems.") % {"count": count})
    return lines


def describe(error: Exception) -> list[str]:
    """A refused list's problems as the page lists them (line, column, why)."""
    if isinstance(error, FideListError):
        return _lines(error.problems, error.omitted)
    return [str(error)]


LAYOUTS = {
    ListLayout.COMBINED_TXT.value: gettext_lazy("combined list (standard, rapid, blitz), TXT"),
    ListLayout.COMBINED_XML.value: gettext_lazy("combined list (standard, rapid, blitz), XML"),
    ListLayout.RATING_TXT.value: gettext_lazy("list of one time control, TXT"),
    ListLayout.RATING_XML.value: gettext_lazy("list of one time control, XML"),
}
TIME_CONTROLS = {
    "standard": gettext_lazy("standard"),
    "rapid": gettext_lazy("rapid"),
    "blitz": gettext_lazy("blitz"),
}


def summary(version: ListVersion) -> str:
    """What ``version`` imported (the layout, the time control), and how many lines it left
    out; ``""`` for a version of no FIDE import."""
    found = FideImport.objects.filter(version=version).first()
    if found is None:
        return ""
    layout = LAYOUTS.get(found.layout, found.layout)
    if found.time_control:
        head = _("%(layout)s: the %(time_control)s ratings only.") % {
            "layout": layout,
            "time_control": TIME_CONTROLS.get(found.time_control, found.time_control),
        }
    else:
        head = _("%(layout)s.") % {"layout": layout}
    if found.skipped:
        left_out = ngettext(
            "%(count)s line was left out.", "%(count)s lines were left out.", found.skipped
        )
        head += " " + left_out % {"count": number_format(found.skipped, force_grouping=True)}
    return str(head)


def warnings(version: ListVersion) -> list[str]:
    """The problems ``version``'s reader reported: each line left out, each note (line,
    column, why), in the reader's language."""
    found = FideImport.objects.filter(version=version).first()
    if found is None:
        return []
    problems = [
        Problem(int(p["line"]), int(p["column"]), str(p["template"]), dict(p.get("params") or {}))
        for p in found.problems
    ]
    return _lines(problems, found.omitted)


def notes(version: ListVersion) -> list[str]:
    """What the list's page says of ``version``: :func:`summary`, then :func:`warnings`."""
    head = summary(version)
    return [head, *warnings(version)] if head else []


IMPORTER = ListImporter(
    kind=ListKind.FIDE,
    read=read_bytes,
    store=store_version,
    list_date=lambda listing: listing.list_date,
    describe=describe,
    errors=(FideListError,),
    row_model=FidePlayer,
    asks_list_date=True,
    accept=".zip,.ZIP,.txt,.TXT,.xml,.XML",
    max_size=MAX_UPLOAD,
    read_stream=read_stream,
    choices=(
        ImportChoice(
            name="time_control",
            label=gettext_lazy("Time control"),
            choices=(
                ("", gettext_lazy("from the file (the combined list: all three)")),
                ("standard", gettext_lazy("standard")),
                ("rapid", gettext_lazy("rapid")),
                ("blitz", gettext_lazy("blitz")),
            ),
            help=gettext_lazy(
                "For a list of one time control whose name does not say it (FIDE's start with "
                "standard_, rapid_ or blitz_)."
            ),
        ),
    ),
    in_place=True,
    notes=notes,
    list_date_help=gettext_lazy(
        "Optional: the combined list does not give its month (a list of one time control "
        "does, in its header)."
    ),
    file_help=gettext_lazy(
        "FIDE's zip as downloaded (players_list.zip, standard_rating_list.zip…) or the TXT or "
        "XML inside it. A file whose header is not FIDE's, or with too many unreadable lines, "
        "changes nothing; a few unreadable lines are left out and listed in the notes."
    ),
)
