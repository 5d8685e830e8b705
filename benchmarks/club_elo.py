"""Club Elo (issue 6): a club history of 200 closed tournaments and 20,000 games.

Medians of: the full history (:func:`rate_history`), and the recompute after a correction in the
first tournament (:func:`recompute_from`, every later tournament of that time control rated
again and compared with the stored rows). Target for the recompute: under 1 s.
"""

from __future__ import annotations

import random
from dataclasses import replace

from benchmarks._timing import median_ms, report
from chessclub.model import GameResult
from chessclub.ratings.club_elo import (
    ClubTournament,
    EloGame,
    InitialRating,
    TimeControl,
    rate_history,
    recompute_from,
)

TOURNAMENTS = 200
GAMES_PER_TOURNAMENT = 100
PLAYERS = 300


def club_history(
    seed: int = 6,
) -> tuple[dict[tuple[int, TimeControl], InitialRating], list[ClubTournament]]:
    """200 standard tournaments of 100 boards among 300 players (30 per tournament)."""
    rng = random.Random(seed)
    codes = [GameResult.WHITE_WINS, GameResult.DRAW, GameResult.BLACK_WINS]
    codes += [GameResult.WHITE_WINS_BY_FORFEIT]
    initial = {
        (p, TimeControl.STANDARD): InitialRating(rng.randint(1000, 2500), rng.randint(0, 60))
        for p in range(1, PLAYERS + 1)
    }
    tournaments = []
    for tid in range(1, TOURNAMENTS + 1):
        entrants = rng.sample(range(1, PLAYERS + 1), 30)
        games = []
        for _ in range(GAMES_PER_TOURNAMENT):
            white, black = rng.sample(entrants, 2)
            games.append(EloGame(white, black, rng.choice(codes)))
        tournaments.append(ClubTournament(tid, TimeControl.STANDARD, tuple(games), tuple(entrants)))
    return initial, tournaments


def main() -> None:
    initial, tournaments = club_history()
    size = f"{TOURNAMENTS} tournaments, {TOURNAMENTS * GAMES_PER_TOURNAMENT} games"
    stored = rate_history(initial, tournaments)
    first = tournaments[0]
    corrected = [
        replace(first, games=(replace(first.games[0], result=GameResult.DRAW), *first.games[1:])),
        *tournaments[1:],
    ]
    report("club Elo: full history", size, median_ms(lambda: rate_history(initial, tournaments)))
    report(
        "club Elo: recompute after a correction in #1",
        size,
        median_ms(lambda: recompute_from(initial, corrected, stored, first.id), repeat=11),
    )


if __name__ == "__main__":
    main()
