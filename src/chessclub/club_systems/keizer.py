"""The Keizer system: a season of club evenings where not everybody comes every week (rules
K1–K9, ``docs/rules/club-systems.md``).

Pure functions over *(the players, the evenings played, the rules)*; no database. The web layer
stores only what happened each evening (games, byes, absences, club duty) and, per evening, the
ranking this module returned; the Keizer table is always derived.

* **K1 values.** Each player's value depends only on their place: ``v = T − (rank − 1) × step``.
  ``T`` is :attr:`KeizerRules.top_value`, or ``2 × N`` (N the players ranked that evening) when
  it is ``None`` — the most common automatic choice, always above ``N`` so the last value is
  positive.
* **K2 score.** A player's score is their own value once (when
  :attr:`~KeizerRules.count_own_value`), plus for every game the result's share of the
  **opponent's** value (win 1, draw ½, loss 0 by default), plus for every evening without a
  game a share of their **own** value: pairing bye ½, excused absence ⅓ (up to
  :attr:`~KeizerRules.excused_limit` times a season; beyond, as unexcused), unexcused absence
  0, a game for the club team on club night by its result (1, ½, 0), a forfeit win ½, a forfeit
  loss 0. All with the values of the ranking being computed, so an old win is worth more when
  its loser has since climbed ("herberekening").
* **K3 fixed point.** Ranking and values depend on each other: start from an order, give the
  values, compute the scores, sort (score, then rating, then name, then id, all descending
  except the name), repeat until the order no longer changes. Arithmetic is exact (integers
  over the shares' common denominator: 1/3 stays 1/3).
* **K4 starting order.** Two fixed points can exist (the spec's worked example has two), so the
  start is a rule: :attr:`Start.PREVIOUS` (default) starts evening *n* from the ranking after
  evening *n − 1* (evening 1 from the initial order, rating order unless given); the result
  therefore does not depend on how often or in which order the season is recalculated, only on
  the evenings. :attr:`Start.RATING` starts every evening from the rating order.
* **K5 no fixed point.** When the iteration cycles (possible without the own value: two players
  who drew each other swap for ever) or reaches :attr:`~KeizerRules.max_iterations`, the order
  of the cycle closest to the starting order is taken (least total displacement, then the first
  met) and :attr:`Ranking.converged` is ``False`` (the page warns).
* **K6 joining and leaving.** A player takes part from :attr:`KeizerPlayer.joined`; in the
  starting order of that evening they are placed by rating among the ranked players (after
  everyone rated at least as high), so a strong newcomer does not start at the bottom. A
  player who leaves (:attr:`KeizerPlayer.left`, their last evening) keeps their place and
  their games, so their opponents keep what they won; they are no longer paired or marked
  absent.
* **K7 pairing** (:func:`pair_evening`): the present players in ranking order, top-down, each
  with the nearest player below whom they may meet (no rematch within
  :attr:`~KeizerRules.rematch_gap` evenings), backtracking when the rest cannot be paired; an
  odd player out is the lowest-ranked present player who leaves a pairable rest. When no
  pairing respects the rematch rule, the gap is shortened one evening at a time and a warning
  says so.
* **K8 colours.** The player who has had fewer Whites gets White; on equal Whites the
  lower-ranked player does, except when neither has played yet (then the higher-ranked player
  has White, as on every board of the spec's first evening). Colour never blocks a pairing.
* **K9 explanation** (:func:`explain`): every term of a score, with the value and share used.
* **K29 Westergoo pairing** (:attr:`KeizerRules.pair_by` = :attr:`PairBy.RATING`): the ranking
  stays the Keizer one, but the present players are walked in order of their current rating
  (highest first; unrated last; equal ratings by ranking) instead of their place, so a strong
  player who lost a few games is not paired against much weaker ones. The rematch rule, the
  backtracking and the odd player out (the last of that order who leaves a pairable rest) are
  K7's; colours are K8's with "lower-ranked" read in the Keizer ranking.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from fractions import Fraction

__all__ = [
    "PRESETS",
    "Evening",
    "KeizerGame",
    "KeizerPlayer",
    "KeizerRules",
    "PairBy",
    "Pairing",
    "Ranking",
    "Start",
    "Term",
    "explain",
    "pair_evening",
    "season",
    "values_by_place",
]

#: Game results as the boards store them (white's point of view).
WIN, DRAW, LOSS = "1-0", "=", "0-1"
FORFEIT_WHITE, FORFEIT_BLACK, FORFEIT_BOTH = "+-", "-+", "--"
RESULTS = (WIN, DRAW, LOSS, FORFEIT_WHITE, FORFEIT_BLACK, FORFEIT_BOTH)


class PairBy(StrEnum):
    """The order the present players are paired in (K7, K29)."""

    RANKING = "ranking"
    RATING = "rating"


class Start(StrEnum):
    """Where each evening's fixed-point iteration starts (K4)."""

    PREVIOUS = "previous"
    RATING = "rating"


