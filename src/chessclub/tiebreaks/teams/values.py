"""Team tiebreaks whose value does not depend on the tied group.

* ``MP``, ``GP``, ``MPVGP`` (the score that is not primary) — C.07 Art. 12.
* ``BH[:MP|:GP]`` — Buchholz on match or game points, with Cut/Median and ``/P``.
* ``EMMSB``, ``EMGSB``, ``EGMSB``, ``EGGSB`` (and ``ESB``: primary × secondary) — extended
  Sonneborn-Berger: the opponent's score (1st letter) × the team's own result in that round
  (2nd letter), unplayed rounds against the dummy opponent (Art. 16.4), with Cut and ``/P``.
* ``BC`` — board count: Σ board number × the team's game points on that board (lower first).
* ``SSSC`` — score strength combination (2026): secondary score + Buchholz on the primary
  score divided by a normaliser (``/Kx`` sets it).
"""

from __future__ import annotations

import math
from fractions import Fraction

from chessclub.model import PairingNumber
from chessclub.model.teams import TeamScore
from chessclub.tiebreaks.codes import TiebreakSpec
from chessclub.tiebreaks.cuts import apply_cuts, cut_label
from chessclub.tiebreaks.eras import RuleEra
from chessclub.tiebreaks.explanation import Contribution, Explanation, exact_sum, format_value
from chessclub.tiebreaks.teams.context import TeamTiebreakContext

Found = dict[int, Explanation]

_LETTER = {"M": TeamScore.MP, "G": TeamScore.GP}


def _explanation(
    ctx: TeamTiebreakContext,
    team: int,
    spec: TiebreakSpec,
    value: Fraction | int | None,
    contributions: tuple[Contribution, ...] = (),
    notes: tuple[str, ...] = (),
) -> Explanation:
    return Explanation(
        player=PairingNumber(team),
        code=spec.code,
        value=value,
        article=spec.info.article,
        era=ctx.era,
        contributions=contributions,
        notes=notes,
    )


def team_scores(ctx: TeamTiebreakContext, spec: TiebreakSpec) -> Found:
    """MP, GP, or MPVGP (the secondary score)."""
    which = ctx.secondary if spec.name == "MPVGP" else TeamScore(spec.name)
    result: Found = {}
    for team in ctx.teams:
        contributions = tuple(
            Contribution(
                round=c.round,
                value=c.score(which),
                opponent=None if c.opponent is None else PairingNumber(c.opponent),
                result=c.score(which),
                source=c.kind.value,
            )
            for c in ctx.cells[team]
        )
        result[team] = _explanation(
            ctx, team, spec, ctx.score[which][team], contributions, (f"{which.value} total",)
        )
    return result


def sb_scores(ctx: TeamTiebreakContext, spec: TiebreakSpec) -> tuple[TeamScore, TeamScore | None]:
    """(opponent's score, own result score) of BH (``None``: no result factor) or ESB."""
    name = spec.name
    if name == "BH" or name == "SSSC":
        return ctx.resolve(spec.score), None
    if name == "ESB":
        return ctx.resolve(spec.score), ctx.resolve(spec.score).other
    return _LETTER[name[1]], _LETTER[name[2]]


def opponent_contributions(
    ctx: TeamTiebreakContext,
    team: int,
    spec: TiebreakSpec,
    opponent_score: TeamScore,
    result_score: TeamScore | None,
) -> list[Contribution]:
    """One contribution per round: an opponent met (or, with /P, scheduled) or the dummy."""
    adjusted = ctx.adjusted_scores(opponent_score)
    contributions: list[Contribution] = []
    for index, cell in enumerate(ctx.cells[team]):
        own = cell.score(result_score) if result_score is not None else None
        counts = cell.opponent is not None and (
            cell.played or spec.forfeits_as_played or ctx.pre_determined
        )
        if counts and cell.opponent is not None:
            score = adjusted[cell.opponent]
            source = "match" if cell.played else "forfeit counted as played"
            vur = False
            note = ""
        elif not ctx.pre_determined:
            score = ctx.dummy_score(team, index, opponent_score)
            source = "virtual opponent" if ctx.era is RuleEra.PRE_2023 else "dummy opponent"
            vur = cell.vur
            note = f"{cell.kind.value}; {ctx.dummy_reason(team, index, opponent_score)}"
        else:
            continue
        value = score if own is None else score * own
        contributions.append(
            Contribution(
                round=cell.round,
                value=value,
                opponent=None if cell.opponent is None else PairingNumber(cell.opponent),
                result=own,
                opponent_score=score,
                source=source,
                vur=vur,
                note=note,
            )
        )
    if spec.cut_low or spec.cut_high:
        contributions = apply_cuts(
            contributions,
            low=spec.cut_low,
            high=spec.cut_high,
            rounds=ctx.round_count,
            vur_rule=ctx.era is not RuleEra.PRE_2023,
            label=cut_label(spec.cut_low, spec.cut_high),
        )
    return contributions


