"""FIDE's downloadable rating lists (ratings.fide.com/download_lists.phtml), read as a stream.

FIDE publishes the **combined** list (``players_list.zip`` → ``players_list_foa.txt``: the
standard, rapid and blitz ratings of some 1.9 million players in one fixed-width line each;
``players_list_xml.zip``: the same as XML) and one list per **time control**
(``standard_rating_list.zip``, ``rapid_…``, ``blitz_…``: one rating, its games and K, the flag
of that time control; TXT or XML). Spec ``rating-lists.md`` §1.2 (fields), §1.3 (combined TXT),
§1.4 (per time control), §1.6 (XML), §1.7 (size, encoding); the rules as the site applies
them: ``docs/rules/fide-list.md`` (L1 what is read, L2 lines left out and lists refused).

:func:`open_fide_list` takes a path or a binary stream, zipped or not, reads only the file's
start (the layout, the time control, the list's month) and returns a :class:`FideList`: iterate
it once for its :class:`FideRecord` records, in file order. Nothing is ever read whole: a line
(or an XML ``<player>``) at a time, through a zip member when zipped.

Reading rules (§1.3, "robustness rules"):

- TXT: the first line is the header. Each column starts where its header token does (``ID
  Number``, ``Name``, ``Fed`` … ``Flag``) and ends where the next token starts, so a layout
  FIDE shifts is still read; :data:`COMBINED_COLUMNS` and :data:`RATING_COLUMNS` are the
  layouts of §1.3/§1.4 that the tokens are checked against. A header missing a mandatory token
  is refused on line 1. A per-time-control list is told by its rating column, headed by the
  list's month (``SEP26``: the list of 1 September 2026).
- Each value is stripped; empty reads as ``None``. The numeric columns must hold ASCII digits
  only (no sign, no inner space), at most as many as FIDE uses (:data:`DIGITS`); the birth year
  ``0000`` reads as ``None``.
- ``OTit`` may run over its 15 columns (``LSI,FI,SI,SLI,NA``, Sharly Chess PR #76) and push the
  rest of the line to the right: when a numeric column is not digits and the line is longer
  than the header, the columns after ``OTit`` are read again from the line's right-hand end;
  the line is kept with a note naming it.
- A line that still cannot be read is **left out** and reported (line, column, why); so is a
  line with a control character. The list is refused only when its header is wrong, when it
  holds no player, or when too many lines are left out (more than :data:`MAX_SKIPPED`, or more
  than 1 % of the lines once past :data:`SKIPPED_FREE`): a file with a few bad lines imports
  the rest, with the warnings.
- UTF-8; a line that is not UTF-8 is read as Latin-1 (Windows-1252 when it holds bytes
  0x80–0x9F), with one note at the first such line. CR LF or LF line ends; a UTF-8 BOM is
  skipped; UTF-16 is refused.
- XML (§1.6): ``<player>`` children of one root element, read with expat as a stream (not
  ``ElementTree.iterparse``: its C parser gives no line numbers, and every problem names its
  line); a non-digit numeric value reads as ``None`` with a note; a document type declaration
  is refused (no entity can expand). A ``<player>`` without ``rapid_*``/``blitz_*`` elements
  is a per-time-control list's.
- Zip: the archive's single ``.txt`` or ``.xml`` member is read (none, or several, is refused),
  unpacked as it is read; a member announcing more than :data:`MAX_UNPACKED` bytes or packed
  more than :data:`MAX_RATIO` times is refused (a real list packs about 7 times).

The time control of a per-time-control list is the caller's, else the file name's
(``standard_…``, ``rapid_…``, ``blitz_…``, of the zip or its member); a caller's choice that the
name contradicts, or a time control given for the combined list, is refused. The list's month
is the header's (per time control), else a FIDE file name's (``standard_sep26frl.txt``), else
unknown (the combined list does not say it).

In the combined list the flag (``i`` inactive, ``w`` woman, ``wi``) describes the standard
rating only; in a per-time-control list it describes that time control (§1.2).
"""

from __future__ import annotations

import datetime
import enum
import io
import os
import re
import shutil
import struct
import tempfile
import zipfile
import zlib
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import IO, Final, Literal, NamedTuple, TypeAlias
from xml.parsers import expat

from chessclub.formats import UTF16_MESSAGE, is_utf16
from chessclub.formats.errors import FormatError, Problem, ProblemLog
from chessclub.formats.limits import control_message, decode_single_byte, show
from chessclub.i18n import Params, gettext_noop

__all__ = [
    "COMBINED_COLUMNS",
    "DIGITS",
    "MAX_RATIO",
    "MAX_SKIPPED",
    "MAX_UNPACKED",
    "RATING_COLUMNS",
    "RECORD_FIELDS",
    "SKIPPED_FREE",
    "TEXT_LIMITS",
    "TIME_CONTROLS",
    "FideList",
    "FideListError",
    "FideRecord",
    "ListLayout",
    "TimeControl",
    "open_fide_list",
    "time_control_of_name",
]

TimeControl = Literal["standard", "rapid", "blitz"]
TIME_CONTROLS: Final[tuple[TimeControl, ...]] = ("standard", "rapid", "blitz")


class FideListError(FormatError):
    """A FIDE list that is refused: its header (line 1), its archive, its XML, no player, or too
    many lines left out. ``problems`` name their line and column (the kept ones: at most
    :data:`~chessclub.formats.errors.MAX_PROBLEMS`; ``omitted`` counts the others)."""


class ListLayout(enum.Enum):
    """Which of FIDE's downloads a file is."""

    COMBINED_TXT = "combined-txt"
    RATING_TXT = "rating-txt"
    COMBINED_XML = "combined-xml"
    RATING_XML = "rating-xml"

    @property
    def combined(self) -> bool:
        """The three time controls in one record (else one time control's list)."""
        return self in (ListLayout.COMBINED_TXT, ListLayout.COMBINED_XML)

    @property
    def xml(self) -> bool:
        return self in (ListLayout.COMBINED_XML, ListLayout.RATING_XML)


