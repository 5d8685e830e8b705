"""Results entry under load (issue 5): latency of one board's automatic save (spec R2, R3)
while 20 clients save at once, on PostgreSQL. Target: p95 < 50 ms on the development machine.

Needs a PostgreSQL server (``CHESSCLUB_BENCH_POSTGRES``, default
``postgresql://postgres@127.0.0.1:5432/postgres``): a throwaway database is created there,
migrated, filled with one tournament (a 40-board round, 20 arbiters) and dropped afterwards.
When PostgreSQL cannot be reached the benchmark says so and is skipped.

Server and clients are separate processes, as when deployed (a shared interpreter would make
the clients' Python work compete with the server's for one GIL and count in its latency):

- the server is a child process serving ``chessclub_web.wsgi`` as the README documents it,
  measured in both set-ups: ``chessclub serve`` (``make run``: Django's threaded
  ``runserver`` server classes, one process, one thread per connection) and the production
  command (gunicorn, ``2 × cores + 1`` synchronous worker processes, gunicorn's own advice);
- the 20 clients are threads of this process, each with its own HTTP connection (keep-alive),
  logged in through the login form with its own session and CSRF token. Each repeatedly reads
  a random board's version from the database (not timed) and posts a different result with it
  to the autosave URL, as the boards page does; the time of each post (request sent to answer
  read) is measured. Posts that lose a race answer 409 (R3) and are counted apart.

Runs per server set-up: one arbiter alone (service time), busy arbiters (a pause of 0.1–0.5 s
between two saves of a client: the target's case) and saturation (no pause).
"""

from __future__ import annotations

import http.client
import json
import os
import random
import re
import signal
import socket
import statistics
import subprocess
import sys
import threading
import time
import urllib.parse
import uuid
from typing import Any

CLIENTS = 20
SAVES_PER_CLIENT = 60  # 1,200 timed saves: a p95 that does not move with a few slow ones
BOARDS = 40
PASSWORD = "bench-not-a-secret"
ADMIN_URL = os.environ.get(
    "CHESSCLUB_BENCH_POSTGRES", "postgresql://postgres@127.0.0.1:5432/postgres"
)
CODES = ["1-0", "=", "0-1", "+-", "-+", "--"]


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
        db_url = f"{ADMIN_URL.rsplit('/', 1)[0]}/{name}"
        env = {
            **os.environ,
            "DATABASE_URL": db_url,
            "DJANGO_SETTINGS_MODULE": "chessclub_web.settings",
            "CHESSCLUB_ALLOWED_HOSTS": "127.0.0.1,localhost",
            "CHESSCLUB_DEBUG": "0",
            "CHESSCLUB_SECRET_KEY": f"bench-{uuid.uuid4().hex}",
        }
        setup = subprocess.run(
            [sys.executable, "-m", "benchmarks.results_entry", "--setup"],
            env=env,
            check=True,
            capture_output=True,
            text=True,
        )
        info = json.loads(setup.stdout.strip().splitlines()[-1])
        cores = os.cpu_count() or 1
        load = ", ".join(f"{x:.1f}" for x in os.getloadavg())
        print(f"results entry: {cores} cores, load average before the runs {load}")
        for server in ("runserver", "gunicorn"):
            _bench_server(env, db_url, info, server, 1 if server == "runserver" else 2 * cores + 1)
    finally:
        _admin(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")


def _bench_server(
    env: dict[str, str], db_url: str, info: dict[str, Any], server_kind: str, workers: int
) -> None:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    server = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "benchmarks.results_entry",
            "--serve",
            server_kind,
            str(workers),
            str(port),
        ],
        env=env,
        stdout=subprocess.PIPE,
        text=True,
        start_new_session=True,
    )
    try:
        assert server.stdout is not None
        if server.stdout.readline().strip() != "ready":
            raise RuntimeError("the benchmark server did not start")
        setup = (
            "server: chessclub serve (1 process, a thread per connection)"
            if server_kind == "runserver"
            else f"server: gunicorn, {workers} sync worker processes (README's production set-up)"
        )
        setup += f"; clients: {CLIENTS} threads in another process"
        print(f"results entry: {setup}")
        clients = _login_all(port, info)
        _show("  save, one arbiter alone", *_run(clients[:1], db_url, info, 50, (0.0, 0.0)))
        # Arbiters pause between two results (here 0.1-0.5 s: far busier than a real round,
        # where 40 results come in over an hour). The target p95 < 50 ms is for this case.
        _show(
            f"  save, {CLIENTS} busy arbiters",
            *_run(clients, db_url, info, SAVES_PER_CLIENT, (0.1, 0.5)),
        )
        # Saturation: every client posts again at once, no pause.
        _show("  save, no pause (saturation)", *_run(clients, db_url, info, 10, (0.0, 0.0)))
        for client in clients:
            client.close()
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        server.wait(timeout=30)


