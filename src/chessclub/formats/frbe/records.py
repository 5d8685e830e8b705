"""The document model of the FRBE-KBSB results file (spec B3): the code line, the player
records and their round cells, and the whole file as written."""

from __future__ import annotations

import datetime
from dataclasses import dataclass

from chessclub.formats.frbe.layout import NO_COLOUR, UNPLAYED, FrbeLayout, _yyyymmdd


@dataclass(frozen=True, slots=True)
class CodeLine:
    """The code line (spec B3): ``<lead><code><players><rounds><start><end><trailer>``.

    ``event_code`` two digits (``00`` Swiss open, ``11`` single round robin); ``players`` and
    ``rounds`` counts; ``start_date``/``end_date`` ``YYYYMMDD`` as written (``00000000`` if
    unknown); ``trailer`` whatever follows, e.g. ``+12=4-12`` (wins, draws, losses);
    ``lead`` the character before the code: ``"\\x00"`` (current layout), ``" "`` or ``""``.
    """

    event_code: str
    players: int
    rounds: int
    start_date: str
    end_date: str
    trailer: str = ""
    lead: str = "\x00"

    @property
    def has_nul(self) -> bool:
        """True when the line starts with a NUL byte, as the federation's writers do."""
        return self.lead == "\x00"

    @property
    def start(self) -> datetime.date | None:
        return _yyyymmdd(self.start_date)

    @property
    def end(self) -> datetime.date | None:
        return _yyyymmdd(self.end_date)


@dataclass(frozen=True, slots=True)
class RoundCell:
    """One round of a player line: opponent's N° (0 = none), colour ``B``/``N``/``-``, result
    from this player's side ``1``/``0``/``5``/``-`` (spec B3)."""

    opponent: int
    colour: str
    result: str


ABSENT_CELL = RoundCell(0, NO_COLOUR, UNPLAYED)
"""``0 - -``: a round without a game (bye or absence; the file carries no points for it)."""


@dataclass(frozen=True, slots=True)
class PlayerRecord:
    """One player line. ``name`` as written (trailing spaces removed); ``matricule``, ``club``
    and ``nat`` as written without padding (``""`` when blank); ``elo`` ``None`` when blank."""

    number: int
    name: str
    matricule: str
    club: str
    nat: str
    elo: int | None
    rounds: tuple[RoundCell, ...]


@dataclass(frozen=True, slots=True)
class FrbeResultsFile:
    """A results file as written (spec B3).

    ``header_lines`` and ``footer_lines`` are free text; ``column_labels`` is the column
    header line's text before the first round date (``Nom … ELO``); ``round_dates`` one
    ``YYMMDD`` per round as written (``""`` when blank). ``encoding`` is a Python codec name,
    ``line_ending`` ``"\\r\\n"``, ``"\\n"`` or ``"\\r"``; ``final_newline`` whether the last line
    is terminated.
    """

    layout: FrbeLayout
    header_lines: tuple[str, ...]
    code: CodeLine
    column_labels: str
    round_dates: tuple[str, ...]
    players: tuple[PlayerRecord, ...]
    footer_lines: tuple[str, ...] = ()
    encoding: str = "latin-1"
    line_ending: str = "\r\n"
    final_newline: bool = True

    @property
    def first_player_line(self) -> int:
        """1-based line number of the first player line."""
        return len(self.header_lines) + 3
