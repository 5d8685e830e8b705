"""The fixed-width layouts of the FRBE-KBSB results file and the formats of its fields (spec B3).

Field widths, the colour and result letters, the column geometry of each of the three known
layouts (:class:`FrbeLayout`) and the digit and date checks every other module of the package
applies to the same fields.
"""

from __future__ import annotations

import datetime
import enum
from collections.abc import Mapping
from dataclasses import dataclass, field

MATRICULE_WIDTH = 5
CLUB_WIDTH = 3
NAT_WIDTH = 3
ELO_WIDTH = 4
DATE_WIDTH = 6
FICTITIOUS_NAT = "***"
"""Nat field marking a fictitious Elo given to an unrated player (spec B4)."""

WHITE = "B"
BLACK = "N"
NO_COLOUR = "-"
WIN, LOSS, DRAW, UNPLAYED = "1", "0", "5", "-"
_COLOURS = frozenset({WHITE, BLACK, NO_COLOUR})
_RESULTS = frozenset({WIN, LOSS, DRAW, UNPLAYED})
# For each result, the results the opponent may have in the same game (spec B3): a win faces a
# loss, or a forfeit ("-") when the win is by forfeit; a double forfeit is "-" on both sides.
_COUNTERPART: Mapping[str, frozenset[str]] = {
    WIN: frozenset({LOSS, UNPLAYED}),
    LOSS: frozenset({WIN}),
    DRAW: frozenset({DRAW}),
    UNPLAYED: frozenset({UNPLAYED, WIN}),
}


@dataclass(frozen=True, slots=True)
class _LayoutSpec:
    """Column geometry of one layout. Every column is 1-based.

    A player line is: N° (cols ``1 .. name_col - 2``, then a space), name (from ``name_col``,
    at most ``name_width`` characters, padded up to the matricule), matricule (5, right),
    space, club (3, right), space, Nat (3, left), space, Elo (4), then per round a space, the
    opponent (``opponent_width``, right), space, colour, space, result.
    """

    number_left: bool
    name_col: int
    name_width: int
    matricule_col: int
    elo_zero_pad: bool
    opponent_width: int
    players_width: int
    labels: str
    encoding: str
    line_ending: str
    code_lead: str
    null_date: str
    count_trailer: bool
    # Derived from the fields above once (``__post_init__``): read for every cell of a file.
    club_col: int = field(init=False, compare=False, repr=False)
    nat_col: int = field(init=False, compare=False, repr=False)
    elo_col: int = field(init=False, compare=False, repr=False)
    round_step: int = field(init=False, compare=False, repr=False)
    first_opponent_col: int = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        club_col = self.matricule_col + MATRICULE_WIDTH + 1
        nat_col = club_col + CLUB_WIDTH + 1
        elo_col = nat_col + NAT_WIDTH + 1
        object.__setattr__(self, "club_col", club_col)
        object.__setattr__(self, "nat_col", nat_col)
        object.__setattr__(self, "elo_col", elo_col)
        object.__setattr__(self, "round_step", self.opponent_width + 5)
        object.__setattr__(self, "first_opponent_col", elo_col + ELO_WIDTH + 1)

    @property
    def number_width(self) -> int:
        return self.name_col - 2

    def opponent_col(self, index: int) -> int:
        """First column of the opponent field of round ``index + 1``."""
        return self.first_opponent_col + index * self.round_step

    def colour_col(self, index: int) -> int:
        return self.opponent_col(index) + self.opponent_width + 1

    def result_col(self, index: int) -> int:
        return self.colour_col(index) + 2

    def date_col(self, index: int) -> int:
        """First column of round ``index + 1``'s date in the column header (ends at its result)."""
        return self.result_col(index) - DATE_WIDTH + 1

    def line_length(self, rounds: int) -> int:
        return self.result_col(rounds - 1) if rounds else self.elo_col + ELO_WIDTH - 1


def _labels(at: Mapping[int, str]) -> str:
    line = ""
    for col, text in sorted(at.items()):
        line = line.ljust(col - 1) + text
    return line


