"""Tournament pages as an anonymous visitor sees them (*Classement*, *Grille américaine*).

Sets Django up itself with a throwaway SQLite database in a temporary folder (never the
checkout's ``data/``), stores generated Swiss tournaments of 300 and 1000 players × 11 rounds
through the adapter, and times the two pages through Django's test client: *cold* (the standings
cache emptied before each request), *warm* (the usual case: the cache filled by an earlier
visitor) and *304* (a reader whose copy is current sends its ``ETag`` back: nothing is computed
or rendered).
"""

from __future__ import annotations

import os
import random
import shutil
import tempfile
from collections.abc import Callable

from benchmarks._timing import median_ms, report
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
)

RESULTS = (GameResult.WHITE_WINS, GameResult.DRAW, GameResult.BLACK_WINS)


def swiss(players: int, rounds: int, seed: int = 1) -> Tournament:
    """A tournament of ``players`` × ``rounds`` with random pairings and results (a pairing-
    allocated bye for the odd one out, a few forfeits)."""
    rng = random.Random(seed)
    numbers = [PairingNumber(n) for n in range(1, players + 1)]
    played = []
    for r in range(1, rounds + 1):
        order = numbers[:]
        rng.shuffle(order)
        byes = ()
        if len(order) % 2:
            byes = (Bye(order.pop(), ByeKind.PAIRING_ALLOCATED),)
        games = tuple(
            Game(
                order[i],
                order[i + 1],
                GameResult.WHITE_WINS_BY_FORFEIT if rng.random() < 0.01 else rng.choice(RESULTS),
                board=i // 2 + 1,
            )
            for i in range(0, len(order), 2)
        )
        played.append(Round(RoundNumber(r), games=games, byes=byes))
    return Tournament(
        name=f"Open {players}",
        players=tuple(
            Player(n, f"Player{n:04d}, Anon", rating=1200 + rng.randrange(1400)) for n in numbers
        ),
        rounds=tuple(played),
        planned_rounds=rounds,
    )


def main() -> None:
    folder = tempfile.mkdtemp(prefix="chessclub-bench-")
    try:
        os.environ["CHESSCLUB_DATA_DIR"] = folder
        os.environ.pop("DATABASE_URL", None)
        os.environ["DJANGO_SETTINGS_MODULE"] = "chessclub_web.settings"
        _run()
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def _run() -> None:
    import django

    django.setup()
    from django.core.cache import cache
    from django.core.management import call_command
    from django.test import Client

    from chessclub_web.clubs.models import Club
    from chessclub_web.tournaments.adapters import store_tournament

    call_command("migrate", interactive=False, verbosity=0)
    club = Club.objects.create(name="Bench", number="999", public=True)
    client = Client(HTTP_ACCEPT_LANGUAGE="fr", HTTP_HOST="localhost")

    def get(url: str, cold: bool) -> Callable[[], object]:
        def action() -> object:
            if cold:
                cache.clear()
            response = client.get(url)
            assert response.status_code == 200, response.status_code
            return response

        return action

    def revalidate(url: str) -> Callable[[], object]:
        etag = client.get(url)["ETag"]

        def action() -> object:
            response = client.get(url, HTTP_IF_NONE_MATCH=etag)
            assert response.status_code == 304, response.status_code
            return response

        return action

    for players in (300, 1000):
        tournament = swiss(players, 11)
        row = store_tournament(tournament, club=club)
        size = f"{players} players, 11 rounds"
        base = f"/clubs/{club.number}/tournaments/{row.pk}/"
        repeat = 7 if players <= 300 else 5
        for name, url in (("standings", base), ("crosstable", base + "crosstable/")):
            report(f"{name} page, cold cache", size, median_ms(get(url, True), repeat=repeat))
            report(f"{name} page, warm cache", size, median_ms(get(url, False), repeat=repeat))
            report(f"{name} page, 304 (copy current)", size, median_ms(revalidate(url), repeat=15))


if __name__ == "__main__":
    main()
