"""The data every tiebreak reads, computed once per tournament (FIDE C.07 Art. 15–16).

:class:`TiebreakContext` turns a :class:`~chessclub.model.Tournament` into one :class:`Cell`
per player and round, classifies unplayed rounds (Art. 16.1–16.2), and gives the two scores the
unplayed-round rules need: a participant's *adjusted score* as somebody's opponent (Art. 16.3)
and the score of the *dummy* (2023/2026) or *virtual* (before 2023) opponent that stands in for
his own unplayed rounds (Art. 16.4; C.02 Art. 13 before 2023). All points are exact.

Annulled games (product spec, Entries: "Annulled games"): the rounds of a round robin withdrawer
whose results are annulled (:attr:`chessclub.model.Tournament.annulled_players`) — their games,
in both players' rows, and their own byes — are :attr:`RoundKind.ANNULLED` cells: no points, no
opponent, no win, not a voluntary unplayed round, never a game. Every tiebreak therefore leaves
them out, as it leaves out an unplayed round of a round robin (Art. 15.2: it contributes nothing
to SB); the opponents' scores used in SB and KS are the scores without those games.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from fractions import Fraction
from typing import NamedTuple, TypeAlias

from chessclub.i18n import gettext_noop
from chessclub.model import (
    ByeKind,
    Colour,
    GameResult,
    Outcome,
    PairingNumber,
    Points,
    Tournament,
)
from chessclub.tiebreaks.eras import RuleEra, default_era
from chessclub.tiebreaks.explanation import Note, exact_sum

ZERO = Fraction(0)
_HALF = Fraction(1, 2)
_ONE = Fraction(1)


class RoundKind(enum.Enum):
    """What one round was for one player."""

    GAME = "game"  # played on the board (rated or not)
    FORFEIT_WIN = "forfeit win"
    FORFEIT_LOSS = "forfeit loss"
    PAB = "pairing-allocated bye"
    FPB = "full-point bye"
    HPB = "half-point bye"
    ZPB = "zero-point bye"
    ABSENT = "absent"
    PENDING = "no result yet"
    ANNULLED = "annulled"  # a round robin withdrawer's game (or bye) annulled for the standings


_BYE_KINDS: dict[ByeKind, RoundKind] = {
    ByeKind.PAIRING_ALLOCATED: RoundKind.PAB,
    ByeKind.FULL_POINT: RoundKind.FPB,
    ByeKind.HALF_POINT: RoundKind.HPB,
    ByeKind.ZERO_POINT: RoundKind.ZPB,
    ByeKind.ABSENT: RoundKind.ABSENT,
}

_VUR_KINDS = frozenset({RoundKind.HPB, RoundKind.ZPB, RoundKind.ABSENT, RoundKind.FORFEIT_LOSS})
_REQUESTED = frozenset({RoundKind.HPB, RoundKind.ZPB, RoundKind.ABSENT})


class Cell(NamedTuple):
    """One player's round. ``opponent`` is the scheduled opponent (also for forfeits)."""

    round: int
    kind: RoundKind
    points: Points
    opponent: PairingNumber | None = None
    colour: Colour | None = None
    outcome: Outcome | None = None
    rated: bool = False
    win: bool = False
    """True when the round gave a win's points (FIDE: "as many points as for a win")."""

    @property
    def played(self) -> bool:
        """A game played on the board (FIDE: "over the board")."""
        return self.kind is RoundKind.GAME

    @property
    def vur(self) -> bool:
        """Voluntary unplayed round (Art. 16.1): requested bye, absence or forfeit loss.

        Every round after a withdrawal is an absence, hence a VUR.
        """
        return self.kind in _VUR_KINDS

    @property
    def rating_points(self) -> Fraction:
        """Points on the rating scale (1, ½, 0) of a game played on the board."""
        if self.outcome is Outcome.WIN:
            return _ONE
        if self.outcome is Outcome.DRAW:
            return _HALF
        return ZERO


