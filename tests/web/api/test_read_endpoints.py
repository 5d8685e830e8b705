"""The read API (/api/v1/…): values against the pages' values on the demo tournament (the real
2000 Belgian championship, src/chessclub_web/demo: Charlie Claire wins with 5/7), the pages'
visibility rules narrowed by tokens, drafts, ?round=N (spec S1, S3), ETag and 304."""

from __future__ import annotations

import html
import re

import pytest
from tests.web.api.conftest import bearer
from tests.web.builders import make_tournament

from chessclub_web.clubs.models import Club, Role
from chessclub_web.tournaments.models import Game, RoundState, Tournament

API = "/api/v1"


def _demo() -> Tournament:
    return Tournament.objects.get(club__number="618")


def _standings_url(row: Tournament, query: str = "") -> str:
    return f"{API}/clubs/618/tournaments/{row.pk}/standings{query}"


def _page_row(page: str, name: str) -> str:
    """The standings page's row of ``name`` as text."""
    for row in re.findall(r"<tr\b.*?</tr>", page, re.S):
        text = html.unescape(re.sub(r"<[^>]+>", " ", row))
        if name in text:
            return " ".join(text.split())
    raise AssertionError(f"{name} not on the page")


def test_s1_standings_are_the_pages_final_standings(client, demo):
    row = _demo()
    data = client.get(_standings_url(row)).json()
    assert data["after_round"] == 7
    assert data["tiebreaks"] == ["BH/C1", "BH", "SB", "DE", "WIN"]
    winner = data["rows"][0]
    # The file's known winner (the demo's README): Charlie Claire, 5 points out of 7.
    assert (winner["rank"], winner["name"], winner["points"]) == ("1", "Charlie Claire", "5")
    page = client.get(demo).content.decode()
    for line in data["rows"]:
        shown = _page_row(page, line["name"])
        assert shown.startswith(line["rank"] + " ")
        for value in [line["points"]] + [t["display"] for t in line["tiebreaks"]]:
            assert f" {value}" in f" {shown}", (line["name"], value, shown)


def test_s3_standings_after_round_3_are_the_pages(client, demo):
    row = _demo()
    data = client.get(_standings_url(row, "?round=3")).json()
    assert data["after_round"] == 3
    page = client.get(f"{demo}?round=3").content.decode()
    assert len(data["rows"]) == 16
    for line in data["rows"]:
        assert line["games_played"] <= 3
        shown = _page_row(page, line["name"])
        assert shown.startswith(line["rank"] + " ")
        assert f" {line['points']} " in f" {shown} "


@pytest.mark.parametrize(
    ("query", "status"), [("?round=x", 400), ("?round=0", 400), ("?round=9", 404)]
)
def test_s3_a_round_the_pages_refuse_is_refused_with_a_json_message(client, demo, query, status):
    response = client.get(_standings_url(_demo(), query))
    assert response.status_code == status
    assert response["Content-Type"].startswith("application/json")
    assert response.json()["error"]


def test_a_rounds_boards_carry_the_stored_games_ids_and_versions(client, demo):
    row = _demo()
    data = client.get(f"{API}/clubs/618/tournaments/{row.pk}/rounds/2").json()
    stored = Game.objects.filter(round__tournament=row, round__number=2)
    assert {(g["id"], g["result"], g["version"]) for g in data["games"]} == {
        (g.pk, g.result, g.version) for g in stored
    }
    first = next(g for g in data["games"] if g["white"]["name"] == "Alpha Anne")
    assert first["black"]["name"] == "Bravo Bruno"  # round 2 of the file: 1–2 drawn
    assert first["result"] == "="
    # Oscar Olivier (15) is absent from round 2 on: on no board of round 2.
    names = {g["white"]["name"] for g in data["games"]} | {
        g["black"]["name"] for g in data["games"]
    }
    assert "Oscar Olivier" not in names


def test_tournament_details_and_club_list(client, demo):
    clubs = client.get(f"{API}/clubs").json()
    assert (clubs["count"], clubs["page"]) == (1, 1)
    assert [club["number"] for club in clubs["items"]] == ["618"]
    rows = client.get(f"{API}/clubs/618/tournaments").json()["items"]
    assert [(r["name"], r["published_rounds"], r["closed"]) for r in rows] == [
        ("Cht FEFB ELITE", [1, 2, 3, 4, 5, 6, 7], False)
    ]
    assert client.get(f"{API}/clubs/999").status_code == 404