class _Client:
    """One arbiter's browser: an HTTP/1.1 connection, its cookies and CSRF token."""

    def __init__(self, port: int) -> None:
        self.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
        self.cookies: dict[str, str] = {}

    def request(
        self, method: str, path: str, fields: dict[str, object] | None = None
    ) -> tuple[int, bytes]:
        headers = {"Cookie": "; ".join(f"{k}={v}" for k, v in self.cookies.items())}
        body = None
        if fields is not None:
            body = urllib.parse.urlencode(fields)
            headers["Content-Type"] = "application/x-www-form-urlencoded"
            headers["X-CSRFToken"] = self.cookies.get("csrftoken", "")
        self.conn.request(method, path, body=body, headers=headers)
        response = self.conn.getresponse()
        data = response.read()
        for header, value in response.getheaders():
            if header.lower() == "set-cookie":
                key, _, rest = value.partition("=")
                self.cookies[key.strip()] = rest.split(";", 1)[0]
        return response.status, data

    def login(self, login_path: str, username: str) -> None:
        status, page = self.request("GET", login_path)
        token = re.search(rb'name="csrfmiddlewaretoken" value="([^"]+)"', page)
        if status != 200 or token is None:
            raise RuntimeError(f"login page answered {status}")
        fields = {"username": username, "password": PASSWORD}
        fields["csrfmiddlewaretoken"] = token.group(1).decode()
        status, _ = self.request("POST", login_path, fields)
        if status != 302 or "sessionid" not in self.cookies:
            raise RuntimeError(f"login of {username} answered {status}")

    def close(self) -> None:
        self.conn.close()


