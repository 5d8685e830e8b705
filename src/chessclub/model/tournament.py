"""The tournament record: players, rounds, games, byes (immutable values).

A :class:`Tournament` holds what happened; per-player views (:class:`RoundEntry`) and scores are
derived from it, keeping a game *played on the board* apart from an *unplayed* round (forfeit,
bye, absence), as the tiebreak (FIDE C.07 Art. 16) and rating rules (spec E4) require.
"""

from __future__ import annotations

import datetime
import enum
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field

from chessclub.model.ids import PairingNumber, RoundNumber
from chessclub.model.points import ZERO, Points
from chessclub.model.results import (
    FIDE_SCORING,
    ByeKind,
    Colour,
    GameResult,
    Outcome,
    ScoringSystem,
)


class TournamentError(ValueError):
    """A tournament record that contradicts itself (a player twice in a round, unknown player…)."""


class TournamentSystem(enum.Enum):
    """Pairing system of an individual tournament (spec: Tournaments, Systems)."""

    SWISS = "swiss"
    ROUND_ROBIN = "round_robin"
    DOUBLE_ROUND_ROBIN = "double_round_robin"
    OTHER = "other"

    @property
    def is_round_robin(self) -> bool:
        return self in (TournamentSystem.ROUND_ROBIN, TournamentSystem.DOUBLE_ROUND_ROBIN)


@dataclass(frozen=True, slots=True)
class Player:
    """A tournament entrant.

    ``name`` is written "Surname, First name" when the source separates them (else as written).
    ``rating`` is in rating points, ``None`` when unrated. ``matricule`` is the Belgian
    federation number; ``fide_id`` the FIDE ID; ``fictitious_rating`` marks a rating computed for
    an unrated player (Belgian ``***``, spec B4).
    """

    pairing_number: PairingNumber
    name: str
    rating: int | None = None
    title: str = ""
    sex: str = ""
    federation: str = ""
    fide_id: str = ""
    matricule: str = ""
    club: str = ""
    birth_date: str = ""
    fictitious_rating: bool = False

    @property
    def surname(self) -> str:
        return self.name.split(",", 1)[0].strip()

    @property
    def first_name(self) -> str:
        parts = self.name.split(",", 1)
        return parts[1].strip() if len(parts) == 2 else ""


@dataclass(frozen=True, slots=True)
class Game:
    """A board of a round: two players and the board's result (``GameResult.NONE`` if none yet).

    ``rated=False`` marks a game scored as played but not rated (TRF ``W``/``D``/``L``: a game
    that lasted less than one move).
    """

    white: PairingNumber
    black: PairingNumber
    result: GameResult = GameResult.NONE
    board: int | None = None
    rated: bool = True

    def colour_of(self, player: PairingNumber) -> Colour:
        if player == self.white:
            return Colour.WHITE
        if player == self.black:
            return Colour.BLACK
        raise KeyError(player)

    def opponent_of(self, player: PairingNumber) -> PairingNumber:
        return self.black if self.colour_of(player) is Colour.WHITE else self.white


@dataclass(frozen=True, slots=True)
class Bye:
    """A player without opponent in a round: a bye of one of the FIDE kinds, or an absence."""

    player: PairingNumber
    kind: ByeKind


@dataclass(frozen=True, slots=True)
class Round:
    """One round: its games and its byes/absences. ``date`` may be unknown."""

    number: RoundNumber
    games: tuple[Game, ...] = ()
    byes: tuple[Bye, ...] = ()
    date: datetime.date | None = None

    def participants(self) -> Iterator[PairingNumber]:
        for game in self.games:
            yield game.white
            yield game.black
        for bye in self.byes:
            yield bye.player


@dataclass(frozen=True, slots=True)
class RoundEntry:
    """One player's round, as a crosstable cell shows it.

    Exactly one of (``opponent`` with ``colour`` and ``result``) or ``bye`` is set, or neither
    when the player does not appear in the round at all (treated as an absence).
    ``points`` follow the tournament's scoring; ``played`` is True only for a game played on the
    board with an entered result.
    """

    round: RoundNumber
    opponent: PairingNumber | None
    colour: Colour | None
    result: GameResult | None
    bye: ByeKind | None
    outcome: Outcome | None
    points: Points
    played: bool

    @property
    def is_game(self) -> bool:
        return self.opponent is not None


