"""Team tournaments: teams, matches of boards, team byes, match and game points (exact).

A :class:`TeamTournament` records what happened; each team's round — a match played, a match
won or lost by forfeit, a bye — is derived from it as a :class:`TeamRound` with the team's
*match points* (MP, default 2/1/0) and *game points* (GP, the sum of its boards), both exact
``Fraction``. Board results use the seven individual codes (:class:`~chessclub.model.GameResult`)
scored by the tournament's game scoring (:class:`~chessclub.model.ScoringSystem`).

A match is *played* when at least one board was played over the board, or when both teams
scored game points; otherwise it is a match won (or lost) by forfeit, like a whole match
forfeited (:class:`MatchForfeit`), and the losing side's round is a voluntary unplayed round
(FIDE C.07 Art. 16.1) — as FIDE's reference implementation reads it.
"""

from __future__ import annotations

import datetime
import enum
from collections.abc import Mapping
from dataclasses import dataclass, field

from chessclub.model.ids import PairingNumber
from chessclub.model.points import ONE, ZERO, Points
from chessclub.model.results import FIDE_SCORING, ByeKind, Colour, GameResult, ScoringSystem
from chessclub.model.tournament import Player, TournamentError, TournamentSystem

TWO: Points = Points(2)


class TeamScore(enum.Enum):
    """The two team scores (C.07: every team tiebreak works on one of them)."""

    MP = "MP"
    GP = "GP"

    @property
    def other(self) -> TeamScore:
        return TeamScore.GP if self is TeamScore.MP else TeamScore.MP


@dataclass(frozen=True, slots=True)
class MatchPointSystem:
    """Match points of a match result and of each team bye (TRF-2026 records 362 and 320).

    ``None`` game points of a bye mean "as many boards of the matching individual result":
    a full-point bye scores a win on every board, a half-point bye a draw on every board; the
    pairing-allocated bye, when ``pab_game_points`` is ``None``, a draw on every board (FIDE
    TEC sample: 1 MP, 2 GP on four boards).
    """

    win: Points = TWO
    draw: Points = ONE
    loss: Points = ZERO
    forfeit_loss: Points = ZERO
    pairing_allocated_bye: Points | None = None
    pab_game_points: Points | None = None
    full_point_bye: Points | None = None
    half_point_bye: Points | None = None
    zero_point_bye: Points = ZERO
    absent: Points = ZERO

    def for_bye(self, kind: ByeKind) -> Points:
        return {
            ByeKind.PAIRING_ALLOCATED: self.pairing_allocated_bye
            if self.pairing_allocated_bye is not None
            else self.draw,
            ByeKind.FULL_POINT: self.full_point_bye
            if self.full_point_bye is not None
            else self.win,
            ByeKind.HALF_POINT: self.half_point_bye
            if self.half_point_bye is not None
            else self.draw,
            ByeKind.ZERO_POINT: self.zero_point_bye,
            ByeKind.ABSENT: self.absent,
        }[kind]

    def bye_game_points(self, kind: ByeKind, boards: int, scoring: ScoringSystem) -> Points:
        if kind is ByeKind.PAIRING_ALLOCATED:
            return (
                self.pab_game_points if self.pab_game_points is not None else scoring.draw * boards
            )
        if kind is ByeKind.FULL_POINT:
            return scoring.win * boards
        if kind is ByeKind.HALF_POINT:
            return scoring.draw * boards
        return ZERO


DEFAULT_MATCH_POINTS = MatchPointSystem()


@dataclass(frozen=True, slots=True)
class Team:
    """A team: pairing number, name and roster in board order.

    ``roster`` holds core :class:`~chessclub.model.Player` values or bare pairing numbers
    (:attr:`pairing_numbers` gives the numbers either way).
    """

    number: int
    name: str
    roster: tuple[Player | PairingNumber, ...] = ()
    short_name: str = ""
    federation: str = ""

    @property
    def pairing_numbers(self) -> tuple[PairingNumber, ...]:
        return tuple(m.pairing_number if isinstance(m, Player) else m for m in self.roster)


@dataclass(frozen=True, slots=True)
class BoardGame:
    """One board of a match. ``result`` reads White's side first (``1-0`` = White wins);
    ``home_colour`` is the colour of the home team's player on this board. Players may be
    unknown (``None``)."""

    board: int
    result: GameResult = GameResult.NONE
    home_player: PairingNumber | None = None
    away_player: PairingNumber | None = None
    home_colour: Colour = Colour.WHITE

    def points(self, scoring: ScoringSystem) -> tuple[Points, Points] | None:
        """(home, away) game points, ``None`` when no result is entered."""
        home = self.result.outcome(self.home_colour)
        away = self.result.outcome(self.home_colour.opposite)
        if home is None or away is None:
            return None
        return scoring.for_outcome(home), scoring.for_outcome(away)


