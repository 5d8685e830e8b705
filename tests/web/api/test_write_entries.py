"""Registering entries through the API (R-REG-3, R-REG-4, R-REG-7, R-REG-8), and their list.

Expected values: the pairing numbers of a Swiss follow the ratings while they are not frozen
(FIDE C.04.2: by rating, then title, then name); the rating lists' records are those of
``tests/web/list_players.py`` (Testeur, Alpha: Belgian matricule 90001, Elo 2180, club 901,
born 1990-04-02, FIDE 9990001, FIDE ratings 2210 standard, title FM); a new tournament pairs with
the FIDE rating (national when none, R-REG-4)."""

from __future__ import annotations

import json

import pytest
from tests.web.api.conftest import bearer
from tests.web.builders import make_swiss, make_tournament, mark_closed
from tests.web.list_players import belgian_list, fide_list, swiss_list

from chessclub_web.audit.models import Entry
from chessclub_web.clubs.models import Role
from chessclub_web.tournaments.models import Tournament

__all__ = ["belgian_list", "fide_list", "swiss_list"]  # the fixtures used below

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("english")]

API = "/api/v1"


def _swiss(club) -> Tournament:
    return Tournament.objects.create(
        club=club, name="Open du jeudi", system="swiss", planned_rounds=5, initial_colour="W"
    )


def _url(row: Tournament) -> str:
    return f"{API}/clubs/{row.club.number}/tournaments/{row.pk}/entries"


def _post(client, row, body, secret):
    return client.post(
        _url(row), json.dumps(body), content_type="application/json", **bearer(secret)
    )


@pytest.fixture
def arbiter_secret(public_club, make_user, make_token):
    arbiter = make_user("arbiter", public_club, Role.ARBITER)
    return make_token(arbiter, public_club, ["manage_entries"])


def test_api_register_by_hand_numbers_by_rating_and_history(client, public_club, arbiter_secret):
    row = _swiss(public_club)
    first = _post(
        client,
        row,
        {
            "name": "Dupont, Anne",
            "rating": 1850,
            "title": "WFM",
            "federation": "bel",
            "fide_id": "099100001",
            "national_id": "12345",
            "sex": "F",
            "birth_date": "1990-04-02",
            "club": "618",
        },
        arbiter_secret,
    )
    assert first.status_code == 201, first.content
    data = first.json()
    # Capitals (R-REG-7), the FIDE ID without its leading zero (R-REG-8).
    assert {k: data[k] for k in ("pairing_number", "name", "rating", "title", "federation")} == {
        "pairing_number": 1,
        "name": "Dupont, Anne",
        "rating": 1850,
        "title": "WFM",
        "federation": "BEL",
    }
    assert (data["fide_id"], data["national_id"], data["birth_date"], data["club"]) == (
        "99100001",
        "12345",
        "1990-04-02",
        "618",
    )
    assert (data["entry_round"], data["warnings"]) == (1, [])
    # A higher rating registered second takes number 1 (numbers by rating before round 4).
    second = _post(client, row, {"name": "Martin, Paul", "rating": 2010}, arbiter_secret)
    assert second.status_code == 201
    assert (second.json()["pairing_number"], second.json()["rating"]) == (1, 2010)
    listed = client.get(_url(row), **bearer(arbiter_secret)).json()
    assert [(e["pairing_number"], e["name"], e["rating"]) for e in listed] == [
        (1, "Martin, Paul", 2010),
        (2, "Dupont, Anne", 1850),
    ]
    lines = Entry.objects.filter(tournament=row, action="entry.registered").order_by("pk")
    assert [(e.username, e.params["name"], e.channel) for e in lines] == [
        ("arbiter", "Dupont, Anne", "JSON API"),
        ("arbiter", "Martin, Paul", "JSON API"),
    ]
    from django.contrib.auth import get_user_model

    client.force_login(get_user_model().objects.get(username="arbiter"))
    page = client.get(f"/clubs/{row.club.number}/tournaments/{row.pk}/history/")
    assert page.content.decode().count("arbiter · JSON API") == 2


def test_api_a_homonym_is_registered_with_a_warning(client, public_club, arbiter_secret):
    row = _swiss(public_club)
    _post(client, row, {"name": "Dupont, Anne", "rating": 1850}, arbiter_secret)
    again = _post(client, row, {"name": "dupont, anne"}, arbiter_secret)
    assert again.status_code == 201
    assert again.json()["warnings"] == ["Another player is already registered as dupont, anne."]
    assert row.players.count() == 2


def test_r_reg_3_register_from_the_belgian_list(
    client, public_club, arbiter_secret, fide_list, belgian_list
):
    row = _swiss(public_club)
    response = _post(client, row, {"list": "frbe", "key": "90001"}, arbiter_secret)
    assert response.status_code == 201, response.content
    data = response.json()
    assert (data["name"], data["national_id"], data["fide_id"], data["federation"]) == (
        "Testeur, Alpha",
        "90001",
        "9990001",
        "BEL",
    )
    assert (data["title"], data["sex"], data["birth_date"], data["club"]) == (
        "FM",
        "M",
        "1990-04-02",
        "901",
    )
    # R-REG-4: FIDE's standard rating pairs, the Belgian Elo beside it.
    assert (data["fide_rating"], data["national_rating"], data["rating"]) == (2210, 2180, 2210)
    line = Entry.objects.filter(tournament=row, action="entry.registered").get()
    assert line.params["list"] == "FRBE"