def test_private_club_seen_by_members_only_and_by_tokens_of_that_club(
    client, private_club, public_club, make_user, make_token
):
    hidden = make_tournament(private_club, [("A", 1500), ("B", 1400)], [[(1, 2, "1-0")]])
    url = f"{API}/clubs/701/tournaments/{hidden.pk}"
    assert client.get(url).status_code == 404
    assert client.get(f"{API}/clubs/701").status_code == 404
    member = make_user("member", private_club, Role.ARBITER)
    outsider = make_user("outsider")
    assert client.get(url, **bearer(make_token(outsider, public_club))).status_code == 404
    assert client.get(url, **bearer(make_token(member, private_club))).status_code == 200
    # The member's token of another club reads only public data.
    assert client.get(url, **bearer(make_token(member, public_club))).status_code == 404
    client.force_login(member)
    assert client.get(url).status_code == 200  # the session's account
    assert [c["number"] for c in client.get(f"{API}/clubs").json()["items"]] == ["700", "701"]


def test_a_draft_round_only_for_who_pairs(client, public_club, make_user, make_token):
    row = make_tournament(
        public_club,
        [("A", 1500), ("B", 1400)],
        [[(1, 2, "1-0")], [(2, 1, "")]],
        states=[RoundState.PUBLISHED, RoundState.DRAFT],
        system="swiss",
        planned_rounds=3,
    )
    url = f"{API}/clubs/700/tournaments/{row.pk}/rounds/2"
    assert client.get(url).status_code == 404
    arbiter = make_user("arbiter", public_club, Role.ARBITER)
    # The arbiter pairs rounds; through a token, only one given the scope "edit_pairings".
    assert client.get(url, **bearer(make_token(arbiter, public_club))).status_code == 404
    pairing = bearer(make_token(arbiter, public_club, ["edit_pairings"]))
    assert client.get(url, **pairing).json()["state"] == "draft"
    player = make_user("player")
    assert (
        client.get(url, **bearer(make_token(player, public_club, ["edit_pairings"]))).status_code
        == 404
    )
    assert client.get(f"{API}/clubs/700/tournaments/{row.pk}/rounds/1").status_code == 200


def test_a_wrong_token_is_refused_never_read_as_anonymous(client, demo):
    for header in ("Bearer cc_nothing", "Basic abc", "Bearer "):
        response = client.get(f"{API}/clubs", HTTP_AUTHORIZATION=header)
        assert response.status_code == 401
        assert response["WWW-Authenticate"] == "Bearer"


def test_etag_answers_304_and_changes_with_the_results(client, demo, make_user, make_token):
    row = _demo()
    url = _standings_url(row)
    first = client.get(url)
    etag = first["ETag"]
    again = client.get(url, HTTP_IF_NONE_MATCH=etag)
    assert again.status_code == 304
    assert again.content == b""
    # Another caller never gets this copy's 304.
    owner = Club.objects.get(number="618").memberships.get(role=Role.OWNER).user
    assert (
        client.get(url, HTTP_IF_NONE_MATCH=etag, **bearer(make_token(owner, row.club))).status_code
        == 200
    )
    game = Game.objects.filter(round__tournament=row, round__number=7).first()
    from chessclub_web.tournaments.models import touch_tournament

    Game.objects.filter(pk=game.pk).update(result="0-1" if game.result != "0-1" else "1-0")
    touch_tournament(row.pk)
    assert client.get(url, HTTP_IF_NONE_MATCH=etag).status_code == 200


def test_the_schema_lists_every_endpoint(client, db):
    schema = client.get(f"{API}/schema").json()
    assert schema["openapi"].startswith("3.")
    paths = set(schema["paths"])
    assert {
        "/api/v1/clubs",
        "/api/v1/clubs/{number}/tournaments/{pk}/standings",
        "/api/v1/clubs/{number}/tournaments/{pk}/rounds/{round_number}",
        "/api/v1/clubs/{number}/tournaments/{pk}/rounds/{round_number}/results",
    } <= paths
    assert client.get(f"{API}/docs").status_code == 200


def test_api_round_of_a_trf_numbers_its_boards_as_the_boards_page_does(client, demo):
    """The demo championship comes from a TRF, which numbers no board: the API gives each game
    its place in the round (1 to 7 for round 7's 14 players), as the boards page and the
    refusals name them, and the round's start time (none in the file)."""
    row = Tournament.objects.get(club__number="618")
    data = client.get(f"/api/v1/clubs/618/tournaments/{row.pk}/rounds/7").json()
    assert [game["board"] for game in data["games"]] == [1, 2, 3, 4, 5, 6, 7]
    assert data["time"] is None