class MatchForfeit(enum.Enum):
    """A whole match forfeited (TRF-2026 record 330): ``+-``, ``-+`` or ``--``."""

    HOME_WINS = "+-"
    AWAY_WINS = "-+"
    DOUBLE = "--"


@dataclass(frozen=True, slots=True)
class TeamMatch:
    """A match: ``home`` is the white team (first named; its board 1 takes the first colour
    of the board colour sequence). Either ``boards`` or a whole-match ``forfeit``."""

    round: int
    home: int
    away: int
    boards: tuple[BoardGame, ...] = ()
    forfeit: MatchForfeit | None = None


@dataclass(frozen=True, slots=True)
class TeamBye:
    """A team without opponent in a round (same kinds as individual byes)."""

    round: int
    team: int
    kind: ByeKind


@dataclass(frozen=True, slots=True)
class TeamForfeit:
    """A match won (``won``) or lost by forfeit whose opponent is not recorded — as in a
    crosstable that writes only ``+F``/``-F`` (FIDE's exercise book)."""

    round: int
    team: int
    won: bool


class TeamRoundKind(enum.Enum):
    """What one round was for one team."""

    MATCH = "match"
    FORFEIT_WIN = "forfeit win"
    FORFEIT_LOSS = "forfeit loss"
    PAB = "pairing-allocated bye"
    FPB = "full-point bye"
    HPB = "half-point bye"
    ZPB = "zero-point bye"
    ABSENT = "absent"
    PENDING = "no result yet"


_BYE_ROUND_KIND = {
    ByeKind.PAIRING_ALLOCATED: TeamRoundKind.PAB,
    ByeKind.FULL_POINT: TeamRoundKind.FPB,
    ByeKind.HALF_POINT: TeamRoundKind.HPB,
    ByeKind.ZERO_POINT: TeamRoundKind.ZPB,
    ByeKind.ABSENT: TeamRoundKind.ABSENT,
}
_VUR = frozenset(
    {TeamRoundKind.HPB, TeamRoundKind.ZPB, TeamRoundKind.ABSENT, TeamRoundKind.FORFEIT_LOSS}
)


@dataclass(frozen=True, slots=True)
class TeamRound:
    """One team's round, derived. ``board_points`` holds the team's game points per board
    (index 0 = board 1; for a round without boards, each board's share of the round's
    game points); ``colour`` is the team's colour (home = white)."""

    round: int
    kind: TeamRoundKind
    mp: Points
    gp: Points
    opponent: int | None = None
    colour: Colour | None = None
    board_points: tuple[Points, ...] = ()
    opponent_gp: Points = ZERO

    @property
    def played(self) -> bool:
        """A match played (at least one board over the board, or both teams scored)."""
        return self.kind is TeamRoundKind.MATCH

    @property
    def vur(self) -> bool:
        """Voluntary unplayed round (C.07 Art. 16.1): requested bye, absence, forfeit loss."""
        return self.kind in _VUR

    def score(self, which: TeamScore) -> Points:
        return self.mp if which is TeamScore.MP else self.gp


