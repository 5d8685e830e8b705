"""Club systems (issue 19): a Keizer season of 40 evenings × 60 players.

Medians of: the whole season recalculated from its evenings (every evening's fixed point from
the previous one's ranking, rule K4 — what a correction of the first evening or a result
saved on the night costs, since the season is always derived), and pairing the next evening.
Each evening about 50 of the 60 members come (random, fixed seed), the others are absent with
or without notice; results drawn at random. Target for the season: under 200 ms.
"""

from __future__ import annotations

import random

from benchmarks._timing import median_ms, report
from chessclub.club_systems.keizer import (
    Evening,
    KeizerGame,
    KeizerPlayer,
    KeizerRules,
    pair_evening,
    season,
)

EVENINGS = 40
MEMBERS = 60


def keizer_season(seed: int = 19) -> tuple[list[KeizerPlayer], list[Evening], KeizerRules]:
    """The season, paired evening by evening by the Keizer pairing itself."""
    rng = random.Random(seed)
    rules = KeizerRules()
    players = [
        KeizerPlayer(pid, f"Joueur {pid:02d}", rng.randint(1200, 2300))
        for pid in range(1, MEMBERS + 1)
    ]
    evenings: list[Evening] = []
    order = [p.id for p in sorted(players, key=lambda p: -(p.rating or 0))]
    for number in range(1, EVENINGS + 1):
        present = [pid for pid in order if rng.random() < 0.84]
        absent = [pid for pid in order if pid not in present]
        pairing = pair_evening(order, present, evenings, rules)
        games = tuple(
            KeizerGame(white, black, rng.choice(["1-0", "=", "0-1", "1-0", "0-1"]))
            for white, black in pairing.boards
        )
        excused = tuple(pid for pid in absent if rng.random() < 0.6)
        byes = (pairing.bye,) if pairing.bye is not None else ()
        evenings.append(Evening(number, games=games, byes=byes, excused=excused))
        order = list(season(players, evenings, rules)[-1].order)
    return players, evenings, rules


def main() -> None:
    players, evenings, rules = keizer_season()
    games = sum(len(e.games) for e in evenings)
    size = f"{EVENINGS} evenings, {MEMBERS} players, {games} games"
    whole = median_ms(lambda: season(players, evenings, rules))
    report("Keizer: whole season recalculated", size, whole)
    print(f"{'':<44} target 200 ms: ratio {whole / 200:.2f} of the target")
    rankings = season(players, evenings, rules)
    iterations = [r.iterations for r in rankings]
    print(
        f"{'':<44} sorts per evening: median {sorted(iterations)[len(iterations) // 2]}, "
        f"max {max(iterations)}"
    )
    order = list(rankings[-1].order)
    present = order[:50]
    pairing = median_ms(lambda: pair_evening(order, present, evenings, rules))
    report("Keizer: pairing the next evening", "50 present", pairing)


if __name__ == "__main__":
    main()
