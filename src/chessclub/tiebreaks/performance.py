"""Rating-based tiebreaks (C.07 Art. 10): ARO, TPR, PTP, APRO, APPO, RTNG.

Only games played over the board count (Art. 10; forfeits and byes are ignored, also under
pre-determined pairings, Art. 15.2). Ratings are integers; every average is rounded half up
(:func:`~chessclub.ratings.fide_tables.round_half_up`). When a participant is unrated and no
rating for unrated players was set, the values are ``None`` for everybody.

* ``ARO`` (10.1) average rating of opponents; Cut/Median drop the lowest/highest ratings
  (before 2023 unplayed rounds are the first to be cut, C.02 Art. 13.16.5);
* ``TPR`` (10.2) ARO + dp(p), p = score / games in hundredths (B.02 table 8.1.1);
* ``PTP`` (10.3) the lowest integer rating whose expected score (table 8.1.2, differences
  capped at 800) reaches the score; a score of zero gives the lowest opponent rating − 800,
  a full score the highest opponent rating + 800 (Art. 10.3; gacrux's search gives + 736);
* ``APRO`` (10.4) and ``APPO`` (10.5) averages of the opponents' TPR and PTP;
* ``RTNG`` (2026, 10.6) the participant's own rating (``RTNG/R`` reverses).
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

from chessclub.i18n import gettext_noop
from chessclub.model import PairingNumber
from chessclub.ratings.fide_tables import (
    MAX_DIFFERENCE,
    dp,
    expected_score,
    round_half_up,
    score_hundredths,
)
from chessclub.tiebreaks.codes import TiebreakSpec
from chessclub.tiebreaks.context import ZERO, Cell, TiebreakContext
from chessclub.tiebreaks.cuts import CutOrder, apply_cuts, cut_label, prepare_cuts
from chessclub.tiebreaks.eras import RuleEra
from chessclub.tiebreaks.explanation import (
    NO_GAME_NOTE,
    Contribution,
    Explanation,
    Note,
    decimal_text,
)

_UNRATED_NOTE = Note(
    gettext_noop("unrated participants and no rating set for them: not computed (C.07 Art. 10)")
)


def average_rating(ratings: list[int]) -> int | None:
    """ARO of a list of ratings, rounded half up; ``None`` for no rating."""
    if not ratings:
        return None
    return round_half_up(Fraction(sum(ratings), len(ratings)))


def performance_rating(score: Fraction, ratings: list[int]) -> int | None:
    """TPR = ARO + dp(score / games)."""
    aro = average_rating(ratings)
    if aro is None:
        return None
    return aro + dp(score_hundredths(score, len(ratings)))


def perfect_performance(score: Fraction, ratings: list[int]) -> int | None:
    """PTP: lowest integer R with Σ expected(R, opponent) ≥ score (C.07 Art. 10.3).

    ``score`` in rating points (1 a win) over the games against ``ratings``; ``None`` without a
    game. Art. 10.3 sets the two ends: a zero score gives the lowest opponent rating − 800, a
    full score the highest + 800 (the search alone would stop at + 736, where table 8.1.2
    already gives 1.00 — FIDE's reference implementation gacrux returns that).
    """
    if not ratings:
        return None
    if score <= 0:
        return min(ratings) - MAX_DIFFERENCE
    if score >= len(ratings):
        return max(ratings) + MAX_DIFFERENCE
    target = score * 100  # expected scores are in hundredths

    def reaches(rating: int) -> bool:
        return sum(expected_score(rating, r) for r in ratings) >= target

    low, high = min(ratings) - MAX_DIFFERENCE, max(ratings) + MAX_DIFFERENCE
    # invariant: reaches(high) and not reaches(low)
    while high - low > 1:
        middle = (low + high) // 2
        if reaches(middle):
            high = middle
        else:
            low = middle
    return high


def _games(ctx: TiebreakContext, player: PairingNumber) -> list[Cell]:
    return [c for c in ctx.cells[player] if c.played and c.opponent is not None]


def _rating_contributions(ctx: TiebreakContext, player: PairingNumber) -> list[Contribution]:
    """The player's games with the opponent's rating (computed once per player)."""
    table = ctx.memo.setdefault("rating contributions", {})
    assert isinstance(table, dict)
    cached = table.get(player)
    if cached is None:
        cached = table[player] = _rating_contributions_of(ctx, player)
    return list(cached)


def _cut_order(
    ctx: TiebreakContext, player: PairingNumber, contributions: list[Contribution]
) -> CutOrder:
    table = ctx.memo.setdefault("rating cut orders", {})
    assert isinstance(table, dict)
    order = table.get(player)
    if order is None:
        order = table[player] = prepare_cuts(contributions)
    assert isinstance(order, CutOrder)
    return order


def _rating_contributions_of(ctx: TiebreakContext, player: PairingNumber) -> list[Contribution]:
    ratings = ctx.ratings
    contributions = []
    for cell in _games(ctx, player):
        assert cell.opponent is not None
        rating = ratings[cell.opponent]
        assert rating is not None
        contributions.append(
            Contribution(
                round=cell.round,
                value=rating,
                opponent=cell.opponent,
                result=cell.rating_points,
                opponent_score=rating,
                source="game",
            )
        )
    return contributions


def _missing(ctx: TiebreakContext, spec: TiebreakSpec) -> dict[PairingNumber, Explanation]:
    return {
        player: Explanation(
            player=player,
            code=spec.code,
            value=None,
            article=spec.info.article,
            era=ctx.era,
            notes=(_UNRATED_NOTE,),
        )
        for player in ctx.players
    }


def _explained(
    ctx: TiebreakContext,
    spec: TiebreakSpec,
    player: PairingNumber,
    value: int | None,
    contributions: list[Contribution],
    notes: tuple[str, ...] = (),
) -> Explanation:
    if value is None and not notes:
        notes = (NO_GAME_NOTE,)
    return Explanation(
        player=player,
        code=spec.code,
        value=value,
        article=spec.info.article,
        era=ctx.era,
        contributions=tuple(contributions),
        notes=notes,
    )


def average_rating_of_opponents(
    ctx: TiebreakContext, spec: TiebreakSpec
) -> dict[PairingNumber, Explanation]:
    """ARO with Cut/Median modifiers."""
    if not ctx.ratings_usable:
        return _missing(ctx, spec)
    result: dict[PairingNumber, Explanation] = {}
    for player in ctx.players:
        contributions = _rating_contributions(ctx, player)
        low, high = spec.cut_low, spec.cut_high
        notes: tuple[str, ...] = ()
        if ctx.era is RuleEra.PRE_2023 and (low or high):
            unplayed = ctx.round_count - len(contributions)
            absorbed_low = min(unplayed, low)
            absorbed_high = min(unplayed - absorbed_low, high)
            if absorbed_low or absorbed_high:
                notes = (
                    Note(
                        gettext_noop("%(cuts)s cut(s) taken by unplayed rounds (C.02 Art. 13)"),
                        {"cuts": absorbed_low + absorbed_high},
                    ),
                )
            low -= absorbed_low
            high -= absorbed_high
        if low or high:
            contributions = apply_cuts(
                contributions,
                low=low,
                high=high,
                rounds=ctx.round_count,
                vur_rule=False,
                label=cut_label(spec.cut_low, spec.cut_high),
                order=_cut_order(ctx, player, contributions),
            )
        ratings = [int(c.value) for c in contributions if c.counted]
        result[player] = _explained(
            ctx, spec, player, average_rating(ratings), contributions, notes
        )
    return result


def _performances(
    ctx: TiebreakContext, spec: TiebreakSpec, *, perfect: bool
) -> dict[PairingNumber, Explanation]:
    key = ("PTP" if perfect else "TPR", ctx.era)
    cached = ctx.memo.get(key)
    if isinstance(cached, dict):
        return {p: replace(e, code=spec.code) for p, e in cached.items()}
    if not ctx.ratings_usable:
        return _missing(ctx, spec)
    result: dict[PairingNumber, Explanation] = {}
    for player in ctx.players:
        contributions = _rating_contributions(ctx, player)
        ratings = [int(c.value) for c in contributions]
        score = sum((c.result or ZERO for c in contributions), ZERO)
        if perfect:
            value = perfect_performance(score, ratings)
        else:
            value = performance_rating(score, ratings)
        notes: tuple[str, ...] = ()
        if ratings:
            p = score_hundredths(score, len(ratings))
            share = decimal_text(Fraction(p, 100), 2)
            if perfect:
                note = Note(
                    gettext_noop("score %(score)s in %(games)s game(s), p = %(p)s"),
                    {"score": score, "games": len(ratings), "p": share},
                )
            else:
                note = Note(
                    gettext_noop(
                        "score %(score)s in %(games)s game(s), p = %(p)s, dp = %(dp)s, "
                        "ARO = %(aro)s"
                    ),
                    {
                        "score": score,
                        "games": len(ratings),
                        "p": share,
                        "dp": dp(p),
                        "aro": average_rating(ratings) or 0,
                    },
                )
            notes = (note,)
        result[player] = _explained(ctx, spec, player, value, contributions, notes)
    ctx.memo[key] = result
    return result


def tournament_performance(
    ctx: TiebreakContext, spec: TiebreakSpec
) -> dict[PairingNumber, Explanation]:
    """TPR for every player."""
    return _performances(ctx, spec, perfect=False)


def perfect_tournament_performance(
    ctx: TiebreakContext, spec: TiebreakSpec
) -> dict[PairingNumber, Explanation]:
    """PTP for every player."""
    return _performances(ctx, spec, perfect=True)


def _average_of_opponents(
    ctx: TiebreakContext, spec: TiebreakSpec, *, perfect: bool
) -> dict[PairingNumber, Explanation]:
    if not ctx.ratings_usable:
        return _missing(ctx, spec)
    inner = _performances(ctx, spec, perfect=perfect)
    label = "PTP" if perfect else "TPR"
    result: dict[PairingNumber, Explanation] = {}
    for player in ctx.players:
        contributions = []
        for cell in _games(ctx, player):
            assert cell.opponent is not None
            value = inner[cell.opponent].value
            if value is None:
                continue
            contributions.append(
                Contribution(
                    round=cell.round,
                    value=value,
                    opponent=cell.opponent,
                    result=cell.points,
                    opponent_score=value,
                    source=f"opponent's {label}",
                )
            )
        values = [int(c.value) for c in contributions]
        average = round_half_up(Fraction(sum(values), len(values))) if values else None
        result[player] = _explained(ctx, spec, player, average, contributions)
    return result


def average_performance_of_opponents(
    ctx: TiebreakContext, spec: TiebreakSpec
) -> dict[PairingNumber, Explanation]:
    """APRO for every player."""
    return _average_of_opponents(ctx, spec, perfect=False)


def average_perfect_performance_of_opponents(
    ctx: TiebreakContext, spec: TiebreakSpec
) -> dict[PairingNumber, Explanation]:
    """APPO for every player."""
    return _average_of_opponents(ctx, spec, perfect=True)


def own_rating(ctx: TiebreakContext, spec: TiebreakSpec) -> dict[PairingNumber, Explanation]:
    """RTNG: the participant's rating (or the rating set for unrated players)."""
    if not ctx.ratings_usable:
        return _missing(ctx, spec)
    return {
        player: _explained(ctx, spec, player, ctx.ratings[player], []) for player in ctx.players
    }
