"""Computing tiebreaks and ranking a tournament by them (FIDE C.07 Art. 4; product spec S1–S4).

:func:`compute_tiebreaks` gives every player's value of each tiebreak of an ordered list;
:func:`rank` ranks by points, then by those tiebreaks in order (each applied only to the players
still tied), and lets players tied after all of them share the rank unless a seeded drawing of
lots is asked for. :func:`explain` tells how one value was made.

A round robin withdrawer whose results are annulled
(:attr:`chessclub.model.Tournament.annulled_players`, product spec "Annulled games") is not
ranked among the others: such players come last, one rank each in pairing-number order, with
zero points and no tiebreak value (``None``; the explanation says why).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from chessclub.i18n import gettext_noop
from chessclub.model import PairingNumber, Player, Points, Tournament
from chessclub.tiebreaks import buchholz, own_results, performance, sonneborn_berger
from chessclub.tiebreaks.codes import (
    DEFAULT_ROUND_ROBIN,
    DEFAULT_SWISS,
    TiebreakSpec,
    parse_tiebreak,
    require_individual,
)
from chessclub.tiebreaks.context import TiebreakContext, UnratedRating
from chessclub.tiebreaks.direct_encounter import direct_encounter
from chessclub.tiebreaks.eras import RuleEra
from chessclub.tiebreaks.explanation import Explanation, Note, TiebreakValue
from chessclub.tiebreaks.tiers import sort_keys, split_groups

Family = Callable[[TiebreakContext, TiebreakSpec], dict[PairingNumber, Explanation]]

FAMILIES: dict[str, Family] = {
    "WIN": own_results.wins,
    "WON": own_results.games_won,
    "BPG": own_results.black_games,
    "BWG": own_results.black_wins,
    "PS": own_results.progressive_scores,
    "REP": own_results.elected_to_play,
    "STD": own_results.standard_points,
    "TPN": own_results.pairing_number,
    "BH": buchholz.buchholz,
    "FB": buchholz.buchholz,
    "AOB": buchholz.average_of_opponents_buchholz,
    "SB": sonneborn_berger.sonneborn_berger,
    "KS": sonneborn_berger.koya,
    "ARO": performance.average_rating_of_opponents,
    "TPR": performance.tournament_performance,
    "PTP": performance.perfect_tournament_performance,
    "APRO": performance.average_performance_of_opponents,
    "APPO": performance.average_perfect_performance_of_opponents,
    "RTNG": performance.own_rating,
}
"""Every tiebreak but DE (which needs the tied groups), by canonical code."""

Codes = Sequence[str | TiebreakSpec] | str


def default_tiebreaks(tournament: Tournament) -> tuple[str, ...]:
    """Product spec S4: round robin ``DE SB WIN KS``; Swiss ``BH/C1 BH SB DE WIN``."""
    return DEFAULT_ROUND_ROBIN if tournament.system.is_round_robin else DEFAULT_SWISS


def _specs(codes: Codes) -> tuple[TiebreakSpec, ...]:
    """Parse ``codes`` for an individual tournament; team-only codes raise
    :class:`~chessclub.tiebreaks.codes.TiebreakCodeError`."""
    if isinstance(codes, str):
        codes = [c for c in codes.replace(",", " ").split() if c]
    return require_individual(
        tuple(c if isinstance(c, TiebreakSpec) else parse_tiebreak(c) for c in codes)
    )


@dataclass(frozen=True, slots=True)
class RankedPlayer:
    """One line of the tiebreak standings.

    ``rank`` is shared by players who remain tied (``shared`` True); ``values`` maps each
    tiebreak code (canonical spelling, in order) to the player's value; ``lot`` is the drawn lot
    number when a drawing of lots decided a remaining tie; ``annulled`` marks a round robin
    withdrawer whose results are annulled (ranked last, no tiebreak value).
    """

    rank: int
    shared: bool
    player: Player
    points: Points
    values: dict[str, TiebreakValue]
    lot: int | None = None
    annulled: bool = False

    @property
    def pairing_number(self) -> PairingNumber:
        return self.player.pairing_number


@dataclass(frozen=True, slots=True)
class TiebreakResult:
    """Everything :func:`evaluate` found: ordered tiers, values and (if kept) explanations.

    ``by_code`` maps each canonical code to every player's value; ``explanations`` is empty
    unless :func:`evaluate` was asked to keep them.
    """

    context: TiebreakContext
    specs: tuple[TiebreakSpec, ...]
    tiers: tuple[tuple[PairingNumber, ...], ...]
    by_code: dict[str, dict[PairingNumber, TiebreakValue]]
    explanations: dict[str, dict[PairingNumber, Explanation]]

    def values(self) -> dict[PairingNumber, dict[str, TiebreakValue]]:
        """Values by player, then code (in the order of the codes)."""
        return {
            pn: {spec.code: self.by_code[spec.code][pn] for spec in self.specs}
            for pn in self.context.players
        }


def evaluate(
    tournament: Tournament,
    codes: Codes,
    *,
    era: RuleEra | None = None,
    pre_determined: bool | None = None,
    through_round: int | None = None,
    unrated_rating: UnratedRating = None,
    keep_explanations: bool = True,
) -> TiebreakResult:
    """Apply the ordered tiebreaks: points first, then each code within the groups still tied.

    Annulled withdrawers (:attr:`TiebreakContext.annulled`) form the last tiers, one each, and
    get ``None`` for every code. ``keep_explanations=False`` keeps only the values (less
    memory, faster on large events). Raises
    :class:`~chessclub.tiebreaks.codes.TiebreakCodeError` for an unknown code.
    """
    specs = _specs(codes)
    ctx = TiebreakContext(
        tournament,
        era=era,
        pre_determined=pre_determined,
        through_round=through_round,
        unrated_rating=unrated_rating,
    )
    annulled = sorted(ctx.annulled)
    by_points = sorted(
        (pn for pn in ctx.players if pn not in ctx.annulled), key=lambda pn: (-ctx.score[pn], pn)
    )
    groups: list[list[PairingNumber]] = []
    for pn in by_points:
        if groups and ctx.score[groups[-1][0]] == ctx.score[pn]:
            groups[-1].append(pn)
        else:
            groups.append([pn])
    explanations: dict[str, dict[PairingNumber, Explanation]] = {}
    by_code: dict[str, dict[PairingNumber, TiebreakValue]] = {}
    for spec in specs:
        if spec.name == "DE":
            found = direct_encounter(ctx, spec, groups)
        else:
            found = FAMILIES[spec.name](ctx, spec)
        for pn in annulled:
            found[pn] = _annulled_explanation(ctx, spec, pn)
        by_code[spec.code] = {pn: e.value for pn, e in found.items()}
        if keep_explanations:
            explanations[spec.code] = found
        keys = sort_keys(by_code[spec.code], spec.lower_is_better)
        del found
        groups = split_groups(groups, keys)
    tiers = tuple(tuple(g) for g in groups if g) + tuple((pn,) for pn in annulled)
    return TiebreakResult(ctx, specs, tiers, by_code, explanations)


def _annulled_explanation(
    ctx: TiebreakContext, spec: TiebreakSpec, player: PairingNumber
) -> Explanation:
    return Explanation(
        player=player,
        code=spec.code,
        value=None,
        article=spec.info.article,
        era=ctx.era,
        notes=(
            Note(
                gettext_noop(
                    "results annulled: withdrew before completing %(threshold)s %% of the games; "
                    "not ranked with the others"
                ),
                {"threshold": ctx.tournament.annulment_threshold},
            ),
        ),
    )


def compute_tiebreaks(
    tournament: Tournament,
    codes: Codes,
    *,
    era: RuleEra | None = None,
    pre_determined: bool | None = None,
    through_round: int | None = None,
    unrated_rating: UnratedRating = None,
) -> dict[PairingNumber, dict[str, TiebreakValue]]:
    """Every player's value of each tiebreak, keyed by pairing number then canonical code.

    ``era`` defaults to the rules in force at the tournament's start date; ``pre_determined``
    to the tournament's system (round robins use the pre-determined-pairing rules).
    ``through_round`` limits the rounds counted; ``unrated_rating`` is the rating given to
    unrated players for Art. 10 tiebreaks. Values are exact (``Fraction``), integers, or
    ``None`` when a tiebreak cannot be computed for a player. DE values depend on the tied
    groups, hence on the order of ``codes``.
    """
    return evaluate(
        tournament,
        codes,
        era=era,
        pre_determined=pre_determined,
        through_round=through_round,
        unrated_rating=unrated_rating,
        keep_explanations=False,
    ).values()


def rank(
    tournament: Tournament,
    codes: Codes | None = None,
    *,
    era: RuleEra | None = None,
    lots_seed: int | None = None,
    pre_determined: bool | None = None,
    through_round: int | None = None,
    unrated_rating: UnratedRating = None,
) -> list[RankedPlayer]:
    """The standings by points then ``codes`` (default: :func:`default_tiebreaks`).

    Players tied after every tiebreak share the rank, unless ``lots_seed`` is given: a drawing
    of lots seeded by it (reproducible) then orders them (C.07 Art. 4.2).
    """
    if codes is None:
        codes = default_tiebreaks(tournament)
    result = evaluate(
        tournament,
        codes,
        era=era,
        pre_determined=pre_determined,
        through_round=through_round,
        unrated_rating=unrated_rating,
        keep_explanations=False,
    )
    ctx = result.context
    values = result.values()
    lots: dict[PairingNumber, int] = {}
    if lots_seed is not None:
        drawn = [pn for pn in ctx.players if pn not in ctx.annulled]
        random.Random(lots_seed).shuffle(drawn)
        lots = {pn: index + 1 for index, pn in enumerate(drawn)}
    rows: list[RankedPlayer] = []
    position = 1
    for tier in result.tiers:
        if lots and len(tier) > 1:
            for offset, pn in enumerate(sorted(tier, key=lambda p: lots[p])):
                rows.append(
                    RankedPlayer(
                        rank=position + offset,
                        shared=False,
                        player=tournament.player(pn),
                        points=ctx.score[pn],
                        values=values[pn],
                        lot=lots[pn],
                    )
                )
        else:
            for pn in tier:
                rows.append(
                    RankedPlayer(
                        rank=position,
                        shared=len(tier) > 1,
                        player=tournament.player(pn),
                        points=ctx.score[pn],
                        values=values[pn],
                        annulled=pn in ctx.annulled,
                    )
                )
        position += len(tier)
    return rows


def explain(
    tournament: Tournament,
    player: PairingNumber,
    code: str | TiebreakSpec,
    *,
    preceding: Codes = (),
    era: RuleEra | None = None,
    pre_determined: bool | None = None,
    through_round: int | None = None,
    unrated_rating: UnratedRating = None,
) -> Explanation:
    """How ``player``'s value of ``code`` was made.

    ``preceding`` are the tiebreaks applied before it (they decide the tied group of DE).
    Raises ``KeyError`` for an unknown player.
    """
    spec = code if isinstance(code, TiebreakSpec) else parse_tiebreak(code)
    specs = (*_specs(preceding), spec)
    result = evaluate(
        tournament,
        specs,
        era=era,
        pre_determined=pre_determined,
        through_round=through_round,
        unrated_rating=unrated_rating,
    )
    return result.explanations[spec.code][player]
