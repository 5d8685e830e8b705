"""The tournament record: players, rounds, games, byes (immutable values).

A :class:`Tournament` holds what happened; per-player views (:class:`RoundEntry`) and scores are
derived from it, keeping a game *played on the board* apart from an *unplayed* round (forfeit,
bye, absence), as the tiebreak (FIDE C.07 Art. 16) and rating rules (spec E4) require.

**Annulled games** (product spec, Entries: "Annulled games"; S2; E4). In a round robin (single or
double), a player who withdraws before completing a share of their games — the tournament's
``annulment_threshold``, 50 % by default, the common competition rule — has *all* their results
annulled for the standings: every game they were paired in (before and after the withdrawal)
gives nobody any points, and the tiebreaks of every player leave it out. The record keeps the
games as they were: a game played on the board still counts for the club Elo (E4), which reads
the boards, never the annulment. The rule, as :attr:`Tournament.annulled_players` applies it:

* the player is withdrawn from round ``N`` (:attr:`Tournament.withdrawals`) and the record
  reaches round ``N`` (an announced withdrawal annuls nothing before it takes effect);
* *completed* games are the player's games of rounds before ``N`` that have a result entered
  (``1-0``, ``½-½``, ``0-1`` or a forfeit: every code but ``–``); byes are no games;
* *scheduled* games are the round robin's: ``n − 1`` for ``n`` players, ``2 (n − 1)`` in a
  double round robin;
* the results are annulled when ``completed × 100 < threshold × scheduled``: strictly fewer
  than the threshold's share. With 50 %, a player who completed exactly half of their games
  keeps their results ("before completing half"); a threshold of 0 never annuls.

A withdrawer who is not annulled keeps their results, and the round robin's remaining games are
forfeits for their opponents (the pairing stores them as ``+/-`` / ``-/+``).
"""

from __future__ import annotations

import datetime
import enum
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field, replace

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

