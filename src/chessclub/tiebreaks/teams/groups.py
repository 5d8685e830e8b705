"""Team tiebreaks decided inside the group of teams still tied: EDE and its variants, TBR, BBE.

Their value is the team's position inside the group tied when the tiebreak is applied
(1 = first; teams still tied share it), lower first — as for individual Direct Encounter.

**EDE** (C.07 Art. 13.3): direct encounter on the primary score among the tied teams; the
sub-groups still tied are split again on the secondary score, then on the primary again, and
so on until neither splits any group. In a Swiss, when not every tied team met every other, a
team goes ahead only if its score is above the best any other could have reached by winning
its missing matches (Art. 6.2). Forfeited matches count only with ``/P`` (or in a
pre-determined event). Variants (Art. 13.3.2), only for exactly two teams still tied:
``EDEC`` board count in their match(es), ``EDET`` top board result, ``EDEB`` bottom board
elimination, ``EDEBT`` = C then T, ``EDEBB`` = C then B. The order of the passes and the limit of
30 passes follow FIDE's reference implementation.

**TBR** (Art. 12.4): game points on board 1 over the tournament, then board 2, …; **BBE**
(Art. 12.5): game points without the bottom board, then without the two bottom boards, ….
"""

from __future__ import annotations

from fractions import Fraction

from chessclub.model import PairingNumber
from chessclub.model.teams import TeamRound
from chessclub.tiebreaks.codes import TiebreakSpec
from chessclub.tiebreaks.explanation import Explanation, format_value
from chessclub.tiebreaks.teams.context import TeamTiebreakContext
from chessclub.tiebreaks.teams.values import board_totals

Groups = list[list[int]]
MAX_PASSES = 30

EDE_CODES = frozenset({"EDE", "EDEC", "EDET", "EDEB", "EDEBT", "EDEBB"})
GROUP_CODES = EDE_CODES | {"TBR", "BBE"}


def _functions(name: str, boards: int) -> str:
    return {
        "EDE": "PS",
        "EDEC": "PSC",
        "EDET": "PS" + "T" * boards,
        "EDEB": "PS" + "B" * (boards - 1),
        "EDEBT": "PSC" + "T" * boards,
        "EDEBB": "PSC" + "B" * (boards - 1),
    }[name]


def _board_weights(func: str, position: int, boards: int) -> list[int]:
    if func == "C":
        return [-b for b in range(1, boards + 1)]  # lower board count is better
    if func == "T":
        return [1 if b == position else 0 for b in range(boards)]
    return [1 if b < boards - 1 - position else 0 for b in range(boards)]  # "B"


def _split(
    ctx: TeamTiebreakContext,
    group: list[int],
    points: dict[tuple[int, int], Fraction],
    best: Fraction,
    counts_forfeits: bool,
) -> tuple[list[list[int]], dict[int, str]]:
    """One direct-encounter split of a tied group. ``points[(team, round index)]`` is the
    team's score in that round's match; ``best`` the most a missing match can give."""
    members = set(group)
    value: dict[int, Fraction] = {}
    maximum: dict[int, Fraction] = {}
    met: dict[int, int] = {}
    for team in group:
        against: dict[int, list[Fraction]] = {}
        for index, cell in enumerate(ctx.cells[team]):
            if cell.opponent in members and (cell.played or counts_forfeits):
                against.setdefault(cell.opponent, []).append(points[(team, index)])
        value[team] = sum((sum(v, Fraction(0)) / len(v) for v in against.values()), Fraction(0))
        met[team] = len(against)
    all_met = ctx.pre_determined or all(met[t] == len(group) - 1 for t in group)
    for team in group:
        missing = 0 if ctx.pre_determined else len(group) - 1 - met[team]
        maximum[team] = value[team] + missing * best
    notes = {
        t: f"{format_value(value[t])}"
        + ("" if all_met else f" (at most {format_value(maximum[t])})")
        for t in group
    }
    if all_met:
        ordered = sorted(group, key=lambda t: (-value[t], t))
        parts: list[list[int]] = []
        for team in ordered:
            if parts and value[parts[-1][0]] == value[team]:
                parts[-1].append(team)
            else:
                parts.append([team])
        return parts, notes
    ordered = sorted(group, key=lambda t: (-value[t], -maximum[t], t))
    parts = [[ordered[0]]]
    alone = True
    for i in range(1, len(ordered)):
        rest_best = max(maximum[t] for t in ordered[i:])
        if alone and value[ordered[i - 1]] > rest_best:
            parts.append([ordered[i]])
        else:
            parts[-1].append(ordered[i])
            alone = False
    return parts, notes