#: The rating unrated players count with in the Art. 10 tiebreaks: one rating for all (the
#: regulations' fixed rating), one per pairing number (a federation's computed rating, such as
#: the Belgian fictitious Elo, FRBE B4; a player missing from it stays unrated), or ``None``.
UnratedRating: TypeAlias = int | Mapping[PairingNumber, int] | None


class TiebreakContext:
    """A tournament seen by the tiebreak rules of one era.

    ``pre_determined`` selects the rules for pre-determined pairings (round robins, Art. 15.2);
    by default it follows the tournament system. ``through_round`` limits the rounds considered
    (default: every round present). ``unrated_rating`` is the rating the regulations give an
    unrated player (:data:`UnratedRating`: one for all, or one per pairing number); without it,
    rating-based tiebreaks are not computed when anyone is unrated.
    """

    def __init__(
        self,
        tournament: Tournament,
        *,
        era: RuleEra | None = None,
        pre_determined: bool | None = None,
        through_round: int | None = None,
        unrated_rating: UnratedRating = None,
    ) -> None:
        self.tournament = tournament
        self.era = era if era is not None else default_era(tournament.start_date)
        self.pre_determined = (
            tournament.system.is_round_robin if pre_determined is None else pre_determined
        )
        self.win: Points = tournament.scoring.win
        self.draw: Points = tournament.scoring.draw
        self.unrated_rating = unrated_rating
        rounds = sorted(r.number for r in tournament.rounds)
        if through_round is not None:
            rounds = [r for r in rounds if r <= through_round]
        self.rounds: tuple[int, ...] = tuple(rounds)
        self.players: tuple[PairingNumber, ...] = tuple(
            sorted(p.pairing_number for p in tournament.players)
        )
        self.annulled: frozenset[PairingNumber] = tournament.annulled_players
        """Withdrawers whose results are annulled: ranked after everybody, no tiebreak."""
        self.cells: dict[PairingNumber, tuple[Cell, ...]] = self._build_cells()
        self.score: dict[PairingNumber, Points] = {
            pn: exact_sum(c.points for c in cells) for pn, cells in self.cells.items()
        }
        self._adjusted: dict[bool, dict[PairingNumber, Points]] = {}
        self._ratings: dict[PairingNumber, int | None] | None = None
        self.memo: dict[object, object] = {}
        """Per-tiebreak results already computed (AOB reuses BH, APRO reuses TPR…)."""

    # -- construction -------------------------------------------------------------------------

    def _build_cells(self) -> dict[PairingNumber, tuple[Cell, ...]]:
        scoring = self.tournament.scoring
        wanted = set(self.rounds)
        annulled = self.annulled
        table: dict[PairingNumber, list[Cell]] = {pn: [] for pn in self.players}
        for rnd in sorted(self.tournament.rounds, key=lambda r: r.number):
            if rnd.number not in wanted:
                continue
            seen: set[PairingNumber] = set()
            for game in rnd.games:
                if game.white in annulled or game.black in annulled:
                    table[game.white].append(Cell(rnd.number, RoundKind.ANNULLED, ZERO))
                    table[game.black].append(Cell(rnd.number, RoundKind.ANNULLED, ZERO))
                    seen.update((game.white, game.black))
                    continue
                for colour, me, other in (
                    (Colour.WHITE, game.white, game.black),
                    (Colour.BLACK, game.black, game.white),
                ):
                    outcome = game.result.outcome(colour)
                    if game.result is GameResult.NONE or outcome is None:
                        kind, points = RoundKind.PENDING, ZERO
                    elif game.result.is_played:
                        kind, points = RoundKind.GAME, scoring.for_outcome(outcome)
                    elif outcome is Outcome.FORFEIT_WIN:
                        kind, points = RoundKind.FORFEIT_WIN, scoring.forfeit_win
                    else:
                        kind, points = RoundKind.FORFEIT_LOSS, scoring.forfeit_loss
                    table[me].append(
                        Cell(
                            rnd.number,
                            kind,
                            points,
                            other,
                            colour,
                            outcome,
                            game.rated,
                            kind is not RoundKind.PENDING and points == scoring.win,
                        )
                    )
                    seen.add(me)
            for bye in rnd.byes:
                if bye.player in annulled:
                    table[bye.player].append(Cell(rnd.number, RoundKind.ANNULLED, ZERO))
                    seen.add(bye.player)
                    continue
                points = scoring.for_bye(bye.kind)
                table[bye.player].append(
                    Cell(rnd.number, _BYE_KINDS[bye.kind], points, win=points == scoring.win)
                )
                seen.add(bye.player)
            for pn, cells in table.items():
                if pn in annulled and pn not in seen:
                    cells.append(Cell(rnd.number, RoundKind.ANNULLED, ZERO))
                elif pn not in seen:
                    cells.append(
                        Cell(
                            rnd.number,
                            RoundKind.ABSENT,
                            scoring.absent,
                            win=scoring.absent == scoring.win,
                        )
                    )
        return {pn: tuple(cells) for pn, cells in table.items()}

    # -- rounds ---------------------------------------------------------------------------------

    @property
    def round_count(self) -> int:
        """Number of rounds considered ("number of rounds" in Art. 16.4.2)."""
        return len(self.rounds)

    def is_last(self, index: int) -> bool:
        return index == len(self.rounds) - 1

    @property
    def at_final_round(self) -> bool:
        """Whether the last round considered is the tournament's planned final round
        (``Tournament.planned_rounds``; also with ``through_round``). Fore Buchholz (C.07
        Art. 8.3) drafts the *final* round only: before it, FB equals BH."""
        return bool(self.rounds) and self.rounds[-1] >= self.tournament.planned_rounds

    # -- Art. 16: unplayed rounds ---------------------------------------------------------------

    def last_not_vur(self, player: PairingNumber, *, fore: bool = False) -> int:
        """Index of the player's last round that is not a VUR (−1 if none).

        With ``fore`` (Fore Buchholz) a last round with an opponent or a PAB counts as played.
        """
        cells = self.cells[player]
        if fore and cells and (cells[-1].opponent is not None or cells[-1].kind is RoundKind.PAB):
            return len(cells) - 1
        for index in range(len(cells) - 1, -1, -1):
            if not cells[index].vur:
                return index
        return -1

    def unplayed_category(self, player: PairingNumber, index: int) -> str | None:
        """Art. 16.2 category (``"16.2.1"``…``"16.2.5"``) of an unplayed round, else ``None``."""
        cell = self.cells[player][index]
        kind = cell.kind
        if kind in (RoundKind.PAB, RoundKind.FPB):
            return "16.2.1"
        if kind is RoundKind.FORFEIT_WIN:
            return "16.2.2"
        if kind is RoundKind.FORFEIT_LOSS:
            return "16.2.4"
        if kind in _REQUESTED:
            return "16.2.3" if index < self.last_not_vur(player) else "16.2.5"
        return None

    def own_score(self, player: PairingNumber, *, fore: bool = False) -> Points:
        """The player's score; with ``fore`` a last-round pairing counts as a draw (Art. 8.3)."""
        score = self.score[player]
        if fore and self.rounds:
            last = self.cells[player][-1]
            if last.opponent is not None:
                score += self.draw - last.points
        return score

    def adjusted_score(self, player: PairingNumber, *, fore: bool = False) -> Points:
        """The player's score as an opponent in others' BH/SB (Art. 16.3; C.02 13.15.2).

        2023/2026: rounds of categories 16.2.1–16.2.4 count with the points awarded, 16.2.5
        rounds (requested byes followed only by VURs) as draws. Before 2023: every unplayed
        round counts as a draw. Pre-determined pairings: the points awarded.
        """
        return self.adjusted_scores(fore=fore)[player]

    def adjusted_scores(self, *, fore: bool = False) -> dict[PairingNumber, Points]:
        """:meth:`adjusted_score` of every player (computed once)."""
        cache = self._adjusted.get(fore)
        if cache is None:
            cache = {pn: self._adjusted_score(pn, fore) for pn in self.players}
            self._adjusted[fore] = cache
        return cache

    def adjusted_rounds(self, player: PairingNumber, *, fore: bool = False) -> list[Points]:
        """Round-by-round points behind :meth:`adjusted_score`."""
        cells = self.cells[player]
        values: list[Points] = []
        last = len(cells) - 1
        if self.pre_determined:
            values = [c.points for c in cells]
        elif self.era is RuleEra.PRE_2023:
            values = [c.points if c.played else self.draw for c in cells]
        else:
            lna = self.last_not_vur(player, fore=fore)
            values = [
                c.points if (i <= lna or c.opponent is not None) else self.draw
                for i, c in enumerate(cells)
            ]
        if fore and last >= 0 and cells[last].opponent is not None:
            values[last] = self.draw
        return values

    def _adjusted_score(self, player: PairingNumber, fore: bool) -> Points:
        return exact_sum(self.adjusted_rounds(player, fore=fore))

    def dummy_score(self, player: PairingNumber, index: int, *, fore: bool = False) -> Points:
        """Score of the opponent standing in for the player's unplayed round ``index``.

        * C.07 2023 (Art. 16.4): the participant's own final score.
        * C.07 2026 (Art. 16.4.1/16.4.2): that score, capped by the scheduled opponent's
          adjusted score for a forfeit, else by draw points × number of rounds.
        * Before 2023 (C.02 13.15.3, virtual opponent): the player's score before the round,
          plus the reverse of the player's result in that round, plus a draw in every later
          round.
        """
        cell = self.cells[player][index]
        if self.era is RuleEra.PRE_2023:
            before = exact_sum(c.points for c in self.cells[player][:index])
            later = len(self.rounds) - index - 1
            return before + (self.win - cell.points) + self.draw * later
        own = self.own_score(player, fore=fore)
        if self.era is RuleEra.C07_2026:
            if cell.opponent is not None:
                return min(own, self.adjusted_score(cell.opponent, fore=fore))
            return min(own, self.draw * len(self.rounds))
        return own

    def dummy_reason(self, player: PairingNumber, index: int, *, fore: bool = False) -> Note:
        """How :meth:`dummy_score` was found, in words (for explanations; a translatable
        :class:`~chessclub.tiebreaks.explanation.Note`)."""
        cell = self.cells[player][index]
        if self.era is RuleEra.PRE_2023:
            before = exact_sum(c.points for c in self.cells[player][:index])
            later = len(self.rounds) - index - 1
            return Note(
                gettext_noop(
                    "virtual opponent: %(before)s before the round + %(points)s for the round + "
                    "%(later)s draw(s) after"
                ),
                {"before": before, "points": self.win - cell.points, "later": later},
            )
        own = self.own_score(player, fore=fore)
        if self.era is RuleEra.C07_2026:
            if cell.opponent is not None:
                other = self.adjusted_score(cell.opponent, fore=fore)
                return Note(
                    gettext_noop(
                        "min(own score %(own)s, scheduled opponent's adjusted score %(other)s) "
                        "(Art. 16.4.1)"
                    ),
                    {"own": own, "other": other},
                )
            cap = self.draw * len(self.rounds)
            return Note(
                gettext_noop("min(own score %(own)s, draw points × rounds %(cap)s) (Art. 16.4.2)"),
                {"own": own, "cap": cap},
            )
        return Note(gettext_noop("own score %(own)s (Art. 16.4)"), {"own": own})

    # -- ratings (Art. 10) ----------------------------------------------------------------------

    @property
    def ratings(self) -> dict[PairingNumber, int | None]:
        """Ratings used by Art. 10 tiebreaks: ``None`` for everybody when a player is unrated
        and no rating for unrated players was set (the tiebreak cannot then be used)."""
        if self._ratings is None:
            raw = {p.pairing_number: p.rating for p in self.tournament.players}
            given = self.unrated_rating
            fixed = {
                pn: (
                    r
                    if r is not None and r > 0
                    else given.get(pn)
                    if isinstance(given, Mapping)
                    else given
                )
                for pn, r in raw.items()
            }
            if any(r is None for r in fixed.values()):
                fixed = dict.fromkeys(fixed)
            self._ratings = fixed
        return self._ratings

    @property
    def ratings_usable(self) -> bool:
        return all(r is not None for r in self.ratings.values())
