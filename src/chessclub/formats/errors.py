"""Errors of the file readers: every problem names its file line and column.

A problem's text is translatable (see :mod:`chessclub.i18n`): ``template`` is an English
literal marked with :func:`~chessclub.i18n.gettext_noop`, ``params`` the values of its
placeholders, and ``message`` the English text they make.
"""

from __future__ import annotations

from collections.abc import Sequence

from chessclub.i18n import Message, Params, render


class Problem:
    """One problem found in a file. ``line`` and ``column`` are 1-based; ``column`` may be 0
    when the problem concerns the whole line.

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
        where = f"line {self.line}" + (f", column {self.column}" if self.column else "")
        return f"{where}: {self.message}"


class FormatError(ValueError):
    """A file that cannot be read. ``problems`` lists every problem found (at least one);
    ``str()`` gives them all, one per line, each with line and column."""

    def __init__(self, problems: list[Problem], *, source: str = "") -> None:
        if not problems:
            raise ValueError("FormatError needs at least one problem")
        self.problems = list(problems)
        self.source = source
        prefix = f"{source}: " if source else ""
        super().__init__("\n".join(prefix + str(p) for p in self.problems))

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
