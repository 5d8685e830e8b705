"""The knockout cup through its pages (K30–K39): a 13-player cup (a bracket of 16, 3 byes)
seeded by rating (K15), a match format of one game, two tie-break games and an Armageddon where
the lower-rated player chooses the colour, played to the final by POSTs as an arbiter makes
them (the draw, the pairing of each round of games, its publication on the pairing page, its
results on the boards page, the Armageddon colours, a withdrawal).

Worked by hand from the K rules. Players P01…P13 rated 2300, 2250, … 1700 (seeds 1…13).
K15's chart for 16: 1–16, 8–9, 4–13, 5–12, 2–15, 7–10, 3–14, 6–11; 14, 15 and 16 are byes, so
seeds 1, 2 and 3 go through.

Round of 16: P08 beats P09; P04–P13 drawn, P13 wins both tie-break games; P05–P12 drawn, 1–1
in the tie-break, P12 (lower rated) chooses Black, the Armageddon is drawn: Black wins (K17);
P10 beats P07; P06–P11 drawn, ½–½ twice, P11 chooses White and wins the Armageddon.
Quarter-finals (neighbours on the chart): P01–P08 (P01), P13–P12 (drawn, P12 1½–½ in the
tie-break), P02–P10 (P02), P03–P11 (P11 withdraws: P03, K38).
Semi-finals: P01–P12 (P12 wins), P02–P03 (drawn, 1–1, P03 chooses Black, White P02 wins the
Armageddon). Final: P12–P02 drawn, P02 1½–½ in the tie-break: P02 wins the cup, P12 finalist,
P01 and P03 semi-finalists.
"""

from __future__ import annotations

import re

import pytest
from django.test import Client

from chessclub_web.clubs.models import Role
from chessclub_web.cups.models import CupMatch
from chessclub_web.tournaments.models import Game, Tournament

from ..builders import (
    boards_url,
    button_data,
    client_for,
    new_tournament,
    registered,
    round_url,
    tournament_url,
)

NAMES = [f"P{n:02d}" for n in range(1, 14)]
RATINGS = {name: 2300 - 50 * i for i, name in enumerate(NAMES)}

CUSTOM = {
    "preset": "custom",
    "seeding": "rating",
    "seed": "",
    "first_colour": "bracket",
    "armageddon_white": "lower_rated",
    "stage0_kind": "games",
    "stage0_games": "1",
    "stage0_time_control": "90 min + 30 s",
    "stage1_kind": "games",
    "stage1_games": "2",
    "stage1_time_control": "5+3",
    "stage2_kind": "armageddon",
    "stage2_games": "1",
    "stage2_time_control": "W 5 min / B 4 min",
}


@pytest.fixture
def arbiter(make_user, public_club):
    return make_user("arbiter", public_club, Role.ARBITER)


@pytest.fixture
def cup(owner_client, public_club) -> Tournament:
    row = new_tournament(owner_client, public_club, "Coupe 2026", system="knockout")
    for name in NAMES:
        registered(owner_client, row, name, RATINGS[name])
    response = owner_client.post(tournament_url(row, "cup_settings"), CUSTOM)
    assert response.status_code == 302, response.content.decode()[:3000]
    return row


def _last_round(row: Tournament) -> int:
    return row.rounds.order_by("-number").first().number


def _play(client: Client, row: Tournament, outcomes: dict[frozenset[str], str]) -> None:
    """Publish the draft round on the pairing page, then enter ``outcomes`` ({players: the
    winner's name or "="}) on its boards page; the round's boards must be those matches."""
    number = _last_round(row)
    assert client.post(round_url(row, number), {"action": "publish"}).status_code == 302
    games = Game.objects.filter(round__tournament=row, round__number=number)
    games = games.select_related("white", "black")
    assert {frozenset((g.white.name, g.black.name)) for g in games} == set(outcomes)
    chosen = {}
    for game in games:
        if game.result:
            continue
        outcome = outcomes[frozenset((game.white.name, game.black.name))]
        chosen[game.board] = "=" if outcome == "=" else "1-0" if outcome == game.white.name else "0-1"
    response = client.post(boards_url(row, number), button_data(row, number, chosen))
    assert response.status_code == 302, response.content.decode()[:2000]


def _pair(client: Client, row: Tournament) -> None:
    response = client.post(tournament_url(row, "cup_pair"))
    assert response.status_code == 302, response.content.decode()[:3000]