@dataclass(frozen=True)
class TeamTournament:
    """A team tournament's record: teams, matches and byes by round, scoring.

    ``boards`` is the number of boards of a match; ``match_points`` the match-point system
    (default 2/1/0); ``game_scoring`` scores each board; ``primary`` the score that ranks
    (match points by default). ``players`` optionally lists the core players of the rosters.
    ``colour_sequence`` is the home team's colour by board (TRF-2026 record 352, ``"WBWB"``;
    empty: alternating from White), used by the TRF writer.
    Construction validates the record (:class:`~chessclub.model.TournamentError`).
    """

    name: str
    teams: tuple[Team, ...]
    boards: int
    matches: tuple[TeamMatch, ...] = ()
    byes: tuple[TeamBye, ...] = ()
    forfeits: tuple[TeamForfeit, ...] = ()
    planned_rounds: int = 0
    match_points: MatchPointSystem = DEFAULT_MATCH_POINTS
    game_scoring: ScoringSystem = FIDE_SCORING
    primary: TeamScore = TeamScore.MP
    system: TournamentSystem = TournamentSystem.SWISS
    start_date: datetime.date | None = None
    players: tuple[Player, ...] = ()
    colour_sequence: str = ""
    _by_number: Mapping[int, Team] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        by_number: dict[int, Team] = {}
        for team in self.teams:
            if team.number in by_number:
                raise TournamentError(f"team number {team.number} used twice")
            by_number[team.number] = team
        object.__setattr__(self, "_by_number", by_number)
        if self.boards < 1:
            raise TournamentError("a team match needs at least one board")
        seen: set[tuple[int, int]] = set()
        for match in self.matches:
            for number in (match.home, match.away):
                if number not in by_number:
                    raise TournamentError(f"round {match.round}: unknown team {number}")
                if (match.round, number) in seen:
                    raise TournamentError(f"round {match.round}: team {number} appears twice")
                seen.add((match.round, number))
            if match.home == match.away:
                raise TournamentError(f"round {match.round}: team {match.home} plays itself")
            if len(match.boards) > self.boards or any(
                not 1 <= b.board <= self.boards for b in match.boards
            ):
                raise TournamentError(f"round {match.round}: board out of range")
        entries: tuple[TeamBye | TeamForfeit, ...] = (*self.byes, *self.forfeits)
        for entry in entries:
            if entry.team not in by_number:
                raise TournamentError(f"round {entry.round}: unknown team {entry.team}")
            if (entry.round, entry.team) in seen:
                raise TournamentError(f"round {entry.round}: team {entry.team} appears twice")
            seen.add((entry.round, entry.team))
        last = max((r for r, _ in seen), default=0)
        if self.planned_rounds < last:
            object.__setattr__(self, "planned_rounds", last)

    def team(self, number: int) -> Team:
        """The team with this pairing number; ``KeyError`` if none."""
        return self._by_number[number]

    @property
    def round_numbers(self) -> tuple[int, ...]:
        """Rounds with at least one match or bye, in order."""
        rounds = {m.round for m in self.matches} | {b.round for b in self.byes}
        return tuple(sorted(rounds | {f.round for f in self.forfeits}))

    def _match_rounds(self, match: TeamMatch) -> tuple[TeamRound, TeamRound]:
        mps, scoring, boards = self.match_points, self.game_scoring, self.boards
        home_colour = Colour.WHITE
        if match.forfeit is not None:
            win_gp = scoring.forfeit_win * boards
            won = {MatchForfeit.HOME_WINS: (True, False), MatchForfeit.AWAY_WINS: (False, True)}
            home_won, away_won = won.get(match.forfeit, (False, False))
            sides = []
            for wins, opponent, colour in (
                (home_won, match.away, home_colour),
                (away_won, match.home, home_colour.opposite),
            ):
                gp = win_gp if wins else scoring.forfeit_loss * boards
                sides.append(
                    TeamRound(
                        match.round,
                        TeamRoundKind.FORFEIT_WIN if wins else TeamRoundKind.FORFEIT_LOSS,
                        mps.win if wins else mps.forfeit_loss,
                        gp,
                        opponent,
                        colour,
                        tuple(gp / boards for _ in range(boards)),
                    )
                )
            home_gp, away_gp = sides[0].gp, sides[1].gp
            return (
                _with_opponent_gp(sides[0], away_gp),
                _with_opponent_gp(sides[1], home_gp),
            )
        home_boards = [ZERO] * boards
        away_boards = [ZERO] * boards
        pending = len(match.boards) < boards
        played = False
        for game in match.boards:
            points = game.points(scoring)
            if points is None:
                pending = True
                continue
            played = played or game.result.is_played
            home_boards[game.board - 1] += points[0]
            away_boards[game.board - 1] += points[1]
        home_gp, away_gp = sum(home_boards, ZERO), sum(away_boards, ZERO)
        if pending:
            kinds = (TeamRoundKind.PENDING, TeamRoundKind.PENDING)
            mp = (ZERO, ZERO)
        elif played or (home_gp > 0 and away_gp > 0):
            kinds = (TeamRoundKind.MATCH, TeamRoundKind.MATCH)
            if home_gp > away_gp:
                mp = (mps.win, mps.loss)
            elif home_gp < away_gp:
                mp = (mps.loss, mps.win)
            else:
                mp = (mps.draw, mps.draw)
        else:  # every board forfeited and one side (or both) scored nothing
            home_won, away_won = home_gp > away_gp, away_gp > home_gp
            kinds = (
                TeamRoundKind.FORFEIT_WIN if home_won else TeamRoundKind.FORFEIT_LOSS,
                TeamRoundKind.FORFEIT_WIN if away_won else TeamRoundKind.FORFEIT_LOSS,
            )
            mp = (
                mps.win if home_won else mps.forfeit_loss,
                mps.win if away_won else mps.forfeit_loss,
            )
        return (
            TeamRound(
                match.round,
                kinds[0],
                mp[0],
                home_gp,
                match.away,
                home_colour,
                tuple(home_boards),
                away_gp,
            ),
            TeamRound(
                match.round,
                kinds[1],
                mp[1],
                away_gp,
                match.home,
                home_colour.opposite,
                tuple(away_boards),
                home_gp,
            ),
        )

    def team_rounds(self, through_round: int | None = None) -> dict[int, tuple[TeamRound, ...]]:
        """Every team's rounds in order (one per round present; a team missing from a round
        is absent), by team number."""
        rounds = [r for r in self.round_numbers if through_round is None or r <= through_round]
        wanted = set(rounds)
        found: dict[tuple[int, int], TeamRound] = {}
        for match in self.matches:
            if match.round in wanted:
                home, away = self._match_rounds(match)
                found[(match.round, match.home)] = home
                found[(match.round, match.away)] = away
        mps, boards = self.match_points, self.boards
        for bye in self.byes:
            if bye.round in wanted:
                gp = mps.bye_game_points(bye.kind, boards, self.game_scoring)
                found[(bye.round, bye.team)] = TeamRound(
                    bye.round,
                    _BYE_ROUND_KIND[bye.kind],
                    mps.for_bye(bye.kind),
                    gp,
                    board_points=tuple(gp / boards for _ in range(boards)),
                )
        for forfeit in self.forfeits:
            if forfeit.round in wanted:
                per_board = (
                    self.game_scoring.forfeit_win if forfeit.won else self.game_scoring.forfeit_loss
                )
                found[(forfeit.round, forfeit.team)] = TeamRound(
                    forfeit.round,
                    TeamRoundKind.FORFEIT_WIN if forfeit.won else TeamRoundKind.FORFEIT_LOSS,
                    mps.win if forfeit.won else mps.forfeit_loss,
                    per_board * boards,
                    board_points=(per_board,) * boards,
                )
        result: dict[int, tuple[TeamRound, ...]] = {}
        for team in sorted(self._by_number):
            cells = []
            for rnd in rounds:
                cell = found.get((rnd, team))
                if cell is None:
                    cell = TeamRound(
                        rnd,
                        TeamRoundKind.ABSENT,
                        mps.absent,
                        ZERO,
                        board_points=(ZERO,) * boards,
                    )
                cells.append(cell)
            result[team] = tuple(cells)
        return result

    def met_over_the_board(self, through_round: int | None = None) -> set[frozenset[int]]:
        """Pairs of teams that played a match with at least one board over the board (C.04.6:
        only those count as met and give colours; a whole-match forfeit or a match whose boards
        were all forfeited — a cross-forfeit included — does not)."""
        return {
            frozenset((m.home, m.away))
            for m in self.matches
            if (through_round is None or m.round <= through_round)
            and match_played_over_the_board(m)
        }

    def scores(self, which: TeamScore | None = None) -> dict[int, Points]:
        """Match points (or game points) of every team over the entered results."""
        which = which or self.primary
        return {
            team: sum((c.score(which) for c in cells), ZERO)
            for team, cells in self.team_rounds().items()
        }


def match_played_over_the_board(match: TeamMatch) -> bool:
    """True when at least one board of the match was played over the board."""
    return match.forfeit is None and any(g.result.is_played for g in match.boards)


def _with_opponent_gp(cell: TeamRound, opponent_gp: Points) -> TeamRound:
    return TeamRound(
        cell.round,
        cell.kind,
        cell.mp,
        cell.gp,
        cell.opponent,
        cell.colour,
        cell.board_points,
        opponent_gp,
    )


__all__ = [
    "DEFAULT_MATCH_POINTS",
    "BoardGame",
    "MatchForfeit",
    "MatchPointSystem",
    "Team",
    "TeamBye",
    "TeamForfeit",
    "TeamMatch",
    "TeamRound",
    "TeamRoundKind",
    "TeamScore",
    "TeamTournament",
    "match_played_over_the_board",
]
