"""Result codes of a board and the byes of a round (spec R1; FIDE C.07 vocabulary).

A board takes one of seven codes (spec R1): ``1-0``, ``½-½``, ``0-1`` (played on the board),
``+/-`` and ``-/+`` (White, resp. Black, wins by forfeit), ``-/-`` (both lose by forfeit) and
``–`` (no result yet). Forfeits are results, not byes. A player without an opponent in a round
has a :class:`Bye` of one of the FIDE kinds, or is absent (unpaired).
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from chessclub.model.points import HALF, ONE, ZERO, Points


class Colour(enum.Enum):
    """The colour a player had on the board."""

    WHITE = "w"
    BLACK = "b"

    @property
    def opposite(self) -> Colour:
        return Colour.BLACK if self is Colour.WHITE else Colour.WHITE


class Outcome(enum.Enum):
    """One player's outcome of a game, before any scoring system gives it points."""

    WIN = "win"
    DRAW = "draw"
    LOSS = "loss"
    FORFEIT_WIN = "forfeit_win"
    FORFEIT_LOSS = "forfeit_loss"


class GameResult(enum.Enum):
    """The seven result codes of a board (spec R1). ``value`` is the interface's code."""

    WHITE_WINS = "1-0"
    DRAW = "½-½"
    BLACK_WINS = "0-1"
    WHITE_WINS_BY_FORFEIT = "+/-"
    BLACK_WINS_BY_FORFEIT = "-/+"
    DOUBLE_FORFEIT = "-/-"
    NONE = "–"

    @property
    def code(self) -> str:
        """The code shown to users (``1-0``, ``½-½``, …, ``–`` for no result)."""
        return self.value

    @property
    def is_entered(self) -> bool:
        """True for every code but "no result yet" (only entered results count, spec S1)."""
        return self is not GameResult.NONE

    @property
    def is_played(self) -> bool:
        """True for a game played on the board (``1-0``, ``½-½``, ``0-1``), spec E4."""
        return self in _PLAYED

    @property
    def is_forfeit(self) -> bool:
        """True for ``+/-``, ``-/+`` and ``-/-``."""
        return self in _FORFEITS

    def outcome(self, colour: Colour) -> Outcome | None:
        """The outcome for the player of ``colour``; ``None`` when no result is entered."""
        pair = _OUTCOMES.get(self)
        if pair is None:
            return None
        return pair[0] if colour is Colour.WHITE else pair[1]

    @classmethod
    def parse(cls, text: str) -> GameResult:
        """Read a result code, accepting the usual spellings.

        ``1-0``, ``0-1``, ``½-½`` (also ``1/2-1/2``, ``0.5-0.5``, ``=``), ``+/-`` (also ``+-``,
        ``1F-0F``), ``-/+`` (``-+``, ``0F-1F``), ``-/-`` (``--``, ``0F-0F``), ``–``/``-``/empty
        for no result. Raises ``ValueError`` naming the text otherwise.
        """
        key = text.strip().replace(" ", "").upper()
        try:
            return _ALIASES[key]
        except KeyError:
            raise ValueError(f"unknown result code {text!r}") from None


_PLAYED = frozenset({GameResult.WHITE_WINS, GameResult.DRAW, GameResult.BLACK_WINS})
_FORFEITS = frozenset(
    {
        GameResult.WHITE_WINS_BY_FORFEIT,
        GameResult.BLACK_WINS_BY_FORFEIT,
        GameResult.DOUBLE_FORFEIT,
    }
)
_OUTCOMES: dict[GameResult, tuple[Outcome, Outcome]] = {
    GameResult.WHITE_WINS: (Outcome.WIN, Outcome.LOSS),
    GameResult.DRAW: (Outcome.DRAW, Outcome.DRAW),
    GameResult.BLACK_WINS: (Outcome.LOSS, Outcome.WIN),
    GameResult.WHITE_WINS_BY_FORFEIT: (Outcome.FORFEIT_WIN, Outcome.FORFEIT_LOSS),
    GameResult.BLACK_WINS_BY_FORFEIT: (Outcome.FORFEIT_LOSS, Outcome.FORFEIT_WIN),
    GameResult.DOUBLE_FORFEIT: (Outcome.FORFEIT_LOSS, Outcome.FORFEIT_LOSS),
}
_ALIASES: dict[str, GameResult] = {
    "1-0": GameResult.WHITE_WINS,
    "0-1": GameResult.BLACK_WINS,
    "½-½": GameResult.DRAW,
    "1/2-1/2": GameResult.DRAW,
    "0.5-0.5": GameResult.DRAW,
    "0,5-0,5": GameResult.DRAW,
    "=": GameResult.DRAW,
    "+/-": GameResult.WHITE_WINS_BY_FORFEIT,
    "+-": GameResult.WHITE_WINS_BY_FORFEIT,
    "1F-0F": GameResult.WHITE_WINS_BY_FORFEIT,
    "-/+": GameResult.BLACK_WINS_BY_FORFEIT,
    "-+": GameResult.BLACK_WINS_BY_FORFEIT,
    "0F-1F": GameResult.BLACK_WINS_BY_FORFEIT,
    "-/-": GameResult.DOUBLE_FORFEIT,
    "--": GameResult.DOUBLE_FORFEIT,
    "0F-0F": GameResult.DOUBLE_FORFEIT,
    "–": GameResult.NONE,
    "-": GameResult.NONE,
    "": GameResult.NONE,
}


class ByeKind(enum.Enum):
    """Why a player has no opponent in a round (FIDE C.07 Art. 16 vocabulary; TRF letters).

    ``ABSENT`` is an unpaired player (absence, withdrawal, not yet entered): zero points, like a
    zero-point bye, but not requested.
    """

    PAIRING_ALLOCATED = "U"
    HALF_POINT = "H"
    FULL_POINT = "F"
    ZERO_POINT = "Z"
    ABSENT = "-"


@dataclass(frozen=True, slots=True)
class ScoringSystem:
    """Points given for each outcome and bye (FIDE default: 1, ½, 0; PAB and FPB 1, HPB ½).

    All values are exact :data:`~chessclub.model.points.Points`. TRF-2026 record 162 and the
    ``XXS``/``BB*`` extensions describe other systems.
    """

    win: Points = ONE
    draw: Points = HALF
    loss: Points = ZERO
    forfeit_win: Points = ONE
    forfeit_loss: Points = ZERO
    pairing_allocated_bye: Points = ONE
    half_point_bye: Points = HALF
    full_point_bye: Points = ONE
    zero_point_bye: Points = ZERO
    absent: Points = ZERO

    def for_outcome(self, outcome: Outcome) -> Points:
        """Points of one player's game outcome."""
        return {
            Outcome.WIN: self.win,
            Outcome.DRAW: self.draw,
            Outcome.LOSS: self.loss,
            Outcome.FORFEIT_WIN: self.forfeit_win,
            Outcome.FORFEIT_LOSS: self.forfeit_loss,
        }[outcome]

    def for_bye(self, kind: ByeKind) -> Points:
        """Points of a bye or an absence."""
        return {
            ByeKind.PAIRING_ALLOCATED: self.pairing_allocated_bye,
            ByeKind.HALF_POINT: self.half_point_bye,
            ByeKind.FULL_POINT: self.full_point_bye,
            ByeKind.ZERO_POINT: self.zero_point_bye,
            ByeKind.ABSENT: self.absent,
        }[kind]


FIDE_SCORING = ScoringSystem()

__all__ = [
    "FIDE_SCORING",
    "ByeKind",
    "Colour",
    "GameResult",
    "Outcome",
    "ScoringSystem",
]
