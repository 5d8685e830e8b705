"""The Belgian federation's (FRBE-KBSB) results file: reader, writer and model mapping (spec B3).

A results file is free-text header lines, a *code line*, a *column header line* carrying one
date per round, one fixed-width line per player and optional footer lines (spec B3)::

     00 16 72000060120000612
       Nom                 Matr. Clb Nat  ELO  000601  000603 …
     1 Alpha Anne          40037 209 BEL 2334   8 N 5   2 B 5 …

Two levels are offered:

- the **document model** :class:`FrbeResultsFile` keeps everything needed to write a file back
  byte for byte (header and footer text, the code line with its leading NUL or space and its
  ``+W=D-L`` trailer, the column labels, the round dates as written, every player record, the
  :class:`FrbeLayout`, the text encoding and the line ending):
  :func:`read_results_file` / :func:`write_results_file`;
- the **core model** :class:`~chessclub.model.Tournament`: :func:`to_tournament`,
  :func:`from_tournament`, and the shortcuts :func:`read_tournament` (used by
  :func:`chessclub.formats.read_tournament`) and :func:`write_tournament`.

Columns (``Problem.column``) are 1-based character positions in the decoded line; for the
federation's Latin-1 files a character is a byte.

The package, by concern: :mod:`~chessclub.formats.frbe.layout` (the three layouts' columns,
the field widths and formats), :mod:`~chessclub.formats.frbe.records` (the document model),
:mod:`~chessclub.formats.frbe.reader` (bytes → document, problems with line and column),
:mod:`~chessclub.formats.frbe.checks` (the document's rules, shared by reading and writing),
:mod:`~chessclub.formats.frbe.writer` (document → bytes), :mod:`~chessclub.formats.frbe.header`
(what the free-text header lines tell) and :mod:`~chessclub.formats.frbe.convert` (document ↔
core model).
"""

from chessclub.formats.frbe.checks import check_results_file
from chessclub.formats.frbe.convert import (
    event_code_of_system,
    from_tournament,
    read_tournament,
    system_of_event_code,
    to_tournament,
    write_tournament,
)
from chessclub.formats.frbe.header import header_arbiter, header_dates, header_time_control
from chessclub.formats.frbe.layout import BLACK as BLACK
from chessclub.formats.frbe.layout import CLUB_WIDTH as CLUB_WIDTH
from chessclub.formats.frbe.layout import DATE_WIDTH as DATE_WIDTH
from chessclub.formats.frbe.layout import DRAW as DRAW
from chessclub.formats.frbe.layout import ELO_WIDTH as ELO_WIDTH
from chessclub.formats.frbe.layout import FICTITIOUS_NAT as FICTITIOUS_NAT
from chessclub.formats.frbe.layout import LOSS as LOSS
from chessclub.formats.frbe.layout import MATRICULE_WIDTH as MATRICULE_WIDTH
from chessclub.formats.frbe.layout import NAT_WIDTH as NAT_WIDTH
from chessclub.formats.frbe.layout import NO_COLOUR as NO_COLOUR
from chessclub.formats.frbe.layout import UNPLAYED as UNPLAYED
from chessclub.formats.frbe.layout import WHITE as WHITE
from chessclub.formats.frbe.layout import WIN as WIN
from chessclub.formats.frbe.layout import FrbeLayout
from chessclub.formats.frbe.reader import read_results_file
from chessclub.formats.frbe.records import (
    ABSENT_CELL,
    CodeLine,
    FrbeResultsFile,
    PlayerRecord,
    RoundCell,
)
from chessclub.formats.frbe.writer import write_results_file

__all__ = [
    "ABSENT_CELL",
    "CodeLine",
    "FrbeLayout",
    "FrbeResultsFile",
    "PlayerRecord",
    "RoundCell",
    "check_results_file",
    "event_code_of_system",
    "from_tournament",
    "header_arbiter",
    "header_dates",
    "header_time_control",
    "read_results_file",
    "read_tournament",
    "system_of_event_code",
    "to_tournament",
    "write_results_file",
    "write_tournament",
]