def _login_all(port: int, info: dict[str, Any]) -> list[_Client]:
    clients = [_Client(port) for _ in info["users"]]
    threads = [
        threading.Thread(target=c.login, args=(info["login"], u))
        for c, u in zip(clients, info["users"], strict=True)
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    if not all("sessionid" in c.cookies for c in clients):
        raise RuntimeError("some benchmark clients could not log in")
    return clients


def _run(
    clients: list[_Client],
    db_url: str,
    info: dict[str, Any],
    saves: int,
    pause: tuple[float, float],
) -> tuple[list[float], list[int], float, int]:
    import psycopg

    times: list[float] = []
    statuses: list[int] = []
    lock = threading.Lock()
    barrier = threading.Barrier(len(clients))

    def work(client: _Client, seed: int) -> None:
        rng = random.Random(seed)
        mine: list[tuple[float, int]] = []
        try:
            with psycopg.connect(db_url, autocommit=True) as db:
                barrier.wait()
                for _ in range(saves):
                    if pause[1]:
                        time.sleep(rng.uniform(*pause))
                    game_id = rng.choice(info["games"])
                    row = db.execute(
                        "SELECT result, version FROM tournaments_game WHERE id = %s", (game_id,)
                    ).fetchone()
                    assert row is not None
                    chosen = rng.choice([c for c in CODES if c != row[0]])
                    fields = {"game": game_id, "result": chosen, "version": row[1]}
                    start = time.perf_counter()
                    status, _ = client.request("POST", info["save"], fields)
                    mine.append(((time.perf_counter() - start) * 1000, status))
        finally:
            with lock:
                times.extend(t for t, _ in mine)
                statuses.extend(s for _, s in mine)

    threads = [threading.Thread(target=work, args=(c, n)) for n, c in enumerate(clients)]
    started = time.perf_counter()
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return sorted(times), statuses, time.perf_counter() - started, len(clients)


def _show(label: str, times: list[float], statuses: list[int], elapsed: float, active: int) -> None:
    p95 = times[max(0, round(0.95 * len(times)) - 1)]
    size = f"{active} client{'s' if active > 1 else ''}, {BOARDS} boards"
    median = statistics.median(times)
    print(f"{label:<34} {size:<22} median {median:8.2f} ms, p95 {p95:8.2f} ms")
    other = len(statuses) - statuses.count(200) - statuses.count(409)
    print(
        f"{'':<34} {len(times)} saves in {elapsed:.1f} s ({len(times) / elapsed:.1f} saves/s): "
        f"{statuses.count(200)} saved, {statuses.count(409)} stale (409), {other} other"
    )


def _setup() -> None:
    """Child: migrate the throwaway database and fill it; print what the clients need."""
    import django

    django.setup()
    from django.contrib.auth import get_user_model
    from django.core.management import call_command
    from django.urls import reverse

    from chessclub_web.clubs.models import Club, Membership, Role
    from chessclub_web.tournaments.models import (
        Game,
        Round,
        RoundState,
        Tournament,
        TournamentPlayer,
    )

    call_command("migrate", verbosity=0)
    club = Club.objects.create(name="Bench", number="9999", public=True)
    tournament = Tournament.objects.create(club=club, name="Bench open", planned_rounds=7)
    players = TournamentPlayer.objects.bulk_create(
        TournamentPlayer(tournament=tournament, pairing_number=n, name=f"Player{n:03d}, A")
        for n in range(1, 2 * BOARDS + 1)
    )
    round_row = Round.objects.create(tournament=tournament, number=1, state=RoundState.PUBLISHED)
    Game.objects.bulk_create(
        Game(round=round_row, board=b + 1, white=players[2 * b], black=players[2 * b + 1])
        for b in range(BOARDS)
    )
    users = []
    for n in range(CLIENTS):
        user = get_user_model().objects.create_user(f"arbiter{n}", password=PASSWORD)
        Membership.objects.create(user=user, club=club, role=Role.ARBITER)
        users.append(user.username)
    info = {
        "games": list(Game.objects.filter(round=round_row).values_list("pk", flat=True)),
        "save": reverse("save_board", args=(club.number, tournament.pk, 1)),
        "login": reverse("login"),
        "users": users,
    }
    print(json.dumps(info))


def _serve(kind: str, workers: int, port: int) -> None:
    """Child: serve the app on 127.0.0.1:``port``, ``kind`` ``runserver`` (Django's threaded
    WSGI server classes, those of ``chessclub serve``; ``workers`` is 1) or ``gunicorn``
    (``workers`` synchronous worker processes). Prints ``ready`` once it accepts."""
    import django

    if kind == "gunicorn":
        _serve_gunicorn(workers, port)
        return
    django.setup()
    from django.core.servers.basehttp import ThreadedWSGIServer, WSGIRequestHandler
    from django.core.wsgi import get_wsgi_application

    class QuietHandler(WSGIRequestHandler):
        # Headers and body leave in two writes: with Nagle's algorithm the second waits for
        # the client's delayed ACK (~40 ms on Linux). WSGI servers (gunicorn) set TCP_NODELAY.
        disable_nagle_algorithm = True

        def log_message(self, format: str, *args: Any) -> None:
            pass

    class Server(ThreadedWSGIServer):
        request_queue_size = 128  # the 20 clients connect at once

    server = Server(("127.0.0.1", port), QuietHandler, ipv6=False)
    server.set_app(get_wsgi_application())
    print("ready", flush=True)
    server.serve_forever()


def _serve_gunicorn(workers: int, port: int) -> None:
    from gunicorn.app.base import BaseApplication

    class Application(BaseApplication):  # type: ignore[misc]
        def load_config(self) -> None:
            for key, value in {
                "bind": f"127.0.0.1:{port}",
                "workers": workers,
                "worker_class": "sync",
                "backlog": 128,
                "loglevel": "warning",
                "when_ready": lambda _server: print("ready", flush=True),
            }.items():
                self.cfg.set(key, value)

        def load(self) -> Any:
            import django
            from django.core.wsgi import get_wsgi_application

            django.setup()
            return get_wsgi_application()

    Application().run()


if __name__ == "__main__":
    if "--setup" in sys.argv:
        _setup()
    elif "--serve" in sys.argv:
        at = sys.argv.index("--serve")
        _serve(sys.argv[at + 1], int(sys.argv[at + 2]), int(sys.argv[at + 3]))
    else:
        main()