@dataclass(frozen=True)
class KeizerRules:
    """Every parameter of a Keizer competition (``../club-systems`` §1.2); shares are exact
    fractions of a value. Defaults: the spec's suggested ones."""

    top_value: int | None = None
    step: int = 1
    count_own_value: bool = True
    win: Fraction = Fraction(1)
    draw: Fraction = Fraction(1, 2)
    loss: Fraction = Fraction(0)
    bye: Fraction = Fraction(1, 2)
    excused: Fraction = Fraction(1, 3)
    excused_limit: int | None = None
    unexcused: Fraction = Fraction(0)
    club_duty_win: Fraction = Fraction(1)
    club_duty_draw: Fraction = Fraction(1, 2)
    club_duty_loss: Fraction = Fraction(0)
    forfeit_win: Fraction = Fraction(1, 2)
    forfeit_loss: Fraction = Fraction(0)
    start: Start = Start.PREVIOUS
    max_iterations: int = 20
    rematch_gap: int | None = 6
    pair_by: PairBy = PairBy.RANKING

    def __post_init__(self) -> None:
        if self.top_value is not None and self.top_value < 1:
            raise ValueError("top_value must be at least 1")
        if self.step < 1:
            raise ValueError("step must be at least 1")
        object.__setattr__(self, "pair_by", PairBy(self.pair_by))
        if self.max_iterations < 1:
            raise ValueError("max_iterations must be at least 1")
        if self.rematch_gap is not None and self.rematch_gap < 0:
            raise ValueError("rematch_gap must be 0 or more (None: never again)")
        for name in _SHARES:
            share = getattr(self, name)
            if not isinstance(share, Fraction):
                object.__setattr__(self, name, Fraction(share))
            if getattr(self, name) < 0:
                raise ValueError(f"{name} must not be negative")

    def top(self, ranked: int) -> int:
        """``T`` for ``ranked`` players (K1)."""
        if self.top_value is not None:
            return self.top_value
        return max(2 * ranked, ranked + 1)


_SHARES = (
    "win",
    "draw",
    "loss",
    "bye",
    "excused",
    "unexcused",
    "club_duty_win",
    "club_duty_draw",
    "club_duty_loss",
    "forfeit_win",
    "forfeit_loss",
)

#: Named parameter sets seen in published club rules (``club-systems.md`` §1.2).
PRESETS: dict[str, KeizerRules] = {
    # The spec's suggested defaults: own value counted (it stabilises), 2 × N.
    "standard": KeizerRules(),
    # Kijk Uit: top value 100, excused absence 1/3.
    "kijk-uit": KeizerRules(top_value=100),
    # OpenPairings: 2 × N, own value not counted, bye 1/2, excused 1/3, forfeit win 1/2.
    "openpairings": KeizerRules(count_own_value=False),
    # Bornse: own value not counted, bye 2/3, excused 1/6 at most 8 times, club duty own value.
    "bornse": KeizerRules(
        count_own_value=False,
        bye=Fraction(2, 3),
        excused=Fraction(1, 6),
        excused_limit=8,
        club_duty_draw=Fraction(1),
        club_duty_loss=Fraction(1),
    ),
}


@dataclass(frozen=True)
class KeizerPlayer:
    """A member of the competition. ``joined``: the first evening they take part (1 = from the
    start); ``left``: their last evening, ``None`` while they stay."""

    id: int
    name: str
    rating: int | None = None
    joined: int = 1
    left: int | None = None

    def active(self, evening: int) -> bool:
        return self.joined <= evening and (self.left is None or evening <= self.left)


