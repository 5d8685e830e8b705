"""FSE ranking list (issue 9): one period for 15,000 listed players and 40,000 games.

Synthetic data (seeded): a previous list of 15,000 players, and 400 Swiss tournaments of 40
players and 5 rounds (100 games each, 40,000 games), players drawn from the list plus a few
new players, tempo 90 min + 30 s. Timed: reading the list CSV, and the period itself
(:func:`chessclub.ratings.fse.compute_period`: countability, gains, entries). Target: the
period under 5 s (median).
"""

from __future__ import annotations

import datetime
import random

from benchmarks._timing import median_ms, report
from chessclub.model import (
    Game,
    GameResult,
    PairingNumber,
    Player,
    Round,
    RoundNumber,
    Tournament,
    TournamentSystem,
)
from chessclub.ratings.fse import (
    RULES_CURRENT,
    ListEntry,
    TournamentInput,
    compute_period,
    read_list_csv,
    write_list_csv,
)

LISTED = 15_000
TOURNAMENTS = 400
PLAYERS = 40
ROUNDS = 5
END = datetime.date(2025, 4, 30)


def previous_list(rng: random.Random) -> list[ListEntry]:
    return [
        ListEntry(
            id=str(100_000 + i),
            name=f"Player{i}, Placeholder",
            points=rng.randint(1400, 2500),
            games=rng.randint(0, 400),
            entry_date=datetime.date(rng.randint(1990, 2024), rng.randint(1, 12), 1),
            birth_date=datetime.date(rng.randint(1940, 2015), rng.randint(1, 12), 1),
            last_active=datetime.date(rng.randint(2018, 2025), 1, 1),
        )
        for i in range(LISTED)
    ]


def tournaments(rng: random.Random) -> list[TournamentInput]:
    results = (GameResult.WHITE_WINS, GameResult.DRAW, GameResult.BLACK_WINS)
    inputs = []
    new = 0
    for t in range(TOURNAMENTS):
        ids = rng.sample(range(LISTED), PLAYERS - 2)
        players = [
            Player(PairingNumber(n), f"Player{i}, Placeholder", matricule=str(100_000 + i))
            for n, i in enumerate(ids, start=1)
        ]
        for _ in range(2):
            new += 1
            players.append(Player(PairingNumber(len(players) + 1), f"Newcomer{new}, Placeholder"))
        rounds = []
        for r in range(1, ROUNDS + 1):
            order = list(range(1, PLAYERS + 1))
            rng.shuffle(order)
            games = tuple(
                Game(PairingNumber(order[i]), PairingNumber(order[i + 1]), rng.choice(results))
                for i in range(0, PLAYERS, 2)
            )
            rounds.append(Round(RoundNumber(r), games, ()))
        tournament = Tournament(
            f"Open {t}",
            tuple(players),
            tuple(rounds),
            planned_rounds=ROUNDS,
            system=TournamentSystem.SWISS,
            end_date=datetime.date(2025, 3, 1) + datetime.timedelta(days=t % 60),
            time_control="90 min + 30 s",
        )
        inputs.append(TournamentInput(f"open-{t}.trf", tournament))
    return inputs


def main() -> None:
    rng = random.Random(9)
    previous = previous_list(rng)
    inputs = tournaments(rng)
    games = sum(len(r.games) for item in inputs for r in item.tournament.rounds)
    csv_bytes = write_list_csv(previous).encode()
    ms = median_ms(lambda: read_list_csv(csv_bytes), repeat=5)
    report("fse read previous list CSV", f"{LISTED} rows", ms)

    def period() -> object:
        return compute_period(previous, inputs, rules=RULES_CURRENT, period_end=END)

    ms = median_ms(period, repeat=5)
    report("fse one period (target < 5 s)", f"{LISTED} listed, {games} games", ms)


if __name__ == "__main__":
    main()
