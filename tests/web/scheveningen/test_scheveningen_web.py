"""The Scheveningen match's pages (K40–K44). The tables expected are the published ones
(the club-systems specification §2 for 4 boards; Wikipedia's *Scheveningen system* for 6
boards), the scores worked by hand from the results entered."""

from __future__ import annotations

import re
from fractions import Fraction
from pathlib import Path

import pytest
from django.test import Client

from chessclub_web.clubs.models import Club, Role
from chessclub_web.scheveningen.models import ScheveningenMatch, Seat
from chessclub_web.tournaments.models import Game, Round, RoundState, Tournament

from ..builders import button_data, client_for, make_tournament, new_tournament, tournament_url

#: Team A then team B, in board order (placeholder names).
FOUR = [
    ("Ambre", 2100),
    ("Arno", 2000),
    ("Aster", 1900),
    ("Axel", 1800),
    ("Bastien", 2050),
    ("Berthe", 1950),
    ("Blaise", 1850),
    ("Boris", 1750),
]

#: The specification's 4-board table (§2), White first.
SPEC_FOUR = [
    ["A1-B1", "A2-B2", "B3-A3", "B4-A4"],
    ["B2-A1", "B1-A2", "A3-B4", "A4-B3"],
    ["A1-B3", "A2-B4", "B1-A3", "B2-A4"],
    ["B4-A1", "B3-A2", "A3-B2", "A4-B1"],
]

#: Wikipedia's 6-board table (*Scheveningen system*), White first.
PUBLISHED_SIX = [
    ["A1-B1", "B2-A2", "B3-A3", "A4-B4", "B5-A5", "A6-B6"],
    ["B2-A1", "A2-B3", "A3-B5", "B6-A4", "A5-B4", "B1-A6"],
    ["A1-B3", "B5-A2", "B1-A3", "A4-B2", "A5-B6", "B4-A6"],
    ["B4-A1", "B6-A2", "A3-B2", "A4-B1", "B3-A5", "A6-B5"],
    ["A1-B5", "A2-B4", "A3-B6", "B3-A4", "B1-A5", "B2-A6"],
    ["B6-A1", "A2-B1", "B4-A3", "B5-A4", "A5-B2", "A6-B3"],
]


def _setup_data(boards: int, **extra: str) -> dict[str, str]:
    return {"team_a": "Cercle A", "team_b": "Cercle B", "primary": "game_points", **extra}


def _lineup(row: Tournament, boards: int) -> dict[str, str]:
    """Players 1…n in team A, n+1…2n in team B, in pairing-number order."""
    ids = list(row.players.order_by("pairing_number").values_list("pk", flat=True))
    data = {f"a{i}": str(ids[i - 1]) for i in range(1, boards + 1)}
    data.update({f"b{i}": str(ids[boards + i - 1]) for i in range(1, boards + 1)})
    return data


def _match(club: Club, players, **kw) -> Tournament:
    return make_tournament(club, players, [], system="scheveningen", name="Match", **kw)


def _set_up(client: Client, row: Tournament, boards: int, **extra: str) -> None:
    response = client.post(
        tournament_url(row, "scheveningen_setup"),
        {**_setup_data(boards, **extra), **_lineup(row, boards)},
    )
    assert response.status_code == 302, response.content.decode()[:3000]


def _make_and_publish(client: Client, row: Tournament) -> None:
    assert client.post(tournament_url(row, "scheveningen_make_rounds")).status_code == 302
    assert client.post(tournament_url(row, "scheveningen_publish")).status_code == 302


def _places(row: Tournament, boards: int) -> dict[int, str]:
    """Entry id → ``A1`` … as the line-up was posted."""
    ids = list(row.players.order_by("pairing_number").values_list("pk", flat=True))
    return {pk: (f"A{i + 1}" if i < boards else f"B{i - boards + 1}") for i, pk in enumerate(ids)}


