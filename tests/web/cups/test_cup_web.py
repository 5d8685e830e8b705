"""The knockout cup through its pages (K30–K39): a 13-player cup (a bracket of 16, 3 byes)
seeded by rating (K15), a match format of one game, two tie-break games and an Armageddon where
the lower-rated player chooses the colour, played to the final by POSTs as an arbiter makes
them (the draw, the pairing of each round of games, its publication on the pairing page, its
results on the boards page, the Armageddon colours, a withdrawal).

Worked by hand from the K rules. Players N01…N13 rated 2300, 2250, … 1700 (seeds 1…13).
K15's chart for 16: 1–16, 8–9, 4–13, 5–12, 2–15, 7–10, 3–14, 6–11; 14, 15 and 16 are byes, so
seeds 1, 2 and 3 go through.

Round of 16: N08 beats N09; N04–N13 drawn, N13 wins both tie-break games; N05–N12 drawn, 1–1
in the tie-break, N12 (lower rated) chooses Black, the Armageddon is drawn: Black wins (K17);
N10 beats N07; N06–N11 drawn, ½–½ twice, N11 chooses White and wins the Armageddon.
Quarter-finals (neighbours on the chart): N01–N08 (N01), N13–N12 (drawn, N12 1½–½ in the
tie-break), N02–N10 (N02), N03–N11 (N11 withdraws: N03, K38).
Semi-finals: N01–N12 (N12 wins), N02–N03 (drawn, 1–1, N03 chooses Black, White N02 wins the
Armageddon). Final: N12–N02 drawn, N02 1½–½ in the tie-break: N02 wins the cup, N12 finalist,
N01 and N03 semi-finalists.
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

NAMES = [f"N{n:02d}" for n in range(1, 14)]
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
        chosen[game.board] = (
            "=" if outcome == "=" else "1-0" if outcome == game.white.name else "0-1"
        )
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
        ("N01", None),
        ("N08", "N09"),
        ("N04", "N13"),
        ("N05", "N12"),
        ("N02", None),
        ("N07", "N10"),
        ("N03", None),
        ("N06", "N11"),
    ]
    # Round of 16: main games (K34: round 1 of the tournament, the byes play nothing).
    _play(
        client,
        cup,
        {
            _m("N08", "N09"): "N08",
            _m("N04", "N13"): "=",
            _m("N05", "N12"): "=",
            _m("N07", "N10"): "N10",
            _m("N06", "N11"): "=",
        },
    )
    _pair(client, cup)  # the first tie-break games of the three drawn matches only
    _play(client, cup, {_m("N04", "N13"): "N13", _m("N05", "N12"): "N05", _m("N06", "N11"): "="})
    _pair(client, cup)
    _play(client, cup, {_m("N04", "N13"): "N13", _m("N05", "N12"): "N12", _m("N06", "N11"): "="})
    # Two matches at 1–1 wait for their Armageddon's colours: pairing is refused until then.
    refused = client.post(tournament_url(cup, "cup_pair"))
    assert refused.status_code == 409
    assert "Armageddon" in refused.content.decode()
    _armageddon(client, cup, "N12", "B")
    _armageddon(client, cup, "N11", "W")
    _pair(client, cup)
    armageddons = {
        (g.white.name, g.black.name, g.rated)
        for g in Game.objects.filter(round__tournament=cup, round__number=4)
    }
    assert armageddons == {("N05", "N12", False), ("N11", "N06", False)}
    _play(client, cup, {_m("N05", "N12"): "=", _m("N06", "N11"): "N11"})
    # Quarter-finals: neighbours on the chart.
    _pair(client, cup)
    quarter = [
        (m.first.name, m.second.name)
        for m in CupMatch.objects.filter(tournament=cup, cup_round=2).order_by("position")
    ]
    assert quarter == [("N01", "N08"), ("N13", "N12"), ("N02", "N10"), ("N03", "N11")]
    number = _last_round(cup)
    assert client.post(round_url(cup, number), {"action": "publish"}).status_code == 302
    withdrawal = client.post(
        tournament_url(cup, "cup_withdraw", _match_of(cup, "N11").pk),
        {"player": cup.players.get(name="N11").pk},
    )
    assert withdrawal.status_code == 302
    forfeit = Game.objects.get(round__tournament=cup, round__number=number, black__name="N03")
    # K36: in match 4 (even) the lower player of the chart, N11, has White; K38: N03 wins.
    assert (forfeit.white.name, forfeit.result) == ("N11", "-+")
    number_games = Game.objects.filter(round__tournament=cup, round__number=number)
    chosen = {}
    for game in number_games.select_related("white", "black"):
        outcome = {
            _m("N01", "N08"): "N01",
            _m("N13", "N12"): "=",
            _m("N02", "N10"): "N02",
        }.get(_m(game.white.name, game.black.name))
        if outcome:
            chosen[game.board] = (
                "=" if outcome == "=" else "1-0" if outcome == game.white.name else "0-1"
            )
    assert client.post(boards_url(cup, number), button_data(cup, number, chosen)).status_code == 302
    _pair(client, cup)
    _play(client, cup, {_m("N13", "N12"): "="})
    _pair(client, cup)
    _play(client, cup, {_m("N13", "N12"): "N12"})
    # Semi-finals.
    _pair(client, cup)
    _play(client, cup, {_m("N01", "N12"): "N12", _m("N02", "N03"): "="})
    _pair(client, cup)
    _play(client, cup, {_m("N02", "N03"): "N02"})
    _pair(client, cup)
    _play(client, cup, {_m("N02", "N03"): "N03"})
    _armageddon(client, cup, "N03", "B")
    _pair(client, cup)
    _play(client, cup, {_m("N02", "N03"): "N02"})
    # Final.
    _pair(client, cup)
    _play(client, cup, {_m("N12", "N02"): "="})
    _pair(client, cup)
    _play(client, cup, {_m("N12", "N02"): "N02"})
    _pair(client, cup)
    _play(client, cup, {_m("N12", "N02"): "="})
    assert cup.rounds.count() == 14
    over = client.post(tournament_url(cup, "cup_pair"))
    assert over.status_code == 409
    # The public bracket, read without logging in.
    page = Client().get(tournament_url(cup, "cup_bracket")).content.decode()
    assert _winners(page) == {
        "1-1": "N01",
        "1-2": "N08",
        "1-3": "N13",
        "1-4": "N12",
        "1-5": "N02",
        "1-6": "N10",
        "1-7": "N03",
        "1-8": "N11",
        "2-1": "N01",
        "2-2": "N12",
        "2-3": "N02",
        "2-4": "N03",
        "3-1": "N12",
        "3-2": "N02",
        "4-1": "N02",
    }
    placing = page[page.index('id="cup-placing"') :]
    placing = placing[: placing.index("</dl>")]
    assert re.findall(r"<dd>([^<]+)</dd>", placing) == ["N02", "N12", "N01, N03"]
    # Only the main games count for the club Elo (K34).
    rated = Game.objects.filter(round__tournament=cup, rated=True).count()
    assert rated == 5 + 4 + 2 + 1
    _close_and_check_the_placings(cup)


def _close_and_check_the_placings(cup: Tournament) -> None:
    """K45, on the cup played above: closed with its winner, its final standings the placings
    (worked from the bracket: final N02 over N12; semi-finals lost by N01 and N03; quarter-
    finals by N08, N13, N10 and N11; the round of 16 by N09, N04, N05, N07 and N06), by seed
    within a rank, *points* the matches won (a bye is none)."""
    import datetime

    from chessclub_web.closing import services as closing
    from chessclub_web.closing.models import FinalStanding

    owner = cup.club.memberships.get(role=Role.OWNER).user
    closing.close_tournament(cup, owner, datetime.date(2026, 6, 30))
    final = [
        (f.rank, f.name, f.points, f.tiebreaks["reached"])
        for f in FinalStanding.objects.filter(tournament=cup).order_by("position")
    ]
    assert [(rank, name, points) for rank, name, points, _reached in final] == [
        ("1", "N02", "3"),
        ("2", "N12", "3"),
        ("3", "N01", "1"),
        ("3", "N03", "1"),
        ("5", "N08", "1"),
        ("5", "N10", "1"),
        ("5", "N11", "1"),
        ("5", "N13", "1"),
        ("9", "N04", "0"),
        ("9", "N05", "0"),
        ("9", "N06", "0"),
        ("9", "N07", "0"),
        ("9", "N09", "0"),
    ]


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
    # Only the reason: no checks of files that are never made, no download links.
    assert 'id="blocking"' not in page and "?download=" not in page


def test_k34_pairing_page_never_pairs_a_cup_round_again(cup, owner_client):
    owner_client.post(tournament_url(cup, "cup_draw"))
    boards = sorted(cup.rounds.get().games.values_list("white__name", "black__name"))
    refused = owner_client.post(round_url(cup, 1), {"action": "repair"})
    assert refused.status_code == 409
    assert sorted(cup.rounds.get().games.values_list("white__name", "black__name")) == boards


def test_k45_a_cup_closes_only_with_its_winner(cup, arbiter, owner_client):
    """K45: before the final is decided, closing is refused with the reason (the draw made,
    round 1 played: every round published with its results, still no winner)."""
    from chessclub_web.closing import services as closing

    client = client_for(arbiter)
    assert client.post(tournament_url(cup, "cup_draw")).status_code == 302
    _play(
        client,
        cup,
        {
            _m("N08", "N09"): "N08",
            _m("N04", "N13"): "N04",
            _m("N05", "N12"): "N05",
            _m("N07", "N10"): "N10",
            _m("N06", "N11"): "N06",
        },
    )
    blockers = closing.closing_blockers(cup)
    assert blockers.unfinished and not blockers.rounds_not_held
    page = owner_client.get(tournament_url(cup, "close")).content.decode()
    assert "finale" in page.lower()