class FideRecord(NamedTuple):
    """One player of a FIDE list (§1.2), every field as the file gives it (``None``: empty).

    A per-time-control list fills only its time control's rating, games and K. ``flag`` is
    FIDE's (``i``, ``w``, ``wi``): in the combined list it describes the standard rating only.
    ``line`` is the file line the record starts on (its ``<player>`` line in XML).

    A named tuple rather than a dataclass: a 1.9-million-line list makes as many records, and
    a tuple is built several times faster than a frozen dataclass."""

    fide_id: int
    name: str
    federation: str | None = None
    sex: str | None = None
    title: str | None = None
    w_title: str | None = None
    o_title: str | None = None
    foa_title: str | None = None
    standard_rating: int | None = None
    standard_games: int | None = None
    standard_k: int | None = None
    rapid_rating: int | None = None
    rapid_games: int | None = None
    rapid_k: int | None = None
    blitz_rating: int | None = None
    blitz_games: int | None = None
    blitz_k: int | None = None
    birth_year: int | None = None
    flag: str | None = None
    line: int = 0

    @property
    def inactive(self) -> bool:
        """The flag says inactive (``i``, ``wi``): in the standard rating for the combined list,
        in the list's time control for a per-time-control list."""
        return self.flag is not None and "i" in self.flag

    @property
    def other_titles(self) -> tuple[str, ...]:
        """``OTit`` as a tuple of codes (``"IA,FST"`` → ``("IA", "FST")``); any code accepted."""
        if not self.o_title:
            return ()
        return tuple(code.strip() for code in self.o_title.split(",") if code.strip())

    def rating(self, time_control: TimeControl) -> int | None:
        return {
            "standard": self.standard_rating,
            "rapid": self.rapid_rating,
            "blitz": self.blitz_rating,
        }[time_control]


RECORD_FIELDS: Final[tuple[str, ...]] = FideRecord._fields[:-1]
"""The record's fields of the file (every field but ``line``), in §1.2's order."""

_INDEX: Final = {name: i for i, name in enumerate(RECORD_FIELDS)}

DIGITS: Final[dict[str, int]] = {
    "fide_id": 15,
    "standard_rating": 4,
    "standard_games": 4,
    "standard_k": 3,
    "rapid_rating": 4,
    "rapid_games": 4,
    "rapid_k": 3,
    "blitz_rating": 4,
    "blitz_games": 4,
    "blitz_k": 3,
    "birth_year": 4,
}
"""The numeric fields and the most digits each may have (FIDE's widths: the ID's 15-wide column,
4-digit ratings and game counts, K up to 3 digits, the year); a longer number is no FIDE value."""

TEXT_LIMITS: Final[dict[str, int]] = {
    "name": 128,
    "federation": 3,
    "sex": 1,
    "title": 5,
    "w_title": 5,
    "o_title": 64,
    "foa_title": 5,
    "flag": 4,
}
"""The most characters a text field may have (the stores' column sizes): FIDE's TXT widths,
the name and ``OTit`` with room for XML's unbounded elements and ``OTit``'s overflow."""

_TXT_NUMERIC: Final = frozenset(DIGITS)


@dataclass(frozen=True, slots=True)
class Column:
    """A column of a TXT layout: its header token, the record field it fills, where it starts
    (0-based) and, for the table's layouts, its width (``None``: to the end of the line)."""

    header: str
    field: str
    start: int
    width: int | None


def _columns(*spec: tuple[str, str, int, int | None]) -> tuple[Column, ...]:
    return tuple(Column(*c) for c in spec)


COMBINED_COLUMNS: Final = _columns(
    ("ID Number", "fide_id", 0, 15),
    ("Name", "name", 15, 61),
    ("Fed", "federation", 76, 3),
    ("Sex", "sex", 80, 1),
    ("Tit", "title", 84, 5),
    ("WTit", "w_title", 89, 5),
    ("OTit", "o_title", 94, 15),
    ("FOA", "foa_title", 109, 4),
    ("SRtng", "standard_rating", 113, 6),
    ("SGm", "standard_games", 119, 4),
    ("SK", "standard_k", 123, 3),
    ("RRtng", "rapid_rating", 126, 6),
    ("RGm", "rapid_games", 132, 4),
    ("Rk", "rapid_k", 136, 3),
    ("BRtng", "blitz_rating", 139, 6),
    ("BGm", "blitz_games", 145, 4),
    ("BK", "blitz_k", 149, 3),
    ("B-day", "birth_year", 152, 6),
    ("Flag", "flag", 158, 4),
)
"""§1.3: ``players_list_foa.txt`` (162 characters a line)."""

RATING_COLUMNS: Final = _columns(
    *((c.header, c.field, c.start, c.width) for c in COMBINED_COLUMNS[:8]),
    ("MMMYY", "rating", 113, 6),
    ("Gms", "games", 119, 4),
    ("K", "k", 123, 3),
    ("B-day", "birth_year", 126, 6),
    ("Flag", "flag", 132, 4),
)
"""§1.4: a per-time-control list (136 characters a line); ``MMMYY`` is the list's month
(``SEP26``), ``rating``/``games``/``k`` the list's time control's fields."""

_OPTIONAL: Final = frozenset({"foa_title"})
"""Header tokens a list may lack (the lists without FIDE Online Arena titles)."""

_MONTHS: Final = (
    "JAN",
    "FEB",
    "MAR",
    "APR",
    "MAY",
    "JUN",
    "JUL",
    "AUG",
    "SEP",
    "OCT",
    "NOV",
    "DEC",
)
_MONTH_TOKEN: Final = re.compile(r"(JAN|FEB|MAR|APR|MAY|JUN|JUL|AUG|SEP|OCT|NOV|DEC)(\d\d)", re.I)
_MONTH_IN_NAME: Final = re.compile(
    r"(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)(\d\d)frl", re.IGNORECASE
)
_HEADER_TOKEN: Final = re.compile(r"ID\s[Nn]umber|\S+")
_FLAG_WIDTH: Final = 4

MAX_LINE: Final = 1024
"""Most bytes a TXT line may have (FIDE's are 162): a longer one is left out, never read whole."""
MAX_SKIPPED: Final = 1000
"""More lines left out than this and the list is refused, as soon as it happens."""
SKIPPED_FREE: Final = 10
"""Up to this many lines may be left out of any list; beyond, at most 1 % of its lines."""
MAX_UNPACKED: Final = 2 * 1024**3
"""Most bytes a zipped list may unpack to (the combined TXT is about 300 MB, its XML more)."""
MAX_RATIO: Final = 100
"""Most times a zipped list may be packed (FIDE's TXT packs about 7 times)."""
_CHUNK: Final = 1 << 20

