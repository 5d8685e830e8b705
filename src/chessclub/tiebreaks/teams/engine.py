"""Computing team tiebreaks and ranking teams by them (C.07 Art. 4, 12–13; product spec S4).

:func:`rank_teams` ranks by the primary score (match points by default), then by each code in
order, applied only to the teams still tied; teams tied after all of them share the rank
unless a seeded drawing of lots is asked for. :func:`compute_team_tiebreaks` gives the values,
:func:`explain_team` how one was made.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from chessclub.model.points import Points
from chessclub.model.teams import Team, TeamScore, TeamTournament
from chessclub.tiebreaks.codes import (
    DEFAULT_TEAM,
    TiebreakCodeError,
    TiebreakSpec,
    parse_tiebreak,
)
from chessclub.tiebreaks.eras import RuleEra
from chessclub.tiebreaks.explanation import Explanation, TiebreakValue
from chessclub.tiebreaks.teams import groups as group_tiebreaks
from chessclub.tiebreaks.teams import values
from chessclub.tiebreaks.teams.context import TeamTiebreakContext
from chessclub.tiebreaks.tiers import sort_keys, split_groups

Family = Callable[[TeamTiebreakContext, TiebreakSpec], dict[int, Explanation]]

FAMILIES: dict[str, Family] = {
    "MP": values.team_scores,
    "GP": values.team_scores,
    "MPVGP": values.team_scores,
    "BH": values.buchholz_family,
    "EMMSB": values.buchholz_family,
    "EMGSB": values.buchholz_family,
    "EGMSB": values.buchholz_family,
    "EGGSB": values.buchholz_family,
    "ESB": values.buchholz_family,
    "BC": values.board_count,
    "SSSC": values.score_strength,
}
"""Team tiebreaks whose value does not depend on the tied groups, by canonical code."""

TEAM_CODES = frozenset(FAMILIES) | group_tiebreaks.GROUP_CODES
"""Every code :func:`rank_teams` understands (``BH`` is the one shared with individuals)."""

Codes = Sequence[str | TiebreakSpec] | str


def _specs(codes: Codes) -> tuple[TiebreakSpec, ...]:
    if isinstance(codes, str):
        codes = [c for c in codes.replace(",", " ").split() if c]
    specs = tuple(c if isinstance(c, TiebreakSpec) else parse_tiebreak(c) for c in codes)
    for spec in specs:
        if spec.name not in TEAM_CODES:
            known = ", ".join(sorted(TEAM_CODES))
            raise TiebreakCodeError(f"{spec.code} is not a team tiebreak (team codes: {known})")
    return specs


@dataclass(frozen=True, slots=True)
class TeamTiebreakResult:
    """What :func:`evaluate_teams` found: ordered tiers, values and (if kept) explanations."""

    context: TeamTiebreakContext
    specs: tuple[TiebreakSpec, ...]
    tiers: tuple[tuple[int, ...], ...]
    by_code: dict[str, dict[int, TiebreakValue]]
    explanations: dict[str, dict[int, Explanation]]

    def values(self) -> dict[int, dict[str, TiebreakValue]]:
        return {
            team: {spec.code: self.by_code[spec.code][team] for spec in self.specs}
            for team in self.context.teams
        }


def evaluate_teams(
    tournament: TeamTournament,
    codes: Codes,
    *,
    era: RuleEra | None = None,
    primary: TeamScore | str | None = None,
    pre_determined: bool | None = None,
    through_round: int | None = None,
    keep_explanations: bool = True,
) -> TeamTiebreakResult:
    """Apply the ordered tiebreaks: primary score first, then each code within tied groups."""
    specs = _specs(codes)
    ctx = TeamTiebreakContext(
        tournament,
        era=era,
        primary=primary,
        pre_determined=pre_determined,
        through_round=through_round,
    )
    score = ctx.score[ctx.primary]
    groups: list[list[int]] = []
    for team in sorted(ctx.teams, key=lambda t: (-score[t], t)):
        if groups and score[groups[-1][0]] == score[team]:
            groups[-1].append(team)
        else:
            groups.append([team])
    by_code: dict[str, dict[int, TiebreakValue]] = {}
    explanations: dict[str, dict[int, Explanation]] = {}
    for spec in specs:
        if spec.name in group_tiebreaks.EDE_CODES:
            found = group_tiebreaks.extended_direct_encounter(ctx, spec, groups)
        elif spec.name in ("TBR", "BBE"):
            found = group_tiebreaks.board_results(ctx, spec, groups)
        else:
            found = FAMILIES[spec.name](ctx, spec)
        by_code[spec.code] = {t: e.value for t, e in found.items()}
        if keep_explanations:
            explanations[spec.code] = found
        keys = sort_keys(by_code[spec.code], spec.lower_is_better)
        groups = split_groups(groups, keys)
    return TeamTiebreakResult(ctx, specs, tuple(tuple(g) for g in groups), by_code, explanations)


def compute_team_tiebreaks(
    tournament: TeamTournament,
    codes: Codes,
    *,
    era: RuleEra | None = None,
    primary: TeamScore | str | None = None,
    pre_determined: bool | None = None,
    through_round: int | None = None,
) -> dict[int, dict[str, TiebreakValue]]:
    """Every team's value of each tiebreak, by team number then canonical code."""
    return evaluate_teams(
        tournament,
        codes,
        era=era,
        primary=primary,
        pre_determined=pre_determined,
        through_round=through_round,
        keep_explanations=False,
    ).values()


