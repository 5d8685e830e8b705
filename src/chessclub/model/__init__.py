"""The tournament model: identifiers, exact points, result codes, players, rounds."""

from chessclub.model.ids import PairingNumber, RoundNumber
from chessclub.model.points import HALF, ONE, ZERO, Points, format_points, parse_points
from chessclub.model.results import (
    FIDE_SCORING,
    ByeKind,
    Colour,
    GameResult,
    Outcome,
    ScoringSystem,
)
from chessclub.model.tournament import (
    ANNULMENT_THRESHOLD,
    Bye,
    Game,
    Player,
    Round,
    RoundEntry,
    Tournament,
    TournamentError,
    TournamentSystem,
)

__all__ = [
    "ANNULMENT_THRESHOLD",
    "FIDE_SCORING",
    "HALF",
    "ONE",
    "ZERO",
    "Bye",
    "ByeKind",
    "Colour",
    "Game",
    "GameResult",
    "Outcome",
    "PairingNumber",
    "Player",
    "Points",
    "Round",
    "RoundEntry",
    "RoundNumber",
    "ScoringSystem",
    "Tournament",
    "TournamentError",
    "TournamentSystem",
    "format_points",
    "parse_points",
]
