"""Saving results through the API (spec R2–R5): a token with the scope and an account with the
right, the board's version (R3: a stale one answers 409 with the stored result, nothing saved),
the history line marked as the API's, the boards page and the read API showing the result."""

from __future__ import annotations

import json

from tests.web.api.conftest import bearer
from tests.web.builders import make_tournament

from chessclub_web.audit.models import Entry
from chessclub_web.clubs.models import Role
from chessclub_web.tournaments.models import Game

API = "/api/v1"


def _tournament(club):
    return make_tournament(
        club,
        [("Alpha", 1500), ("Bravo", 1400), ("Charlie", 1300), ("Delta", 1200)],
        [[(1, 2, ""), (3, 4, "")]],
    )


def _post(client, row, boards, secret=None, round_number=1):
    extra = bearer(secret) if secret else {}
    return client.post(
        f"{API}/clubs/{row.club.number}/tournaments/{row.pk}/rounds/{round_number}/results",
        json.dumps({"boards": boards}),
        content_type="application/json",
        **extra,
    )


def test_r2_r5_a_token_with_enter_results_saves_and_the_history_says_api(
    client, public_club, make_user, make_token
):
    row = _tournament(public_club)
    arbiter = make_user("arbiter", public_club, Role.ARBITER)
    secret = make_token(arbiter, public_club, ["enter_results"])
    first, second = Game.objects.filter(round__tournament=row).order_by("board")
    response = _post(
        client,
        row,
        [
            {"game": first.pk, "result": "1-0", "version": 1},
            {"game": second.pk, "result": "=", "version": 1},
        ],
        secret,
    )
    assert response.status_code == 200, response.content
    assert response.json()["saved"] == [
        {"game": first.pk, "result": "1-0", "version": 2},
        {"game": second.pk, "result": "=", "version": 2},
    ]
    assert Game.objects.get(pk=first.pk).result == "1-0"
    lines = Entry.objects.filter(tournament=row, action="result.entered").order_by("board")
    assert [(e.board, e.params["via"], e.username) for e in lines] == [
        (1, "api", "arbiter"),
        (2, "api", "arbiter"),
    ]
    read = client.get(f"{API}/clubs/700/tournaments/{row.pk}/rounds/1").json()
    assert {(g["id"], g["result"], g["version"]) for g in read["games"]} == {
        (first.pk, "1-0", 2),
        (second.pk, "=", 2),
    }


def test_r3_a_stale_version_answers_409_with_the_stored_result_and_saves_nothing(
    client, public_club, make_user, make_token
):
    row = _tournament(public_club)
    arbiter = make_user("arbiter", public_club, Role.ARBITER)
    secret = make_token(arbiter, public_club, ["enter_results"])
    first, second = Game.objects.filter(round__tournament=row).order_by("board")
    # Someone else saved board 1 meanwhile (version 1 → 2).
    Game.objects.filter(pk=first.pk).update(result="0-1", version=2)
    response = _post(
        client,
        row,
        [
            {"game": first.pk, "result": "1-0", "version": 1},
            {"game": second.pk, "result": "=", "version": 1},
        ],
        secret,
    )
    assert response.status_code == 409
    assert response.json()["stale"] == [{"game": first.pk, "result": "0-1", "version": 2}]
    assert Game.objects.get(pk=second.pk).result == ""  # nothing saved (R3)
    assert not Entry.objects.filter(tournament=row, action__startswith="result.").exists()


def test_writes_need_a_token_with_the_scope_of_the_tournaments_club_and_the_right(
    client, public_club, private_club, make_user, make_token
):
    row = _tournament(public_club)
    game = Game.objects.filter(round__tournament=row).first()
    board = [{"game": game.pk, "result": "1-0", "version": 1}]
    arbiter = make_user("arbiter", public_club, Role.ARBITER)
    assert _post(client, row, board).status_code == 401  # no token
    client.force_login(arbiter)
    assert _post(client, row, board).status_code == 401  # a session never writes
    client.logout()
    assert _post(client, row, board, make_token(arbiter, public_club)).status_code == 403
    other_club = make_user("elsewhere", private_club, Role.OWNER)
    assert (
        _post(
            client, row, board, make_token(other_club, private_club, ["enter_results"])
        ).status_code
        == 403
    )
    outsider = make_user("outsider")
    assert (
        _post(client, row, board, make_token(outsider, public_club, ["enter_results"])).status_code
        == 403
    )
    from chessclub_web.accounts.models import ApiToken
    from chessclub_web.accounts.services import revoke_token

    secret = make_token(arbiter, public_club, ["enter_results"])
    revoke_token(arbiter, ApiToken.objects.filter(user=arbiter).order_by("-pk").first().pk)
    assert _post(client, row, board, secret).status_code == 401
    assert Game.objects.get(pk=game.pk).result == ""


def test_bad_input_answers_400_naming_the_place(client, public_club, make_user, make_token):
    row = _tournament(public_club)
    game = Game.objects.filter(round__tournament=row).order_by("board").first()
    secret = make_token(
        make_user("arbiter", public_club, Role.ARBITER), public_club, ["enter_results"]
    )
    wrong_code = _post(client, row, [{"game": game.pk, "result": "2-0", "version": 1}], secret)
    assert wrong_code.status_code == 400
    assert "2-0" in wrong_code.json()["error"]
    no_version = _post(client, row, [{"game": game.pk, "result": "1-0"}], secret)
    assert no_version.status_code == 400
    assert "version" in no_version.json()["error"]
    twice = _post(
        client,
        row,
        [{"game": game.pk, "result": "1-0", "version": 1}] * 2,
        secret,
    )
    assert twice.status_code == 400
    assert _post(client, row, [], secret, round_number=5).status_code == 404
    not_json = client.post(
        f"{API}/clubs/700/tournaments/{row.pk}/rounds/1/results",
        "boards=1",
        content_type="application/json",
        **bearer(secret),
    )
    assert not_json.status_code == 400
    assert Game.objects.get(pk=game.pk).result == ""
