"""FIDE Tournament Report File (TRF-16 with TRF-2026 records): reader, writer, conversion.

- :func:`read_trf` / :func:`write_trf` — bytes ↔ :class:`TrfDocument`, an ordered list of typed
  records that round-trips exactly (``write_trf(read_trf(b)) == b``).
- :func:`to_tournament` / :func:`from_tournament` — document ↔ core
  :class:`~chessclub.model.Tournament`; :func:`final_ranks` — the rank column (the standings
  under given tiebreaks).
- :func:`read_tournament` / :func:`write_tournament` — bytes ↔ tournament, used by
  :func:`chessclub.formats.read_tournament`.

Reading raises :class:`~chessclub.formats.errors.TrfError` listing every problem with its line
and column.
"""

from chessclub.formats.trf.codec import parse_record, read_trf, render_record, validate, write_trf
from chessclub.formats.trf.convert import (
    UnpairedCell,
    encoded_time_control_text,
    final_ranks,
    from_tournament,
    points_disagreements,
    read_tournament,
    scoring_of,
    second_pairing_allocated_byes,
    system_from_text,
    to_tournament,
    unpaired_rounds,
    write_tournament,
)
from chessclub.formats.trf.records import (
    AccelerationRecord,
    BbRecord,
    ByesRecord,
    InitialColourRecord,
    PlayerRecord,
    ProhibitedRecord,
    RawLine,
    Record,
    ResultCode,
    RoundCell,
    RoundDatesRecord,
    RoundsRecord,
    ScoringRecord,
    TextRecord,
    TrfDocument,
    XxcRecord,
    XxsRecord,
)

__all__ = [
    "AccelerationRecord",
    "BbRecord",
    "ByesRecord",
    "InitialColourRecord",
    "PlayerRecord",
    "ProhibitedRecord",
    "RawLine",
    "Record",
    "ResultCode",
    "RoundCell",
    "RoundDatesRecord",
    "RoundsRecord",
    "ScoringRecord",
    "TextRecord",
    "TrfDocument",
    "UnpairedCell",
    "XxcRecord",
    "XxsRecord",
    "encoded_time_control_text",
    "final_ranks",
    "from_tournament",
    "parse_record",
    "points_disagreements",
    "read_tournament",
    "read_trf",
    "render_record",
    "scoring_of",
    "second_pairing_allocated_byes",
    "system_from_text",
    "to_tournament",
    "unpaired_rounds",
    "validate",
    "write_tournament",
    "write_trf",
]
