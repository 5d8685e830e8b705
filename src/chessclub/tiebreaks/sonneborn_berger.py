"""Sonneborn-Berger (C.07 Art. 9.1) and the Koya system (Art. 9.2).

* ``SB`` — sum over rounds of the opponent's adjusted score × the participant's points in that
  round; unplayed rounds of a Swiss use the dummy (virtual before 2023) opponent.
* ``KS`` — points scored against opponents whose final score is at least half of the maximum
  possible (in a round robin with an odd number of players the bye round is not possible
  points); ``KS/L±x`` moves that limit by x half-points, ``KS/Lnn`` sets it to nn %.
"""

from __future__ import annotations

from fractions import Fraction

from chessclub.i18n import gettext_noop
from chessclub.model import PairingNumber
from chessclub.tiebreaks.codes import TiebreakSpec
from chessclub.tiebreaks.context import RoundKind, TiebreakContext
from chessclub.tiebreaks.explanation import Contribution, Explanation, Note, exact_sum
from chessclub.tiebreaks.opponents import summed_over_opponents


def sonneborn_berger(ctx: TiebreakContext, spec: TiebreakSpec) -> dict[PairingNumber, Explanation]:
    """SB for every player. Values are exact points (quarters with FIDE scoring)."""
    return summed_over_opponents(ctx, spec, sonneborn_berger=True)


def koya_limit(ctx: TiebreakContext, spec: TiebreakSpec) -> Fraction:
    """The Koya limit in points: 50 % (or /Lnn %) × win points × games possible, plus /L±x.

    Under pre-determined pairings the games possible exclude the bye round(s) of an odd round
    robin and the games of participants never paired (as FIDE's reference implementation).
    Annulled games (a round robin withdrawer's, :attr:`TiebreakContext.annulled`) are not
    possible points either: the limit is then that of the round robin without the withdrawer(s)
    — the most annulled games any other participant has is taken off (with every round played:
    one per annulled withdrawer, two in a double round robin).
    """
    games = ctx.round_count
    players = len(ctx.players)
    if ctx.pre_determined and players:
        if games % players == 0:
            games -= games // players
        for player in ctx.players:
            if player in ctx.annulled:
                continue
            cells = ctx.cells[player]
            if not any(c.opponent is not None or c.kind is RoundKind.PAB for c in cells):
                games -= 1
        if ctx.annulled:
            games -= max(
                (
                    sum(1 for c in ctx.cells[p] if c.kind is RoundKind.ANNULLED)
                    for p in ctx.players
                    if p not in ctx.annulled
                ),
                default=0,
            )
    return ctx.win * games * spec.koya_percent / 100 + spec.koya_shift


def koya(ctx: TiebreakContext, spec: TiebreakSpec) -> dict[PairingNumber, Explanation]:
    """KS for every player: exact points."""
    limit = koya_limit(ctx, spec)
    note = Note(
        gettext_noop("limit: opponents with at least %(points)s points"),
        {"points": Fraction(limit)},
    )
    result: dict[PairingNumber, Explanation] = {}
    for player in ctx.players:
        contributions: list[Contribution] = []
        for cell in ctx.cells[player]:
            if cell.opponent is None:
                continue
            opponent_score = ctx.score[cell.opponent]
            contributions.append(
                Contribution(
                    round=cell.round,
                    value=cell.points,
                    opponent=cell.opponent,
                    result=cell.points,
                    opponent_score=opponent_score,
                    source="game" if cell.played else cell.kind.value,
                    cut="" if opponent_score >= limit else "opponent below the Koya limit",
                )
            )
        value = exact_sum(c.value for c in contributions if c.counted)
        result[player] = Explanation(
            player=player,
            code=spec.code,
            value=value,
            article=spec.info.article,
            era=ctx.era,
            contributions=tuple(contributions),
            notes=(note,),
        )
    return result
