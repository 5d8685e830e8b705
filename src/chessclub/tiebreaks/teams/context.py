"""The data every team tiebreak reads, per rule era (FIDE C.07 Art. 12–16 for teams).

:class:`TeamTiebreakContext` derives each team's rounds (:class:`~chessclub.model.teams.TeamRound`)
once and gives, for either team score (match points or game points), the two scores the
unplayed-round rules need: a team's *adjusted score* as somebody's opponent (Art. 16.3) and the
score of the *dummy* (2023/2026) or *virtual* (before 2023) opponent that stands in for its own
unplayed rounds (Art. 16.4; C.02 Art. 13 before 2023) — the individual rules, applied to teams.
"""

from __future__ import annotations

from chessclub.model.points import ZERO, Points
from chessclub.model.teams import TeamRound, TeamScore, TeamTournament
from chessclub.tiebreaks.eras import RuleEra, default_era
from chessclub.tiebreaks.explanation import exact_sum, format_value


class TeamTiebreakContext:
    """A team tournament seen by the tiebreak rules of one era.

    ``primary`` is the score that ranks (default: the tournament's); ``pre_determined``
    selects the rules for pre-determined pairings (round robins; default: the tournament's
    system); ``through_round`` limits the rounds considered.
    """

    def __init__(
        self,
        tournament: TeamTournament,
        *,
        era: RuleEra | None = None,
        primary: TeamScore | str | None = None,
        pre_determined: bool | None = None,
        through_round: int | None = None,
    ) -> None:
        self.tournament = tournament
        self.era = era if era is not None else default_era(tournament.start_date)
        if primary is None:
            self.primary = tournament.primary
        else:
            self.primary = primary if isinstance(primary, TeamScore) else TeamScore(primary.upper())
        self.secondary = self.primary.other
        self.pre_determined = (
            tournament.system.is_round_robin if pre_determined is None else pre_determined
        )
        self.boards = tournament.boards
        self.cells: dict[int, tuple[TeamRound, ...]] = tournament.team_rounds(through_round)
        self.teams: tuple[int, ...] = tuple(sorted(self.cells))
        first = self.cells[self.teams[0]] if self.teams else ()
        self.rounds: tuple[int, ...] = tuple(c.round for c in first)
        mps, games = tournament.match_points, tournament.game_scoring
        self.win: dict[TeamScore, Points] = {
            TeamScore.MP: mps.win,
            TeamScore.GP: games.win * self.boards,
        }
        self.draw: dict[TeamScore, Points] = {
            TeamScore.MP: mps.draw,
            TeamScore.GP: games.draw * self.boards,
        }
        self.score: dict[TeamScore, dict[int, Points]] = {
            which: {t: exact_sum(c.score(which) for c in cells) for t, cells in self.cells.items()}
            for which in TeamScore
        }
        self._adjusted: dict[TeamScore, dict[int, Points]] = {}
        self.memo: dict[object, object] = {}

    @property
    def round_count(self) -> int:
        return len(self.rounds)

    def resolve(self, score: str) -> TeamScore:
        """``:MP``/``:GP`` of a descriptor, or the primary score when none is written."""
        return TeamScore(score) if score else self.primary

    # -- Art. 16 --------------------------------------------------------------------------------

    def last_not_vur(self, team: int) -> int:
        """Index of the team's last round that is not a VUR (−1 if none)."""
        cells = self.cells[team]
        for index in range(len(cells) - 1, -1, -1):
            if not cells[index].vur:
                return index
        return -1

    def unplayed_category(self, team: int, index: int) -> str | None:
        """Art. 16.2 category of an unplayed round, else ``None``."""
        kind = self.cells[team][index].kind.name
        if kind in ("PAB", "FPB"):
            return "16.2.1"
        if kind == "FORFEIT_WIN":
            return "16.2.2"
        if kind == "FORFEIT_LOSS":
            return "16.2.4"
        if kind in ("HPB", "ZPB", "ABSENT"):
            return "16.2.3" if index < self.last_not_vur(team) else "16.2.5"
        return None

    def adjusted_rounds(self, team: int, which: TeamScore) -> list[Points]:
        """Round by round, the team's points as an opponent (Art. 16.3; C.02 13.15.2)."""
        cells = self.cells[team]
        draw = self.draw[which]
        if self.pre_determined:
            return [c.score(which) for c in cells]
        if self.era is RuleEra.PRE_2023:
            return [c.score(which) if c.played else draw for c in cells]
        last = self.last_not_vur(team)
        return [
            c.score(which) if (i <= last or c.opponent is not None) else draw
            for i, c in enumerate(cells)
        ]

    def adjusted_scores(self, which: TeamScore) -> dict[int, Points]:
        cache = self._adjusted.get(which)
        if cache is None:
            cache = {t: exact_sum(self.adjusted_rounds(t, which)) for t in self.teams}
            self._adjusted[which] = cache
        return cache

    def dummy_score(self, team: int, index: int, which: TeamScore) -> Points:
        """Score of the opponent standing in for the team's unplayed round ``index``.

        2023: the team's own score; 2026: capped by the scheduled opponent's adjusted score for
        a forfeit (16.4.1), else by draw points × rounds (16.4.2); before 2023: the virtual
        opponent (score before the round + the reverse of the round's result + draws after).
        """
        cell = self.cells[team][index]
        if self.era is RuleEra.PRE_2023:
            before = exact_sum(c.score(which) for c in self.cells[team][:index])
            later = len(self.rounds) - index - 1
            return before + (self.win[which] - cell.score(which)) + self.draw[which] * later
        own = self.score[which][team]
        if self.era is RuleEra.C07_2026:
            if cell.opponent is not None:
                return min(own, self.adjusted_scores(which)[cell.opponent])
            return min(own, self.draw[which] * len(self.rounds))
        return own

    def dummy_reason(self, team: int, index: int, which: TeamScore) -> str:
        cell = self.cells[team][index]
        fmt = format_value
        if self.era is RuleEra.PRE_2023:
            return "virtual opponent (C.02 Art. 13.15.3)"
        own = self.score[which][team]
        if self.era is RuleEra.C07_2026:
            if cell.opponent is not None:
                other = self.adjusted_scores(which)[cell.opponent]
                return f"min(own {fmt(own)}, scheduled opponent {fmt(other)}) (Art. 16.4.1)"
            cap = self.draw[which] * len(self.rounds)
            return f"min(own {fmt(own)}, draw × rounds {fmt(cap)}) (Art. 16.4.2)"
        return f"own score {fmt(own)} (Art. 16.4)"


__all__ = ["ZERO", "TeamTiebreakContext"]