def _rounds_stored(row: Tournament, boards: int) -> list[list[str]]:
    places = _places(row, boards)
    return [
        [f"{places[g.white_id]}-{places[g.black_id]}" for g in r.games.order_by("board")]
        for r in row.rounds.order_by("number")
    ]


def _rounds_shown(page: str) -> list[list[str]]:
    found = re.findall(r'<div class="scheveningen-round" id="boards-(\d+)">(.*?)</div>', page, re.S)
    return [re.findall(r'data-pair="([AB]\d-[AB]\d)"', body) for _n, body in found]


@pytest.fixture
def four(public_club, owner) -> Tournament:
    return _match(public_club, FOUR)


# -- K41: the tables through the web ----------------------------------------------------------


def test_K41_four_boards_through_the_web_are_the_specification_table(four, owner):
    client = client_for(owner)
    _set_up(client, four, 4)
    _make_and_publish(client, four)
    assert _rounds_stored(four, 4) == SPEC_FOUR
    assert set(four.rounds.values_list("state", flat=True)) == {RoundState.PUBLISHED}
    page = client.get(tournament_url(four, "scheveningen_match")).content.decode()
    assert _rounds_shown(page) == SPEC_FOUR
    # The published round's own pairing page shows the same pairs, White first.
    names = dict(four.players.values_list("pk", "name"))
    places = _places(four, 4)
    by_name = {names[pk]: place for pk, place in places.items()}
    for number, expected in enumerate(SPEC_FOUR, start=1):
        boards_page = client.get(f"/clubs/700/tournaments/{four.pk}/rounds/{number}/boards/")
        text = boards_page.content.decode()
        order = [by_name[n] for n in re.findall(r"\b(" + "|".join(by_name) + r")\b", text)]
        pairs = [f"{order[i]}-{order[i + 1]}" for i in range(0, 8, 2)]
        assert pairs == expected


def test_K41_six_boards_through_the_web_are_the_published_table(public_club, owner):
    players = [(f"Alpha {n}", 2000 - n) for n in range(1, 7)] + [
        (f"Bravo {n}", 2000 - n) for n in range(1, 7)
    ]
    row = _match(public_club, players)
    client = client_for(owner)
    _set_up(client, row, 6)
    _make_and_publish(client, row)
    assert _rounds_stored(row, 6) == PUBLISHED_SIX
    page = client.get(tournament_url(row, "scheveningen_match")).content.decode()
    assert _rounds_shown(page) == PUBLISHED_SIX
    # By construction: every A player meets every B player once, never a team-mate.
    pairs = [tuple(sorted(p.split("-"))) for r in PUBLISHED_SIX for p in r]
    assert len(set(pairs)) == 36 and all(a[0] != b[0] for a, b in pairs)


def test_K41_rounds_are_drafts_until_published(four, owner):
    client = client_for(owner)
    _set_up(client, four, 4)
    assert client.post(tournament_url(four, "scheveningen_make_rounds")).status_code == 302
    assert list(four.rounds.values_list("number", "state")) == [
        (n, RoundState.DRAFT) for n in range(1, 5)
    ]
    four.refresh_from_db()
    assert four.planned_rounds == 4
    # Published on the existing pairing page, one round.
    assert client.get(f"/clubs/700/tournaments/{four.pk}/rounds/1/pairing/").status_code == 200
    response = client.post(
        f"/clubs/700/tournaments/{four.pk}/rounds/1/pairing/", {"action": "publish"}
    )
    assert response.status_code == 302
    assert Round.objects.get(tournament=four, number=1).state == RoundState.PUBLISHED
    # Made twice: refused, nothing added.
    again = client.post(tournament_url(four, "scheveningen_make_rounds"))
    assert again.status_code == 409
    assert Game.objects.filter(round__tournament=four).count() == 16
    # The Berger pairing refuses a Scheveningen match.
    assert client.post(f"/clubs/700/tournaments/{four.pk}/pair/").status_code == 409