class FrbeLayout(enum.Enum):
    """The fixed-width layouts of the results file (spec B3).

    - ``CURRENT`` — the federation's own writers today: N° cols 1–3, name 25 characters from
      col 5 ("Surname, First name"), matricule 31–35, club 37–39, Nat 41–43, Elo ``%04d``
      45–48, round 1 opponent 50–52, colour 54, result 56, each round 8 columns further;
      Latin-1, CR LF, code line starting with a NUL byte and ending with ``+W=D-L`` counts.
    - ``OLD_NAME19`` — the federation's example of 2000 (``elite-2000-16p-7r.txt``): N° cols
      1–2, names of 19 characters from col 4, matricule 24–28, club 30–32, Nat 34–36, Elo
      38–41, round 1 opponent 43–45, colour 47, result 49, rounds 8 columns apart; code line
      starting with a space.
    - ``OLD_NAME20`` — an older program's layout (``closed-group-unrated.txt``): header
      ``N° Nom …``, N° left-aligned in cols 1–2, UPPERCASE names of 20 characters from col 4,
      matricule 25–29, club 31–33, Nat 35–37, Elo 39–42, round 1 opponent 44–45 (2 wide),
      colour 47, result 49, rounds 7 columns apart; code line without lead, players 2 wide;
      ``991230`` (30/12/1899, a Pascal zero date) as round date when none was entered.

    The layout of a file is told from the column of ``Matr.`` in its column header line.
    """

    CURRENT = "current"
    OLD_NAME19 = "old_name19"
    OLD_NAME20 = "old_name20"

    @property
    def spec(self) -> _LayoutSpec:
        return _SPECS[self]


_SPECS: dict[FrbeLayout, _LayoutSpec] = {
    FrbeLayout.CURRENT: _LayoutSpec(
        number_left=False,
        name_col=5,
        name_width=25,
        matricule_col=31,
        elo_zero_pad=True,
        opponent_width=3,
        players_width=3,
        labels=_labels({2: "N°", 5: "Nom", 31: "Matr.", 37: "Clb", 41: "Nat", 46: "ELO"}),
        encoding="latin-1",
        line_ending="\r\n",
        code_lead="\x00",
        null_date="000000",
        count_trailer=True,
    ),
    FrbeLayout.OLD_NAME19: _LayoutSpec(
        number_left=False,
        name_col=4,
        name_width=19,
        matricule_col=24,
        elo_zero_pad=False,
        opponent_width=3,
        players_width=3,
        labels=_labels({4: "Nom", 24: "Matr.", 30: "Clb", 34: "Nat", 39: "ELO"}),
        encoding="latin-1",
        line_ending="\n",
        code_lead=" ",
        null_date="000000",
        count_trailer=False,
    ),
    FrbeLayout.OLD_NAME20: _LayoutSpec(
        number_left=True,
        name_col=4,
        name_width=20,
        matricule_col=25,
        elo_zero_pad=False,
        opponent_width=2,
        players_width=2,
        labels=_labels({1: "N°", 4: "Nom", 25: "Matr.", 31: "Clb", 35: "Nat", 39: "ELO"}),
        encoding="utf-8",
        line_ending="\n",
        code_lead="",
        null_date="991230",
        count_trailer=False,
    ),
}
_LAYOUT_BY_MATR_COL = {spec.matricule_col: layout for layout, spec in _SPECS.items()}
_PASCAL_NULL_DATE = datetime.date(1999, 12, 30)  # "991230": 30/12/1899 read as YYMMDD


def _is_digits(text: str) -> bool:
    return text.isascii() and text.isdigit()


def _valid_yyyymmdd(text: str) -> bool:
    if text == "00000000":
        return True
    try:
        datetime.date(int(text[:4]), int(text[4:6]), int(text[6:]))
    except ValueError:
        return False
    return True


def _yyyymmdd(text: str) -> datetime.date | None:
    if not _is_digits(text) or len(text) != 8 or text == "00000000":
        return None
    try:
        return datetime.date(int(text[:4]), int(text[4:6]), int(text[6:]))
    except ValueError:
        return None


def _valid_yymmdd(text: str) -> bool:
    if not _is_digits(text) or len(text) != DATE_WIDTH:
        return False
    if text == "000000":
        return True
    try:
        datetime.date(2000 + int(text[:2]), int(text[2:4]), int(text[4:]))
    except ValueError:
        return False
    return True
