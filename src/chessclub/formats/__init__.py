"""Federation and FIDE file formats: readers and writers over the core model.

- :mod:`chessclub.formats.frbe` — the Belgian federation's results file (spec B3).
- :mod:`chessclub.formats.trf` — FIDE's Tournament Report File (TRF-16, TRF-2026 records).

:func:`read_tournament` detects the format from the content, not from the file name.
"""

from __future__ import annotations

import enum

from chessclub.formats.errors import FormatError, FrbeError, Problem, TrfError
from chessclub.model import Tournament


class FileFormat(enum.Enum):
    FRBE = "frbe"
    TRF = "trf"
    UNKNOWN = "unknown"


def detect_format(data: bytes) -> FileFormat:
    """Tell a TRF from a Belgian results file by its content.

    A TRF has ``001`` player records (columns 1–3); a Belgian results file has its column header
    line (``Nom … Matr. Clb Nat ELO``, spec B3). Anything else is ``UNKNOWN``.
    """
    for raw in data.splitlines():
        line = raw.lstrip(b"\xef\xbb\xbf")
        if line.startswith(b"001 "):
            return FileFormat.TRF
    if b"Matr" in data and b"Nom" in data:
        return FileFormat.FRBE
    return FileFormat.UNKNOWN


def read_tournament(data: bytes, *, source: str = "") -> Tournament:
    """Read a Belgian results file or a TRF (detected from content) into a :class:`Tournament`.

    ``data`` is the file's bytes; ``source`` names the file in error messages.
    Raises :class:`FormatError` (``FrbeError`` or ``TrfError``) listing every problem with its
    line and column.
    """
    found = detect_format(data)
    if found is FileFormat.TRF:
        from chessclub.formats import trf

        return trf.read_tournament(data, source=source)
    if found is FileFormat.UNKNOWN:
        raise FormatError(
            [
                Problem(
                    1,
                    0,
                    "neither a FIDE TRF (no '001' player record) nor a Belgian results file "
                    "(no column header 'Nom … Matr. Clb Nat ELO')",
                )
            ],
            source=source,
        )
    from chessclub.formats import frbe

    return frbe.read_tournament(data, source=source)


__all__ = [
    "FileFormat",
    "FormatError",
    "FrbeError",
    "Problem",
    "TrfError",
    "detect_format",
    "read_tournament",
]
