"""The club Elo through the read API (spec E1, E8, E9) against the pages: a closed club
tournament's changes (A 1600 beats B 1600, expected ½, K 40: Δ = 40 × (1 − ½) = +20), a
player's history per time control, the roster; a private club's hidden (404) from anonymous
callers and other clubs' tokens; 304."""

from __future__ import annotations

import datetime
import html
import re

import pytest
from django.urls import reverse
from tests.web.api.conftest import bearer
from tests.web.builders import make_tournament

from chessclub_web.closing import services
from chessclub_web.clubs.models import Player, Role

API = "/api/v1"
PAIR = [("Alpha, Anne", 1600), ("Bravo, Bob", 1600)]

pytestmark = pytest.mark.usefixtures("english")


def _two_closed(club):
    t1 = make_tournament(club, PAIR, [[(1, 2, "1-0")]], name="Printemps")
    services.close_tournament(t1, None, datetime.date(2026, 1, 10))
    t2 = make_tournament(club, PAIR, [[(1, 2, "1-0")]], name="Été")
    services.close_tournament(t2, None, datetime.date(2026, 2, 10))
    return t1, t2


def _cells(page: str, table: str) -> list[list[str]]:
    body = page.split(f'class="{table}"', 1)[1].split("</table>", 1)[0]
    return [
        [" ".join(html.unescape(re.sub(r"<[^>]+>", " ", c)).split()) for c in cells]
        for cells in (re.findall(r"<td[^>]*>(.*?)</td>", r, re.S) for r in body.split("<tr>"))
        if cells
    ]


def test_e9_api_tournament_elo_is_the_pages(client, public_club):
    t1, _t2 = _two_closed(public_club)
    data = client.get(f"{API}/clubs/700/tournaments/{t1.pk}/elo").json()
    assert data["time_control"] == "standard"
    first, second = data["rows"]
    assert (first["pairing_number"], first["ro"], first["k"], first["games"]) == (1, 1600, 40, 1)
    assert (first["score"], first["expected"]) == (
        {"exact": "1", "decimal": "1"},
        {"exact": "1/2", "decimal": "0.5"},
    )
    assert (first["delta"], first["rn"], second["delta"], second["rn"]) == (20, 1620, -20, 1580)
    assert data["without"] == []
    page = client.get(reverse("elo_changes", args=("700", t1.pk))).content.decode()
    for line, cells in zip(data["rows"], _cells(page, "elo-changes"), strict=True):
        delta = f"+{line['delta']}" if line["delta"] > 0 else str(line["delta"])
        assert cells == [
            str(line["pairing_number"]),
            line["name"],
            str(line["ro"]),
            str(line["k"]),
            str(line["games"]),
            line["score"]["decimal"],
            line["expected"]["decimal"],
            delta,
            str(line["rn"]),
        ]


def test_e9_api_no_elo_for_an_open_tournament(client, public_club):
    row = make_tournament(public_club, PAIR, [[(1, 2, "1-0")]])
    assert client.get(f"{API}/clubs/700/tournaments/{row.pk}/elo").status_code == 404


def test_e8_api_player_history_per_time_control(client, public_club):
    _two_closed(public_club)
    player = Player.objects.get(club=public_club, surname="Alpha")
    data = client.get(f"{API}/clubs/700/players/{player.pk}/elo").json()
    standard = next(tc for tc in data["time_controls"] if tc["time_control"] == "standard")
    # T2: 1620 against 1580, expected .56 (FIDE table, 40 points), K 40: +18 → 1638.
    assert [(r["tournament"], r["ro"], r["rn"]) for r in standard["rows"]] == [
        ("Printemps", 1600, 1620),
        ("Été", 1620, 1638),
    ]
    assert standard["current"] == 1638
    page = client.get(reverse("player", args=("700", player.pk))).content.decode()
    rows = _cells(page, "elo-history-table")
    assert [(r[0], r[2], r[8]) for r in rows] == [
        (r["tournament"], str(r["ro"]), str(r["rn"])) for r in standard["rows"]
    ]
    assert client.get(f"{API}/clubs/700/players/999999/elo").status_code == 404


def test_e1_api_roster_is_the_pages(client, public_club):
    _two_closed(public_club)
    data = client.get(f"{API}/clubs/700/players").json()
    assert data["count"] == 2
    alpha = next(p for p in data["items"] if p["surname"] == "Alpha")
    assert alpha["club_elo"]["standard"] == 1638
    page = client.get(reverse("roster", args=("700",))).content.decode()
    cells = {r[0]: r for r in _cells(page, "roster")}
    for item in data["items"]:
        shown = cells[item["name"]]
        assert shown[2:5] == [
            "–" if item["club_elo"][tc] is None else str(item["club_elo"][tc])
            for tc in ("standard", "rapid", "blitz")
        ]


def test_api_private_club_elo_hidden_from_anonymous_and_other_clubs_tokens(
    client, private_club, public_club, make_user, make_token
):
    t1, _t2 = _two_closed(private_club)
    player = Player.objects.filter(club=private_club).first()
    urls = [
        f"{API}/clubs/701/tournaments/{t1.pk}/elo",
        f"{API}/clubs/701/players",
        f"{API}/clubs/701/players/{player.pk}/elo",
    ]
    member = make_user("member", private_club, Role.ARBITER)
    outsider = make_user("outsider", public_club, Role.OWNER)
    for url in urls:
        assert client.get(url).status_code == 404
        assert client.get(url, **bearer(make_token(outsider, public_club))).status_code == 404
        assert client.get(url, **bearer(make_token(member, public_club))).status_code == 404
        assert client.get(url, **bearer(make_token(member, private_club))).status_code == 200


def test_api_elo_answers_304(client, public_club):
    t1, _t2 = _two_closed(public_club)
    player = Player.objects.get(club=public_club, surname="Alpha")
    for url in (
        f"{API}/clubs/700/tournaments/{t1.pk}/elo",
        f"{API}/clubs/700/players",
        f"{API}/clubs/700/players/{player.pk}/elo",
    ):
        first = client.get(url)
        assert client.get(url, HTTP_IF_NONE_MATCH=first["ETag"]).status_code == 304
    roster = client.get(f"{API}/clubs/700/players")
    Player.objects.filter(pk=player.pk).update(first_name="Annie")  # the roster changed
    again = client.get(f"{API}/clubs/700/players", HTTP_IF_NONE_MATCH=roster["ETag"])
    assert again.status_code == 200
    assert "Annie" in {p["first_name"] for p in again.json()["items"]}
