"""Errors of the file readers: every problem names its file line and column.

A problem's text is translatable (see :mod:`chessclub.i18n`): ``template`` is an English
literal marked with :func:`~chessclub.i18n.gettext_noop`, ``params`` the values of its
placeholders, and ``message`` the English text they make.

A reader lists at most :data:`MAX_PROBLEMS` problems (the first ones in file order) and counts
the others: :attr:`FormatError.omitted` (:class:`ProblemLog` collects them so).
"""

from __future__ import annotations

import heapq
import itertools
from collections.abc import Iterable, Iterator, Sequence
from typing import Protocol

from chessclub.i18n import Message, Params, render

MAX_PROBLEMS = 100
"""Most problems a reader's error lists; the others are only counted (``omitted``), so that a
file of 100,000 bad lines gives a short page, not a 10 MB one."""


class Problem:
    """One problem found in a file. ``line`` and ``column`` are 1-based; ``column`` may be 0
    when the problem concerns the whole line, ``line`` 0 when it concerns the whole file.

    ``Problem(line, column, template, params)`` — ``params`` optional — or
    ``Problem(line, column, message)`` with a :class:`~chessclub.i18n.Message`. Two problems
    are equal when they have the same place and read the same (:attr:`message`).
    """

    __slots__ = ("column", "line", "params", "template")

    line: int
    column: int
    template: str
    params: Params

    def __init__(
        self, line: int, column: int, template: str | Message, params: Params | None = None
    ) -> None:
        if isinstance(template, Message):
            if params is not None:
                raise TypeError("Problem: params come with the Message")
            text, values = template.template, template.params
        else:
            text, values = template, params or {}
        object.__setattr__(self, "line", line)
        object.__setattr__(self, "column", column)
        object.__setattr__(self, "template", text)
        object.__setattr__(self, "params", dict(values))

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"Problem is immutable: cannot set {name!r}")

    @property
    def message(self) -> str:
        """The problem in English: the template with its params filled in."""
        return render(self.template, self.params)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Problem):
            mine = (self.line, self.column, self.message)
            return mine == (other.line, other.column, other.message)
        return NotImplemented

    def __hash__(self) -> int:
        return hash((self.line, self.column, self.message))

    def __repr__(self) -> str:
        return f"Problem({self.line!r}, {self.column!r}, {self.message!r})"

    def __str__(self) -> str:
        if not self.line:  # a problem of the whole file
            return self.message
        where = f"line {self.line}" + (f", column {self.column}" if self.column else "")
        return f"{where}: {self.message}"


class ProblemSink(Protocol):
    """Where a reader's helpers put the problems they find: a ``list`` or a
    :class:`ProblemLog`."""

    def append(self, problem: Problem, /) -> None: ...


def omitted_line(omitted: int) -> str:
    """The last line of an error's text when problems were left out:
    ``… and 100,140 more problems`` (English: the web pages write their own, translated, from
    the ``omitted`` count)."""
    return f"… and {omitted:,} more problem{'s' if omitted != 1 else ''}"


