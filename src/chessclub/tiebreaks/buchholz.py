"""Buchholz family: BH (C.07 Art. 8.1), FB (Art. 8.3), AOB (Art. 8.2).

* ``BH`` — sum of the opponents' adjusted scores; unplayed rounds of a Swiss count the dummy
  opponent (Art. 16.4) or, before 2023, the virtual opponent. Cut/Median modifiers apply.
* ``FB`` — Buchholz as if every pairing of the final round were a draw (Art. 8.3). Only the
  tournament's planned final round is drafted (``Tournament.planned_rounds``): while the last
  round considered is an earlier one (an in-progress tournament, ``through_round``), FB = BH.
* ``AOB`` — average of the Buchholz of the opponents met over the board (``AOB/F``: of their
  Fore Buchholz). Exact value (a ``Fraction``), not rounded.
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

from chessclub.i18n import gettext_noop
from chessclub.model import PairingNumber
from chessclub.tiebreaks.codes import TiebreakSpec
from chessclub.tiebreaks.context import ZERO, TiebreakContext
from chessclub.tiebreaks.explanation import NO_GAME_NOTE, Contribution, Explanation, Note
from chessclub.tiebreaks.opponents import summed_over_opponents


def buchholz(ctx: TiebreakContext, spec: TiebreakSpec) -> dict[PairingNumber, Explanation]:
    """BH or FB (per ``spec.name``) for every player. Values are exact points."""
    key = ("BH", spec)
    cached = ctx.memo.get(key)
    if isinstance(cached, dict):
        return cached
    fore = spec.name == "FB"
    result = summed_over_opponents(
        ctx, spec, sonneborn_berger=False, fore=fore and ctx.at_final_round
    )
    if fore and not ctx.at_final_round:
        note = Note(
            gettext_noop(
                "round %(round)s is not the final round (%(planned)s): nothing drafted, "
                "FB = BH (C.07 Art. 8.3)"
            ),
            {
                "round": ctx.rounds[-1] if ctx.rounds else 0,
                "planned": ctx.tournament.planned_rounds,
            },
        )
        result = {p: replace(e, notes=(*e.notes, note)) for p, e in result.items()}
    ctx.memo[key] = result
    return result


def average_of_opponents_buchholz(
    ctx: TiebreakContext, spec: TiebreakSpec
) -> dict[PairingNumber, Explanation]:
    """AOB: mean Buchholz (Fore Buchholz with /F) of the opponents met over the board."""
    inner = replace(spec, name="FB" if spec.fore else "BH", fore=False, written_as="")
    values = buchholz(ctx, inner)
    result: dict[PairingNumber, Explanation] = {}
    for player in ctx.players:
        contributions: list[Contribution] = []
        for cell in ctx.cells[player]:
            counts = cell.played or (spec.forfeits_as_played and cell.opponent is not None)
            if not counts or cell.opponent is None:
                continue
            opponent_value = values[cell.opponent].value
            assert isinstance(opponent_value, Fraction)
            contributions.append(
                Contribution(
                    round=cell.round,
                    value=opponent_value,
                    opponent=cell.opponent,
                    result=cell.points,
                    opponent_score=opponent_value,
                    source=f"opponent's {inner.code}",
                )
            )
        value: Fraction | None = None
        notes: tuple[str, ...] = ()
        if contributions:
            total = ZERO
            for c in contributions:
                total += c.value
            value = total / len(contributions)
            notes = (
                Note(
                    gettext_noop("average over %(games)s game(s) played"),
                    {"games": len(contributions)},
                ),
            )
        else:
            notes = (NO_GAME_NOTE,)
        result[player] = Explanation(
            player=player,
            code=spec.code,
            value=value,
            article=spec.info.article,
            era=ctx.era,
            contributions=tuple(contributions),
            notes=notes,
        )
    return result
