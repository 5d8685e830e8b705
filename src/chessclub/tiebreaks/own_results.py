"""Tiebreaks on the participant's own results (C.07 Art. 7, type B) and TPN.

* ``WIN`` (7.1) rounds with a win's points, played or not (forfeit wins, PAB, FPB);
* ``WON`` (7.2) games won over the board;
* ``BPG`` (7.3) games played with Black; ``BWG`` (7.4) games won with Black;
* ``PS`` (7.5) sum of the running scores after each round (Cut-n drops rounds 1…n);
* ``REP``/``GE`` (7.6) rounds one elected to play: games played, PAB, and rounds with a win's
  points (FPB, forfeit win); requested byes, absences and forfeit losses do not count;
* ``STD`` (2026, 7.7) standard points: 1 for more than a draw's points, ½ for a draw's, else 0;
* ``TPN`` (2026, 7.8) the tournament pairing number (lower first; ``TPN/R`` reverses).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from fractions import Fraction

from chessclub.i18n import gettext_noop
from chessclub.model import Colour, PairingNumber
from chessclub.tiebreaks.codes import TiebreakSpec
from chessclub.tiebreaks.context import ZERO, Cell, RoundKind, TiebreakContext
from chessclub.tiebreaks.explanation import Contribution, Explanation, Note, exact_sum


def _counter(
    ctx: TiebreakContext,
    spec: TiebreakSpec,
    test: Callable[[Cell], bool],
) -> dict[PairingNumber, Explanation]:
    result: dict[PairingNumber, Explanation] = {}
    for player in ctx.players:
        contributions = tuple(
            Contribution(
                round=c.round,
                value=1,
                opponent=c.opponent,
                result=c.points,
                source=c.kind.value,
            )
            for c in ctx.cells[player]
            if test(c)
        )
        result[player] = Explanation(
            player=player,
            code=spec.code,
            value=len(contributions),
            article=spec.info.article,
            era=ctx.era,
            contributions=contributions,
        )
    return result


def wins(ctx: TiebreakContext, spec: TiebreakSpec) -> dict[PairingNumber, Explanation]:
    """WIN: rounds in which the player got a win's points, with or without playing."""
    return _counter(ctx, spec, lambda c: c.win)


def games_won(ctx: TiebreakContext, spec: TiebreakSpec) -> dict[PairingNumber, Explanation]:
    """WON: games won over the board."""
    return _counter(ctx, spec, lambda c: c.played and c.win)


def black_games(ctx: TiebreakContext, spec: TiebreakSpec) -> dict[PairingNumber, Explanation]:
    """BPG: games played over the board with Black."""
    return _counter(ctx, spec, lambda c: c.played and c.colour is Colour.BLACK)


def black_wins(ctx: TiebreakContext, spec: TiebreakSpec) -> dict[PairingNumber, Explanation]:
    """BWG: games won over the board with Black."""
    return _counter(ctx, spec, lambda c: c.played and c.colour is Colour.BLACK and c.win)


def elected_to_play(ctx: TiebreakContext, spec: TiebreakSpec) -> dict[PairingNumber, Explanation]:
    """REP (GE): rounds one elected to play."""
    return _counter(
        ctx,
        spec,
        lambda c: c.played or c.kind is RoundKind.PAB or c.win,
    )


def progressive_scores(
    ctx: TiebreakContext, spec: TiebreakSpec
) -> dict[PairingNumber, Explanation]:
    """PS: sum of progressive scores; Cut-n leaves out the first n rounds."""
    result: dict[PairingNumber, Explanation] = {}
    for player in ctx.players:
        contributions: list[Contribution] = []
        cells = ctx.cells[player]
        common = math.lcm(*(c.points.denominator for c in cells))
        numerator = 0
        for index, cell in enumerate(cells):
            numerator += cell.points.numerator * (common // cell.points.denominator)
            running = Fraction(numerator, common)
            contributions.append(
                Contribution(
                    round=cell.round,
                    value=running,
                    opponent=cell.opponent,
                    result=cell.points,
                    source="score after the round",
                    cut=f"Cut-{spec.cut_low}: early round" if index < spec.cut_low else "",
                )
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


def standard_points(ctx: TiebreakContext, spec: TiebreakSpec) -> dict[PairingNumber, Explanation]:
    """STD: the score recounted with 1 / ½ / 0 points."""
    result: dict[PairingNumber, Explanation] = {}
    for player in ctx.players:
        contributions = []
        for cell in ctx.cells[player]:
            if cell.points > ctx.draw:
                value = Fraction(1)
            elif cell.points == ctx.draw:
                value = Fraction(1, 2)
            else:
                value = ZERO
            contributions.append(
                Contribution(
                    round=cell.round,
                    value=value,
                    opponent=cell.opponent,
                    result=cell.points,
                    source=cell.kind.value,
                )
            )
        result[player] = Explanation(
            player=player,
            code=spec.code,
            value=exact_sum(c.value for c in contributions),
            article=spec.info.article,
            era=ctx.era,
            contributions=tuple(contributions),
        )
    return result


_LOWER_FIRST = Note(gettext_noop("lower ranks first"))
_HIGHER_FIRST = Note(gettext_noop("higher ranks first (/R)"))


def pairing_number(ctx: TiebreakContext, spec: TiebreakSpec) -> dict[PairingNumber, Explanation]:
    """TPN: the player's pairing number."""
    return {
        player: Explanation(
            player=player,
            code=spec.code,
            value=int(player),
            article=spec.info.article,
            era=ctx.era,
            notes=(_HIGHER_FIRST if spec.reverse else _LOWER_FIRST,),
        )
        for player in ctx.players
    }
