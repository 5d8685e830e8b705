"""Twenty clients at once on the same boards, half through the JSON API and half through the
boards page (spec R3, R5; docs/api.md), on PostgreSQL.

CI runs the whole suite a second time on PostgreSQL (``.ci/run``); on SQLite (one writer at a
time, no row locks) this test is skipped. The rule checked is R3's, whichever door a save comes
through: a save carrying the version the board still has wins and makes the version one more;
any other changes nothing (the page answers ``conflict``, the API 409 with the stored result).
So for each board, after all saves: final version = 1 + number of winning saves; the winners
read the versions 1, 2, …, final − 1, each exactly once; the history holds one row per step,
chained (each row's old value is the previous row's new value: no lost update), ending at the
stored result, and each row is marked with the door its save came through.
"""

from __future__ import annotations

import itertools
import random
import threading
from collections import Counter, defaultdict

import pytest
from django.db import connection
from django.test import Client

from chessclub_web.accounts.models import Scope
from chessclub_web.accounts.services import create_token
from chessclub_web.clubs.models import Role
from chessclub_web.results.models import Via
from chessclub_web.tournaments.models import Game

from ..audit.lines import result_lines
from ..builders import board, make_swiss, save_url
from .conftest import bearer

pytestmark = pytest.mark.django_db(transaction=True)

CLIENTS = 20
ROUNDS_PER_CLIENT = 4
CODES = ["1-0", "=", "0-1", "+-", "-+", "--"]


def test_r3_postgresql_twenty_clients_api_and_page_lose_no_update(public_club, make_user):
    if connection.vendor != "postgresql":
        pytest.skip(
            "needs PostgreSQL (row locks under real concurrency): "
            "run with DATABASE_URL=postgresql://…, as CI's second pass does"
        )
    tournament = make_swiss(public_club)
    games = [board(tournament, 2, 1), board(tournament, 2, 2)]
    api_url = f"/api/v1/clubs/{public_club.number}/tournaments/{tournament.pk}/rounds/2/results"
    clients: list[tuple[Client, dict[str, str] | None]] = []
    for n in range(CLIENTS):
        user = make_user(f"arbitre{n:02d}", public_club, Role.ARBITER)
        client = Client()
        if n % 2:
            _token, secret = create_token(user, public_club, "live board", [Scope.ENTER_RESULTS])
            clients.append((client, bearer(secret)))
        else:
            client.force_login(user)
            clients.append((client, None))
    barrier = threading.Barrier(CLIENTS)
    answers: list[tuple[int, int, str, int, dict]] = []  # game, version read, door, status, json
    lock = threading.Lock()
    errors: list[BaseException] = []

    def work(client: Client, headers: dict[str, str] | None, seed: int) -> None:
        rng = random.Random(seed)
        try:
            barrier.wait(timeout=30)
            for _ in range(ROUNDS_PER_CLIENT):
                for game in games:
                    result, version = Game.objects.values_list("result", "version").get(pk=game.pk)
                    chosen = rng.choice([c for c in CODES if c != result])
                    if headers is None:
                        door = "page"
                        response = client.post(
                            save_url(tournament),
                            {"game": game.pk, "result": chosen, "version": version},
                        )
                    else:
                        door = "api"
                        response = client.post(
                            api_url,
                            {"boards": [{"game": game.pk, "result": chosen, "version": version}]},
                            content_type="application/json",
                            **headers,
                        )
                    with lock:
                        answers.append(
                            (game.pk, version, door, response.status_code, response.json())
                        )
        except BaseException as exc:  # reported below
            errors.append(exc)
        finally:
            connection.close()

    threads = [
        threading.Thread(target=work, args=(client, headers, n))
        for n, (client, headers) in enumerate(clients)
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=180)
    assert not errors, errors
    assert len(answers) == CLIENTS * ROUNDS_PER_CLIENT * len(games)
    assert {status for *_, status, _ in answers} <= {200, 409}
    doors_won = {door for _g, _v, door, status, _d in answers if status == 200}
    assert doors_won == {"page", "api"}  # both doors saved something
    api_wins = sum(1 for _g, _v, door, status, _d in answers if door == "api" and status == 200)
    assert any(status == 409 for *_, status, _ in answers)  # the clients did collide

    winners: defaultdict[int, list[int]] = defaultdict(list)
    for game_id, version, door, status, data in answers:
        if door == "page":
            if status == 200:
                assert data["state"] == "saved" and data["version"] == version + 1
                winners[game_id].append(version)
            else:
                assert data["state"] == "conflict" and data["version"] != version
        elif status == 200:
            (saved,) = data["saved"]
            assert saved["game"] == game_id and saved["version"] == version + 1
            winners[game_id].append(version)
        else:
            (stale,) = data["stale"]
            assert stale["game"] == game_id and stale["version"] != version
    for game in games:
        game.refresh_from_db()
        won = winners[game.pk]
        assert sorted(won) == list(range(1, game.version)), Counter(won)
        log = list(result_lines(game=game).order_by("version"))
        assert [line.version for line in log] == list(range(1, game.version))
        assert log[0].old_result == ""
        for before, after in itertools.pairwise(log):
            assert after.old_result == before.new_result  # no lost update
        assert log[-1].new_result == game.result
        doors = {line.params["via"] for line in log}
        assert doors <= {Via.AUTOSAVE, Via.BUTTON, Via.API}
    api_lines = [
        line for game in games for line in result_lines(game=game) if line.params["via"] == Via.API
    ]
    assert len(api_lines) == api_wins  # every API save is one history line marked JSON API
