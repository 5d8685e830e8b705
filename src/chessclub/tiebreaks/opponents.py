"""Opponent-score contributions shared by Buchholz (Art. 8) and Sonneborn-Berger (Art. 9.1).

For each round of a participant: a game (or, with /P or pre-determined pairings, a forfeit)
contributes the opponent's adjusted score (Art. 16.3); an unplayed round of a Swiss contributes
the dummy opponent's score (Art. 16.4; the virtual opponent before 2023). Under pre-determined
pairings an unplayed round without opponent contributes nothing (Art. 15.2). Sonneborn-Berger
multiplies each score by the participant's points in that round.
"""

from __future__ import annotations

from chessclub.i18n import gettext_noop
from chessclub.model import PairingNumber
from chessclub.tiebreaks.codes import TiebreakSpec
from chessclub.tiebreaks.context import RoundKind, TiebreakContext
from chessclub.tiebreaks.cuts import apply_cuts, cut_label, prepare_cuts
from chessclub.tiebreaks.eras import RuleEra
from chessclub.tiebreaks.explanation import (
    ROUND_KIND_NOTES,
    Contribution,
    Explanation,
    Note,
    exact_sum,
)

_FORE_NOTE = Note(gettext_noop("last round counted as a draw for everybody (Art. 8.3)"))


def opponent_contributions(
    ctx: TiebreakContext,
    player: PairingNumber,
    spec: TiebreakSpec,
    *,
    sonneborn_berger: bool,
    fore: bool,
) -> list[Contribution]:
    """Round-by-round contributions, cuts marked (see module docstring)."""
    key = ("contributions", sonneborn_berger, fore, spec.forfeits_as_played)
    table = ctx.memo.get(key)
    if not isinstance(table, dict):
        table = {}
        ctx.memo[key] = table
    entry = table.get(player)
    if entry is None:
        entry = [_contributions(ctx, player, spec, sonneborn_berger, fore), None]
        table[player] = entry
    contributions: list[Contribution] = entry[0]
    if spec.cut_low or spec.cut_high:
        if entry[1] is None:
            entry[1] = prepare_cuts(contributions)
        return apply_cuts(
            contributions,
            low=spec.cut_low,
            high=spec.cut_high,
            rounds=ctx.round_count,
            vur_rule=ctx.era is not RuleEra.PRE_2023,
            label=cut_label(spec.cut_low, spec.cut_high),
            order=entry[1],
        )
    return contributions


def _contributions(
    ctx: TiebreakContext,
    player: PairingNumber,
    spec: TiebreakSpec,
    sonneborn_berger: bool,
    fore: bool,
) -> list[Contribution]:
    contributions: list[Contribution] = []
    adjusted = ctx.adjusted_scores(fore=fore)
    forfeits = spec.forfeits_as_played or ctx.pre_determined
    last = ctx.round_count - 1
    for index, cell in enumerate(ctx.cells[player]):
        result = cell.points
        opponent = cell.opponent
        # a game, or a forfeit counted as one (/P, Art. 15.2), or the last round of FB (Art. 8.3)
        if opponent is not None and (
            cell.kind is RoundKind.GAME or forfeits or (fore and index == last)
        ):
            score = adjusted[opponent]
            note: str = ""
            if cell.played:
                source = "game"
            elif (
                fore and ctx.is_last(index) and not (ctx.pre_determined or spec.forfeits_as_played)
            ):
                source = "last-round pairing (Fore Buchholz)"
            elif ctx.pre_determined and not spec.forfeits_as_played:
                source = "forfeit counted as a game (pre-determined pairings, Art. 15.2)"
            else:
                source = "forfeit counted as played (/P)"
            if fore and ctx.is_last(index):
                result = ctx.draw
                note = _FORE_NOTE
            vur = False
        elif not ctx.pre_determined and cell.kind is not RoundKind.ANNULLED:
            # (an annulled game has no dummy opponent: it is left out, as in a round robin)
            score = ctx.dummy_score(player, index, fore=fore)
            # VUR and the Art. 16.2 categories belong to C.07 (2023 on), not to the 2009 rules
            pre_2023 = ctx.era is RuleEra.PRE_2023
            vur = cell.vur and not pre_2023
            category = None if pre_2023 else ctx.unplayed_category(player, index)
            if ctx.era is RuleEra.PRE_2023:
                source = "virtual opponent (C.02 Art. 13.15.3)"
            elif ctx.era is RuleEra.C07_2026:
                source = "dummy opponent (C.07 Art. 16.4, 2026 caps)"
            else:
                source = "dummy opponent (C.07 Art. 16.4)"
            kind = ROUND_KIND_NOTES[cell.kind.value]
            reason = ctx.dummy_reason(player, index, fore=fore)
            if category:
                note = Note(
                    gettext_noop("%(kind)s, Art. %(article)s; %(reason)s"),
                    {"kind": kind, "article": category, "reason": reason},
                )
            else:
                note = Note(gettext_noop("%(kind)s; %(reason)s"), {"kind": kind, "reason": reason})
        else:
            continue
        value = score * result if sonneborn_berger else score
        contributions.append(
            Contribution(
                round=cell.round,
                value=value,
                opponent=cell.opponent,
                result=result if sonneborn_berger else cell.points,
                opponent_score=score,
                source=source,
                vur=vur,
                note=note,
            )
        )
    return contributions


def summed_over_opponents(
    ctx: TiebreakContext, spec: TiebreakSpec, *, sonneborn_berger: bool, fore: bool = False
) -> dict[PairingNumber, Explanation]:
    """Every player's sum of the counted :func:`opponent_contributions` (BH, FB, SB), with the
    contributions kept as the explanation."""
    result: dict[PairingNumber, Explanation] = {}
    for player in ctx.players:
        contributions = opponent_contributions(
            ctx, player, spec, sonneborn_berger=sonneborn_berger, fore=fore
        )
        result[player] = Explanation(
            player=player,
            code=spec.code,
            value=exact_sum(c.value for c in contributions if c.counted),
            article=spec.info.article,
            era=ctx.era,
            contributions=tuple(contributions),
        )
    return result
