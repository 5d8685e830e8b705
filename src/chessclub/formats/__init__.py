"""Federation and FIDE file formats: readers and writers over the core model.

- :mod:`chessclub.formats.frbe` — the Belgian federation's results file (spec B3).
- :mod:`chessclub.formats.trf` — FIDE's Tournament Report File (TRF-16, TRF-2026 records).

:func:`read_tournament` detects the format from the content, not from the file name.
Readers raise :class:`FormatError` (a bad input file) listing at most :data:`MAX_PROBLEMS`
problems, ``omitted`` counting the others; writers raise :class:`ExportError` (a tournament
that does not fit the format). Bounds shared by both: :data:`MAX_ROUNDS`,
:data:`MAX_TRF_PLAYERS` (see :mod:`chessclub.formats.limits`).
"""

from __future__ import annotations

import enum
import re

from chessclub.formats.errors import (
    MAX_PROBLEMS,
    ExportError,
    FormatError,
    FrbeError,
    Problem,
    ProblemSink,
    TrfError,
)
from chessclub.formats.limits import MAX_ROUNDS, MAX_TRF_PLAYERS
from chessclub.i18n import gettext_noop
from chessclub.model import Tournament


class FileFormat(enum.Enum):
    FRBE = "frbe"
    TRF = "trf"
    UNKNOWN = "unknown"


_UTF16_BOMS = (b"\xff\xfe", b"\xfe\xff")
_FRBE_HEADER = re.compile(rb"\bNom\b.*\bMatr")
UTF16_MESSAGE = gettext_noop("UTF-16 is not supported: save the file as UTF-8 or Latin-1")


def detect_format(data: bytes) -> FileFormat:
    """Tell a TRF from a Belgian results file by its content.

    A TRF has ``001`` player records (columns 1–3); a Belgian results file has its column header
    line (``Nom … Matr. Clb Nat ELO``, spec B3). Anything else — including UTF-16 text and a
    file holding both (see :func:`read_tournament`) — is ``UNKNOWN``.
    """
    return _sniff(data)[0]


def is_utf16(data: bytes) -> bool:
    """Whether ``data`` looks like UTF-16: a UTF-16 byte-order mark, or (without one) a NUL in
    every other byte of its start, as UTF-16 writes Latin text."""
    if data.startswith(_UTF16_BOMS):
        return True
    sample = data[:256]
    sample = sample[: len(sample) // 2 * 2]
    if len(sample) < 4:
        return False
    return not any(sample[0::2]) or not any(sample[1::2])


def _sniff(data: bytes) -> tuple[FileFormat, Problem | None]:
    """The format of ``data`` and, when it is ``UNKNOWN``, the problem to report."""
    if is_utf16(data):
        return FileFormat.UNKNOWN, Problem(1, 0, UTF16_MESSAGE)
    trf_line = header_line = 0
    tabbed: tuple[int, int] | None = None  # a '001' record with tabs: (line, column)
    for number, raw in enumerate(data.splitlines(), start=1):
        line = raw[3:] if number == 1 and raw.startswith(b"\xef\xbb\xbf") else raw
        if not trf_line and line.startswith(b"001 "):
            trf_line = number
        elif tabbed is None and line.startswith(b"001") and b"\t" in line[:12]:
            tabbed = (number, line.index(b"\t") + 1)
        elif not header_line and b"Matr" in line and _FRBE_HEADER.search(line):
            header_line = number
        if trf_line and header_line:
            return FileFormat.UNKNOWN, Problem(
                max(trf_line, header_line),
                1,
                gettext_noop(
                    "both a Belgian column header on line %(header)s and TRF player records "
                    "on line %(trf)s: one file must hold one format"
                ),
                {"header": header_line, "trf": trf_line},
            )
    if trf_line:
        return FileFormat.TRF, None
    if b"Matr" in data and b"Nom" in data:
        return FileFormat.FRBE, None
    if tabbed is not None:
        return FileFormat.UNKNOWN, Problem(
            tabbed[0],
            tabbed[1],
            gettext_noop(
                "a FIDE TRF player record ('001') whose columns are separated by tabs: a TRF "
                "has fixed columns, written with spaces (a spreadsheet or an editor replaced "
                "them); save the file again with spaces"
            ),
        )
    return FileFormat.UNKNOWN, Problem(
        1,
        0,
        gettext_noop(
            "neither a FIDE TRF (no '001' player record) nor a Belgian results file "
            "(no column header 'Nom … Matr. Clb Nat ELO')"
        ),
    )


def read_tournament(
    data: bytes, *, source: str = "", warnings: ProblemSink | None = None
) -> Tournament:
    """Read a Belgian results file or a TRF (detected from content) into a :class:`Tournament`.

    ``data`` is the file's bytes; ``source`` names the file in error messages.
    Raises :class:`FormatError` (``FrbeError`` or ``TrfError``) listing every problem with its
    line and column; a plain :class:`FormatError` on line 1 for UTF-16 text or a file of neither
    format, on the later of the two lines for a file holding both a Belgian column header and
    TRF player records, at the first tab of a ``001`` record written with tabs instead of spaces.
    ``warnings`` (a list, optional) receives what a TRF reader accepted
    while it deviates from TRF-16, located (:func:`chessclub.formats.trf.to_tournament`).
    """
    found, problem = _sniff(data)
    if found is FileFormat.TRF:
        from chessclub.formats import trf

        return trf.read_tournament(data, source=source, warnings=warnings)
    if problem is not None:
        raise FormatError([problem], source=source)
    from chessclub.formats import frbe

    return frbe.read_tournament(data, source=source)


__all__ = [
    "MAX_PROBLEMS",
    "MAX_ROUNDS",
    "MAX_TRF_PLAYERS",
    "UTF16_MESSAGE",
    "ExportError",
    "FileFormat",
    "FormatError",
    "FrbeError",
    "Problem",
    "TrfError",
    "detect_format",
    "is_utf16",
    "read_tournament",
]
