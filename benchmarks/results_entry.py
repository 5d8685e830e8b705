"""Results entry under load (issue 5): latency of one board's automatic save (spec R2, R3)
while 20 clients save at once, on PostgreSQL. Target: p95 < 50 ms on the development machine.

Needs a PostgreSQL server (``CHESSCLUB_BENCH_POSTGRES``, default
``postgresql://postgres@127.0.0.1:5432/postgres``): a throwaway database is created there,
migrated, filled with one tournament (a 40-board round, 20 arbiters) and dropped afterwards.
When PostgreSQL cannot be reached the benchmark says so and is skipped.

The work runs in a child process (its own Django settings, ``DATABASE_URL`` pointing to the
throwaway database). Each of the 20 clients (threads, each with its own database connection
and Django test client — the whole view stack, without the HTTP socket) repeatedly reads a
random board's version and posts a different result with it, as the boards page does; the
time of each post is measured. Posts that lose a race answer 409 (R3) and are counted apart.
Two runs: busy arbiters (a pause of 0.1–0.5 s between two saves of a client: the target's
case) and saturation (no pause: every post queues behind the others on the machine's cores).
"""

from __future__ import annotations

import os
import random
import statistics
import subprocess
import sys
import threading
import time
import uuid

CLIENTS = 20
SAVES_PER_CLIENT = 30
BOARDS = 40
ADMIN_URL = os.environ.get(
    "CHESSCLUB_BENCH_POSTGRES", "postgresql://postgres@127.0.0.1:5432/postgres"
)


def _admin(sql: str) -> None:
    import psycopg

    with psycopg.connect(ADMIN_URL, autocommit=True, connect_timeout=3) as conn:
        conn.execute(sql)


def main() -> None:
    try:
        _admin("SELECT 1")
    except Exception as exc:  # any failure means: no PostgreSQL here
        print(f"results entry: skipped, PostgreSQL not reachable at {ADMIN_URL} ({exc})")
        return
    name = f"chessclub_bench_{uuid.uuid4().hex[:10]}"
    _admin(f"CREATE DATABASE {name}")
    try:
        base = ADMIN_URL.rsplit("/", 1)[0]
        env = {
            **os.environ,
            "DATABASE_URL": f"{base}/{name}",
            "DJANGO_SETTINGS_MODULE": "chessclub_web.settings",
            "CHESSCLUB_ALLOWED_HOSTS": "testserver,localhost",
        }
        subprocess.run(
            [sys.executable, "-m", "benchmarks.results_entry", "--child"], env=env, check=True
        )
    finally:
        _admin(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")


def _child() -> None:
    import django

    django.setup()
    from django.contrib.auth import get_user_model
    from django.core.management import call_command
    from django.db import connection
    from django.test import Client
    from django.urls import reverse

    from chessclub_web.clubs.models import Club, Membership, Role
    from chessclub_web.tournaments.models import Game, Round, Tournament, TournamentPlayer

    call_command("migrate", verbosity=0)
    club = Club.objects.create(name="Bench", number="9999", public=True)
    tournament = Tournament.objects.create(club=club, name="Bench open", planned_rounds=7)
    players = TournamentPlayer.objects.bulk_create(
        TournamentPlayer(tournament=tournament, pairing_number=n, name=f"Player{n:03d}, A")
        for n in range(1, 2 * BOARDS + 1)
    )
    round_row = Round.objects.create(tournament=tournament, number=1)
    Game.objects.bulk_create(
        Game(round=round_row, board=b + 1, white=players[2 * b], black=players[2 * b + 1])
        for b in range(BOARDS)
    )
    game_ids = list(Game.objects.filter(round=round_row).values_list("pk", flat=True))
    url = reverse("save_board", args=(club.number, tournament.pk, 1))
    clients = []
    for n in range(CLIENTS):
        user = get_user_model().objects.create_user(f"arbiter{n}")
        Membership.objects.create(user=user, club=club, role=Role.ARBITER)
        client = Client()
        client.force_login(user)
        clients.append(client)
    codes = ["1-0", "=", "0-1", "+-", "-+", "--"]

    def run(
        saves: int, pause: tuple[float, float], active: int = CLIENTS
    ) -> tuple[list[float], list[int], float]:
        times: list[float] = []
        statuses: list[int] = []
        lock = threading.Lock()
        barrier = threading.Barrier(active)

        def work(client: Client, seed: int) -> None:
            rng = random.Random(seed)
            mine: list[tuple[float, int]] = []
            try:
                barrier.wait()
                for _ in range(saves):
                    if pause[1]:
                        time.sleep(rng.uniform(*pause))
                    game_id = rng.choice(game_ids)
                    result, version = Game.objects.values_list("result", "version").get(pk=game_id)
                    chosen = rng.choice([c for c in codes if c != result])
                    start = time.perf_counter()
                    response = client.post(
                        url, {"game": game_id, "result": chosen, "version": version}
                    )
                    mine.append(((time.perf_counter() - start) * 1000, response.status_code))
            finally:
                connection.close()
                with lock:
                    times.extend(t for t, _ in mine)
                    statuses.extend(s for _, s in mine)

        threads = [
            threading.Thread(target=work, args=(c, n)) for n, c in enumerate(clients[:active])
        ]
        started = time.perf_counter()
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        return sorted(times), statuses, time.perf_counter() - started

    def show(
        label: str, times: list[float], statuses: list[int], elapsed: float, active: int = CLIENTS
    ) -> None:
        p95 = times[max(0, round(0.95 * len(times)) - 1)]
        size = f"{active} client{'s' if active > 1 else ''}, {BOARDS} boards"
        median = statistics.median(times)
        print(f"{label:<44} {size:<28} median {median:9.2f} ms, p95 {p95:9.2f} ms")
        print(
            f"{'':<44} {len(times)} saves in {elapsed:.1f} s: {statuses.count(200)} saved, "
            f"{statuses.count(409)} stale (409), "
            f"{len(statuses) - statuses.count(200) - statuses.count(409)} other"
        )

    # Service time: one arbiter alone, no pause.
    show("results entry: save, one arbiter alone", *run(50, (0.0, 0.0), 1), 1)
    # Arbiters pause between two results (here 0.1-0.5 s: far busier than a real round, where
    # 40 results come in over an hour). The target p95 < 50 ms is for this case.
    show("results entry: save, 20 busy arbiters", *run(SAVES_PER_CLIENT, (0.1, 0.5)))
    # Saturation: every client posts again at once, no pause (latency = queueing behind the
    # other 19 on two cores and one Python process).
    show("results entry: save, no pause (saturation)", *run(10, (0.0, 0.0)))


if __name__ == "__main__":
    if "--child" in sys.argv:
        _child()
    else:
        main()
