"""Random individual tournaments for differential tests (Swiss-like and round robins).

Built with the model constructors; deterministic for a seed. Covers what makes tiebreaks hard:
half- and zero-point byes, full-point byes, the pairing-allocated bye, forfeits (also double),
games without rating (TRF W/D/L), withdrawals (absent in every later round), late entries,
unrated players.
"""

from __future__ import annotations

import datetime
import random
from dataclasses import dataclass

from chessclub.model import (
    Bye,
    ByeKind,
    Game,
    GameResult,
    PairingNumber,
    Player,
    Round,
    RoundNumber,
    Tournament,
    TournamentSystem,
)

P = PairingNumber


@dataclass(frozen=True)
class Profile:
    """Rates of the unusual events, per player and round."""

    hpb: float = 0.04
    zpb: float = 0.02
    fpb: float = 0.005
    forfeit: float = 0.04
    double_forfeit: float = 0.01
    unrated_game: float = 0.01
    withdraw: float = 0.01
    late: float = 0.05
    unrated_player: float = 0.0


def _result(
    rng: random.Random, white: int, black: int, profile: Profile
) -> tuple[GameResult, bool]:
    roll = rng.random()
    if roll < profile.double_forfeit:
        return GameResult.DOUBLE_FORFEIT, False
    if roll < profile.double_forfeit + profile.forfeit:
        return rng.choice(
            (GameResult.WHITE_WINS_BY_FORFEIT, GameResult.BLACK_WINS_BY_FORFEIT)
        ), False
    expected = 1 / (1 + 10 ** ((black - white) / 400))
    draw = 0.3
    roll = rng.random()
    if roll < draw:
        result = GameResult.DRAW
    elif roll < draw + (1 - draw) * expected:
        result = GameResult.WHITE_WINS
    else:
        result = GameResult.BLACK_WINS
    return result, rng.random() >= profile.unrated_game


def _players(rng: random.Random, count: int, profile: Profile) -> tuple[Player, ...]:
    ratings = sorted((rng.randint(1000, 2600) for _ in range(count)), reverse=True)
    return tuple(
        Player(
            P(n),
            f"Player{n:04d}, Anon",
            None if rng.random() < profile.unrated_player else ratings[n - 1],
        )
        for n in range(1, count + 1)
    )


def swiss(
    seed: int,
    players: int,
    rounds: int,
    profile: Profile = Profile(),
    start: datetime.date = datetime.date(2024, 9, 1),
) -> Tournament:
    """A Swiss-like tournament: score groups paired top-down, no rematch when avoidable."""
    rng = random.Random(seed)
    roster = _players(rng, players, profile)
    rating = {p.pairing_number: (p.rating or 1500) for p in roster}
    entry = {p.pairing_number: 1 for p in roster}
    leave = {p.pairing_number: rounds + 1 for p in roster}
    for p in roster:
        if rng.random() < profile.late * 2 and rounds > 2:
            entry[p.pairing_number] = rng.randint(2, max(2, rounds // 2))
        elif rng.random() < profile.withdraw * rounds:
            leave[p.pairing_number] = rng.randint(2, rounds)
    score: dict[PairingNumber, float] = {p.pairing_number: 0.0 for p in roster}
    met: set[frozenset[PairingNumber]] = set()
    had_pab: set[PairingNumber] = set()
    result_rounds: list[Round] = []
    for number in range(1, rounds + 1):
        active = [pn for pn in score if entry[pn] <= number < leave[pn]]
        byes: list[Bye] = []
        pool: list[PairingNumber] = []
        for pn in active:
            roll = rng.random()
            if roll < profile.hpb:
                byes.append(Bye(pn, ByeKind.HALF_POINT))
                score[pn] += 0.5
            elif roll < profile.hpb + profile.zpb:
                byes.append(Bye(pn, ByeKind.ZERO_POINT))
            elif roll < profile.hpb + profile.zpb + profile.fpb:
                byes.append(Bye(pn, ByeKind.FULL_POINT))
                score[pn] += 1
            else:
                pool.append(pn)
        pool.sort(key=lambda pn: (-score[pn], -rating[pn] + rng.random() * 50))
        if len(pool) % 2:
            candidates = [pn for pn in reversed(pool) if pn not in had_pab] or [pool[-1]]
            pab = candidates[0]
            pool.remove(pab)
            had_pab.add(pab)
            byes.append(Bye(pab, ByeKind.PAIRING_ALLOCATED))
            score[pab] += 1
        games: list[Game] = []
        while pool:
            first = pool.pop(0)
            partner = next((pn for pn in pool if frozenset((first, pn)) not in met), pool[0])
            pool.remove(partner)
            met.add(frozenset((first, partner)))
            white, black = (first, partner) if rng.random() < 0.5 else (partner, first)
            result, rated = _result(rng, rating[white], rating[black], profile)
            games.append(Game(white, black, result, rated=rated))
            outcome = {
                GameResult.WHITE_WINS: (1.0, 0.0),
                GameResult.BLACK_WINS: (0.0, 1.0),
                GameResult.DRAW: (0.5, 0.5),
                GameResult.WHITE_WINS_BY_FORFEIT: (1.0, 0.0),
                GameResult.BLACK_WINS_BY_FORFEIT: (0.0, 1.0),
                GameResult.DOUBLE_FORFEIT: (0.0, 0.0),
            }[result]
            score[white] += outcome[0]
            score[black] += outcome[1]
        result_rounds.append(Round(RoundNumber(number), tuple(games), tuple(byes)))
    return Tournament(
        name=f"generated swiss {seed}",
        players=roster,
        rounds=tuple(result_rounds),
        planned_rounds=rounds,
        start_date=start,
    )


def round_robin(
    seed: int,
    players: int,
    profile: Profile = Profile(),
    start: datetime.date = datetime.date(2024, 9, 1),
    *,
    double: bool = False,
) -> Tournament:
    """A (double) round robin by the circle method; an odd field sits one player out a round."""
    rng = random.Random(seed)
    roster = _players(rng, players, profile)
    rating = {p.pairing_number: (p.rating or 1500) for p in roster}
    seats: list[PairingNumber | None] = [p.pairing_number for p in roster]
    if len(seats) % 2:
        seats.append(None)
    n = len(seats)
    cycle = n - 1
    total = cycle * (2 if double else 1)
    withdraw_at = total + 1
    withdrawn = P(rng.randint(1, players))
    if rng.random() < profile.withdraw * 10:
        withdraw_at = rng.randint(2, total)
    result_rounds: list[Round] = []
    order = list(seats)
    for number in range(1, total + 1):
        games: list[Game] = []
        for i in range(n // 2):
            a, b = order[i], order[n - 1 - i]
            if a is None or b is None:
                continue
            white, black = (a, b) if (number + i) % 2 else (b, a)
            if number > cycle:
                white, black = black, white
            if number >= withdraw_at and withdrawn in (white, black):
                result = (
                    GameResult.BLACK_WINS_BY_FORFEIT
                    if white == withdrawn
                    else GameResult.WHITE_WINS_BY_FORFEIT
                )
                rated = False
            else:
                result, rated = _result(rng, rating[white], rating[black], profile)
            games.append(Game(white, black, result, rated=rated))
        result_rounds.append(Round(RoundNumber(number), tuple(games)))
        order = [order[0], order[-1], *order[1:-1]]
    return Tournament(
        name=f"generated round robin {seed}",
        players=roster,
        rounds=tuple(result_rounds),
        planned_rounds=total,
        system=TournamentSystem.DOUBLE_ROUND_ROBIN if double else TournamentSystem.ROUND_ROBIN,
        start_date=start,
    )