@dataclass(frozen=True)
class KeizerGame:
    white: int
    black: int
    result: str  # one of RESULTS; "" while not played yet


@dataclass(frozen=True)
class Evening:
    """What happened on one club evening. An active player named nowhere was absent without
    notice. ``club_duty`` maps a player to the result (``1-0`` win, ``=``, ``0-1`` loss, from
    their side) of their game for the club team that night."""

    number: int
    games: tuple[KeizerGame, ...] = ()
    byes: tuple[int, ...] = ()
    excused: tuple[int, ...] = ()
    club_duty: Mapping[int, str] = field(default_factory=dict)


@dataclass(frozen=True)
class Term:
    """One term of a score (K9): ``kind`` is ``own``, ``game``, ``bye``, ``excused``,
    ``unexcused``, ``club duty``, ``forfeit win``, ``forfeit loss``; ``value`` the value it is a
    share of (the opponent's for a game, else the player's own); ``points = share × value``."""

    evening: int | None
    kind: str
    opponent: int | None
    result: str
    value: int
    share: Fraction
    points: Fraction


@dataclass(frozen=True)
class Ranking:
    """The ranking after an evening: ``order`` of player ids (first = rank 1), each one's
    ``value`` and exact ``score``; ``iterations`` used; ``converged`` False when K5 applied."""

    evening: int
    order: tuple[int, ...]
    values: Mapping[int, int]
    scores: Mapping[int, Fraction]
    iterations: int
    converged: bool

    def rank(self, player: int) -> int:
        return self.order.index(player) + 1


# --- scoring -----------------------------------------------------------------------------


def _result_for(game: KeizerGame, player: int) -> str:
    """The result from ``player``'s side: ``1-0`` won, ``=``, ``0-1`` lost, ``+-`` forfeit win,
    ``-+`` forfeit loss, ``--`` both forfeited, ``""`` not played yet."""
    mirror = {WIN: LOSS, LOSS: WIN, DRAW: DRAW, "": "", FORFEIT_WHITE: FORFEIT_BLACK}
    mirror.update({FORFEIT_BLACK: FORFEIT_WHITE, FORFEIT_BOTH: FORFEIT_BOTH})
    if game.result not in mirror:
        raise ValueError(f"unknown result {game.result!r} ({game.white}–{game.black})")
    return game.result if player == game.white else mirror[game.result]


def _terms_of_evening(
    evening: Evening,
    players: Mapping[int, KeizerPlayer],
    rules: KeizerRules,
    excused_so_far: dict[int, int],
) -> Iterable[tuple[int, str, int | None, str, Fraction]]:
    """``(player, kind, opponent, result, share)`` for each active player's evening; a game's
    share is of the opponent's value (``opponent`` set), every other of the player's own."""
    seen: set[int] = set()
    for game in evening.games:
        for player, opponent in ((game.white, game.black), (game.black, game.white)):
            if player in seen:
                raise ValueError(f"player {player} has two entries on evening {evening.number}")
            seen.add(player)
            result = _result_for(game, player)
            if result == WIN:
                yield player, "game", opponent, result, rules.win
            elif result == DRAW:
                yield player, "game", opponent, result, rules.draw
            elif result == LOSS:
                yield player, "game", opponent, result, rules.loss
            elif result == FORFEIT_WHITE:
                yield player, "forfeit win", opponent, result, rules.forfeit_win
            elif result in (FORFEIT_BLACK, FORFEIT_BOTH):
                yield player, "forfeit loss", opponent, result, rules.forfeit_loss
            # an unplayed game ("") gives nothing yet
    for player in evening.byes:
        _once(player, seen, evening)
        yield player, "bye", None, "", rules.bye
    for player in evening.excused:
        _once(player, seen, evening)
        count = excused_so_far.get(player, 0) + 1
        excused_so_far[player] = count
        if rules.excused_limit is None or count <= rules.excused_limit:
            yield player, "excused", None, "", rules.excused
        else:
            yield player, "unexcused", None, "", rules.unexcused
    for player, result in evening.club_duty.items():
        _once(player, seen, evening)
        share = {WIN: rules.club_duty_win, DRAW: rules.club_duty_draw}.get(
            result, rules.club_duty_loss
        )
        yield player, "club duty", None, result, share
    for member in players.values():
        if member.active(evening.number) and member.id not in seen:
            yield member.id, "unexcused", None, "", rules.unexcused