def test_K11_K41_double_scheveningen_reverses_the_colours(public_club, owner):
    players = [("Alpha 1", 2000), ("Alpha 2", 1900), ("Bravo 1", 2000), ("Bravo 2", 1900)]
    row = _match(public_club, players)
    client = client_for(owner)
    _set_up(client, row, 2, double="on")
    _make_and_publish(client, row)
    assert _rounds_stored(row, 2) == [
        ["A1-B1", "A2-B2"],
        ["B2-A1", "B1-A2"],
        ["B1-A1", "B2-A2"],
        ["A1-B2", "A2-B1"],
    ]


def test_K41_hand_edited_colours_are_named_and_counted_from_the_players_side(four, owner):
    client = client_for(owner)
    _set_up(client, four, 4)
    client.post(tournament_url(four, "scheveningen_make_rounds"))
    first = Round.objects.get(tournament=four, number=1).games.get(board=1)  # A1-B1
    url = f"/clubs/700/tournaments/{four.pk}/rounds/1/pairing/"
    assert client.post(url, {"action": "colours", "game": first.pk}).status_code == 302
    assert client.post(tournament_url(four, "scheveningen_publish")).status_code == 302
    # B1 now has White and wins: 1-0 for White is a loss of A1, a point for team B.
    data = button_data(four, 1, {1: "1-0"})
    client.post(f"/clubs/700/tournaments/{four.pk}/rounds/1/boards/", data)
    page = client.get(tournament_url(four, "scheveningen_match")).content.decode()
    assert "couleurs inversées" in page
    assert _totals(page) == {"A": (Fraction(0), 0), "B": (Fraction(1), 0)}


# -- K42: a full 4-board match through the boards page -----------------------------------------

#: The results entered, round by round, board by board (White's view, the table's colours).
RESULTS = [
    ["1-0", "=", "1-0", "0-1"],  # A1-B1 1-0, A2-B2 =, B3-A3 1-0, B4-A4 0-1: A 2½ B 1½
    ["=", "1-0", "0-1", "="],  # B2-A1 =, B1-A2 1-0, A3-B4 0-1, A4-B3 =: A 1 B 3
    ["1-0", "1-0", "0-1", "="],  # A1-B3 1-0, A2-B4 1-0, B1-A3 0-1, B2-A4 =: A 3½ B ½
    ["=", "1-0", "=", "="],  # B4-A1 =, B3-A2 1-0, A3-B2 =, A4-B1 =: A 1½ B 2½
]


def _totals(page: str) -> dict[str, tuple[Fraction, int]]:
    found = re.findall(
        r'<tr id="team-([AB])">.*?data-game-points="([^"]+)".*?data-match-points="(\d+)"', page
    )
    return {team: (Fraction(gp), int(mp)) for team, gp, mp in found}


def _play_four(client: Client, row: Tournament) -> None:
    for number, codes in enumerate(RESULTS, start=1):
        data = button_data(row, number, dict(enumerate(codes, start=1)))
        response = client.post(f"/clubs/700/tournaments/{row.pk}/rounds/{number}/boards/", data)
        assert response.status_code == 302, response.content.decode()[:2000]


