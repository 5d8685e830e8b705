"""Direct Encounter (C.07 Art. 6).

Among participants still tied (same points and same earlier tiebreaks), count the points each
scored in the games between them (a forfeit counts only with /P or under pre-determined
pairings; two players who met more than once count the average of their results).

* If every tied participant met every other (always so under pre-determined pairings), they are
  ordered by that score.
* Otherwise (Swiss) the best is placed first only if his score beats the best score any other
  could reach by winning all his missing games; then the next, and so on; once that fails the
  rest stay tied (Art. 6.2).

Sub-groups still equal are examined again among themselves, until nothing changes. The value of
DE is the position inside the tied group (1 = first; shared positions are equal), so a lower
value ranks first; a player tied with no one, and every player of a group DE does not split,
has 1, and the explanation says that DE separated no one.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from chessclub.i18n import gettext_noop
from chessclub.model import PairingNumber
from chessclub.tiebreaks.codes import TiebreakSpec
from chessclub.tiebreaks.context import ZERO, TiebreakContext
from chessclub.tiebreaks.explanation import Contribution, Explanation, Note


@dataclass(frozen=True, slots=True)
class _Standing:
    player: PairingNumber
    score: Fraction
    maximum: Fraction
    met_all: bool
    games: tuple[Contribution, ...]


def _standings(
    ctx: TiebreakContext, group: Sequence[PairingNumber], forfeits: bool
) -> list[_Standing]:
    members = set(group)
    out: list[_Standing] = []
    for player in group:
        per_opponent: dict[PairingNumber, list[Fraction]] = {}
        games: list[Contribution] = []
        for cell in ctx.cells[player]:
            opponent = cell.opponent
            if opponent is None or opponent not in members:
                continue
            if not (cell.played or ctx.pre_determined or forfeits):
                continue
            per_opponent.setdefault(opponent, []).append(cell.points)
            games.append(
                Contribution(
                    round=cell.round,
                    value=cell.points,
                    opponent=opponent,
                    result=cell.points,
                    source="game" if cell.played else "forfeit counted as played",
                )
            )
        score = sum((sum(v, ZERO) / len(v) for v in per_opponent.values()), ZERO)
        missing = len(group) - 1 - len(per_opponent)
        met_all = ctx.pre_determined or missing <= 0
        maximum = score if met_all else score + ctx.win * missing
        out.append(_Standing(player, score, maximum, met_all, tuple(games)))
    return out


def _single_pass(
    ctx: TiebreakContext, group: Sequence[PairingNumber], forfeits: bool
) -> tuple[list[list[PairingNumber]], list[_Standing]]:
    standings = _standings(ctx, group, forfeits)
    if all(s.met_all for s in standings):
        ordered = sorted(standings, key=lambda s: (-s.score, s.player))
        tiers: list[list[PairingNumber]] = []
        previous: Fraction | None = None
        for s in ordered:
            if previous is None or s.score != previous:
                tiers.append([])
                previous = s.score
            tiers[-1].append(s.player)
        return tiers, standings
    ordered = sorted(standings, key=lambda s: (-s.score, -s.maximum, s.player))
    tiers = []
    for index, s in enumerate(ordered):
        rest = ordered[index + 1 :]
        if rest and s.score > max(r.maximum for r in rest):
            tiers.append([s.player])
            continue
        tiers.append([r.player for r in ordered[index:]])
        break
    return tiers, standings


def order_tied_group(
    ctx: TiebreakContext,
    group: Sequence[PairingNumber],
    spec: TiebreakSpec,
    passes: list[tuple[tuple[PairingNumber, ...], list[_Standing]]] | None = None,
) -> list[list[PairingNumber]]:
    """Split a tied group into ordered tiers by Direct Encounter (recursively).

    ``passes`` collects every comparison made: the players compared and their standings.
    """
    if len(group) < 2:
        return [list(group)]
    tiers, standings = _single_pass(ctx, group, spec.forfeits_as_played)
    if passes is not None:
        passes.append((tuple(group), standings))
    if len(tiers) == 1:
        return tiers
    result: list[list[PairingNumber]] = []
    for tier in tiers:
        result.extend(order_tied_group(ctx, tier, spec, passes))
    return result


def _pass_note(group: tuple[PairingNumber, ...], s: _Standing) -> Note:
    among = ", ".join(str(p) for p in group)
    if s.met_all:
        return Note(
            gettext_noop("among %(players)s: %(score)s"), {"players": among, "score": s.score}
        )
    return Note(
        gettext_noop(
            "among %(players)s: %(score)s (at most %(maximum)s had the missing games been won)"
        ),
        {"players": among, "score": s.score, "maximum": s.maximum},
    )


def direct_encounter(
    ctx: TiebreakContext, spec: TiebreakSpec, groups: Sequence[Sequence[PairingNumber]]
) -> dict[PairingNumber, Explanation]:
    """DE for every player, given the groups still tied when it is applied.

    The explanation lists the games inside the tied group and, for each comparison (the whole
    group, then every sub-group still equal), the player's score and best possible score.
    """
    result: dict[PairingNumber, Explanation] = {}
    for group in groups:
        passes: list[tuple[tuple[PairingNumber, ...], list[_Standing]]] = []
        tiers = order_tied_group(ctx, group, spec, passes)
        games = {s.player: s.games for s in passes[0][1]} if passes else {}
        position = 1
        for tier in tiers:
            for player in tier:
                notes: list[str] = [
                    _pass_note(members, s)
                    for members, standings in passes
                    for s in standings
                    if s.player == player
                ]
                if len(group) == 1:
                    notes.append(
                        Note(
                            gettext_noop(
                                "tied with no one when Direct Encounter applies: it separates "
                                "no one (Art. 6)"
                            )
                        )
                    )
                elif len(tier) > 1:
                    others = ", ".join(str(p) for p in tier if p != player)
                    notes.append(
                        Note(
                            gettext_noop("not separated from %(players)s by Direct Encounter"),
                            {"players": others},
                        )
                    )
                result[player] = Explanation(
                    player=player,
                    code=spec.code,
                    value=position,
                    article=spec.info.article,
                    era=ctx.era,
                    contributions=games.get(player, ()),
                    notes=tuple(notes),
                    tied_group=tuple(group),
                )
            position += len(tier)
    return result