def _once(player: int, seen: set[int], evening: Evening) -> None:
    if player in seen:
        raise ValueError(f"player {player} has two entries on evening {evening.number}")
    seen.add(player)


class _Ledger:
    """Each player's score as integer coefficients over the shares' common denominator
    ``scale``: ``own[p]`` multiplies p's own value, ``against[p][q]`` q's value (K2, K3)."""

    def __init__(self, rules: KeizerRules) -> None:
        self.rules = rules
        self.scale = math.lcm(*(getattr(rules, name).denominator for name in _SHARES))
        self.own: dict[int, int] = {}
        self.against: dict[int, dict[int, int]] = {}
        self.excused: dict[int, int] = {}

    def add(self, evening: Evening, players: Mapping[int, KeizerPlayer]) -> None:
        for player, _kind, opponent, _result, share in _terms_of_evening(
            evening, players, self.rules, self.excused
        ):
            if player not in players:
                raise ValueError(f"unknown player {player} on evening {evening.number}")
            units = int(share * self.scale)
            if opponent is None or _kind in ("forfeit win", "forfeit loss"):
                self.own[player] = self.own.get(player, 0) + units
            else:
                row = self.against.setdefault(player, {})
                row[opponent] = row.get(opponent, 0) + units

    def scores(self, order: Sequence[int], values: Mapping[int, int]) -> dict[int, int]:
        base = self.scale if self.rules.count_own_value else 0
        totals = {}
        for player in order:
            total = (base + self.own.get(player, 0)) * values[player]
            for opponent, units in self.against.get(player, {}).items():
                total += units * values[opponent]
            totals[player] = total
        return totals


def values_by_place(order: Sequence[int], rules: KeizerRules) -> dict[int, int]:
    """K1: each player's value for ``order`` (first = rank 1)."""
    top = rules.top(len(order))
    return {player: top - index * rules.step for index, player in enumerate(order)}


def _sort(
    order: Sequence[int], totals: Mapping[int, int], players: Mapping[int, KeizerPlayer]
) -> tuple[int, ...]:
    def key(player: int) -> tuple[int, int, str, int]:
        row = players[player]
        return (-totals[player], -(row.rating or 0), row.name, row.id)

    return tuple(sorted(order, key=key))


def _fixed_point(
    start: tuple[int, ...], ledger: _Ledger, players: Mapping[int, KeizerPlayer]
) -> tuple[tuple[int, ...], dict[int, int], int, bool]:
    """K3 and K5: the order, its values, the iterations used, whether it converged."""
    order = start
    seen: list[tuple[int, ...]] = [order]
    for iteration in range(1, ledger.rules.max_iterations + 1):
        values = values_by_place(order, ledger.rules)
        new = _sort(order, ledger.scores(order, values), players)
        if new == order:
            return order, values, iteration, True
        if new in seen:
            cycle = seen[seen.index(new) :]
            order = min(cycle, key=lambda o: _displacement(o, start))
            return order, values_by_place(order, ledger.rules), iteration, False
        seen.append(new)
        order = new
    cycle = seen[-2:]
    order = min(cycle, key=lambda o: _displacement(o, start))
    return order, values_by_place(order, ledger.rules), ledger.rules.max_iterations, False


def _displacement(order: Sequence[int], start: Sequence[int]) -> int:
    where = {player: index for index, player in enumerate(start)}
    return sum(abs(index - where.get(player, index)) for index, player in enumerate(order))


def _rating_order(players: Iterable[KeizerPlayer]) -> tuple[int, ...]:
    return tuple(p.id for p in sorted(players, key=lambda p: (-(p.rating or 0), p.name, p.id)))