def test_K42_full_four_board_match_totals_worked_by_hand(four, owner):
    client = client_for(owner)
    _set_up(client, four, 4)
    _make_and_publish(client, four)
    _play_four(client, four)
    page = client.get(tournament_url(four, "scheveningen_match")).content.decode()
    # Game points 2½+1+3½+1½ = 8½ against 1½+3+½+2½ = 7½; match points 2+0+2+0 = 4 each.
    assert _totals(page) == {"A": (Fraction(17, 2), 4), "B": (Fraction(15, 2), 4)}
    rounds = re.findall(r'data-a="([^"]+)".*?data-b="([^"]+)".*?data-mp="(\d)-(\d)"', page)
    assert [(Fraction(a), Fraction(b), int(x), int(y)) for a, b, x, y in rounds] == [
        (Fraction(5, 2), Fraction(3, 2), 2, 0),
        (Fraction(1), Fraction(3), 0, 2),
        (Fraction(7, 2), Fraction(1, 2), 2, 0),
        (Fraction(3, 2), Fraction(5, 2), 0, 2),
    ]
    assert "Cercle A remporte le match" in page
    # Each player's points (K13): A1 1+½+1+½ = 3, A4 1+½+½+½ = 2½, B3 1+½+0+1 = 2½,
    # B2 ½×4 = 2, A2 ½+0+1+0, A3 0+0+1+½, B1 0+1+0+½, B4 0+1+0+½ = 1½ each; equal points
    # share the place, listed by name.
    players = re.findall(
        r'<tr id="player-([AB]\d)"><td class="num">(\d+)</td>.*?data-points="([^"]+)"', page
    )
    assert [(p, int(r), Fraction(s)) for p, r, s in players] == [
        ("A1", 1, Fraction(3)),
        ("A4", 2, Fraction(5, 2)),
        ("B3", 2, Fraction(5, 2)),
        ("B2", 4, Fraction(2)),
        ("A2", 5, Fraction(3, 2)),
        ("A3", 5, Fraction(3, 2)),
        ("B1", 5, Fraction(3, 2)),
        ("B4", 5, Fraction(3, 2)),
    ]
    # After round 2: 2½+1 = 3½ against 1½+3 = 4½, match points 2 each; B leads.
    after = client.get(tournament_url(four, "scheveningen_match") + "?after=2").content.decode()
    assert _totals(after) == {"A": (Fraction(7, 2), 2), "B": (Fraction(9, 2), 2)}
    assert "Cercle B mène" in after


def test_K42_match_points_as_primary_score_level_at_four_all(four, owner):
    client = client_for(owner)
    _set_up(client, four, 4, primary="match_points")
    _make_and_publish(client, four)
    _play_four(client, four)
    page = client.get(tournament_url(four, "scheveningen_match")).content.decode()
    assert _totals(page) == {"A": (Fraction(17, 2), 4), "B": (Fraction(15, 2), 4)}
    assert "Le match est nul" in page


def test_K44_standings_tab_redirects_to_the_match_page(four, owner):
    response = client_for(owner).get(tournament_url(four, "tournament"))
    assert response.status_code == 302
    assert response["Location"] == tournament_url(four, "scheveningen_match")


def test_K44_match_page_is_public_and_has_a_print_version(four, owner):
    _set_up(client_for(owner), four, 4)
    page = Client().get(tournament_url(four, "scheveningen_match"))
    assert page.status_code == 200
    text = page.content.decode()
    assert "scheveningen/scheveningen.css" in text
    assert 'id="make-rounds"' not in text and 'id="match-total"' in text
    css = Path(__file__).parents[3] / "src/chessclub_web/scheveningen/static/scheveningen"
    assert "@media print" in (css / "scheveningen.css").read_text()


def test_K44_match_page_as_pdf(four, owner):
    client = client_for(owner)
    _set_up(client, four, 4)
    _make_and_publish(client, four)
    response = Client().get(tournament_url(four, "scheveningen_match") + "?format=pdf")
    assert response.status_code == 200
    assert response["Content-Type"] == "application/pdf"
    assert response.content.startswith(b"%PDF")


# -- K40: the set-up, its mistakes and its lock ----------------------------------------------


def test_K40_unequal_teams_refused_with_the_reason_nothing_stored(four, owner):
    data = {**_setup_data(4), **_lineup(four, 4)}
    del data["b4"]
    response = client_for(owner).post(tournament_url(four, "scheveningen_setup"), data)
    assert response.status_code == 400
    text = response.content.decode()
    assert "4 joueur" in text and "3" in text
    assert not ScheveningenMatch.objects.exists() and not Seat.objects.exists()
    # The organiser's choices are still on the page.
    assert 'value="Cercle A"' in text


