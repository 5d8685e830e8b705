"""B4 — fictitious Elo of unrated players in a Belgian results file (spec ``frbe.md`` B4).

An **unrated player (NC)** has fewer than 20 games in the federation's ``PLAYER`` list and a
matricule > 0; the game counts come from the caller (:func:`fictitious_elo`'s ``game_counts``),
never from the ``***`` marker of a file. When the group holds at least 2 NC **and** at least 2
rated players, every NC gets a fictitious Elo, written in the ELO field with ``***`` in the Nat
field. Forfeits are not games.

* **Closed groups** (:attr:`FictitiousMethod.CLOSED`): one global performance over every game
  between an NC and a rated player — mean rating of the rated opponents (rounded half up) plus
  ``dp`` (FIDE B.02 table 8.1.1) of the NCs' joint score, ``p`` rounded to two decimals. The same
  value for every NC.
* **Opens** (:attr:`FictitiousMethod.OPEN`): pass 1 is each NC's performance against rated
  players only; every later pass puts the previous pass's values in as the NCs' ratings and
  recomputes each NC's performance over all its games, until no value changes. All NCs of a
  pass use the previous pass's values (the federation's second pass gives player 7 a mean of
  7467/6, with player 2's first-pass 1124). The number of passes is bounded
  (:attr:`~chessclub.ratings.frbe.rulesets.FictitiousRules.max_passes`); a group that does not
  settle raises :class:`FictitiousEloError`.

The result (:class:`FictitiousElo`) holds the values and every pass's :class:`Performance`
(games, opponents' ratings, sum, mean, score, ``p``, ``dp``) for the export page.

Decisions on points B4 leaves open:

* the "at least 2 NC and 2 rated" condition counts the players listed in the group, whether or
  not they played;
* a player with matricule ≤ 0 (or none) and a player with 20 games or more but no rating are
  neither NC nor rated: their games count for nobody;
* games marked ``rated=False`` (for example ineligible under B6) are left out like forfeits;
* closed groups: every NC gets the value, as B4 says ("the same for all NC");
* opens: an NC with no game against a rated player has no pass-1 value; from pass 2 on, an NC
  gets a value as soon as it has a game against a rated player or an NC that has a value, and
  games against an NC without a value are left out of that pass.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction

from chessclub.model import Colour, Outcome, PairingNumber, Tournament
from chessclub.ratings.fide_tables import dp, round_half_up, score_hundredths
from chessclub.ratings.frbe.rulesets import FICTITIOUS_RULES, FictitiousRules

__all__ = [
    "FictitiousElo",
    "FictitiousEloError",
    "FictitiousMethod",
    "FictitiousStatus",
    "GroupGame",
    "Pass",
    "Performance",
    "classify_players",
    "fictitious_elo",
    "method_for",
]

_POINTS = {Outcome.WIN: Fraction(1), Outcome.DRAW: Fraction(1, 2), Outcome.LOSS: Fraction(0)}


class FictitiousEloError(ValueError):
    """B4 cannot be applied: a game count is missing, or an open does not settle."""


class FictitiousMethod(enum.Enum):
    """B4's two methods."""

    CLOSED = "closed"
    """Closed groups (round robins): one global performance."""
    OPEN = "open"
    """Opens: iterated individual performances."""


class FictitiousStatus(enum.Enum):
    """Whether B4 gave fictitious Elo, and if not, why."""

    APPLIED = "applied"
    TOO_FEW_UNRATED = "too few unrated players"
    TOO_FEW_RATED = "too few rated players"
    NO_GAME_AGAINST_RATED = "no game between an unrated and a rated player"


@dataclass(frozen=True, slots=True)
class GroupGame:
    """One counted game (played on the board, rated), from ``player``'s side."""

    round: int
    player: PairingNumber
    opponent: PairingNumber
    score: Fraction


@dataclass(frozen=True, slots=True)
class Performance:
    """One performance of B4: ``players`` (one NC in an open; every NC in a closed group) scored
    ``score`` in ``games`` games against opponents rated ``opponent_ratings`` (in game order);
    ``mean`` = ``rating_sum / games`` rounded half up, ``p`` in hundredths
    (``p_hundredths``, rounded half up), ``dp`` from FIDE's table 8.1.1, ``value = mean + dp``."""

    players: tuple[PairingNumber, ...]
    opponents: tuple[PairingNumber, ...]
    opponent_ratings: tuple[int, ...]
    score: Fraction
    rating_sum: int
    mean: int
    p_hundredths: int
    dp: int
    value: int

    @property
    def games(self) -> int:
        return len(self.opponent_ratings)

    @property
    def p(self) -> Fraction:
        """``p`` rounded to two decimals, as a fraction (``Fraction(45, 100)``)."""
        return Fraction(self.p_hundredths, 100)

    @property
    def exact_mean(self) -> Fraction:
        return Fraction(self.rating_sum, self.games)