_CONTROL_BYTES: Final = bytes(range(0x20)) + b"\x7f"
"""C0 control characters and DEL (a line's CR LF is stripped first)."""
_CONTROL_TEXT: Final = re.compile(r"[\x00-\x1f\x7f-\x9f]")

# Messages (English templates; the web layer translates them, see chessclub.i18n).
_T_HEADER_MISSING = gettext_noop(
    "the header has no column %(columns)s: not a FIDE rating list (line 1 must name its "
    "columns: %(expected)s)"
)
_T_HEADER_UNKNOWN = gettext_noop(
    "not a FIDE rating list: line 1 names neither the combined list's columns (ID Number … "
    "SRtng … BRtng … Flag) nor those of one time control's list (a rating column headed by "
    "the list's month, such as SEP26)"
)
_T_EMPTY = gettext_noop("the file is empty: no FIDE list")
_T_NO_PLAYER = gettext_noop("the list holds no player")
_T_TOO_MANY = gettext_noop(
    "%(skipped)s of the %(lines)s lines read cannot be read: the list is refused (at most "
    "%(allowed)s may be left out)"
)
_T_NOT_DIGITS = gettext_noop("%(column)s %(value)s is not a number: the line is left out")
_T_TOO_LONG_NUMBER = gettext_noop(
    "%(column)s %(value)s has more than %(digits)s digits: the line is left out"
)
_T_TOO_LONG_TEXT = gettext_noop(
    "%(column)s %(value)s is longer than %(limit)s characters: the line is left out"
)
_T_NO_ID = gettext_noop("no FIDE ID: the line is left out")
_T_NO_NAME = gettext_noop("FIDE ID %(id)s has no name: the line is left out")
_T_CONTROL = gettext_noop("%(problem)s: the line is left out")
_T_LONG_LINE = gettext_noop("the line is longer than %(limit)s bytes: it is left out")
_T_OVERFLOW = gettext_noop(
    "OTit %(value)s runs over its %(width)s columns: the rest of the line was read from its end"
)
_T_LATIN1 = gettext_noop(
    "the file is not UTF-8 from this line on: such lines are read as %(codec)s"
)
_T_ZIP_BAD = gettext_noop("not a readable zip archive: %(error)s")
_T_ZIP_NONE = gettext_noop("the zip archive holds no .txt or .xml file")
_T_ZIP_SEVERAL = gettext_noop("the zip archive holds several lists (%(names)s): zip only one")
_T_ZIP_ENCRYPTED = gettext_noop("%(name)s is encrypted in the zip archive")
_T_ZIP_BIG = gettext_noop(
    "%(name)s would unpack to %(size)s bytes, more than a FIDE list (at most %(limit)s)"
)
_T_ZIP_RATIO = gettext_noop(
    "%(name)s is packed %(ratio)s times, far more than a FIDE list: refused as a zip bomb"
)
_T_ZIP_READ = gettext_noop("the zip archive cannot be unpacked here: %(error)s")
_T_ZIP_DAMAGED = gettext_noop("the zip archive is damaged (%(error)s): the list is refused")
_T_TC_UNKNOWN = gettext_noop(
    "a rating list of one time control: choose which (its name starts with none of "
    "standard_, rapid_, blitz_)"
)
_T_TC_CONFLICT = gettext_noop(
    "the file's name says it is the %(named)s list, but %(chosen)s was chosen"
)
_T_TC_NAMES = gettext_noop(
    "the zip archive is named for the %(outer)s list but holds the %(inner)s list"
)
_T_TC_COMBINED = gettext_noop(
    "the combined list holds the three time controls: a time control (%(chosen)s) is chosen "
    "only for the list of one"
)
_T_XML = gettext_noop("not well-formed XML: %(error)s")
_T_XML_DOCTYPE = gettext_noop(
    "an XML document type declaration (DOCTYPE) is not allowed in a FIDE list"
)
_T_XML_ELEMENT = gettext_noop("<%(element)s> where a <player> was expected: it is left out")
_T_XML_NUMBER = gettext_noop("<%(element)s> %(value)s is not a number: read as empty")


def time_control_of_name(name: str) -> TimeControl | None:
    """The time control a FIDE file name says (``rapid_rating_list.zip``,
    ``blitz_sep26frl.txt``: its base name starts with it), or ``None``."""
    base = os.path.basename(name.replace("\\", "/")).lower()
    for tc in TIME_CONTROLS:
        if base.startswith(tc + "_"):
            return tc
    return None


def _month_of_name(name: str) -> datetime.date | None:
    found = _MONTH_IN_NAME.search(os.path.basename(name.replace("\\", "/")))
    return _month(found.group(1), found.group(2)) if found else None


def _month(month: str, year: str) -> datetime.date:
    return datetime.date(2000 + int(year), _MONTHS.index(month.upper()) + 1, 1)


# --------------------------------------------------------------------------------------------
# Opening: path or stream, zipped or not
# --------------------------------------------------------------------------------------------


def open_fide_list(
    source: str | os.PathLike[str] | IO[bytes],
    *,
    name: str = "",
    time_control: TimeControl | None = None,
) -> FideList:
    """Open a FIDE list: a path, or a binary stream read from where it stands (a zip that
    cannot seek is first copied to a temporary file). ``name``: the file's name (a path's own
    by default), for the time control, the month and the messages; ``time_control``: the
    caller's choice for a list of one time control.

    Reads the file's start only, and raises :class:`FideListError` for a file refused there
    (archive, header, time control). The records are read by iterating the list returned,
    which must be closed: ``with open_fide_list(…) as listing: for record in listing: …``."""
    owned: list[IO[bytes]] = []
    try:
        if isinstance(source, (str, os.PathLike)):
            path = os.fspath(source)
            name = name or os.path.basename(path)
            stream: IO[bytes] = open(path, "rb")  # noqa: SIM115  (FideList.close closes it)
            owned.append(stream)
        else:
            stream = source
        if stream.seekable():
            start = stream.tell()
            magic = stream.read(4)
            stream.seek(start)
        else:
            if not hasattr(stream, "peek"):
                stream = io.BufferedReader(stream)  # type: ignore[type-var]
            magic = stream.peek(4)[:4]
            if magic == b"PK\x03\x04":  # a zip is read from its end: copied to a file first
                spool = tempfile.TemporaryFile()  # noqa: SIM115  (FideList.close closes it)
                owned.append(spool)
                shutil.copyfileobj(stream, spool, _CHUNK)
                spool.seek(0)
                stream = spool
        member = ""
        if magic == b"PK\x03\x04":
            stream, member = _open_member(stream)
            owned.append(stream)
        try:
            return FideList(
                stream, name=name, member=member, time_control=time_control, owned=owned
            )
        except (zipfile.BadZipFile, EOFError, zlib.error) as error:  # a damaged zip member
            raise _refuse(0, 0, _T_ZIP_DAMAGED, {"error": str(error)[:200]}) from None
    except BaseException:
        for handle in reversed(owned):
            handle.close()
        raise