def _with_newcomers(
    previous: tuple[int, ...],
    newcomers: Sequence[KeizerPlayer],
    players: Mapping[int, KeizerPlayer],
) -> tuple[int, ...]:
    """K6: each newcomer after every ranked player rated at least as high."""
    order = list(previous)
    for newcomer in sorted(newcomers, key=lambda p: (-(p.rating or 0), p.name, p.id)):
        rating = newcomer.rating or 0
        place = 0
        for index, player in enumerate(order):
            if (players[player].rating or 0) >= rating:
                place = index + 1
        order.insert(place, newcomer.id)
    return tuple(order)


def season(
    players: Sequence[KeizerPlayer],
    evenings: Sequence[Evening],
    rules: KeizerRules = KeizerRules(),
    initial_order: Sequence[int] | None = None,
) -> list[Ranking]:
    """The ranking after each evening (K1–K6), in evening order.

    ``players``: everyone who ever takes part; ``evenings``: numbered 1, 2, … in order;
    ``initial_order``: the order before evening 1 (e.g. last season's final ranking; players
    missing from it are placed as newcomers), rating order when ``None``. Raises ``ValueError``
    for an evening out of order, an unknown or doubly entered player, or an unknown result.
    """
    by_id = {player.id: player for player in players}
    if len(by_id) != len(players):
        raise ValueError("two players have the same id")
    ledger = _Ledger(rules)
    rankings: list[Ranking] = []
    previous: tuple[int, ...] = ()
    for expected, evening in enumerate(evenings, start=1):
        if evening.number != expected:
            raise ValueError(f"evening {evening.number} given where {expected} was expected")
        ranked = [p for p in players if p.joined <= evening.number]
        if rules.start is Start.RATING:
            start = _rating_order(ranked)
        elif not rankings:
            if initial_order is None:
                start = _rating_order(ranked)
            else:
                known = tuple(
                    pid for pid in initial_order if pid in by_id and by_id[pid].joined <= 1
                )
                start = _with_newcomers(known, [p for p in ranked if p.id not in set(known)], by_id)
        else:
            start = _with_newcomers(
                previous, [p for p in ranked if p.id not in set(previous)], by_id
            )
        ledger.add(evening, by_id)
        order, values, iterations, converged = _fixed_point(start, ledger, by_id)
        totals = ledger.scores(order, values)
        rankings.append(
            Ranking(
                evening=evening.number,
                order=order,
                values=values,
                scores={pid: Fraction(total, ledger.scale) for pid, total in totals.items()},
                iterations=iterations,
                converged=converged,
            )
        )
        previous = order
    return rankings


def explain(
    player: int,
    players: Sequence[KeizerPlayer],
    evenings: Sequence[Evening],
    ranking: Ranking,
    rules: KeizerRules = KeizerRules(),
) -> list[Term]:
    """K9: the terms of ``player``'s score in ``ranking`` (evenings up to its own), with the
    values of that ranking; their points add up to ``ranking.scores[player]``."""
    by_id = {row.id: row for row in players}
    values = ranking.values
    terms: list[Term] = []
    if rules.count_own_value:
        terms.append(
            Term(None, "own", None, "", values[player], Fraction(1), Fraction(values[player]))
        )
    excused: dict[int, int] = {}
    for evening in evenings:
        if evening.number > ranking.evening:
            break
        for who, kind, opponent, result, share in _terms_of_evening(evening, by_id, rules, excused):
            if who != player:
                continue
            use_own = opponent is None or kind in ("forfeit win", "forfeit loss")
            value = values[player] if use_own else values[opponent]  # type: ignore[index]
            terms.append(Term(evening.number, kind, opponent, result, value, share, share * value))
    return terms


# --- pairing ------------------------------------------------------------------------------


@dataclass(frozen=True)
class Pairing:
    """An evening's boards in board order (``(white, black)``), the bye (``None`` when even)
    and warnings (K7: the rematch gap had to be shortened)."""

    boards: tuple[tuple[int, int], ...]
    bye: int | None
    warnings: tuple[str, ...] = ()