@dataclass(frozen=True, slots=True)
class Pass:
    """One pass: ``number`` (1-based), the performance of every NC that has one, and the
    NCs whose value changed from the previous pass (every one in pass 1)."""

    number: int
    performances: tuple[Performance, ...]
    changed: tuple[PairingNumber, ...]

    def values(self) -> dict[PairingNumber, int]:
        return {player: perf.value for perf in self.performances for player in perf.players}


@dataclass(frozen=True, slots=True)
class FictitiousElo:
    """B4's outcome for one group.

    ``values`` maps each NC that gets a fictitious Elo to it (empty unless ``status`` is
    :attr:`FictitiousStatus.APPLIED`). ``unrated`` and ``rated`` are the players as classified
    from the game counts; ``passes`` explain the values (one pass for a closed group)."""

    method: FictitiousMethod
    rules: str
    status: FictitiousStatus
    unrated: tuple[PairingNumber, ...]
    rated: tuple[PairingNumber, ...]
    values: Mapping[PairingNumber, int] = field(default_factory=dict)
    passes: tuple[Pass, ...] = ()

    @property
    def applies(self) -> bool:
        return self.status is FictitiousStatus.APPLIED


def method_for(tournament: Tournament) -> FictitiousMethod:
    """CLOSED for a round robin, OPEN otherwise (B4: "Closed groups (round robins)")."""
    if tournament.system.is_round_robin:
        return FictitiousMethod.CLOSED
    return FictitiousMethod.OPEN


def _matricule_number(matricule: str) -> int:
    text = matricule.strip()
    return int(text) if text.isascii() and text.isdigit() else 0


def classify_players(
    tournament: Tournament,
    game_counts: Mapping[PairingNumber, int],
    rules: FictitiousRules = FICTITIOUS_RULES,
) -> tuple[tuple[PairingNumber, ...], dict[PairingNumber, int]]:
    """B4: the NC players and the rated players with their ratings.

    NC: matricule > 0 and fewer than ``rules.rated_after_games`` games in ``game_counts`` (the
    ``PLAYER`` list's count, keyed by pairing number). Rated: not NC and a positive rating in
    the tournament. A player with a matricule > 0 missing from ``game_counts`` raises
    :class:`FictitiousEloError` (B1: an unknown matricule blocks the export anyway). The Nat
    field's ``***`` and an NC's own rating in the tournament are ignored.
    """
    unrated: list[PairingNumber] = []
    rated: dict[PairingNumber, int] = {}
    for player in tournament.players:
        number = player.pairing_number
        if _matricule_number(player.matricule) > 0:
            if number not in game_counts:
                raise FictitiousEloError(
                    f"player {number} (matricule {player.matricule}): no game count from the "
                    "player list (B4 needs it to tell unrated from rated players)"
                )
            if game_counts[number] < rules.rated_after_games:
                unrated.append(number)
                continue
        if player.rating is not None and player.rating > 0:
            rated[number] = player.rating
    return tuple(unrated), rated


def _counted_games(tournament: Tournament) -> list[GroupGame]:
    """Every game played on the board and rated, once from each side (forfeits are not games)."""
    games: list[GroupGame] = []
    for rnd in tournament.rounds:
        for game in rnd.games:
            if not game.result.is_played or not game.rated:
                continue
            for colour, player, opponent in (
                (Colour.WHITE, game.white, game.black),
                (Colour.BLACK, game.black, game.white),
            ):
                outcome = game.result.outcome(colour)
                assert outcome is not None
                games.append(GroupGame(int(rnd.number), player, opponent, _POINTS[outcome]))
    return games


def _performance(
    players: tuple[PairingNumber, ...],
    games: Sequence[GroupGame],
    ratings: Mapping[PairingNumber, int],
) -> Performance:
    opponents = tuple(g.opponent for g in games)
    opponent_ratings = tuple(ratings[g.opponent] for g in games)
    score = sum((g.score for g in games), Fraction(0))
    total = sum(opponent_ratings)
    mean = round_half_up(Fraction(total, len(games)))
    p = score_hundredths(score, len(games))
    diff = dp(p)
    return Performance(
        players, opponents, opponent_ratings, score, total, mean, p, diff, mean + diff
    )