@dataclass(frozen=True)
class Tournament:
    """An individual tournament's record.

    ``planned_rounds`` is the number of rounds announced (≥ the rounds present). Dates are
    :class:`datetime.date`. ``time_control`` is the tempo as text (``90 min + 30 s/coup``).
    Construction validates the record and raises :class:`TournamentError` on contradictions.
    """

    name: str
    players: tuple[Player, ...]
    rounds: tuple[Round, ...] = ()
    planned_rounds: int = 0
    system: TournamentSystem = TournamentSystem.SWISS
    scoring: ScoringSystem = FIDE_SCORING
    start_date: datetime.date | None = None
    end_date: datetime.date | None = None
    city: str = ""
    federation: str = ""
    chief_arbiter: str = ""
    deputy_arbiters: tuple[str, ...] = ()
    time_control: str = ""
    _by_number: Mapping[PairingNumber, Player] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        by_number: dict[PairingNumber, Player] = {}
        for player in self.players:
            if player.pairing_number in by_number:
                raise TournamentError(f"pairing number {player.pairing_number} used twice")
            by_number[player.pairing_number] = player
        object.__setattr__(self, "_by_number", by_number)
        seen_rounds: set[int] = set()
        for rnd in self.rounds:
            if rnd.number in seen_rounds:
                raise TournamentError(f"round {rnd.number} given twice")
            seen_rounds.add(rnd.number)
            present: set[PairingNumber] = set()
            for pn in rnd.participants():
                if pn not in by_number:
                    raise TournamentError(f"round {rnd.number}: unknown player {pn}")
                if pn in present:
                    raise TournamentError(f"round {rnd.number}: player {pn} appears twice")
                present.add(pn)
            for game in rnd.games:
                if game.white == game.black:
                    raise TournamentError(
                        f"round {rnd.number}: player {game.white} paired with themself"
                    )
        if self.planned_rounds < len(self.rounds):
            object.__setattr__(self, "planned_rounds", max(seen_rounds, default=0))

    def player(self, number: PairingNumber) -> Player:
        """The player with this pairing number; ``KeyError`` if none."""
        return self._by_number[number]

    def round(self, number: int) -> Round | None:
        for rnd in self.rounds:
            if rnd.number == number:
                return rnd
        return None

    def entries(self) -> dict[PairingNumber, list[RoundEntry]]:
        """Every player's rounds in order, one :class:`RoundEntry` per round present.

        A player missing from a round is shown as an absence (``ByeKind.ABSENT``).
        """
        table: dict[PairingNumber, list[RoundEntry]] = {p.pairing_number: [] for p in self.players}
        scoring = self.scoring
        for rnd in sorted(self.rounds, key=lambda r: r.number):
            seen: set[PairingNumber] = set()
            for game in rnd.games:
                for colour, me, other in (
                    (Colour.WHITE, game.white, game.black),
                    (Colour.BLACK, game.black, game.white),
                ):
                    outcome = game.result.outcome(colour)
                    table[me].append(
                        RoundEntry(
                            round=rnd.number,
                            opponent=other,
                            colour=colour,
                            result=game.result,
                            bye=None,
                            outcome=outcome,
                            points=scoring.for_outcome(outcome) if outcome else ZERO,
                            played=game.result.is_played,
                        )
                    )
                    seen.add(me)
            for bye in rnd.byes:
                table[bye.player].append(_bye_entry(rnd.number, bye.kind, scoring))
                seen.add(bye.player)
            for pn, cells in table.items():
                if pn not in seen:
                    cells.append(_bye_entry(rnd.number, ByeKind.ABSENT, scoring))
        return table

    def scores(self) -> dict[PairingNumber, Points]:
        """Points of every player over the entered results and byes (spec S1)."""
        return {pn: sum((e.points for e in cells), ZERO) for pn, cells in self.entries().items()}


def _bye_entry(number: RoundNumber, kind: ByeKind, scoring: ScoringSystem) -> RoundEntry:
    return RoundEntry(
        round=number,
        opponent=None,
        colour=None,
        result=None,
        bye=kind,
        outcome=None,
        points=scoring.for_bye(kind),
        played=False,
    )