def test_K40_a_player_in_both_teams_refused(four, owner):
    data = {**_setup_data(4), **_lineup(four, 4)}
    data["b2"] = data["a3"]
    response = client_for(owner).post(tournament_url(four, "scheveningen_setup"), data)
    assert response.status_code == 400
    assert "Aster" in response.content.decode() and "B2" in response.content.decode()
    assert not Seat.objects.exists()


def test_K40_one_board_or_a_gap_refused(four, owner):
    ids = _lineup(four, 4)
    client = client_for(owner)
    one = client.post(
        tournament_url(four, "scheveningen_setup"),
        {**_setup_data(1), "a1": ids["a1"], "b1": ids["b1"]},
    )
    assert one.status_code == 400 and "2 à 8" in one.content.decode()
    gap = {**_setup_data(4), **ids}
    del gap["a2"]
    response = client.post(tournament_url(four, "scheveningen_setup"), gap)
    assert response.status_code == 400
    assert "L’échiquier 2 de l’équipe A est vide" in response.content.decode()
    assert not Seat.objects.exists()


def test_K40_unknown_player_is_a_400(four, public_club, owner):
    other = make_tournament(public_club, [("Zed", 1000)], [], name="Autre")
    data = {**_setup_data(4), **_lineup(four, 4), "a1": str(other.players.get().pk)}
    response = client_for(owner).post(tournament_url(four, "scheveningen_setup"), data)
    assert response.status_code == 400
    assert not Seat.objects.exists()


def test_K40_line_up_locked_once_round_one_is_published(four, owner):
    client = client_for(owner)
    _set_up(client, four, 4)
    _make_and_publish(client, four)
    before = list(Seat.objects.values_list("team", "board", "player_id"))
    swapped = {**_setup_data(4), **_lineup(four, 4)}
    swapped["a1"], swapped["a2"] = swapped["a2"], swapped["a1"]
    response = client.post(tournament_url(four, "scheveningen_setup"), swapped)
    assert response.status_code == 409
    assert "publiée" in response.content.decode()
    assert list(Seat.objects.values_list("team", "board", "player_id")) == before
    # Double and the primary score are locked too; the teams' names are not.
    assert (
        client.post(
            tournament_url(four, "scheveningen_setup"),
            {**_setup_data(4, primary="match_points"), **_lineup(four, 4)},
        ).status_code
        == 409
    )
    renamed = {**_setup_data(4, team_a="Echiquier du Nord"), **_lineup(four, 4)}
    assert client.post(tournament_url(four, "scheveningen_setup"), renamed).status_code == 302
    assert ScheveningenMatch.objects.get().team_a == "Echiquier du Nord"


def test_K40_a_new_line_up_before_publication_remakes_the_drafts(four, owner):
    client = client_for(owner)
    _set_up(client, four, 4)
    client.post(tournament_url(four, "scheveningen_make_rounds"))
    swapped = {**_setup_data(4), **_lineup(four, 4)}
    swapped["a1"], swapped["a2"] = swapped["a2"], swapped["a1"]
    assert client.post(tournament_url(four, "scheveningen_setup"), swapped).status_code == 302
    first = Round.objects.get(tournament=four, number=1).games.get(board=1)
    assert (first.white.name, first.black.name) == ("Arno", "Bastien")
    assert four.rounds.count() == 4


def test_K40_bad_round_number_is_a_400(four, owner):
    client = client_for(owner)
    _set_up(client, four, 4)
    url = tournament_url(four, "scheveningen_match")
    assert client.get(url + "?after=9").status_code == 400
    assert client.get(url + "?after=x").status_code == 400


# -- permissions ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    "page", ["scheveningen_setup", "scheveningen_make_rounds", "scheveningen_publish"]
)
def test_K40_visitor_cannot_change(four, page):
    response = Client().post(tournament_url(four, page), {**_setup_data(4), **_lineup(four, 4)})
    assert response.status_code == 302 and "login" in response["Location"]
    assert not Seat.objects.exists() and not four.rounds.exists()