def _open_member(stream: IO[bytes]) -> tuple[IO[bytes], str]:
    """The zip archive's one list, as a stream unpacked while it is read."""
    try:
        archive = zipfile.ZipFile(stream)
        infos = archive.infolist()
    except (zipfile.BadZipFile, zipfile.LargeZipFile, OSError, ValueError, EOFError) as error:
        raise _refuse(0, 0, _T_ZIP_BAD, {"error": str(error)[:200]}) from None
    lists = [
        i
        for i in infos
        if not i.is_dir()
        and not i.filename.startswith("__MACOSX/")
        and i.filename.lower().endswith((".txt", ".xml"))
    ]
    if not lists:
        raise _refuse(0, 0, _T_ZIP_NONE)
    if len(lists) > 1:
        names = ", ".join(i.filename for i in lists[:5]) + (", …" if len(lists) > 5 else "")
        raise _refuse(0, 0, _T_ZIP_SEVERAL, {"names": names})
    info = lists[0]
    if info.flag_bits & 0x1:
        raise _refuse(0, 0, _T_ZIP_ENCRYPTED, {"name": info.filename})
    if info.file_size > MAX_UNPACKED:
        params: Params = {"name": info.filename, "size": info.file_size, "limit": MAX_UNPACKED}
        raise _refuse(0, 0, _T_ZIP_BIG, params)
    ratio = info.file_size // max(info.compress_size, 1)
    if ratio > MAX_RATIO:
        raise _refuse(0, 0, _T_ZIP_RATIO, {"name": info.filename, "ratio": ratio})
    try:
        member = archive.open(info)
    except (zipfile.BadZipFile, NotImplementedError, RuntimeError, OSError) as error:
        raise _refuse(0, 0, _T_ZIP_READ, {"error": str(error)[:200]}) from None
    # ZipExtFile splits lines in Python; a BufferedReader over it does so in C.
    return io.BufferedReader(member, _CHUNK), info.filename  # type: ignore[type-var]


# --------------------------------------------------------------------------------------------
# The list
# --------------------------------------------------------------------------------------------