def _m(a: str, b: str) -> frozenset[str]:
    return frozenset((a, b))


def _armageddon(client: Client, row: Tournament, chooser: str, colour: str) -> None:
    match = _match_of(row, chooser)
    entry = row.players.get(name=chooser).pk
    url = tournament_url(row, "cup_armageddon", match.pk)
    response = client.post(url, {"player": entry, "colour": colour})
    assert response.status_code == 302, response.content.decode()[:2000]


def _match_of(row: Tournament, name: str) -> CupMatch:
    """The player's match in the latest cup round they play."""
    entry = row.players.get(name=name)
    found = CupMatch.objects.filter(tournament=row, first=entry) | CupMatch.objects.filter(
        tournament=row, second=entry
    )
    return found.order_by("-cup_round").first()


def _winners(page: str) -> dict[str, str]:
    return dict(re.findall(r'id="match-(\d+-\d+)" data-winner="([^"]+)"', page))


def test_k30_16_player_cup_with_byes_tiebreaks_and_armageddon_to_the_final(cup, arbiter):
    client = client_for(arbiter)
    assert client.post(tournament_url(cup, "cup_draw")).status_code == 302
    # K15: the chart with the byes to seeds 1, 2 and 3.
    first = [
        (m.first.name, m.second.name if m.second else None)
        for m in CupMatch.objects.filter(tournament=cup, cup_round=1).order_by("position")
    ]
    assert first == [
        ("P01", None),
        ("P08", "P09"),
        ("P04", "P13"),
        ("P05", "P12"),
        ("P02", None),
        ("P07", "P10"),
        ("P03", None),
        ("P06", "P11"),
    ]
    # Round of 16: main games (K34: round 1 of the tournament, the byes play nothing).
    _play(
        client,
        cup,
        {
            _m("P08", "P09"): "P08",
            _m("P04", "P13"): "=",
            _m("P05", "P12"): "=",
            _m("P07", "P10"): "P10",
            _m("P06", "P11"): "=",
        },
    )
    _pair(client, cup)  # the first tie-break games of the three drawn matches only
    _play(client, cup, {_m("P04", "P13"): "P13", _m("P05", "P12"): "P05", _m("P06", "P11"): "="})
    _pair(client, cup)
    _play(client, cup, {_m("P04", "P13"): "P13", _m("P05", "P12"): "P12", _m("P06", "P11"): "="})
    # Two matches at 1–1 wait for their Armageddon's colours: pairing is refused until then.
    refused = client.post(tournament_url(cup, "cup_pair"))
    assert refused.status_code == 409
    assert "Armageddon" in refused.content.decode()
    _armageddon(client, cup, "P12", "B")
    _armageddon(client, cup, "P11", "W")
    _pair(client, cup)
    armageddons = {
        (g.white.name, g.black.name, g.rated)
        for g in Game.objects.filter(round__tournament=cup, round__number=4)
    }
    assert armageddons == {("P05", "P12", False), ("P11", "P06", False)}
    _play(client, cup, {_m("P05", "P12"): "=", _m("P06", "P11"): "P11"})
    # Quarter-finals: neighbours on the chart.
    _pair(client, cup)
    quarter = [
        (m.first.name, m.second.name)
        for m in CupMatch.objects.filter(tournament=cup, cup_round=2).order_by("position")
    ]
    assert quarter == [("P01", "P08"), ("P13", "P12"), ("P02", "P10"), ("P03", "P11")]
    number = _last_round(cup)
    assert client.post(round_url(cup, number), {"action": "publish"}).status_code == 302
    withdrawal = client.post(
        tournament_url(cup, "cup_withdraw", _match_of(cup, "P11").pk),
        {"player": cup.players.get(name="P11").pk},
    )
    assert withdrawal.status_code == 302
    forfeit = Game.objects.get(round__tournament=cup, round__number=number, black__name="P03")
    # K36: in match 4 (even) the lower player of the chart, P11, has White; K38: P03 wins.
    assert (forfeit.white.name, forfeit.result) == ("P11", "-+")
    number_games = Game.objects.filter(round__tournament=cup, round__number=number)
    chosen = {}
    for game in number_games.select_related("white", "black"):
        outcome = {
            _m("P01", "P08"): "P01",
            _m("P13", "P12"): "=",
            _m("P02", "P10"): "P02",
        }.get(_m(game.white.name, game.black.name))
        if outcome:
            chosen[game.board] = (
                "=" if outcome == "=" else "1-0" if outcome == game.white.name else "0-1"
            )
    assert client.post(boards_url(cup, number), button_data(cup, number, chosen)).status_code == 302
    _pair(client, cup)
    _play(client, cup, {_m("P13", "P12"): "="})
    _pair(client, cup)
    _play(client, cup, {_m("P13", "P12"): "P12"})
    # Semi-finals.
    _pair(client, cup)
    _play(client, cup, {_m("P01", "P12"): "P12", _m("P02", "P03"): "="})
    _pair(client, cup)
    _play(client, cup, {_m("P02", "P03"): "P02"})
    _pair(client, cup)
    _play(client, cup, {_m("P02", "P03"): "P03"})
    _armageddon(client, cup, "P03", "B")
    _pair(client, cup)
    _play(client, cup, {_m("P02", "P03"): "P02"})
    # Final.
    _pair(client, cup)
    _play(client, cup, {_m("P12", "P02"): "="})
    _pair(client, cup)
    _play(client, cup, {_m("P12", "P02"): "P02"})
    _pair(client, cup)
    _play(client, cup, {_m("P12", "P02"): "="})
    assert cup.rounds.count() == 14
    over = client.post(tournament_url(cup, "cup_pair"))
    assert over.status_code == 409
    # The public bracket, read without logging in.
    page = Client().get(tournament_url(cup, "cup_bracket")).content.decode()
    assert _winners(page) == {
        "1-1": "P01",
        "1-2": "P08",
        "1-3": "P13",
        "1-4": "P12",
        "1-5": "P02",
        "1-6": "P10",
        "1-7": "P03",
        "1-8": "P11",
        "2-1": "P01",
        "2-2": "P12",
        "2-3": "P02",
        "2-4": "P03",
        "3-1": "P12",
        "3-2": "P02",
        "4-1": "P02",
    }
    placing = page[page.index('id="cup-placing"') :]
    placing = placing[: placing.index("</dl>")]
    assert re.findall(r"<dd>([^<]+)</dd>", placing) == ["P02", "P12", "P01, P03"]
    # Only the main games count for the club Elo (K34).
    rated = Game.objects.filter(round__tournament=cup, rated=True).count()
    assert rated == 5 + 4 + 2 + 1


