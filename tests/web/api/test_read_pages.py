"""The read API's lists in pages ({"count", "page", "page_size", "items"}): bounds (page_size
1–200, page from 1; anything else 400 naming the parameter), one shape for clubs, a club's
tournaments and its players; the tournaments' list computes no standings; every read endpoint
declares its answers (200, 304, 400, 401, 404) in the schema."""

from __future__ import annotations

import pytest
from tests.web.builders import make_tournament

from chessclub_web.clubs.models import Club
from chessclub_web.tournaments import presentation
from chessclub_web.tournaments.models import RoundState

API = "/api/v1"


@pytest.fixture
def clubs(db):
    return [
        Club.objects.create(name=f"Cercle {n}", number=str(n), public=True) for n in range(1, 6)
    ]


def test_api_lists_come_in_pages(client, clubs):
    first = client.get(f"{API}/clubs?page_size=2").json()
    assert (first["count"], first["page"], first["page_size"]) == (5, 1, 2)
    assert [c["number"] for c in first["items"]] == ["1", "2"]
    last = client.get(f"{API}/clubs?page=3&page_size=2").json()
    assert [c["number"] for c in last["items"]] == ["5"]
    past = client.get(f"{API}/clubs?page=4&page_size=2").json()
    assert (past["count"], past["items"]) == (5, [])
    default = client.get(f"{API}/clubs").json()
    assert (default["page_size"], len(default["items"])) == (50, 5)
    assert client.get(f"{API}/clubs?page_size=200").status_code == 200


@pytest.mark.parametrize(
    ("query", "name"),
    [
        ("page_size=201", "page_size"),
        ("page_size=0", "page_size"),
        ("page=0", "page"),
        ("page=x", "page"),
        ("page_size=-1", "page_size"),
        ("page=99999999999999999999", "page"),
    ],
)
def test_api_a_bad_page_is_400_naming_it(client, clubs, query, name):
    for url in (f"{API}/clubs", f"{API}/clubs/1/tournaments", f"{API}/clubs/1/players"):
        response = client.get(f"{url}?{query}")
        assert response.status_code == 400, url
        assert f"query.{name}" in response.json()["error"]


def test_api_tournament_list_counts_published_rounds_without_standings(
    client, public_club, monkeypatch
):
    make_tournament(
        public_club,
        [("A", 1500), ("B", 1400), ("C", 1300), ("D", 1200)],
        [[(1, 2, "1-0"), (3, 4, "=")], [(2, 3, "")]],
        states=[RoundState.PUBLISHED, RoundState.DRAFT],
        system="swiss",
        planned_rounds=5,
    )
    make_tournament(public_club, [("A", 1500), ("B", 1400)], [[(1, 2, "1-0")]], name="RR")

    def no_standings(*args, **kwargs):
        raise AssertionError("the list computed a tournament's standings")

    monkeypatch.setattr(presentation, "_computed", no_standings)
    monkeypatch.setattr(presentation, "compute_standings", no_standings)
    data = client.get(f"{API}/clubs/700/tournaments?page_size=1").json()
    assert data["count"] == 2
    (newest,) = data["items"]
    assert (newest["name"], newest["published_rounds"]) == ("RR", [1])
    assert newest["tiebreaks"] == ["DE", "SB", "WIN", "KS"]  # round robin defaults (S4)
    swiss = client.get(f"{API}/clubs/700/tournaments?page=2&page_size=1").json()["items"][0]
    assert swiss["published_rounds"] == [1]  # the draft round 2 is not counted
    assert swiss["tiebreaks"] == ["BH/C1", "BH", "SB", "DE", "WIN"]  # Swiss defaults (S4)


def test_api_tournament_list_is_the_details(client, demo):
    listed = client.get(f"{API}/clubs/618/tournaments").json()["items"][0]
    detail = client.get(f"{API}/clubs/618/tournaments/{listed['id']}").json()
    assert listed == detail


def test_api_every_read_endpoint_declares_its_answers(client, db):
    schema = client.get(f"{API}/schema").json()
    reads = {path: ops["get"] for path, ops in schema["paths"].items() if "get" in ops}
    assert len(reads) >= 12
    for path, operation in reads.items():
        assert {"200", "304", "400", "401", "404"} <= set(operation["responses"]), path
    lists = [
        "/api/v1/clubs",
        "/api/v1/clubs/{number}/tournaments",
        "/api/v1/clubs/{number}/players",
    ]
    for path in lists:
        names = {p["name"] for p in reads[path]["parameters"]}
        assert {"page", "page_size"} <= names, path