def buchholz_family(ctx: TeamTiebreakContext, spec: TiebreakSpec) -> Found:
    """BH[:MP|:GP] and the extended Sonneborn-Berger variants."""
    key = ("team-sb", spec)
    cached = ctx.memo.get(key)
    if isinstance(cached, dict):
        return cached
    opponent_score, result_score = sb_scores(ctx, spec)
    result: Found = {}
    for team in ctx.teams:
        contributions = opponent_contributions(ctx, team, spec, opponent_score, result_score)
        value = exact_sum(c.value for c in contributions if c.counted)
        what = f"opponents' {opponent_score.value}"
        if result_score is not None:
            what += f" × own {result_score.value}"
        result[team] = _explanation(ctx, team, spec, value, tuple(contributions), (what,))
    ctx.memo[key] = result
    return result


def board_count(ctx: TeamTiebreakContext, spec: TiebreakSpec) -> Found:
    """BC: Σ board × game points scored on that board (lower ranks first, as FIDE's
    reference; equivalent to weighting the top board most once game points are equal)."""
    result: Found = {}
    for team, totals in board_totals(ctx).items():
        contributions = tuple(
            Contribution(round=0, value=board * points, result=points, source=f"board {board}")
            for board, points in enumerate(totals, start=1)
        )
        value = exact_sum(c.value for c in contributions)
        result[team] = _explanation(
            ctx, team, spec, value, contributions, ("board × game points on the board",)
        )
    return result


def board_totals(ctx: TeamTiebreakContext) -> dict[int, tuple[Fraction, ...]]:
    """Each team's game points per board over all rounds (index 0 = board 1)."""
    cached = ctx.memo.get("board-totals")
    if isinstance(cached, dict):
        return cached
    totals: dict[int, tuple[Fraction, ...]] = {}
    for team in ctx.teams:
        sums = [Fraction(0)] * ctx.boards
        for cell in ctx.cells[team]:
            for index, points in enumerate(cell.board_points[: ctx.boards]):
                sums[index] += points
        totals[team] = tuple(sums)
    ctx.memo["board-totals"] = totals
    return totals


def score_strength(ctx: TeamTiebreakContext, spec: TiebreakSpec) -> Found:
    """SSSC: secondary score + Buchholz (primary score, no cut) / normaliser.

    The normaliser is ⌊MP-win × rounds / (game-win × boards)⌋ when match points are primary,
    ⌊game-win × rounds × boards / MP-win⌋ when game points are; ``/Kx`` sets it to x. The
    value is exact (FIDE's reference rounds it to hundredths)."""
    bh_spec = TiebreakSpec(name="BH", forfeits_as_played=spec.forfeits_as_played)
    primary, secondary = ctx.primary, ctx.secondary
    games = ctx.tournament.game_scoring
    rounds = ctx.round_count
    if spec.normaliser:
        divisor = spec.normaliser
    elif primary is TeamScore.MP:
        divisor = math.floor(ctx.win[TeamScore.MP] * rounds / games.win / ctx.boards)
    else:
        divisor = math.floor(games.win * rounds * ctx.boards / ctx.win[TeamScore.MP])
    divisor = max(divisor, 1)
    result: Found = {}
    for team in ctx.teams:
        contributions = opponent_contributions(ctx, team, bh_spec, primary, None)
        bh = exact_sum(c.value for c in contributions if c.counted)
        own = ctx.score[secondary][team]
        value = own + bh / divisor
        note = (
            f"{secondary.value} {format_value(own)} + BH:{primary.value} {format_value(bh)}"
            f" / {divisor}"
        )
        result[team] = _explanation(ctx, team, spec, value, tuple(contributions), (note,))
    return result