def test_r_reg_3_register_by_fide_id_or_national_id(
    client, public_club, arbiter_secret, fide_list, belgian_list, swiss_list
):
    row = _swiss(public_club)
    by_fide = _post(client, row, {"fide_id": "9990009"}, arbiter_secret)
    assert by_fide.status_code == 201, by_fide.content
    assert (by_fide.json()["name"], by_fide.json()["rating"]) == ("Testeur, Omega", 1900)
    by_code = _post(client, row, {"list": "fse", "national_id": "12345"}, arbiter_secret)
    assert by_code.status_code == 201, by_code.content
    gamma = by_code.json()
    assert (gamma["name"], gamma["federation"], gamma["fide_id"], gamma["rating"]) == (
        "Testeur, Gamma",
        "SUI",
        "9990003",
        1720,
    )


def test_r_reg_8_duplicates_answer_409_naming_the_field(
    client, public_club, arbiter_secret, fide_list, belgian_list
):
    row = _swiss(public_club)
    assert _post(client, row, {"list": "frbe", "key": "90001"}, arbiter_secret).status_code == 201
    same_person = _post(client, row, {"fide_id": "9990001"}, arbiter_secret)
    assert same_person.status_code == 409
    assert same_person.json() == {
        "error": "FIDE ID 9990001 is already registered: Testeur, Alpha.",
        "field": "fide_id",
        "board": None,
    }
    # The same matricule, typed with a leading zero, within the same federation.
    by_hand = _post(
        client,
        row,
        {"name": "Autre", "national_id": "090001", "federation": "BEL"},
        arbiter_secret,
    )
    assert by_hand.status_code == 409
    assert by_hand.json()["field"] == "national_id"
    assert "Testeur, Alpha" in by_hand.json()["error"]
    assert row.players.count() == 1


def test_r_reg_3_closed_and_full_tournaments_refuse_with_the_services_reason(
    client, public_club, arbiter_secret
):
    closed = _swiss(public_club)
    mark_closed(closed)
    refused = _post(client, closed, {"name": "Tard, Léa"}, arbiter_secret)
    assert refused.status_code == 409
    assert refused.json()["error"] == (
        "The tournament is closed: its entries and pairings no longer change."
    )
    # A round robin whose first round is paired: the Berger table is fixed (FIDE C.05).
    robin = make_tournament(public_club, [("A", 1500), ("B", 1400)], [[(1, 2, "")]])
    refused = _post(client, robin, {"name": "Tard, Léa"}, arbiter_secret)
    assert refused.status_code == 409
    assert refused.json()["error"] == (
        "A round robin takes no player once its first round is paired."
    )
    # A Swiss with rounds 1 and 2 paired: round 2 is taken, round 3 is the default.
    swiss = make_swiss(public_club)
    assert _post(client, swiss, {"name": "Tard", "entry_round": 2}, arbiter_secret).json() == {
        "error": "Round 2 is already paired: a new player joins from round 3 at the earliest.",
        "field": "",
        "board": None,
    }
    late = _post(client, swiss, {"name": "Tard, Léa"}, arbiter_secret)
    assert late.status_code == 201 and late.json()["entry_round"] == 3
    assert (closed.players.count(), robin.players.count()) == (0, 2)


@pytest.mark.parametrize(
    ("body", "field", "said"),
    [
        ({"rating": 1500}, "name", "name: This field is required."),
        ({"name": "X", "rating": 5000}, "rating", "rating:"),
        ({"name": "X", "national_id": "12a"}, "national_id", "national_id: Digits only."),
        ({"name": "X", "fide_id": "FIDE1"}, "fide_id", "fide_id: Digits only."),
        ({"name": "X", "federation": "XX"}, "federation", "federation: Three letters"),
        ({"name": "X", "birth_date": "1850-01-01"}, "birth_date", "not a plausible date"),
        ({"name": "X", "club": "Cercle"}, "club", "digits only"),
        ({"name": "X", "title": "ZZ"}, "title", "title:"),
        ({"name": "X", "sex": "X"}, "sex", "sex:"),
        ({"list": "frbe", "key": "90001", "name": "X"}, "name", "the list's details"),
        ({"list": "frbe"}, "key", "key"),
        ({"list": "frbe", "key": "99999"}, "key", "No player 99999 in this list."),
        ({"fide_id": "123"}, "fide_id", "No player 123 in this list."),
    ],
)
def test_r_reg_7_bad_bodies_answer_400_naming_the_field(
    client, public_club, arbiter_secret, belgian_list, body, field, said
):
    row = _swiss(public_club)
    response = _post(client, row, body, arbiter_secret)
    assert response.status_code == 400, response.content
    assert response.json()["field"] == field
    assert said in response.json()["error"]
    assert row.players.count() == 0


def test_api_schema_refusals_name_the_place(client, public_club, arbiter_secret):
    row = _swiss(public_club)
    words = _post(client, row, {"name": "X", "rating": "beaucoup"}, arbiter_secret)
    assert words.status_code == 400
    assert "rating" in words.json()["error"]
    late = _post(client, row, {"name": "X", "entry_round": 0}, arbiter_secret)
    assert late.status_code == 400 and "entry_round" in late.json()["error"]
    assert row.players.count() == 0


def test_api_the_entries_list_needs_the_right(client, public_club, make_user, arbiter_secret):
    row = _swiss(public_club)
    _post(client, row, {"name": "Dupont, Anne", "birth_date": "1990-04-02"}, arbiter_secret)
    # Birth dates and national IDs: not for anonymous visitors of a public club.
    assert client.get(_url(row)).status_code == 401
    client.force_login(make_user("curieux"))
    assert client.get(_url(row)).status_code == 403
    client.force_login(make_user("membre", public_club, Role.ARBITER))
    listed = client.get(_url(row))
    assert listed.status_code == 200
    assert [(e["name"], e["birth_date"]) for e in listed.json()] == [("Dupont, Anne", "1990-04-02")]