def fictitious_elo(
    tournament: Tournament,
    game_counts: Mapping[PairingNumber, int],
    method: FictitiousMethod | None = None,
    *,
    rules: FictitiousRules = FICTITIOUS_RULES,
    first_pass: Mapping[PairingNumber, int] | None = None,
) -> FictitiousElo:
    """B4: the fictitious Elo of the tournament's unrated players.

    ``game_counts``: each player's game count in ``PLAYER``, by pairing number (needed for every
    player with a matricule > 0). ``method`` defaults to :func:`method_for` (a file's event code
    does not always tell an open from a closed group: the caller should say). ``first_pass``
    (opens only) replaces the values of pass 1, to check that the fixed point does not depend on
    the start (B4's remark on the federation's slip for player 7). Raises
    :class:`FictitiousEloError` for a missing game count or an open that does not settle within
    ``rules.max_passes`` passes.
    """
    chosen = method or method_for(tournament)
    unrated, rated = classify_players(tournament, game_counts, rules)
    status = FictitiousStatus.APPLIED
    if len(unrated) < rules.min_unrated:
        status = FictitiousStatus.TOO_FEW_UNRATED
    elif len(rated) < rules.min_rated:
        status = FictitiousStatus.TOO_FEW_RATED
    result = FictitiousElo(chosen, rules.label, status, unrated, tuple(sorted(rated)))
    if status is not FictitiousStatus.APPLIED:
        return result
    games = _counted_games(tournament)
    if chosen is FictitiousMethod.CLOSED:
        passes = _closed(unrated, rated, games)
    else:
        passes = _open(unrated, rated, games, first_pass, rules.max_passes)
    if not passes:
        return FictitiousElo(
            chosen,
            rules.label,
            FictitiousStatus.NO_GAME_AGAINST_RATED,
            unrated,
            result.rated,
        )
    return FictitiousElo(
        chosen, rules.label, status, unrated, result.rated, passes[-1].values(), passes
    )


def _closed(
    unrated: tuple[PairingNumber, ...], rated: Mapping[PairingNumber, int], games: list[GroupGame]
) -> tuple[Pass, ...]:
    order = {number: index for index, number in enumerate(unrated)}
    counted = sorted(
        (g for g in games if g.player in order and g.opponent in rated),
        key=lambda g: (order[g.player], g.round),
    )
    if not counted:
        return ()
    perf = _performance(unrated, counted, rated)
    return (Pass(1, (perf,), unrated),)


def _open(
    unrated: tuple[PairingNumber, ...],
    rated: Mapping[PairingNumber, int],
    games: list[GroupGame],
    first_pass: Mapping[PairingNumber, int] | None,
    max_passes: int,
) -> tuple[Pass, ...]:
    by_player: dict[PairingNumber, list[GroupGame]] = {number: [] for number in unrated}
    for game in games:
        if game.player in by_player:
            by_player[game.player].append(game)

    def one_pass(number: int, known: Mapping[PairingNumber, int]) -> Pass:
        ratings: dict[PairingNumber, int] = {**rated, **known}
        performances: list[Performance] = []
        for player in unrated:
            counted = [g for g in by_player[player] if g.opponent in ratings]
            if counted:
                performances.append(_performance((player,), counted, ratings))
        values = {p.players[0]: p.value for p in performances}
        changed = tuple(n for n in unrated if values.get(n) != known.get(n))
        return Pass(number, tuple(performances), changed)

    first = one_pass(1, {})
    if first_pass is not None:
        first = _replaced(first, first_pass)
    if not first.performances:
        return ()
    passes = [first]
    while passes[-1].changed:
        if len(passes) >= max_passes:
            last = ", ".join(f"{n}: {v}" for n, v in sorted(passes[-1].values().items()))
            raise FictitiousEloError(
                f"B4 open method: no fixed point after {max_passes} passes "
                f"(last values {last}; still changing: "
                f"{', '.join(str(n) for n in passes[-1].changed)})"
            )
        passes.append(one_pass(len(passes) + 1, passes[-1].values()))
    return tuple(passes)


def _replaced(first: Pass, values: Mapping[PairingNumber, int]) -> Pass:
    """Pass 1 with some values replaced (``first_pass``): the rest of the explanation stays."""
    performances = tuple(
        perf
        if perf.players[0] not in values
        else Performance(
            perf.players,
            perf.opponents,
            perf.opponent_ratings,
            perf.score,
            perf.rating_sum,
            perf.mean,
            perf.p_hundredths,
            values[perf.players[0]] - perf.mean,
            values[perf.players[0]],
        )
        for perf in first.performances
    )
    return Pass(1, performances, first.changed)
