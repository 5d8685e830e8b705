"""Twenty arbiters at once on the same boards (spec R3, R5), on PostgreSQL.

CI runs the whole suite a second time with ``DATABASE_URL=postgres://…`` (``.ci/run``); on
SQLite (one writer at a time, no row locks) this test is skipped. Locally:
``DATABASE_URL=postgresql://postgres@127.0.0.1:5432/chessclub_results .venv/bin/pytest -q
tests/web/results/test_views_concurrency.py``.

Each client reads a board's result and version, chooses a different result and posts it with
the version it read, as the boards page does. By hand, what R3 requires: a post carrying the
version the board still has wins and makes the version one more; any other post changes
nothing and answers the stored value. So for each board, after all posts:
final version = 1 + number of winning posts; the winners read the versions 1, 2, …, final − 1,
each exactly once; the history holds one row per step, chained (each row's old value is the
previous row's new value: no lost update) and ending at the stored result.
"""

from __future__ import annotations

import itertools
import random
import threading
from collections import Counter, defaultdict

import pytest
from django.db import connection
from django.test import Client

from chessclub_web.clubs.models import Role
from chessclub_web.tournaments.models import Game

from ..audit.lines import result_lines
from ..builders import board, make_swiss, save_url

pytestmark = pytest.mark.django_db(transaction=True)

CLIENTS = 20
ROUNDS_PER_CLIENT = 4
CODES = ["1-0", "=", "0-1", "+-", "-+", "--"]


def test_r3_postgresql_twenty_clients_one_winner_per_version_no_lost_update(public_club, make_user):
    if connection.vendor != "postgresql":
        pytest.skip(
            "needs PostgreSQL (row locks under real concurrency): "
            "run with DATABASE_URL=postgresql://…, as CI's second pass does"
        )
    tournament = make_swiss(public_club)
    games = [board(tournament, 2, 1), board(tournament, 2, 2)]
    clients = []
    for n in range(CLIENTS):
        client = Client()
        client.force_login(make_user(f"arbitre{n:02d}", public_club, Role.ARBITER))
        clients.append(client)
    barrier = threading.Barrier(CLIENTS)
    answers: list[tuple[int, int, int, dict]] = []  # game id, version read, status, json
    lock = threading.Lock()
    errors: list[BaseException] = []

    def work(client: Client, seed: int) -> None:
        rng = random.Random(seed)
        try:
            barrier.wait(timeout=30)
            for _ in range(ROUNDS_PER_CLIENT):
                for game in games:
                    result, version = Game.objects.values_list("result", "version").get(pk=game.pk)
                    chosen = rng.choice([c for c in CODES if c != result])
                    response = client.post(
                        save_url(tournament),
                        {"game": game.pk, "result": chosen, "version": version},
                    )
                    with lock:
                        answers.append((game.pk, version, response.status_code, response.json()))
        except BaseException as exc:  # reported below
            errors.append(exc)
        finally:
            connection.close()

    threads = [threading.Thread(target=work, args=(c, n)) for n, c in enumerate(clients)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    assert not errors, errors
    assert len(answers) == CLIENTS * ROUNDS_PER_CLIENT * len(games)
    assert {status for *_, status, _ in answers} <= {200, 409}
    assert any(status == 409 for *_, status, _ in answers)  # the clients did collide

    winners: defaultdict[int, list[int]] = defaultdict(list)
    for game_id, version, status, data in answers:
        if status == 200:
            assert data["state"] == "saved" and data["version"] == version + 1
            winners[game_id].append(version)
        else:
            assert data["state"] == "conflict" and data["version"] != version
    for game in games:
        game.refresh_from_db()
        won = winners[game.pk]
        # Exactly one writer won each version: versions 1 … final − 1, once each.
        assert sorted(won) == list(range(1, game.version)), Counter(won)
        assert game.version > 1
        log = list(result_lines(game=game).order_by("version"))
        assert [c.version for c in log] == list(range(1, game.version))
        assert log[0].old_result == ""
        for before, after in itertools.pairwise(log):
            assert after.old_result == before.new_result  # no lost update
        assert log[-1].new_result == game.result