class FideList:
    """An opened FIDE list (:func:`open_fide_list`): what its start says, then its records.

    - ``layout``; ``time_control`` (``None`` for the combined list); ``list_date`` (the first
      of the list's month, ``None`` when the file does not say it); ``source`` (the file's
      name) and ``member`` (the zip member read, ``""`` when not zipped);
    - iterating yields the records once, in file order (:meth:`batches`: in lists);
      ``lines`` counts the data lines (XML: the players) read, ``skipped`` those left out,
      ``records`` those kept;
    - ``problems``: each line left out and each note, with its line and column (the first
      :data:`~chessclub.formats.errors.MAX_PROBLEMS` by place kept, the others counted);
    - :meth:`skip`: whoever reads the records leaves one out (a FIDE ID listed twice), counted
      and reported as the list's own problem.

    Iterating raises :class:`FideListError` when too many lines are left out (at once past
    :data:`MAX_SKIPPED`; at the end past 1 % of the lines, once past :data:`SKIPPED_FREE`) or
    when no player is left: a consumer storing the records as they come undoes its work then
    (one transaction)."""

    layout: ListLayout
    time_control: TimeControl | None
    list_date: datetime.date | None

    def __init__(
        self,
        stream: IO[bytes],
        *,
        name: str,
        member: str,
        time_control: TimeControl | None,
        owned: list[IO[bytes]],
    ) -> None:
        self.source = name
        self.member = member
        self.problems = ProblemLog()
        self.lines = 0
        self.skipped = 0
        self._owned = owned
        self._iterated = False
        self._latin1_noted = False
        first = _first_bytes(stream)
        if not first.strip():
            raise _refuse(0, 0, _T_EMPTY)
        if is_utf16(first):
            raise _refuse(1, 0, UTF16_MESSAGE)
        reader: _TxtReader | _XmlReader
        if first.lstrip(b"\xef\xbb\xbf \t\r\n").startswith(b"<"):
            reader = _XmlReader(self, stream)
            xml = True
        else:
            reader = _TxtReader(self, stream)
            xml = False
        self.time_control = self._time_control(reader.combined, time_control, reader.named)
        self.layout = {
            (True, False): ListLayout.COMBINED_TXT,
            (False, False): ListLayout.RATING_TXT,
            (True, True): ListLayout.COMBINED_XML,
            (False, True): ListLayout.RATING_XML,
        }[(reader.combined, xml)]
        self.list_date = reader.month or _month_of_name(member) or _month_of_name(name)
        self._reader = reader

    def _time_control(
        self, combined: bool, chosen: TimeControl | None, content: TimeControl | None
    ) -> TimeControl | None:
        outer = time_control_of_name(self.source)
        inner = time_control_of_name(self.member) if self.member else None
        if outer and inner and outer != inner:
            raise _refuse(0, 0, _T_TC_NAMES, {"outer": outer, "inner": inner})
        named = inner or outer or content
        if combined:
            if chosen is not None:
                raise _refuse(0, 0, _T_TC_COMBINED, {"chosen": chosen})
            return None
        if chosen is not None and named is not None and chosen != named:
            raise _refuse(0, 0, _T_TC_CONFLICT, {"named": named, "chosen": chosen})
        found = chosen or named
        if found is None:
            raise _refuse(0, 0, _T_TC_UNKNOWN)
        return found

    # what the readers below call ------------------------------------------------------------

    def _left_out(self, line: int, column: int, template: str, params: Params) -> None:
        self.skipped += 1
        self.problems.add(line, column, template, params)
        if self.skipped > MAX_SKIPPED:
            raise self._refusal(_T_TOO_MANY, MAX_SKIPPED)

    def _note(self, line: int, column: int, template: str, params: Params | None = None) -> None:
        self.problems.add(line, column, template, params)

    def _decode(self, raw: bytes, line: int) -> str:
        """A line's text: UTF-8, else Latin-1 (Windows-1252), noted at the first such line."""
        try:
            return raw.decode("utf-8")
        except UnicodeDecodeError:
            text, codec = decode_single_byte(raw)
            if not self._latin1_noted:
                self._latin1_noted = True
                self._note(line, 0, _T_LATIN1, {"codec": codec})
            return text

    def _refusal(self, template: str, allowed: int = 0) -> FideListError:
        """The list refused: the problems found so far, then why (a problem of the file)."""
        log = ProblemLog()
        log.extend(self.problems.problems())
        params = {"skipped": self.skipped, "lines": self.lines, "allowed": allowed}
        log.add(0, 0, template, params if allowed else None)
        return FideListError(log, source=self.source, omitted=self.omitted)

    # the public side -----------------------------------------------------------------------

    def skip(self, record: FideRecord, template: str, params: Params | None = None) -> None:
        """Leave ``record`` out (``template``, with ``params``, says why), counted with the
        lines the list could not read. Raises :class:`FideListError` past
        :data:`MAX_SKIPPED`."""
        self._left_out(record.line, 0, template, params or {})

    @property
    def combined(self) -> bool:
        return self.layout.combined

    @property
    def records(self) -> int:
        """The records read and kept so far: the data lines read, less those left out."""
        return self.lines - self.skipped

    def __iter__(self) -> Iterator[FideRecord]:
        for batch in self.batches():
            yield from batch

    def batches(self, size: int = 5000) -> Iterator[list[FideRecord]]:
        """The records in lists of at most ``size``, in file order (what a consumer storing
        them in batches reads: fewer steps than one record at a time)."""
        if self._iterated:
            raise RuntimeError("a FideList is read once")
        self._iterated = True
        try:
            yield from self._reader.batches(size)
        except (zipfile.BadZipFile, EOFError, zlib.error) as error:  # a damaged zip member
            log = ProblemLog()
            log.extend(self.problems.problems())
            log.add(0, 0, _T_ZIP_DAMAGED, {"error": str(error)[:200]})
            raise FideListError(log, source=self.source, omitted=self.omitted) from None
        if self.records <= 0:
            raise self._refusal(_T_NO_PLAYER)
        allowed = min(MAX_SKIPPED, max(SKIPPED_FREE, self.lines // 100))
        if self.skipped > allowed:
            raise self._refusal(_T_TOO_MANY, allowed)

    @property
    def omitted(self) -> int:
        """How many problems were found and not kept in :attr:`problems`."""
        return self.problems.omitted

    def close(self) -> None:
        for handle in reversed(self._owned):
            handle.close()
        self._owned = []

    def __enter__(self) -> FideList:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def _first_bytes(stream: IO[bytes]) -> bytes:
    """The stream's next bytes (up to 512), left unread."""
    peek = getattr(stream, "peek", None)
    if peek is not None:
        return bytes(peek(512)[:512])
    start = stream.tell()
    data = stream.read(512)
    stream.seek(start)
    return data


def _refuse(line: int, column: int, template: str, params: Params | None = None) -> FideListError:
    return FideListError([Problem(line, column, template, params)])


# --------------------------------------------------------------------------------------------
# TXT
# --------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Span:
    """A column as the header places it: ``field`` is the record's (``""``: a column the
    reader does not know, skipped), ``end`` the next column's start (``None``: the line's
    end); ``limit``: the most digits or characters its value may have."""

    header: str
    field: str
    start: int
    end: int | None
    numeric: bool
    limit: int
    after_o_title: bool


_Plan: TypeAlias = list[tuple[int, _Span]]


@dataclass(frozen=True, slots=True)
class _Failure:
    span: _Span
    value: str
    reason: Literal["number", "digits", "length"]


class _TxtReader:
    """The fixed-width layouts: the header read on creation, then a record per line."""

    def __init__(self, owner: FideList, stream: IO[bytes]) -> None:
        self.owner = owner
        self.stream = stream
        self.named: TimeControl | None = None  # a TXT list says no time control itself
        raw = stream.readline(MAX_LINE)
        if raw.startswith(b"\xef\xbb\xbf"):
            raw = raw[3:]
        header = owner._decode(raw.rstrip(b"\r\n"), 1)
        found = _CONTROL_TEXT.search(header)
        if found:
            problem = str(control_message(found.group()))
            raise _refuse(1, found.start() + 1, _T_CONTROL, {"problem": problem})
        tokens = [(m.start(), " ".join(m.group().split())) for m in _HEADER_TOKEN.finditer(header)]
        month = next((m for _, t in tokens if (m := _MONTH_TOKEN.fullmatch(t))), None)
        if any(t.upper() == "SRTNG" for _, t in tokens):
            self.combined = True
            self.month: datetime.date | None = None
            self.spans = _spans(tokens, COMBINED_COLUMNS, combined=True)
        elif month is not None:
            self.combined = False
            self.month = _month(month.group(1), month.group(2))
            self.spans = _spans(tokens, RATING_COLUMNS, combined=False)
        else:
            raise _refuse(1, 0, _T_HEADER_UNKNOWN)
        last = self.spans[-1]
        # the length of a line of the header's layout (its last column is Flag, 4 wide)
        self.nominal = last.start + (_FLAG_WIDTH if last.field == "flag" else 0)
        self.o_title = next((s for s in self.spans if s.field == "o_title" and s.end), None)

    def batches(self, size: int) -> Iterator[list[FideRecord]]:
        owner = self.owner
        tc = owner.time_control or "standard"
        plan: _Plan = [
            (_INDEX[f"{tc}_{s.field}" if s.field in ("rating", "games", "k") else s.field], s)
            for s in self.spans
            if s.field
        ]
        fast = _fast_reader(self.spans, tc)
        readline = self.stream.readline
        number = 1  # the line's number (the header is line 1)
        blank = 1  # the lines that are no data (the header, blank ones): owner.lines is the rest
        batch: list[FideRecord] = []
        keep = batch.append
        while raw := readline(MAX_LINE):
            number += 1
            if len(raw) >= MAX_LINE and not raw.endswith(b"\n"):
                while raw and not raw.endswith(b"\n"):
                    raw = readline(MAX_LINE)
                owner.lines = number - blank
                owner._left_out(number, 0, _T_LONG_LINE, {"limit": MAX_LINE})
                continue
            content = raw.rstrip(b"\r\n")
            if (
                fast is not None
                and content.isascii()
                and len(content.translate(None, _CONTROL_BYTES)) == len(content)
                and (record := fast(content, number)) is not None
            ):
                keep(record)  # owner.lines is set when a batch is full, or a line left out
            elif not content.strip():
                blank += 1
                continue
            else:
                owner.lines = number - blank
                text = (
                    content.decode("ascii") if content.isascii() else owner._decode(content, number)
                )
                found = self._slow(text, number, plan)
                if found is not None:
                    keep(found)
            if len(batch) >= size:
                owner.lines = number - blank
                yield batch
                batch = []
                keep = batch.append
        owner.lines = number - blank
        if batch:
            yield batch

    def _slow(self, text: str, number: int, plan: _Plan) -> FideRecord | None:
        """A line the fast path did not take: not ASCII, a control character, or a value that
        does not fit (``OTit`` running over: the columns after it read from the line's end)."""
        owner = self.owner
        found = _CONTROL_TEXT.search(text)
        if found:
            problem = str(control_message(found.group()))
            owner._left_out(number, found.start() + 1, _T_CONTROL, {"problem": problem})
            return None
        o_title = self.o_title
        shift = len(text) - self.nominal
        if o_title is not None and shift > 0 and _runs_over(text, o_title):
            # OTit longer than its column, the rest of the line pushed right: read from its end
            again, failed = _read(text, plan, shift)
            if failed is None:
                end = (o_title.end or o_title.start) + shift
                owner._note(
                    number,
                    o_title.start + 1,
                    _T_OVERFLOW,
                    {
                        "value": show(text[o_title.start : end].strip(), 40),
                        "width": (o_title.end or o_title.start) - o_title.start,
                    },
                )
                return self._finish(again, number)
        out, failed = _read(text, plan, 0)
        if failed is None:
            return self._finish(out, number)
        span = failed.span
        params: dict[str, str | int] = {"column": span.header, "value": show(failed.value)}
        if failed.reason == "digits":
            template, params["digits"] = _T_TOO_LONG_NUMBER, span.limit
        elif failed.reason == "length":
            template, params["limit"] = _T_TOO_LONG_TEXT, span.limit
        else:
            template = _T_NOT_DIGITS
        owner._left_out(number, span.start + 1, template, params)
        return None

    def _finish(self, out: list[object], number: int) -> FideRecord | None:
        owner = self.owner
        if not out[_ID]:
            owner._left_out(number, 1, _T_NO_ID, {})
            return None
        if out[_NAME] is None:
            column = self.spans[1].start + 1
            owner._left_out(number, column, _T_NO_NAME, {"id": str(out[_ID])})
            return None
        if out[_BIRTH_YEAR] == 0:
            out[_BIRTH_YEAR] = None  # 0000: unknown
        out.append(number)
        return FideRecord._make(out)


_WIDTH: Final = len(RECORD_FIELDS)
_ID: Final = _INDEX["fide_id"]
_NAME: Final = _INDEX["name"]
_BIRTH_YEAR: Final = _INDEX["birth_year"]


def _spans(
    tokens: list[tuple[int, str]], table: tuple[Column, ...], *, combined: bool
) -> list[_Span]:
    """The header's columns: each known token a record field (the first time it is seen),
    an unknown one a column skipped; refused when a mandatory one is missing."""
    by_header = {column.header.upper(): column for column in table}
    placed: list[tuple[int, str, Column | None]] = []
    seen: set[str] = set()
    for start, token in tokens:
        column = by_header.get(token.upper())
        if column is None and not combined and _MONTH_TOKEN.fullmatch(token):
            column = by_header["MMMYY"]
        if column is not None and column.field in seen:
            column = None
        if column is not None:
            seen.add(column.field)
        placed.append((start, token, column))
    missing = [c.header for c in table if c.field not in seen and c.field not in _OPTIONAL]
    if missing:
        expected = " ".join(c.header for c in table)
        params = {"columns": ", ".join(missing), "expected": expected}
        raise _refuse(1, 0, _T_HEADER_MISSING, params)
    spans: list[_Span] = []
    after_o_title = False
    for i, (start, token, column) in enumerate(placed):
        end = placed[i + 1][0] if i + 1 < len(placed) else None
        field = column.field if column is not None else ""
        known = f"standard_{field}" if field in ("rating", "games", "k") else field
        numeric = known in DIGITS
        limit = DIGITS.get(known, TEXT_LIMITS.get(known, 0))
        # nothing stands before the first column: it starts the line
        spans.append(
            _Span(token, field, 0 if i == 0 else start, end, numeric, limit, after_o_title)
        )
        after_o_title = after_o_title or field == "o_title"
    return spans


def _runs_over(text: str, o_title: _Span) -> bool:
    """Whether ``OTit``'s value runs over its column's end (no space on either side of it) in a
    line longer than its layout: FIDE then wrote it whole, pushing the rest to the right."""
    end = o_title.end or 0
    return text[end - 1 : end + 1].strip() != "" and " " not in text[end - 1 : end + 1]


def _read(text: str, plan: _Plan, shift: int) -> tuple[list[object], _Failure | None]:
    """The record's values of ``text``, the columns after ``OTit`` moved ``shift`` to the
    right (and ``OTit`` widened as much); the first value that does not fit, if any."""
    out: list[object] = [None] * _WIDTH
    for index, span in plan:
        start, end = span.start, span.end
        if span.after_o_title:
            start += shift
        if end is not None and (span.after_o_title or span.field == "o_title"):
            end += shift
        value = text[start:end].strip()
        if not value:
            continue
        if span.numeric:
            if not (value.isascii() and value.isdigit()):
                return out, _Failure(span, value, "number")
            if len(value) > span.limit:
                return out, _Failure(span, value, "digits")
            out[index] = int(value)
        elif len(value) > span.limit:
            return out, _Failure(span, value, "length")
        else:
            out[index] = value
    return out, None


_Fast: TypeAlias = Callable[[bytes, int], "FideRecord | None"]
_new_record: Final = tuple.__new__


def _numbers(width: int, digits: int) -> dict[bytes, int | None]:
    """A numeric column's every value as FIDE writes it: at most ``digits`` digits from the
    column's start and spaces to its ``width`` (``b"2676  "`` → 2676), or spaces only
    (``None``). One dictionary look-up checks and converts a value; anything else (a value
    pushed to the right, a sign, a letter) is not in it."""
    values: dict[bytes, int | None] = {b" " * width: None}
    for number in range(10**digits):
        text = b"%d" % number
        if len(text) <= width:
            values[text.ljust(width)] = number
    for n in range(2, digits + 1):  # leading zeros: "0000" for an unknown birth year
        for number in range(10 ** (n - 1)):
            values[(b"%0*d" % (n, number)).ljust(width)] = number
    return values


def _fast_reader(spans: list[_Span], tc: TimeControl) -> _Fast | None:
    """The line reader of FIDE's own layout, when the header is exactly the table's
    (:data:`COMBINED_COLUMNS` or :data:`RATING_COLUMNS`): every column at its place, ASCII,
    numbers left-aligned as FIDE writes them. It reads in a few C calls what :func:`_read`
    reads column by column (1.9 million lines), and answers ``None`` for a line it does not
    take: :func:`_read` then reads it, or reports what is wrong."""
    placed = [(s.start, s.field) for s in spans]
    if placed == [(c.start, c.field) for c in COMBINED_COLUMNS]:
        numeric = COMBINED_COLUMNS[8:18]
        first = _INDEX["standard_rating"]
    elif placed == [(c.start, c.field) for c in RATING_COLUMNS]:
        numeric = RATING_COLUMNS[8:12]
        first = _INDEX[f"{tc}_rating"]
    else:
        return None
    fixed = spans[:-1]
    unpack = struct.Struct("".join(f"{(s.end or 0) - s.start}s" for s in fixed)).unpack_from
    width = spans[-1].start
    nominal = width + _FLAG_WIDTH
    tables = [_number_table(c.width or 0, _digits(c.field)) for c in numeric[:-1]]
    years = _number_table(numeric[-1].width or 0, DIGITS["birth_year"])
    count = len(tables)
    absents = (_ABSENT,) * count
    before = (None,) * (first - _INDEX["standard_rating"])
    after = (None,) * (9 - count - len(before))
    blank = [b" " * ((s.end or 0) - s.start) for s in fixed]
    blank_title, blank_w_title, blank_o_title, blank_foa = blank[4:8]
    new, record, latin1, get = _new_record, FideRecord, "latin-1", dict.get

    def fast(content: bytes, line: int) -> FideRecord | None:
        if len(content) < width:
            content = content.ljust(width)
        elif len(content) > nominal:
            return None  # longer than FIDE's lines: OTit running over? (read by _read)
        values = unpack(content)
        fide_id = values[0].strip()
        name = values[1].strip()
        federation = values[2].strip()
        sex = values[3].strip()
        flag = content[width:].strip()
        if (
            not fide_id.isdigit()
            or not name
            or len(federation) > 3
            or len(sex) > 1
            or len(flag) > 4
            or fide_id[0] == 48  # a leading zero: no FIDE ID (0, 00…)
        ):
            return None
        numbers = list(map(get, tables, values[8 : 8 + count], absents))
        if _ABSENT in numbers:
            return None
        year = years.get(values[8 + count], _ABSENT)
        if year is _ABSENT:
            return None
        title, w_title, o_title, foa = values[4:8]
        return new(
            record,
            (
                int(fide_id),
                name.decode(latin1),
                federation.decode(latin1) or None,
                sex.decode(latin1) or None,
                None if title == blank_title else title.strip().decode(latin1),
                None if w_title == blank_w_title else w_title.strip().decode(latin1),
                None if o_title == blank_o_title else o_title.strip().decode(latin1),
                None if foa == blank_foa else foa.strip().decode(latin1),
                *before,
                *numbers,
                *after,
                year or None,  # 0000: unknown
                flag.decode(latin1) or None,
                line,
            ),
        )

    return fast


_ABSENT: Final = object()


def _digits(field: str) -> int:
    return DIGITS[f"standard_{field}" if field in ("rating", "games", "k") else field]


_number_tables: dict[tuple[int, int], dict[bytes, int | None]] = {}


def _number_table(width: int, digits: int) -> dict[bytes, int | None]:
    """:func:`_numbers`, made once per shape (the 6-wide, 4-digit table has 11,111 values)."""
    table = _number_tables.get((width, digits))
    if table is None:
        table = _number_tables[(width, digits)] = _numbers(width, digits)
    return table


# --------------------------------------------------------------------------------------------
# XML
# --------------------------------------------------------------------------------------------

_XML_FIELDS: Final = {
    "fideid": "fide_id",
    "name": "name",
    "country": "federation",
    "sex": "sex",
    "title": "title",
    "w_title": "w_title",
    "o_title": "o_title",
    "foa_title": "foa_title",
    "rating": "standard_rating",
    "games": "standard_games",
    "k": "standard_k",
    "rapid_rating": "rapid_rating",
    "rapid_games": "rapid_games",
    "rapid_k": "rapid_k",
    "blitz_rating": "blitz_rating",
    "blitz_games": "blitz_games",
    "blitz_k": "blitz_k",
    "birthday": "birth_year",
    "flag": "flag",
}
"""§1.6: a ``<player>``'s elements and the record fields they fill (in the list of one time
control, ``rating``, ``games`` and ``k`` are its time control's)."""
_XML_TIME_CONTROLS: Final[dict[TimeControl, frozenset[str]]] = {
    "standard": frozenset({"rating", "games", "k"}),
    "rapid": frozenset({"rapid_rating", "rapid_games", "rapid_k"}),
    "blitz": frozenset({"blitz_rating", "blitz_games", "blitz_k"}),
}
_ENCODING_DECLARATION: Final = re.compile(rb"<\?xml[^>]*\bencoding\s*=", re.IGNORECASE)

_Item: TypeAlias = dict[str, str] | tuple[int, str]


class _Refused(Exception):
    """Raised by a handler to stop expat with the list refused."""

    def __init__(self, error: FideListError) -> None:
        super().__init__(str(error))
        self.error = error


class _XmlReader:
    """``<player>`` elements read by expat a chunk at a time (the first one on creation: its
    elements tell the layout). The combined list's players have elements of several time
    controls; a list of one has one time control's (``rating``…; ``rapid_rating``… would name
    its time control)."""

    def __init__(self, owner: FideList, stream: IO[bytes]) -> None:
        self.owner = owner
        self.stream = stream
        self.month: datetime.date | None = None
        head = _first_bytes(stream)
        encoding = None
        if _ENCODING_DECLARATION.match(head.lstrip(b"\xef\xbb\xbf \t\r\n")) is None:
            try:
                head.decode("utf-8")
            except UnicodeDecodeError as error:
                if error.start < len(head) - 4:  # not only a character cut by the sample's end
                    encoding = "ISO-8859-1"
        parser = expat.ParserCreate(encoding)
        parser.buffer_text = True
        parser.StartElementHandler = self._start
        parser.EndElementHandler = self._end
        parser.CharacterDataHandler = self._text
        parser.StartDoctypeDeclHandler = self._doctype
        self.parser = parser
        self.depth = 0
        self.fields: dict[str, str] | None = None
        self.element = ""
        self.chunks: list[str] = []
        self.ready: list[_Item] = []
        self.done = False
        self.first: dict[str, str] | None = None
        while self.first is None and not self.done:
            self._feed()
        present = [
            tc for tc, names in _XML_TIME_CONTROLS.items() if names & (self.first or {}).keys()
        ]
        # no rating element at all: the file's name tells (FIDE's combined list is players_list…)
        named = "players_list" in os.path.basename(owner.member or owner.source).lower()
        self.combined = len(present) > 1 or (not present and named)
        self.named: TimeControl | None = present[0] if len(present) == 1 else None

    def _doctype(self, *args: object) -> None:
        column = self.parser.CurrentColumnNumber + 1
        raise _Refused(_refuse(self.parser.CurrentLineNumber, column, _T_XML_DOCTYPE))

    def _start(self, tag: str, attrs: dict[str, str]) -> None:
        self.depth += 1
        if self.depth == 2:
            if tag == "player":
                self.fields = {"": str(self.parser.CurrentLineNumber)}
            else:
                self.ready.append((self.parser.CurrentLineNumber, tag))
        elif self.depth == 3 and self.fields is not None:
            self.element = tag
            self.chunks = []

    def _text(self, data: str) -> None:
        if self.depth == 3 and self.fields is not None:
            self.chunks.append(data)

    def _end(self, tag: str) -> None:
        if self.depth == 3 and self.fields is not None:
            self.fields[self.element] = "".join(self.chunks).strip()
        elif self.depth == 2 and self.fields is not None:
            if self.first is None:
                self.first = self.fields
            self.ready.append(self.fields)
            self.fields = None
        self.depth -= 1

    def _feed(self) -> None:
        data = self.stream.read(_CHUNK)
        try:
            self.parser.Parse(data, not data)
        except _Refused as refused:
            raise refused.error from None
        except expat.ExpatError as error:
            params = {"error": expat.ErrorString(error.code)}
            raise _refuse(error.lineno, error.offset + 1, _T_XML, params) from None
        self.done = not data

    def batches(self, size: int) -> Iterator[list[FideRecord]]:
        owner = self.owner
        tc = owner.time_control or "standard"
        names = dict(_XML_FIELDS)
        if not self.combined:
            for element in ("rating", "games", "k"):
                names[element] = f"{tc}_{element}"
        batch: list[FideRecord] = []
        while True:
            ready, self.ready = self.ready, []
            for item in ready:
                owner.lines += 1
                if isinstance(item, tuple):
                    owner._left_out(item[0], 0, _T_XML_ELEMENT, {"element": item[1][:40]})
                    continue
                record = self._record(item, names)
                if record is not None:
                    batch.append(record)
                if len(batch) >= size:
                    yield batch
                    batch = []
            if self.done:
                break
            self._feed()
        if batch:
            yield batch

    def _record(self, fields: dict[str, str], names: dict[str, str]) -> FideRecord | None:
        owner = self.owner
        line = int(fields[""])
        out: list[object] = [None] * _WIDTH
        for element, value in fields.items():
            field = names.get(element)
            if field is None or not value:
                continue
            params: dict[str, str | int] = {"column": element, "value": show(value)}
            if field in DIGITS:
                if not (value.isascii() and value.isdigit()):
                    if field == "fide_id":
                        owner._left_out(line, 0, _T_NOT_DIGITS, params)
                        return None
                    owner._note(line, 0, _T_XML_NUMBER, {"element": element, "value": show(value)})
                    continue
                if len(value) > DIGITS[field]:
                    owner._left_out(
                        line, 0, _T_TOO_LONG_NUMBER, {**params, "digits": DIGITS[field]}
                    )
                    return None
                out[_INDEX[field]] = int(value)
                continue
            found = _CONTROL_TEXT.search(value)
            if found:
                problem = str(control_message(found.group()))
                owner._left_out(line, 0, _T_CONTROL, {"problem": problem})
                return None
            if len(value) > TEXT_LIMITS[field]:
                owner._left_out(line, 0, _T_TOO_LONG_TEXT, {**params, "limit": TEXT_LIMITS[field]})
                return None
            out[_INDEX[field]] = value
        if not out[_ID]:
            owner._left_out(line, 0, _T_NO_ID, {})
            return None
        if out[_NAME] is None:
            owner._left_out(line, 0, _T_NO_NAME, {"id": str(out[_ID])})
            return None
        if out[_BIRTH_YEAR] == 0:
            out[_BIRTH_YEAR] = None
        out.append(line)
        return FideRecord._make(out)