ANNULMENT_THRESHOLD = 50
"""Default share (per cent) of a round robin's games a withdrawer must have completed to keep
their results (product spec, Entries: "before completing half of their games")."""


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
    ``points`` follow the tournament's scoring and are what the standings count: zero for an
    ``annulled`` round (a game of a round robin withdrawer whose results are annulled, or one of
    that player's byes; ``result`` and ``outcome`` still say what the board says). ``played`` is
    True only for a game played on the board with an entered result, annulled or not (spec E4).
    """

    round: RoundNumber
    opponent: PairingNumber | None
    colour: Colour | None
    result: GameResult | None
    bye: ByeKind | None
    outcome: Outcome | None
    points: Points
    played: bool
    annulled: bool = False

    @property
    def is_game(self) -> bool:
        return self.opponent is not None


@dataclass(frozen=True)
class Tournament:
    """An individual tournament's record.

    ``planned_rounds`` is the number of rounds announced (≥ the rounds present). Dates are
    :class:`datetime.date`. ``time_control`` is the tempo as text (``90 min + 30 s/coup``).
    ``withdrawals`` maps a withdrawn player to the first round they no longer play (round ≥ 1);
    ``annulment_threshold`` is the share in per cent (0–100) of a round robin's games a
    withdrawer must have completed to keep their results (see the module docstring and
    :attr:`annulled_players`). Construction validates the record and raises
    :class:`TournamentError` on contradictions (an unknown or twice-given player, a round out
    of range, a threshold outside 0–100).
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
    withdrawals: Mapping[PairingNumber, RoundNumber] = field(default_factory=dict, hash=False)
    annulment_threshold: int = ANNULMENT_THRESHOLD
    _by_number: Mapping[PairingNumber, Player] = field(init=False, repr=False, compare=False)
    _annulled: frozenset[PairingNumber] = field(init=False, repr=False, compare=False)

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
        withdrawals = dict(self.withdrawals)
        for pn, from_round in withdrawals.items():
            if pn not in by_number:
                raise TournamentError(f"withdrawal of unknown player {pn}")
            if from_round < 1:
                raise TournamentError(f"player {pn}: withdrawal from round {from_round} (< 1)")
        if not 0 <= self.annulment_threshold <= 100:
            raise TournamentError(
                f"annulment threshold {self.annulment_threshold} % is not between 0 and 100"
            )
        object.__setattr__(self, "withdrawals", withdrawals)
        object.__setattr__(self, "_annulled", self._find_annulled())

    def player(self, number: PairingNumber) -> Player:
        """The player with this pairing number; ``KeyError`` if none."""
        return self._by_number[number]

    def round(self, number: int) -> Round | None:
        for rnd in self.rounds:
            if rnd.number == number:
                return rnd
        return None

    def through_round(self, last: int) -> Tournament:
        """The tournament as it stood after round ``last`` (standings after round N, spec S1):
        the rounds numbered ``last`` or less, and the withdrawals that had begun by then (a
        withdrawal from a later round had not happened: the player was still in). The players,
        planned rounds and every setting stay. ``last`` ≥ the last round gives the tournament
        itself; ``last`` < 0 raises ``ValueError``."""
        if last < 0:
            raise ValueError(f"round {last}: standings are after round 0 or later")
        if all(rnd.number <= last for rnd in self.rounds):
            return self
        return replace(
            self,
            rounds=tuple(rnd for rnd in self.rounds if rnd.number <= last),
            withdrawals={pn: r for pn, r in self.withdrawals.items() if r <= last},
        )

    # -- annulled games (product spec, Entries: "Annulled games"; S2; E4) ----------------------

    @property
    def scheduled_games(self) -> int:
        """Games each player of a round robin is scheduled to play: ``n − 1`` for ``n`` players,
        twice that in a double round robin; 0 for other systems (no fixed schedule)."""
        if not self.system.is_round_robin or len(self.players) < 2:
            return 0
        cycles = 2 if self.system is TournamentSystem.DOUBLE_ROUND_ROBIN else 1
        return cycles * (len(self.players) - 1)

    def completed_games(self, player: PairingNumber) -> int:
        """The player's games with a result entered (played or forfeit) in the rounds before
        their withdrawal (every round when they did not withdraw). ``KeyError`` for an unknown
        player."""
        self.player(player)
        before = self.withdrawals.get(player)
        return sum(
            1
            for rnd in self.rounds
            if before is None or rnd.number < before
            for game in rnd.games
            if player in (game.white, game.black) and game.result.is_entered
        )

    def _find_annulled(self) -> frozenset[PairingNumber]:
        scheduled = self.scheduled_games
        if not scheduled or not self.withdrawals or self.annulment_threshold == 0:
            return frozenset()
        last = max((rnd.number for rnd in self.rounds), default=0)
        return frozenset(
            pn
            for pn, from_round in self.withdrawals.items()
            if from_round <= last
            and self.completed_games(pn) * 100 < self.annulment_threshold * scheduled
        )

    @property
    def annulled_players(self) -> frozenset[PairingNumber]:
        """Round robin withdrawers whose results are annulled for the standings: withdrawn
        from a round the record reaches, with completed games (:meth:`completed_games`) below
        ``annulment_threshold`` per cent of the scheduled ones (:attr:`scheduled_games`),
        strictly. Empty for a Swiss (and for any tournament without withdrawals)."""
        return self._annulled

    def is_annulled(self, game: Game) -> bool:
        """True when ``game`` gives no points nor tiebreak to anybody: one of its players is in
        :attr:`annulled_players`. The game still counts for the club Elo when it was played on
        the board (spec E4)."""
        return game.white in self._annulled or game.black in self._annulled

    def annulled_games(self) -> Iterator[tuple[RoundNumber, Game]]:
        """Every annulled game with its round number, in round order."""
        for rnd in sorted(self.rounds, key=lambda r: r.number):
            for game in rnd.games:
                if self.is_annulled(game):
                    yield rnd.number, game

    # -- per-player views -----------------------------------------------------------------------

    def entries(self) -> dict[PairingNumber, list[RoundEntry]]:
        """Every player's rounds in order, one :class:`RoundEntry` per round present.

        A player missing from a round is shown as an absence (``ByeKind.ABSENT``). The rounds
        of an annulled withdrawer, and their games in the others' rows, are marked
        ``annulled`` with zero points (:attr:`annulled_players`).
        """
        table: dict[PairingNumber, list[RoundEntry]] = {p.pairing_number: [] for p in self.players}
        scoring = self.scoring
        annulled = self._annulled
        for rnd in sorted(self.rounds, key=lambda r: r.number):
            seen: set[PairingNumber] = set()
            for game in rnd.games:
                void = game.white in annulled or game.black in annulled
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
                            points=scoring.for_outcome(outcome) if outcome and not void else ZERO,
                            played=game.result.is_played,
                            annulled=void,
                        )
                    )
                    seen.add(me)
            for bye in rnd.byes:
                table[bye.player].append(
                    _bye_entry(rnd.number, bye.kind, scoring, bye.player in annulled)
                )
                seen.add(bye.player)
            for pn, cells in table.items():
                if pn not in seen:
                    cells.append(_bye_entry(rnd.number, ByeKind.ABSENT, scoring, pn in annulled))
        return table

    def scores(self) -> dict[PairingNumber, Points]:
        """Points of every player over the entered results and byes (spec S1), annulled games
        left out."""
        return {pn: sum((e.points for e in cells), ZERO) for pn, cells in self.entries().items()}


def _bye_entry(
    number: RoundNumber, kind: ByeKind, scoring: ScoringSystem, annulled: bool = False
) -> RoundEntry:
    return RoundEntry(
        round=number,
        opponent=None,
        colour=None,
        result=None,
        bye=kind,
        outcome=None,
        points=ZERO if annulled else scoring.for_bye(kind),
        played=False,
        annulled=annulled,
    )
