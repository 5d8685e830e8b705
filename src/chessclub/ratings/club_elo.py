"""The club's own Elo (spec E1–E9): FIDE's rating formula (B.02 8.3) applied per club tournament.

Pure functions over *(initial ratings per player and time control, the ordered list of closed
club tournaments)*; no database, no Django. The web layer loads its rows into these values,
calls :func:`rate_history` / :func:`rate_tournament` when a tournament closes and
:func:`recompute_from` after a correction or a changed initial Elo, and stores what comes back.

Rules, with the spec line each one implements:

* **E1** one Elo per player and :class:`TimeControl`; every computation keeps the time controls
  apart (a blitz tournament reads and writes blitz Elos only). A player's starting point is an
  :class:`InitialRating`.
* **E2** only closed club tournaments count: the caller passes those and nothing else (an
  independent tournament must never be given to these functions).
* **E4** a game counts when it was played on the board — ``1-0``, ``½-½``, ``0-1``
  (:attr:`~chessclub.model.GameResult.is_played`) — and is rated (a TRF ``W``/``D``/``L`` game,
  less than one move played, is not: B.02 "a game is rated once both players have made a
  move"). Forfeits, byes, absences and ``–`` never count. Annulment is deliberately *not* an
  input: :class:`ClubTournament` takes the raw boards, so a game that a withdrawal annulled in
  the standings still counts, as E4 requires. The score is always 1 / ½ / 0 per game, whatever
  the tournament's scoring system (B.02 8.3.2 b).
* **E5** each game's expected score ``PD`` comes from table 8.1.2 with the opponent's Elo from
  *before the tournament* (both players' Ro); a difference above 400 counts as 400 for a player
  whose Ro is below 2650, and the actual difference is used from 2650 on (B.02 8.3.1, amended
  1 Oct 2025; :func:`~chessclub.ratings.fide_tables.rating_expected_score`).
* **E6** K (B.02 8.3.3), fixed at the start of the tournament: 40 while the player has fewer
  than 30 counting games in this time control; else 10 once the player has reached 2400; else
  20. The rules apply in the spec's order, so a player new to the club (under 30 games) has 40
  even when rated 2400 or more. Then, for ``n ≥ 1`` counting games in the tournament,
  ``K = min(K, ⌊700 / n⌋)`` (B.02: "the largest whole number such that K × n does not exceed
  700"; the club applies it per tournament, FIDE per rating period).
  "Reached 2400" is tracked as a flag carried from tournament to tournament
  (:attr:`RatingState.reached_2400`): it is set by an initial Elo of 2400 or more, by
  :attr:`InitialRating.reached_2400` (history from before the club's records), or by any new
  Elo (Rn) of 2400 or more, and is never cleared (B.02: "even if the rating drops below 2400").
  The counting games include :attr:`InitialRating.games`, games from before the club's records.
* **E3** ``Δ = K × (score − expected)`` with the expected score summed over the games
  unrounded (hundredths), rounded **once per tournament**, never per game. B.02 8.3.4: "The
  Rating Change … is rounded to the nearest whole number. 0.5 is rounded away from zero" — so
  ``+2.5 → +3`` and ``−2.5 → −3``
  (:func:`~chessclub.ratings.fide_tables.round_half_away_from_zero`). fide.md §3.1 gives "0.5
  rounded up … whether positive or negative" (confidence M); the 1 Mar 2024 text of 8.3.4 as
  quoted by chatillon-echecs.fr says "away from zero", which is the only reading under which
  the sign does not matter, so negative halves go down (``−2.5 → −3``), not up to ``−2``. The new
  Elo is ``Rn = Ro + Δ``.
* **E7** tournaments are applied in the order given, which must be the closing order.
  :func:`recompute_from` starts from the tournament concerned, reads the players' Elo before it
  from the stored rows of earlier tournaments (never rewriting them), and returns exactly the
  rows that differ from the stored ones; applied once, a second call returns nothing.

* **E10** a roster player without an initial Elo gets a first club rating by FIDE's
  first-rating method (B.02 8.2) once they have :data:`FIRST_RATING_GAMES` counting games
  against rated players, pooled over the club's closed tournaments of that time control in
  closing order (:func:`first_rating`): two hypothetical opponents rated 1800 with draws are
  added; ``Ru = Ra + dp(p)``, Ra the opponents' average (rounded half up), p the score over
  the games (both with the hypothetical ones) in hundredths, dp from table 8.1.1; at most
  2200; published only from 1400 (below, the player stays unrated and keeps pooling); a zero
  score in the player's first tournament is disregarded. Until then the player has no club
  Elo, and their games do not change their rated opponents' Elo (B.02: a game against an
  unrated player is not rated for the rated one). The first rating applies after the
  tournament that completes the pool; the pooled games count for E6's 30 games. Only with
  ``first_ratings=True`` (:func:`rate_history_with_first_ratings`, :func:`recompute_from`);
  without it a player with no initial Elo is an error, as before.

Errors: :class:`ClubEloError` (a ``ValueError``) for a missing initial rating, a game of a
player against themself, tournament ids given twice, an unknown start tournament, or stored rows
missing for an earlier tournament. All arithmetic is exact (``int`` and ``Fraction``).
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import TypeAlias

from chessclub.model import GameResult
from chessclub.ratings.fide_tables import (
    dp,
    rating_expected_score,
    round_half_away_from_zero,
    round_half_up,
    score_hundredths,
)

PlayerId: TypeAlias = int
"""A club player (the roster's id; the CLI uses pairing numbers)."""

TournamentId: TypeAlias = int
"""A closed club tournament (the database id)."""

NEW_PLAYER_GAMES = 30
"""E6 / B.02 8.3.3: K is 40 until the player has this many counting games."""

REACHED_RATING = 2400
"""E6 / B.02 8.3.3: K is 10 once the player's Elo has reached this (for good)."""

MAX_K_TIMES_GAMES = 700
"""E6 / B.02 8.3.3: K × n may not exceed 700 for n counting games in the tournament."""

K_NEW_PLAYER = 40
K_STANDARD = 20
K_REACHED_2400 = 10

FIRST_RATING_GAMES = 5
"""E10 / B.02 8.2: counting games against rated opponents a first rating needs."""

HYPOTHETICAL_RATING = 1800
"""E10 / B.02 8.2: the rating of the two hypothetical opponents, both drawn."""

HYPOTHETICAL_GAMES = 2

FIRST_RATING_CAP = 2200
"""E10 / B.02 8.2: a first rating is at most this."""

FIRST_RATING_FLOOR = 1400
"""E10 / B.02 7.1.4: a first rating below this is not published (the player stays unrated)."""


class ClubEloError(ValueError):
    """Input the club Elo cannot be computed from (missing initial Elo, inconsistent history)."""


class TimeControl(enum.Enum):
    """E1: the club Elo is kept per time-control category (values as the web layer's)."""

    STANDARD = "standard"
    RAPID = "rapid"
    BLITZ = "blitz"


@dataclass(frozen=True, slots=True)
class InitialRating:
    """E1: a player's starting point in one time control.

    ``elo`` is the initial Elo; ``games`` the counting games played before the club's records
    (E6's 30-game threshold, CLI ``--games-before``); ``reached_2400`` records that the player
    had already reached 2400 before (an ``elo`` of 2400 or more implies it). Raises
    :class:`ClubEloError` for a negative ``elo`` or ``games``.
    """

    elo: int
    games: int = 0
    reached_2400: bool = False

    def __post_init__(self) -> None:
        if self.elo < 0 or self.games < 0:
            raise ClubEloError(f"initial rating out of range: Elo {self.elo}, {self.games} games")

    @property
    def state(self) -> RatingState:
        """The player's state before their first club tournament in this time control."""
        return RatingState(
            elo=self.elo,
            games=self.games,
            reached_2400=self.reached_2400 or self.elo >= REACHED_RATING,
        )


InitialRatings: TypeAlias = Mapping[tuple[PlayerId, TimeControl], InitialRating]
"""E1: every club player's initial rating, per time control."""


@dataclass(frozen=True, slots=True)
class RatingState:
    """A player's club Elo in one time control between two tournaments, with what K needs (E6).

    ``games`` counts every counting game so far (initial ones included); ``reached_2400`` is
    set once the Elo has been 2400 or more and never cleared.
    """

    elo: int
    games: int
    reached_2400: bool


@dataclass(frozen=True, slots=True)
class EloGame:
    """One board of a closed club tournament, as played (E4).

    Pass every board: forfeits and ``-/-`` are filtered here, and a game annulled in the
    standings by a withdrawal is passed like any other (it still counts, E4). ``rated=False``
    marks a game scored as played but with less than one move (TRF ``W``/``D``/``L``).
    """

    white: PlayerId
    black: PlayerId
    result: GameResult
    rated: bool = True

    @property
    def counts(self) -> bool:
        """E4: played on the board (``1-0``, ``½-½``, ``0-1``) and rated."""
        return self.rated and self.result.is_played


@dataclass(frozen=True, slots=True)
class ClubTournament:
    """A closed club tournament as the club Elo sees it (E2): its time control and its boards.

    ``players`` lists the entrants, so that a player with no counting game (only byes or
    forfeits) still gets a row with ``n = 0`` and ``Δ = 0``; everybody on a board is an
    entrant whether listed or not. Byes need not be passed: they never count (E4).
    """

    id: TournamentId
    time_control: TimeControl
    games: tuple[EloGame, ...]
    players: tuple[PlayerId, ...] = ()

    def entrants(self) -> tuple[PlayerId, ...]:
        """Every player of the tournament, in increasing id order."""
        found = set(self.players)
        for game in self.games:
            found.add(game.white)
            found.add(game.black)
        return tuple(sorted(found))


@dataclass(frozen=True, slots=True)
class EloChange:
    """One row of the *Variations Elo* tab (E9): a player's club Elo change in one tournament.

    ``ro`` Elo before, ``k`` the K used (E6), ``games`` the number ``n`` of counting games,
    ``score`` the points of those games, ``expected`` the sum of their expected scores (exact
    hundredths), ``delta`` the rounded change, ``rn = ro + delta``. ``games_before`` and
    ``reached_2400`` are the player's state before the tournament (what K was chosen from);
    they let a recompute start from this row (:attr:`state_after`). Store every field: two rows
    are the same when all fields are equal.
    """

    tournament: TournamentId
    time_control: TimeControl
    player: PlayerId
    ro: int
    k: int
    games: int
    score: Fraction
    expected: Fraction
    delta: int
    rn: int
    games_before: int
    reached_2400: bool

    @property
    def key(self) -> tuple[TournamentId, PlayerId]:
        """The row's identity: one row per tournament and player."""
        return (self.tournament, self.player)

    @property
    def unrounded_change(self) -> Fraction:
        """``K × (score − expected)`` before the one rounding of E3."""
        return self.k * (self.score - self.expected)

    @property
    def state_before(self) -> RatingState:
        return RatingState(elo=self.ro, games=self.games_before, reached_2400=self.reached_2400)

    @property
    def state_after(self) -> RatingState:
        """The player's state after this tournament (E6: 2400 reached by ``rn`` counts)."""
        return RatingState(
            elo=self.rn,
            games=self.games_before + self.games,
            reached_2400=self.reached_2400 or self.rn >= REACHED_RATING,
        )


@dataclass(frozen=True, slots=True)
class EloRecompute:
    """What :func:`recompute_from` found (E7): rows to write and rows to delete.

    ``changed`` holds the new value of every row that is new or differs from the stored one, in
    closing order then player id; ``removed`` the keys of stored rows that no longer exist (a
    player no longer in a recomputed tournament). Both empty: nothing to do.
    """

    changed: tuple[EloChange, ...]
    removed: tuple[tuple[TournamentId, PlayerId], ...] = ()

    @property
    def is_empty(self) -> bool:
        return not self.changed and not self.removed


@dataclass(frozen=True, slots=True)
class PoolGame:
    """E10: one counting game of a player without a club Elo against a rated player:
    ``opponent_rating`` is the opponent's club Elo before that tournament (Ro), ``score`` the
    unrated player's 1 / ½ / 0."""

    tournament: TournamentId
    opponent: PlayerId
    opponent_rating: int
    score: Fraction


@dataclass(frozen=True, slots=True)
class FirstRating:
    """E10 / B.02 8.2: how a player's first club rating was found, every figure of it.

    ``games`` the pooled games used, ``disregarded`` those left out (a zero score in the
    player's first tournament); ``hypothetical`` the two 1800 draws; ``score`` and ``count``
    the total points and games *with* the hypothetical ones; ``ra`` their opponents' average
    rating (rounded half up), ``p`` the score fraction in hundredths, ``dp`` from table 8.1.1,
    ``computed = ra + dp``, ``rating`` that capped at 2200; ``published`` when ``rating`` is
    1400 or more (then it is the player's club Elo after ``tournament``, the tournament that
    completed the pool).
    """

    player: PlayerId
    time_control: TimeControl
    tournament: TournamentId
    games: tuple[PoolGame, ...]
    disregarded: tuple[PoolGame, ...]
    score: Fraction
    count: int
    ra: int
    p: int
    dp: int
    computed: int
    rating: int
    published: bool

    hypothetical = (HYPOTHETICAL_RATING,) * HYPOTHETICAL_GAMES
    hypothetical_score = Fraction(HYPOTHETICAL_GAMES, 2)

    @property
    def capped(self) -> bool:
        return self.rating != self.computed

    @property
    def state(self) -> RatingState:
        """The player's state after ``tournament`` (the pooled games count for E6)."""
        return RatingState(
            elo=self.rating, games=len(self.games), reached_2400=self.rating >= REACHED_RATING
        )


def first_rating(
    player: PlayerId,
    time_control: TimeControl,
    tournament: TournamentId,
    pool: Sequence[PoolGame],
) -> FirstRating | None:
    """E10 / B.02 8.2: the first rating from ``pool`` (the player's counting games against
    rated players so far, in closing order), or ``None`` while fewer than
    :data:`FIRST_RATING_GAMES` count.

    The games of the player's first tournament in the pool are disregarded when they scored 0
    there. Two hypothetical 1800 draws are added: ``Ra`` = average of every opponent's rating
    (rounded half up), ``p`` = (score + 1) / (games + 2) in hundredths (rounded half up),
    ``Ru = Ra + dp(p)`` (table 8.1.1), at most 2200, published from 1400. Worked check: five
    wins against 1800 → p = 6/7 = 0.857 → 0.86 → dp 309 → 2109.
    """
    disregarded: tuple[PoolGame, ...] = ()
    if pool:
        first = pool[0].tournament
        opening = tuple(g for g in pool if g.tournament == first)
        if sum((g.score for g in opening), Fraction(0)) == 0:
            disregarded = opening
    games = tuple(g for g in pool if g not in disregarded)
    if len(games) < FIRST_RATING_GAMES:
        return None
    ratings = [g.opponent_rating for g in games] + [HYPOTHETICAL_RATING] * HYPOTHETICAL_GAMES
    score = sum((g.score for g in games), Fraction(0)) + FirstRating.hypothetical_score
    count = len(ratings)
    ra = round_half_up(Fraction(sum(ratings), count))
    p = score_hundredths(score, count)
    change = dp(p)
    computed = ra + change
    rating = min(computed, FIRST_RATING_CAP)
    return FirstRating(
        player=player,
        time_control=time_control,
        tournament=tournament,
        games=games,
        disregarded=disregarded,
        score=score,
        count=count,
        ra=ra,
        p=p,
        dp=change,
        computed=computed,
        rating=rating,
        published=rating >= FIRST_RATING_FLOOR,
    )


def k_factor(games_before: int, reached_2400: bool, games: int) -> int:
    """E6 / B.02 8.3.3: the K of a player for one tournament.

    ``games_before`` counting games before the tournament (initial ones included),
    ``reached_2400`` whether the Elo has ever been 2400 or more, ``games`` the counting games
    ``n`` in this tournament. 40 under 30 games, else 10 once 2400 was reached, else 20; then
    at most ``⌊700 / n⌋``. Raises :class:`ClubEloError` for a negative count.
    """
    if games_before < 0 or games < 0:
        raise ClubEloError(f"negative number of games: {games_before}, {games}")
    if games_before < NEW_PLAYER_GAMES:
        k = K_NEW_PLAYER
    elif reached_2400:
        k = K_REACHED_2400
    else:
        k = K_STANDARD
    if games:
        k = min(k, MAX_K_TIMES_GAMES // games)
    return k


def rating_change(k: int, score: Fraction, expected: Fraction) -> int:
    """E3 / B.02 8.3.2 d, 8.3.4: ``K × (score − expected)`` rounded once, halves away from 0."""
    return round_half_away_from_zero(k * (score - expected))


def rate_tournament(
    tournament: ClubTournament, ratings: Mapping[PlayerId, RatingState]
) -> tuple[EloChange, ...]:
    """E3–E6: every entrant's Elo change in one closed club tournament.

    ``ratings`` gives each entrant's state before the tournament in the tournament's time
    control (their Ro, counting games, 2400 flag). Returns one row per entrant in player-id
    order. Raises :class:`ClubEloError` when an entrant has no state or a game pairs a player
    with themself.
    """
    entrants = tournament.entrants()
    missing = [p for p in entrants if p not in ratings]
    if missing:
        raise ClubEloError(
            f"tournament {tournament.id}: no {tournament.time_control.value} Elo for "
            f"player(s) {', '.join(map(str, missing))}"
        )
    games = dict.fromkeys(entrants, 0)
    half_points = dict.fromkeys(entrants, 0)
    expected = dict.fromkeys(entrants, 0)  # hundredths
    for game in tournament.games:
        if game.white == game.black:
            raise ClubEloError(
                f"tournament {tournament.id}: player {game.white} paired with themself"
            )
        if not game.counts:
            continue
        white, black = game.white, game.black
        white_ro, black_ro = ratings[white].elo, ratings[black].elo
        games[white] += 1
        games[black] += 1
        expected[white] += rating_expected_score(white_ro, black_ro)
        expected[black] += rating_expected_score(black_ro, white_ro)
        if game.result is GameResult.WHITE_WINS:
            half_points[white] += 2
        elif game.result is GameResult.BLACK_WINS:
            half_points[black] += 2
        else:
            half_points[white] += 1
            half_points[black] += 1
    rows: list[EloChange] = []
    for player in entrants:
        state = ratings[player]
        n = games[player]
        k = k_factor(state.games, state.reached_2400, n)
        score = Fraction(half_points[player], 2)
        exp = Fraction(expected[player], 100)
        # rating_change(k, score, exp) in whole hundredths (the same value, no Fractions):
        # K × (score − expected) × 100, rounded once, halves away from zero (E3).
        hundredths = k * (half_points[player] * 50 - expected[player])
        delta = (abs(hundredths) + 50) // 100 * (1 if hundredths >= 0 else -1)
        rows.append(
            EloChange(
                tournament=tournament.id,
                time_control=tournament.time_control,
                player=player,
                ro=state.elo,
                k=k,
                games=n,
                score=score,
                expected=exp,
                delta=delta,
                rn=state.elo + delta,
                games_before=state.games,
                reached_2400=state.reached_2400,
            )
        )
    return tuple(rows)


def rate_history(
    initial: InitialRatings, tournaments: Sequence[ClubTournament]
) -> tuple[EloChange, ...]:
    """E1–E7: every row of a club's Elo history, tournaments applied in the order given.

    ``tournaments`` are the club's closed club tournaments in closing order (E7; E2: nothing
    else), of any time controls: each is rated with the Elos of its own time control only (E1).
    Returns the rows in that order, then by player id. Raises :class:`ClubEloError` as
    :func:`rate_tournament` does, or when a tournament id is given twice.
    """
    _check_unique(tournaments)
    states: dict[tuple[PlayerId, TimeControl], RatingState] = {}
    rows: list[EloChange] = []
    for tournament in tournaments:
        rows.extend(_rate_with_states(tournament, initial, states))
    return tuple(rows)


def rate_history_with_first_ratings(
    initial: InitialRatings,
    tournaments: Sequence[ClubTournament],
    *,
    pending: dict[tuple[PlayerId, TimeControl], list[PoolGame]] | None = None,
) -> tuple[tuple[EloChange, ...], tuple[FirstRating, ...]]:
    """E1–E7 and E10: :func:`rate_history` where a player without an initial rating is not an
    error but pooled for a first rating (B.02 8.2, :func:`first_rating`).

    Returns the Elo rows (a player has none while unrated) and every first rating computed, in
    closing order: the published one (the player's Elo from then on), and the unpublished ones
    (below 1400) of players still unrated. ``pending`` (a dict, optional) receives the pools
    of the players still unrated at the end: their games so far towards a first rating.
    """
    _check_unique(tournaments)
    states: dict[tuple[PlayerId, TimeControl], RatingState] = {}
    pools: dict[tuple[PlayerId, TimeControl], list[PoolGame]] = {} if pending is None else pending
    rows: list[EloChange] = []
    firsts: list[FirstRating] = []
    for tournament in tournaments:
        rows.extend(_rate_with_states(tournament, initial, states, pools, firsts))
    return tuple(rows), tuple(firsts)


def ratings_after(
    initial: InitialRatings, rows: Iterable[EloChange]
) -> dict[tuple[PlayerId, TimeControl], RatingState]:
    """E1: every player's current state per time control (initial, then the last row's).

    ``rows`` in closing order (as :func:`rate_history` returns them or the web layer stores
    them).
    """
    current = {key: rating.state for key, rating in initial.items()}
    for row in rows:
        current[(row.player, row.time_control)] = row.state_after
    return current


def first_tournament_of(
    player: PlayerId, time_control: TimeControl, tournaments: Sequence[ClubTournament]
) -> TournamentId | None:
    """E7: the first tournament (closing order) of ``time_control`` that ``player`` entered.

    A changed initial Elo recomputes from there; ``None`` when the player has none (nothing to
    recompute).
    """
    for tournament in tournaments:
        if tournament.time_control is time_control and player in tournament.entrants():
            return tournament.id
    return None


def recompute_from(
    initial: InitialRatings,
    tournaments: Sequence[ClubTournament],
    stored: Iterable[EloChange],
    start: TournamentId,
    *,
    first_ratings: bool = False,
) -> EloRecompute:
    """E7: recompute the Elo of ``start``'s time control from tournament ``start`` onwards.

    With ``first_ratings`` (E10), a player without an initial rating nor a stored row is
    unrated, not an error: their pool of games before ``start`` is read back from the earlier
    tournaments (their rated opponents' stored Ro), and their first rating, once reached,
    rates their later tournaments.

    ``initial`` and ``tournaments`` are the current data (the corrected games, the changed
    initial Elo), ``tournaments`` in closing order; ``stored`` the rows stored so far (any
    time controls; those of other time controls and of earlier tournaments are only read).
    The players' Elo before ``start`` is taken from the stored rows of the earlier tournaments
    of that time control, or from ``initial`` for a player without one; those rows are never
    returned. Tournaments from ``start`` on are rated again in order and only the rows that
    differ from the stored ones are returned, so applying the result and calling again returns
    an empty :class:`EloRecompute` (idempotent).

    Raises :class:`ClubEloError` for an unknown ``start``, tournament ids given twice, an
    entrant of an earlier tournament without a stored row (the history is incomplete: recompute
    from that tournament), or as :func:`rate_tournament` does.
    """
    _check_unique(tournaments)
    position = next((i for i, t in enumerate(tournaments) if t.id == start), None)
    if position is None:
        raise ClubEloError(f"unknown tournament {start}")
    time_control = tournaments[position].time_control
    stored_by_tournament: dict[TournamentId, dict[PlayerId, EloChange]] = {}
    for stored_row in stored:
        stored_by_tournament.setdefault(stored_row.tournament, {})[stored_row.player] = stored_row
    states: dict[tuple[PlayerId, TimeControl], RatingState] = {}
    pools: dict[tuple[PlayerId, TimeControl], list[PoolGame]] | None = {} if first_ratings else None
    for tournament in tournaments[:position]:
        if tournament.time_control is not time_control:
            continue
        kept = stored_by_tournament.get(tournament.id, {})
        unrated: set[PlayerId] = set()
        for player in tournament.entrants():
            row = kept.get(player)
            if row is None:
                if (
                    pools is not None
                    and (player, time_control) not in states
                    and (player, time_control) not in initial
                ):
                    unrated.add(player)
                    continue
                raise ClubEloError(
                    f"tournament {tournament.id} has no stored Elo row for player {player}"
                )
            states[(player, time_control)] = row.state_after
        if unrated and pools is not None:
            _pool(tournament, {p: r.ro for p, r in kept.items()}, unrated, pools)
            for player in sorted(unrated):
                found = first_rating(
                    player, time_control, tournament.id, pools.get((player, time_control), [])
                )
                if found is not None and found.published:
                    states[(player, time_control)] = found.state
                    pools.pop((player, time_control), None)
    changed: list[EloChange] = []
    removed: list[tuple[TournamentId, PlayerId]] = []
    for tournament in tournaments[position:]:
        if tournament.time_control is not time_control:
            continue
        old = stored_by_tournament.get(tournament.id, {})
        new = _rate_with_states(tournament, initial, states, pools)
        changed.extend(row for row in new if old.get(row.player) != row)
        current = {row.player for row in new}
        removed.extend((tournament.id, p) for p in sorted(old) if p not in current)
    return EloRecompute(changed=tuple(changed), removed=tuple(removed))


def recompute_after_initial_change(
    initial: InitialRatings,
    tournaments: Sequence[ClubTournament],
    stored: Iterable[EloChange],
    player: PlayerId,
    time_control: TimeControl,
) -> EloRecompute:
    """E7: after ``player``'s initial Elo in ``time_control`` changed (``initial`` holds the new
    one), recompute from the first tournament of that time control the player entered.

    Nothing changes when the player has no tournament there. Errors as :func:`recompute_from`.
    """
    start = first_tournament_of(player, time_control, tournaments)
    if start is None:
        return EloRecompute(changed=())
    return recompute_from(initial, tournaments, stored, start)


def _rate_with_states(
    tournament: ClubTournament,
    initial: InitialRatings,
    states: dict[tuple[PlayerId, TimeControl], RatingState],
    pools: dict[tuple[PlayerId, TimeControl], list[PoolGame]] | None = None,
    firsts: list[FirstRating] | None = None,
) -> tuple[EloChange, ...]:
    """Rate one tournament from ``states`` (else ``initial``) and update ``states``.

    With ``pools`` (E10), an entrant without state nor initial rating is unrated: their
    counting games against rated entrants go to their pool, the rated ones are rated among
    themselves, and a first rating completed by this tournament goes to ``firsts`` (and, when
    published, to ``states``)."""
    time_control = tournament.time_control
    before: dict[PlayerId, RatingState] = {}
    unrated: set[PlayerId] = set()
    for player in tournament.entrants():
        state = states.get((player, time_control))
        if state is None:
            rating = initial.get((player, time_control))
            if rating is None:
                if pools is not None:
                    unrated.add(player)
                    continue
                raise ClubEloError(
                    f"tournament {tournament.id}: player {player} has no initial "
                    f"{time_control.value} Elo"
                )
            state = rating.state
        before[player] = state
    if unrated and pools is not None:
        rated_games = tuple(g for g in tournament.games if g.white in before and g.black in before)
        _pool(tournament, {p: s.elo for p, s in before.items()}, unrated, pools)
        tournament = ClubTournament(tournament.id, time_control, rated_games, tuple(sorted(before)))
    rows = rate_tournament(tournament, before)
    for row in rows:
        states[(row.player, time_control)] = row.state_after
    if unrated and pools is not None:
        for player in sorted(unrated):
            found = first_rating(
                player, time_control, tournament.id, pools.get((player, time_control), [])
            )
            if found is None:
                continue
            if firsts is not None:
                firsts.append(found)
            if found.published:
                states[(player, time_control)] = found.state
                pools.pop((player, time_control), None)
    return rows


def _pool(
    tournament: ClubTournament,
    ro: Mapping[PlayerId, int],
    unrated: set[PlayerId],
    pools: dict[tuple[PlayerId, TimeControl], list[PoolGame]],
) -> None:
    """E10: add the tournament's counting games of ``unrated`` players against rated ones
    (``ro``: their Elo before the tournament) to the players' pools."""
    for game in tournament.games:
        if not game.counts or game.white == game.black:
            continue
        for me, other, mine in (
            (game.white, game.black, GameResult.WHITE_WINS),
            (game.black, game.white, GameResult.BLACK_WINS),
        ):
            if me in unrated and other in ro:
                if game.result is mine:
                    score = Fraction(1)
                elif game.result is GameResult.DRAW:
                    score = Fraction(1, 2)
                else:
                    score = Fraction(0)
                pools.setdefault((me, tournament.time_control), []).append(
                    PoolGame(tournament.id, other, ro[other], score)
                )


def _check_unique(tournaments: Sequence[ClubTournament]) -> None:
    seen: set[TournamentId] = set()
    for tournament in tournaments:
        if tournament.id in seen:
            raise ClubEloError(f"tournament {tournament.id} given twice")
        seen.add(tournament.id)


__all__ = [
    "FIRST_RATING_CAP",
    "FIRST_RATING_FLOOR",
    "FIRST_RATING_GAMES",
    "HYPOTHETICAL_RATING",
    "K_NEW_PLAYER",
    "K_REACHED_2400",
    "K_STANDARD",
    "MAX_K_TIMES_GAMES",
    "NEW_PLAYER_GAMES",
    "REACHED_RATING",
    "ClubEloError",
    "ClubTournament",
    "EloChange",
    "EloGame",
    "EloRecompute",
    "FirstRating",
    "InitialRating",
    "InitialRatings",
    "PlayerId",
    "PoolGame",
    "RatingState",
    "TimeControl",
    "TournamentId",
    "first_rating",
    "first_tournament_of",
    "k_factor",
    "rate_history",
    "rate_history_with_first_ratings",
    "rate_tournament",
    "rating_change",
    "ratings_after",
    "recompute_after_initial_change",
    "recompute_from",
]