def _round_points(
    ctx: TeamTiebreakContext, func: str, position: int
) -> tuple[dict[tuple[int, int], Fraction], Fraction]:
    table: dict[tuple[int, int], Fraction] = {}
    if func in ("P", "S"):
        which = ctx.primary if func == "P" else ctx.secondary
        for team in ctx.teams:
            for index, cell in enumerate(ctx.cells[team]):
                table[(team, index)] = cell.score(which)
        return table, ctx.win[which]
    weights = _board_weights(func, position, ctx.boards)
    for team in ctx.teams:
        for index, cell in enumerate(ctx.cells[team]):
            table[(team, index)] = _weighted(cell, weights)
    return table, ctx.tournament.game_scoring.win


def _weighted(cell: TeamRound, weights: list[int]) -> Fraction:
    return sum((w * p for w, p in zip(weights, cell.board_points, strict=False)), Fraction(0))


_FUNC_NAMES = {"P": "primary score", "S": "secondary score", "C": "board count"}


def extended_direct_encounter(
    ctx: TeamTiebreakContext, spec: TiebreakSpec, groups: Groups
) -> dict[int, Explanation]:
    """EDE (or a variant) for every team, given the groups tied before it."""
    functions = _functions(spec.name, ctx.boards)
    counts_forfeits = spec.forfeits_as_played or ctx.pre_determined
    tables: dict[int, tuple[dict[tuple[int, int], Fraction], Fraction]] = {}
    current = [list(g) for g in groups]
    notes: dict[int, list[str]] = {t: [] for t in ctx.teams}
    swap, quiet, passes = 0, 0, 0
    while passes < MAX_PASSES and quiet < len(functions):
        passes += 1
        func = functions[swap]
        position = functions[:swap].count(func)
        if swap not in tables:
            tables[swap] = _round_points(ctx, func, position)
        points, best = tables[swap]
        changed = False
        refined: Groups = []
        for group in current:
            if len(group) == 1 or (func in "CTB" and len(group) != 2):
                refined.append(group)
                continue
            parts, found = _split(ctx, group, points, best, counts_forfeits)
            label = _FUNC_NAMES.get(func) or (
                f"board {position + 1}"
                if func == "T"
                else f"without {position + 1} bottom board(s)"
            )
            for team, text in found.items():
                notes[team].append(f"{label} among {sorted(group)}: {text}")
            if len(parts) > 1:
                changed = True
            refined.extend(parts)
        current = refined
        if changed:
            quiet = 0
        else:
            quiet += 1
            swap = (swap + 1) % len(functions)
    return _positions(ctx, spec, groups, current, notes)


def _positions(
    ctx: TeamTiebreakContext,
    spec: TiebreakSpec,
    before: Groups,
    after: Groups,
    notes: dict[int, list[str]],
) -> dict[int, Explanation]:
    group_of = {t: tuple(g) for g in before for t in g}
    position: dict[int, int] = {}
    start: dict[tuple[int, ...], int] = {}
    for part in after:
        key = group_of[part[0]]
        offset = start.get(key, 1)
        for team in part:
            position[team] = offset
        start[key] = offset + len(part)
    return {
        team: Explanation(
            player=PairingNumber(team),
            code=spec.code,
            value=position[team],
            article=spec.info.article,
            era=ctx.era,
            notes=tuple(notes.get(team, ())),
            tied_group=tuple(PairingNumber(t) for t in group_of[team]),
        )
        for team in ctx.teams
    }


def board_results(
    ctx: TeamTiebreakContext, spec: TiebreakSpec, groups: Groups
) -> dict[int, Explanation]:
    """TBR or BBE: the board totals compared board after board, inside each tied group."""
    totals = board_totals(ctx)
    keys: dict[int, tuple[Fraction, ...]] = {}
    for team, sums in totals.items():
        if spec.name == "TBR":
            keys[team] = sums
        else:
            remaining = sum(sums, Fraction(0))
            steps = []
            for board in range(len(sums) - 1, -1, -1):
                remaining -= sums[board]
                steps.append(remaining)
            keys[team] = tuple(steps)
    after: Groups = []
    for group in groups:
        ordered = sorted(group, key=lambda t: (tuple(-k for k in keys[t]), t))
        for team in ordered:
            if after and after[-1][0] in group and keys[after[-1][0]] == keys[team]:
                after[-1].append(team)
            else:
                after.append([team])
    what = "board totals" if spec.name == "TBR" else "game points without bottom boards"
    notes = {t: [f"{what}: " + ", ".join(format_value(v) for v in keys[t])] for t in ctx.teams}
    return _positions(ctx, spec, groups, after, notes)


__all__ = ["EDE_CODES", "GROUP_CODES", "board_results", "extended_direct_encounter"]