@pytest.mark.parametrize(
    "page",
    [
        "scheveningen_setup",
        "scheveningen_make_rounds",
        "scheveningen_publish",
        "scheveningen_forfeits",
    ],
)
def test_K40_another_clubs_arbiter_cannot_change(four, owner, make_user, page):
    other = Club.objects.create(name="Autre cercle", number="702", public=True)
    arbiter = make_user("arbiter-elsewhere", other, Role.ARBITER)
    if page != "scheveningen_setup":
        _set_up(client_for(owner), four, 4)
    seats = list(Seat.objects.values_list("pk", flat=True))
    response = client_for(arbiter).post(
        tournament_url(four, page), {**_setup_data(4), **_lineup(four, 4)}
    )
    assert response.status_code == 403
    assert list(Seat.objects.values_list("pk", flat=True)) == seats
    assert not four.rounds.exists()


def test_K40_the_clubs_arbiter_may_make_the_rounds(four, owner, make_user, public_club):
    arbiter = make_user("arbiter", public_club, Role.ARBITER)
    _set_up(client_for(owner), four, 4)
    assert (
        client_for(arbiter).post(tournament_url(four, "scheveningen_make_rounds")).status_code
        == 302
    )
    assert four.rounds.count() == 4


def test_K40_not_a_scheveningen_match_404(public_club, owner):
    swiss = make_tournament(public_club, FOUR, [], system="swiss")
    assert client_for(owner).get(tournament_url(swiss, "scheveningen_match")).status_code == 404


def test_K40_creating_a_match_warns_and_leads_to_the_set_up(owner_client, public_club):
    row = new_tournament(owner_client, public_club, "Match interclubs", system="scheveningen")
    assert row.system == "scheveningen"
    response = owner_client.get(tournament_url(row, "entries"))
    assert "hors des systèmes FIDE" in response.content.decode()
    setup = owner_client.get(tournament_url(row, "scheveningen_setup")).content.decode()
    assert 'id="register-first"' in setup


def test_K40_creation_redirects_to_the_set_up(owner_client, public_club):
    from django.urls import reverse

    from ..builders import new_tournament as _unused  # noqa: F401

    data = {
        "name": "Match 2",
        "kind": "club",
        "system": "scheveningen",
        "time_control_category": "standard",
        "time_control": "",
        "start_date": "2026-01-10",
        "end_date": "2026-01-10",
        "planned_rounds": "",
        "city": "",
        "chief_arbiter": "",
        "initial_colour": "W",
        "max_requested_byes": "",
        "missed_round_points": "Z",
    }
    response = owner_client.post(reverse("new_tournament", args=(public_club.number,)), data)
    row = Tournament.objects.get(name="Match 2")
    assert response.status_code == 302
    assert response["Location"] == tournament_url(row, "scheveningen_setup")


# -- K43: a player who leaves ---------------------------------------------------------------


def test_K43_withdrawn_player_forfeits_the_games_left(public_club, owner):
    players = [("Alpha 1", 2000), ("Alpha 2", 1900), ("Bravo 1", 2000), ("Bravo 2", 1900)]
    row = _match(public_club, players)
    client = client_for(owner)
    _set_up(client, row, 2)
    _make_and_publish(client, row)
    # Round 1: A1-B1 1-0, A2-B2 = ; then B2 leaves from round 2.
    data = button_data(row, 1, {1: "1-0", 2: "="})
    assert client.post(f"/clubs/700/tournaments/{row.pk}/rounds/1/boards/", data).status_code == 302
    row.players.filter(name="Bravo 2").update(withdrawn_from_round=2)
    page = client.get(tournament_url(row, "scheveningen_match")).content.decode()
    assert 'id="enter-forfeits"' in page
    assert client.post(tournament_url(row, "scheveningen_forfeits")).status_code == 302
    # Round 2 is B2-A1, B1-A2: B2 (White) left, so A1 wins by forfeit (-+); B1-A2 is played.
    second = {g.board: g.result for g in Round.objects.get(tournament=row, number=2).games.all()}
    assert second == {1: "-+", 2: ""}
    data = button_data(row, 2, {2: "0-1"})
    assert client.post(f"/clubs/700/tournaments/{row.pk}/rounds/2/boards/", data).status_code == 302
    page = client.get(tournament_url(row, "scheveningen_match")).content.decode()
    # A: 1 + ½ + 1 (forfeit) + 1 = 3½; B: ½; match points 2 + 2 = 4 against 0.
    assert _totals(page) == {"A": (Fraction(7, 2), 4), "B": (Fraction(1, 2), 0)}