@dataclass(frozen=True, slots=True)
class RankedTeam:
    """One line of the team standings (``rank`` shared by teams still tied)."""

    rank: int
    shared: bool
    team: Team
    match_points: Points
    game_points: Points
    values: dict[str, TiebreakValue]
    lot: int | None = None


def rank_teams(
    tournament: TeamTournament,
    codes: Codes | None = None,
    *,
    era: RuleEra | None = None,
    primary: TeamScore | str = "MP",
    lots_seed: int | None = None,
    pre_determined: bool | None = None,
    through_round: int | None = None,
) -> list[RankedTeam]:
    """Standings by ``primary`` (match points, or ``"GP"``) then ``codes`` (default
    ``GP EDE EMGSB`` after match points, product spec S4; ``MP EDE EMGSB`` after game points).
    """
    which = primary if isinstance(primary, TeamScore) else TeamScore(primary.upper())
    if codes is None:
        codes = DEFAULT_TEAM if which is TeamScore.MP else ("MP", *DEFAULT_TEAM[1:])
    result = evaluate_teams(
        tournament,
        codes,
        era=era,
        primary=which,
        pre_determined=pre_determined,
        through_round=through_round,
        keep_explanations=False,
    )
    ctx = result.context
    table = result.values()
    lots: dict[int, int] = {}
    if lots_seed is not None:
        drawn = list(ctx.teams)
        random.Random(lots_seed).shuffle(drawn)
        lots = {t: i + 1 for i, t in enumerate(drawn)}
    rows: list[RankedTeam] = []
    position = 1
    for tier in result.tiers:
        ordered = sorted(tier, key=lambda t: lots[t]) if lots and len(tier) > 1 else list(tier)
        for offset, team in enumerate(ordered):
            rows.append(
                RankedTeam(
                    rank=position + offset if lots else position,
                    shared=len(tier) > 1 and not lots,
                    team=tournament.team(team),
                    match_points=ctx.score[TeamScore.MP][team],
                    game_points=ctx.score[TeamScore.GP][team],
                    values=table[team],
                    lot=lots.get(team) if lots and len(tier) > 1 else None,
                )
            )
        position += len(tier)
    return rows


def explain_team(
    tournament: TeamTournament,
    team: int,
    code: str | TiebreakSpec,
    *,
    preceding: Codes = (),
    era: RuleEra | None = None,
    primary: TeamScore | str | None = None,
) -> Explanation:
    """How ``team``'s value of ``code`` was made (``preceding`` decide EDE's tied groups).
    ``Explanation.player`` holds the team number."""
    spec = code if isinstance(code, TiebreakSpec) else parse_tiebreak(code)
    result = evaluate_teams(tournament, (*_specs(preceding), spec), era=era, primary=primary)
    return result.explanations[spec.code][team]