def test_k30_tournament_page_redirects_to_the_bracket(cup, owner_client):
    response = owner_client.get(tournament_url(cup, "tournament"))
    assert response.status_code == 302
    assert response["Location"] == tournament_url(cup, "cup_bracket")


def test_k30_creating_a_cup_says_it_is_outside_fide(owner_client, public_club):
    row = new_tournament(owner_client, public_club, "Coupe B", system="knockout")
    page = owner_client.get(tournament_url(row, "entries")).content.decode()
    assert "hors des systèmes FIDE" in page
    tab = owner_client.get(tournament_url(row, "cup_bracket")).content.decode()
    assert ">Coupe</a>" in tab


def test_k30_cup_tab_only_on_a_cup(owner_client, public_club):
    swiss = new_tournament(owner_client, public_club, "Open", system="swiss")
    page = owner_client.get(tournament_url(swiss, "tournament")).content.decode()
    assert "/cup/" not in page
    assert owner_client.get(tournament_url(swiss, "cup_bracket")).status_code == 404


def test_k30_federation_files_refused_without_naming_keizer(cup, owner_client):
    for name in ("trf", "frbe"):
        response = owner_client.get(tournament_url(cup, "export") + f"?download={name}")
        assert response.status_code == 409
    page = owner_client.get(tournament_url(cup, "export")).content.decode()
    assert "hors des systèmes FIDE" in page
    assert "Keizer" not in page.split("hors des systèmes FIDE")[0][-200:]


def test_k34_pairing_page_never_pairs_a_cup_round_again(cup, owner_client):
    owner_client.post(tournament_url(cup, "cup_draw"))
    boards = sorted(cup.rounds.get().games.values_list("white__name", "black__name"))
    refused = owner_client.post(round_url(cup, 1), {"action": "repair"})
    assert refused.status_code == 409
    assert sorted(cup.rounds.get().games.values_list("white__name", "black__name")) == boards