def test_K41_a_visitor_does_not_see_the_draft_rounds_boards(four, owner):
    client = client_for(owner)
    _set_up(client, four, 4)
    client.post(tournament_url(four, "scheveningen_make_rounds"))
    assert (
        len(
            _rounds_shown(client.get(tournament_url(four, "scheveningen_match")).content.decode())[
                0
            ]
        )
        == 4
    )
    page = Client().get(tournament_url(four, "scheveningen_match")).content.decode()
    assert 'data-pair="' not in page
    assert "Pas encore publiée" in page


def test_k45_closing_a_match_stores_its_players_ranking(four, owner):
    """K45: the final standings of the match played above are its players' ranking (K13,
    worked by hand in the K42 test: A1 3, A4 and B3 2½, B2 2, the four others 1½), each
    player's team kept beside the points; no round planned but missing blocks it."""
    import datetime

    from chessclub_web.closing import services as closing
    from chessclub_web.closing.models import FinalStanding

    client = client_for(owner)
    _set_up(client, four, 4)
    _make_and_publish(client, four)
    _play_four(client, four)
    assert not closing.closing_blockers(four).any
    closing.close_tournament(four, owner, datetime.date(2026, 6, 30))
    final = [
        (f.rank, f.points, f.tiebreaks["team"])
        for f in FinalStanding.objects.filter(tournament=four).order_by("position")
    ]
    assert final == [
        ("1", "3", "Cercle A"),
        ("2", "2½", "Cercle A"),
        ("2", "2½", "Cercle B"),
        ("4", "2", "Cercle B"),
        ("5", "1½", "Cercle A"),
        ("5", "1½", "Cercle A"),
        ("5", "1½", "Cercle B"),
        ("5", "1½", "Cercle B"),
    ]


def test_K44_odd_digits_in_the_round_number_are_a_400(four, owner):
    client = client_for(owner)
    _set_up(client, four, 4)
    for odd in ("²", "١", "x"):
        page = Client().get(tournament_url(four, "scheveningen_match") + f"?after={odd}")
        assert page.status_code == 400, odd


def test_K43_entering_forfeits_when_none_is_due_is_a_409(four, owner):
    client = client_for(owner)
    _set_up(client, four, 4)
    _make_and_publish(client, four)
    refused = client.post(tournament_url(four, "scheveningen_forfeits"))
    assert refused.status_code == 409
    assert Game.objects.filter(round__tournament=four).exclude(result="").count() == 0


def test_K40_the_lock_message_names_no_round_that_is_not_published(four, owner):
    """Round 3 published alone: the line-up is locked, and the refusal does not claim that
    round 1 is published."""
    client = client_for(owner)
    _set_up(client, four, 4)
    assert client.post(tournament_url(four, "scheveningen_make_rounds")).status_code == 302
    publish = f"/clubs/700/tournaments/{four.pk}/rounds/3/pairing/"
    assert client.post(publish, {"action": "publish"}).status_code == 302
    refused = client.post(
        tournament_url(four, "scheveningen_setup"),
        {**_setup_data(4, double="on"), **_lineup(four, 4)},
    )
    assert refused.status_code == 409
    assert "ronde 1" not in refused.content.decode().lower()