def pair_evening(
    ranking: Sequence[int],
    present: Iterable[int],
    evenings: Sequence[Evening],
    rules: KeizerRules = KeizerRules(),
    *,
    ratings: Mapping[int, int | None] | None = None,
    node_limit: int = 200_000,
) -> Pairing:
    """K7, K8: the pairing of the next evening (number ``len(evenings) + 1``) for the
    ``present`` players, ranked by ``ranking`` (the latest :class:`Ranking`'s order; a present
    player missing from it is placed last). With :attr:`PairBy.RATING` (K29, Westergoo) the
    players are walked by ``ratings`` (player → current rating, ``None`` unrated) instead.
    Raises ``ValueError`` when fewer than two players are present."""
    number = len(evenings) + 1
    where = {player: index for index, player in enumerate(ranking)}
    chosen = set(present)
    order = sorted(chosen, key=lambda p: (where.get(p, len(where)), p))
    if rules.pair_by is PairBy.RATING:
        rated = ratings or {}
        order.sort(key=lambda p: -(rated.get(p) or 0))  # stable: equal ratings by ranking
    if len(order) < 2:
        raise ValueError("at least two players must be present to pair an evening")
    last_met: dict[frozenset[int], int] = {}
    whites: dict[int, int] = {}
    played: dict[int, int] = {}
    for evening in evenings:
        for game in evening.games:
            last_met[frozenset((game.white, game.black))] = evening.number
            whites[game.white] = whites.get(game.white, 0) + 1
            for player in (game.white, game.black):
                played[player] = played.get(player, 0) + 1

    gaps: list[int | None] = [rules.rematch_gap]
    if rules.rematch_gap is None:
        gaps += list(range(max(number - 1, 0), -1, -1))
    else:
        gaps += list(range(rules.rematch_gap - 1, -1, -1))
    for attempt, gap in enumerate(gaps):

        def may_meet(a: int, b: int, gap: int | None = gap) -> bool:
            met = last_met.get(frozenset((a, b)))
            if met is None:
                return True
            if gap is None:
                return False
            return number - met > gap

        found = _pair_with_bye(order, may_meet, node_limit)
        if found is not None:
            pairs, bye = found
            warnings: tuple[str, ...] = ()
            if attempt:
                warnings = (
                    f"no pairing without a rematch within {rules.rematch_gap} evenings: "
                    f"rematches after {gap} evenings allowed",
                )
            place = {player: index for index, player in enumerate(order)}
            if rules.pair_by is PairBy.RATING:
                place = {p: where.get(p, len(where)) for p in order}
            boards = tuple(
                _colours(a, b, where, whites, played)
                if (place[a], a) <= (place[b], b)
                else _colours(b, a, where, whites, played)
                for a, b in pairs
            )
            return Pairing(boards, bye, warnings)
    raise ValueError("no pairing exists for these players")  # pragma: no cover - gap 0 pairs all


def _pair_with_bye(
    order: list[int], may_meet: Callable[[int, int], bool], node_limit: int
) -> tuple[list[tuple[int, int]], int | None] | None:
    candidates: list[int | None] = [None]
    if len(order) % 2:
        candidates = list(reversed(order))
    budget = [node_limit]
    for bye in candidates:
        rest = [p for p in order if p != bye]
        pairs = _top_down(rest, may_meet, budget)
        if pairs is not None:
            return pairs, bye
        if budget[0] <= 0:
            return None
    return None


def _top_down(
    rest: list[int], may_meet: Callable[[int, int], bool], budget: list[int]
) -> list[tuple[int, int]] | None:
    """Each first unpaired player with the nearest allowed one below, backtracking."""
    if not rest:
        return []
    budget[0] -= 1
    if budget[0] <= 0:
        return None
    first, others = rest[0], rest[1:]
    for index, partner in enumerate(others):
        if not may_meet(first, partner):
            continue
        tail = _top_down(others[:index] + others[index + 1 :], may_meet, budget)
        if tail is not None:
            return [(first, partner), *tail]
        if budget[0] <= 0:
            return None
    return None


def _colours(
    higher: int,
    lower: int,
    where: Mapping[int, int],
    whites: Mapping[int, int],
    played: Mapping[int, int],
) -> tuple[int, int]:
    """K8: ``(white, black)`` for ``higher`` (the better ranked) and ``lower``."""
    w_high, w_low = whites.get(higher, 0), whites.get(lower, 0)
    if w_high < w_low:
        return higher, lower
    if w_low < w_high:
        return lower, higher
    if not played.get(higher) and not played.get(lower):
        return higher, lower
    return lower, higher
