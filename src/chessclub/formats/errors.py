"""Errors of the file readers: every problem names its file line and column."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Problem:
    """One problem found in a file. ``line`` and ``column`` are 1-based; ``column`` may be 0
    when the problem concerns the whole line."""

    line: int
    column: int
    message: str

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
    player or round that does not fit; ``problems`` optionally lists where each would have been
    written (1-based line and column of the output)."""

    def __init__(self, message: str, *, problems: Sequence[Problem] = ()) -> None:
        super().__init__(message)
        self.problems = list(problems)