class ProblemLog:
    """The problems a reader finds, bounded: the first :data:`MAX_PROBLEMS` (``limit``) by
    place (line, then column, then the order found) are kept, the others only counted; with
    ``by_place=False``, the first ones in the order found, in that order.

    It takes a reader's ``append`` / ``extend`` (or :meth:`add`, which builds the
    :class:`Problem` only when it is kept); ``len()`` is the number found, kept or not;
    :attr:`lines` every line that has a problem. :meth:`problems` gives the kept ones and
    :attr:`omitted` how many more there were; a :class:`FormatError` takes the log itself and
    keeps both.
    """

    __slots__ = ("_by_place", "_count", "_heap", "_order", "limit", "lines")

    def __init__(self, limit: int = MAX_PROBLEMS, *, by_place: bool = True) -> None:
        self.limit = limit
        self.lines: set[int] = set()
        self._by_place = by_place
        self._count = 0
        # max-heap (negated keys) of the kept problems, the last-placed on top
        self._heap: list[tuple[int, int, int, Problem]] = []
        self._order = itertools.count()

    def __len__(self) -> int:
        return self._count

    def __bool__(self) -> bool:
        return self._count > 0

    def __iter__(self) -> Iterator[Problem]:
        return iter(self.problems())

    def _keeps(self, line: int, column: int) -> bool:
        """Whether a problem at (line, column) found now is among the first ``limit``."""
        if len(self._heap) < self.limit:
            return True
        if not self._heap or not self._by_place:
            return False
        top = self._heap[0]
        return (line, column) < (-top[0], -top[1])

    def _push(self, problem: Problem) -> None:
        line, column = (problem.line, problem.column) if self._by_place else (0, 0)
        entry = (-line, -column, -next(self._order), problem)
        if len(self._heap) < self.limit:
            heapq.heappush(self._heap, entry)
        else:
            heapq.heapreplace(self._heap, entry)

    def append(self, problem: Problem) -> None:
        self._count += 1
        self.lines.add(problem.line)
        if self._keeps(problem.line, problem.column):
            self._push(problem)

    def extend(self, problems: Iterable[Problem]) -> None:
        for problem in problems:
            self.append(problem)

    def add(
        self, line: int, column: int, template: str | Message, params: Params | None = None
    ) -> None:
        """Like ``append(Problem(line, column, template, params))``, without building a
        problem that would not be kept."""
        self._count += 1
        self.lines.add(line)
        if self._keeps(line, column):
            self._push(Problem(line, column, template, params))

    def problems(self) -> list[Problem]:
        """The kept problems: by line, column and the order they were found (``by_place``),
        else in the order found."""
        return [entry[3] for entry in sorted(self._heap, reverse=True)]

    @property
    def omitted(self) -> int:
        """How many problems were found and not kept."""
        return self._count - len(self._heap)


class FormatError(ValueError):
    """A file that cannot be read. ``problems`` lists the problems found (at least one, at
    most :data:`MAX_PROBLEMS`, the first ones in file order); ``omitted`` counts those left
    out. ``str()`` gives the listed ones, one per line, each with line and column, then
    ``… and N more problems`` when some were left out.

    ``FormatError(problems)`` with a list (cut to :data:`MAX_PROBLEMS`, the rest counted in
    ``omitted``) or with a :class:`ProblemLog`."""

    def __init__(
        self, problems: Sequence[Problem] | ProblemLog, *, source: str = "", omitted: int = 0
    ) -> None:
        if isinstance(problems, ProblemLog):
            omitted += problems.omitted
            problems = problems.problems()
        if not problems:
            raise ValueError("FormatError needs at least one problem")
        kept = list(problems[:MAX_PROBLEMS])
        self.problems = kept
        self.omitted = omitted + len(problems) - len(kept)
        self.source = source
        prefix = f"{source}: " if source else ""
        text = "\n".join(prefix + str(p) for p in kept)
        if self.omitted:
            text += "\n" + prefix + omitted_line(self.omitted)
        super().__init__(text)

    @property
    def first(self) -> Problem:
        return self.problems[0]


class FrbeError(FormatError):
    """A malformed Belgian federation results file (spec B3)."""


class TrfError(FormatError):
    """A malformed FIDE Tournament Report File (TRF-16 / TRF-2026)."""


class ExportError(ValueError):
    """A tournament (or document) that a writer cannot express in its format — a pairing
    number, a round count, points or a field that does not fit the format's columns. It is not
    a problem of any input file: callers report it as "cannot write: …". ``str()`` names the
    player or round that does not fit (in English: only the command line shows it);
    ``problems`` optionally lists where each would have been written (1-based line and column of
    the output), with translatable messages."""

    def __init__(self, message: str, *, problems: Sequence[Problem] = ()) -> None:
        super().__init__(message)
        self.problems = list(problems)
