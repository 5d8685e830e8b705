"""The Keizer competition's pages (K20–K24) with the worked example of the club-systems
specification §1.5 (six players A–F in rating order, T = 8, own value counted, bye ½, excused
⅓; round 1 A–B 1-0, C–D ½-½, E–F 0-1; round 2 E excused, C–A ½-½, F–D 1-0, B the bye)."""

from __future__ import annotations

import re
from fractions import Fraction

import pytest
from django.test import Client

from chessclub_web.clubs.models import Role
from chessclub_web.keizer import services
from chessclub_web.keizer.models import Attendance
from chessclub_web.pairings.services import publish_round
from chessclub_web.results.services import Change, save_results
from chessclub_web.tournaments.models import ByeCode, Tournament

from ..builders import client_for, make_tournament, new_tournament, tournament_url

PLAYERS = [("A", 2000), ("B", 1900), ("C", 1800), ("D", 1700), ("E", 1600), ("F", 1500)]

CUSTOM_T8 = {
    "preset": "custom",
    "top_value": "8",
    "step": "1",
    "count_own_value": "on",
    "win": "1",
    "draw": "1/2",
    "loss": "0",
    "bye": "1/2",
    "excused": "1/3",
    "unexcused": "0",
    "club_duty_win": "1",
    "club_duty_draw": "1/2",
    "club_duty_loss": "0",
    "forfeit_win": "1/2",
    "forfeit_loss": "0",
    "excused_limit": "",
    "start": "previous",
    "rematch_gap": "6",
}


@pytest.fixture
def keizer(public_club, owner) -> Tournament:
    return make_tournament(public_club, PLAYERS, [], system="keizer", name="Keizer")


def _ids(row: Tournament) -> dict[str, int]:
    return dict(row.players.values_list("name", "pk"))


def _table(client: Client, row: Tournament) -> list[tuple[str, Fraction, int]]:
    page = client.get(tournament_url(row, "keizer_standings")).content.decode()
    found = re.findall(
        r'<td class="name"><a [^>]*>([^<]+)</a>.*?<td class="num">(\d+)</td>'
        r'<td class="num points" data-score="([^"]+)"',
        page,
    )
    return [(name, Fraction(score), int(value)) for name, value, score in found]


def _pair_and_play(client: Client, row: Tournament, owner, results: dict[tuple[str, str], str]):
    response = client.post(tournament_url(row, "keizer_pair"))
    assert response.status_code == 302
    round_row = row.rounds.order_by("-number").first()
    games = round_row.games.select_related("white", "black")
    names = {g.pk: (g.white.name, g.black.name) for g in games}
    assert sorted(names.values()) == sorted(results)
    publish_round(round_row, owner)
    changes = [Change(pk, results[pair], 1) for pk, pair in names.items()]
    save_results(row, round_row, changes, owner)
    return round_row


def test_K22_worked_example_through_the_pages(keizer, owner):
    client = client_for(owner)
    assert client.post(tournament_url(keizer, "keizer_settings"), CUSTOM_T8).status_code == 302
    # Before the first evening: rating order, values 8 … 3.
    assert [(n, v) for n, _s, v in _table(client, keizer)] == list(
        zip("ABCDEF", [8, 7, 6, 5, 4, 3], strict=True)
    )
    # Round 1 from the start order: 1–2, 3–4, 5–6, the higher-ranked with White (K8).
    _pair_and_play(client, keizer, owner, {("A", "B"): "1-0", ("C", "D"): "=", ("E", "F"): "0-1"})
    assert _table(client, keizer) == [
        ("A", Fraction(12), 8),
        ("C", Fraction(10), 7),
        ("D", Fraction(19, 2), 6),
        ("F", Fraction(8), 5),
        ("B", Fraction(4), 4),
        ("E", Fraction(3), 3),
    ]
    # Round 2: E reports his absence (one tap on the attendance page).
    ids = _ids(keizer)
    response = client.post(
        tournament_url(keizer, "keizer_attendance") + "?evening=2", {f"p{ids['E']}": "excused"}
    )
    assert response.status_code == 302
    round_row = _pair_and_play(client, keizer, owner, {("C", "A"): "=", ("F", "D"): "1-0"})
    bye = round_row.byes.get()
    assert (bye.player.name, bye.kind) == ("B", ByeCode.PAIRING_ALLOCATED)
    # Started from the round-1 ranking (K4, the default): A 15, F 15, C 12.5, D 8, B 6, E 4.
    assert [(n, s) for n, s, _v in _table(client, keizer)] == [
        ("A", Fraction(15)),
        ("F", Fraction(15)),
        ("C", Fraction(25, 2)),
        ("D", Fraction(8)),
        ("B", Fraction(6)),
        ("E", Fraction(4)),
    ]
    # The round-1 table is still shown after evening 1.
    page = client.get(tournament_url(keizer, "keizer_standings") + "?after=1").content.decode()
    assert "after evening 1" in page or "après la soirée 1" in page
    # A's 15 explained with the values after round 2 (A 8, C 6, B 4): own value 8, the win
    # against B 4, the draw against C ½ × 6 = 3 (K9, K22).
    explained = client.get(tournament_url(keizer, "keizer_player", ids["A"])).content.decode()
    assert re.findall(r'data-points="([^"]+)"', explained) == ["8", "4", "3"]
    # E's score explained: own value 3 + ⅓ × 3 for the excused evening = 4 (K22).
    explained = client.get(tournament_url(keizer, "keizer_player", ids["E"]))
    assert 'id="keizer-total">4' in explained.content.decode().replace(",00", "").replace(".00", "")


def test_K22_standings_never_stored_follow_a_result_correction(keizer, owner):
    client = client_for(owner)
    client.post(tournament_url(keizer, "keizer_settings"), CUSTOM_T8)
    _pair_and_play(client, keizer, owner, {("A", "B"): "1-0", ("C", "D"): "=", ("E", "F"): "0-1"})
    table = services.standings(keizer)
    assert [r.player.name for r in table.rows] == list("ACDFBE")


def test_K20_not_a_keizer_competition_404(public_club, owner):
    swiss = make_tournament(public_club, PLAYERS, [], system="swiss")
    assert client_for(owner).get(tournament_url(swiss, "keizer_standings")).status_code == 404


def test_K20_tournament_page_redirects_to_the_keizer_table(keizer, owner):
    response = client_for(owner).get(tournament_url(keizer, "tournament"))
    assert response.status_code == 302
    assert response["Location"] == tournament_url(keizer, "keizer_standings")


def test_K20_federation_files_refused(keizer, owner):
    response = client_for(owner).get(tournament_url(keizer, "export") + "?download=trf")
    assert response.status_code == 409


@pytest.mark.parametrize("page", ["keizer_settings", "keizer_attendance", "keizer_pair"])
def test_K24_anonymous_cannot_change(keizer, page):
    response = Client().post(tournament_url(keizer, page), {"p1": "excused", **CUSTOM_T8})
    assert response.status_code == 302
    assert "/login" in response["Location"] or "login" in response["Location"]
    assert not Attendance.objects.exists()
    assert not keizer.rounds.exists()


@pytest.mark.parametrize("page", ["keizer_settings", "keizer_attendance", "keizer_pair"])
def test_K24_viewer_cannot_change(keizer, make_user, public_club, page):
    viewer = make_user("viewer")
    ids = _ids(keizer)
    response = client_for(viewer).post(
        tournament_url(keizer, page), {f"p{ids['A']}": "excused", **CUSTOM_T8}
    )
    assert response.status_code == 403
    assert not Attendance.objects.exists()
    assert not keizer.rounds.exists()


def test_K24_services_check_the_permission_themselves(keizer, make_user):
    viewer = make_user("viewer2")
    with pytest.raises(services.refusals.NotAllowed):
        services.set_attendance(keizer, viewer, 1, {})
    with pytest.raises(services.refusals.NotAllowed):
        services.pair_next_evening(keizer, viewer)


def test_K21_bad_share_is_a_400_with_its_message(keizer, owner):
    response = client_for(owner).post(
        tournament_url(keizer, "keizer_settings"), {**CUSTOM_T8, "excused": "a third"}
    )
    assert response.status_code == 400
    assert "a third" in response.content.decode()


def test_K24_bad_attendance_and_evening_are_4xx(keizer, owner):
    client = client_for(owner)
    ids = _ids(keizer)
    url = tournament_url(keizer, "keizer_attendance")
    bad = client.post(url + "?evening=1", {f"p{ids['A']}": "asleep"})
    assert bad.status_code == 400
    assert "asleep" in bad.content.decode()
    assert client.post(url + "?evening=9", {f"p{ids['A']}": "excused"}).status_code == 400
    assert client.get(url + "?evening=x").status_code == 400
    # Digits of other scripts and superscripts are no evening number (400, never a 500);
    # nor is evening 0; a field named after no player is left alone.
    for odd in ("²", "١", "0"):
        assert client.get(url + f"?evening={odd}").status_code == 400, odd
    assert client.post(url + "?evening=1", {"p²": "present"}).status_code in (200, 302)
    standings = tournament_url(keizer, "keizer_standings")
    assert Client().get(standings + "?after=²").status_code == 400


def test_K24_one_present_player_cannot_be_paired(keizer, owner):
    client = client_for(owner)
    ids = _ids(keizer)
    client.post(
        tournament_url(keizer, "keizer_attendance") + "?evening=1",
        {f"p{ids[n]}": "excused" for n in "BCDEF"},
    )
    response = client.post(tournament_url(keizer, "keizer_pair"))
    assert response.status_code == 409
    assert not keizer.rounds.exists()


def test_K23_withdrawn_player_is_not_paired(keizer, owner):
    client = client_for(owner)
    keizer.players.filter(name="F").update(withdrawn_from_round=1)
    client.post(tournament_url(keizer, "keizer_pair"))
    round_row = keizer.rounds.get()
    assert round_row.byes.get().player.name == "E"
    assert "F" not in {g.white.name for g in round_row.games.all()} | {
        g.black.name for g in round_row.games.all()
    }


def test_K24_arbiter_may_take_attendance(keizer, make_user, public_club):
    arbiter = make_user("arbiter", public_club, Role.ARBITER)
    ids = _ids(keizer)
    response = client_for(arbiter).post(
        tournament_url(keizer, "keizer_attendance") + "?evening=1",
        {f"p{ids['D']}": "club_duty", f"r{ids['D']}": "="},
    )
    assert response.status_code == 302
    line = Attendance.objects.get()
    assert (line.status, line.duty_result) == ("club_duty", "=")


def test_K20_creating_a_keizer_competition_says_it_is_outside_fide(owner_client, public_club):
    row = new_tournament(owner_client, public_club, "Keizer 2026", system="keizer")
    assert row.system == "keizer"
    page = owner_client.get(tournament_url(row, "entries")).content.decode()
    assert "hors des systèmes FIDE" in page
    tab = owner_client.get(tournament_url(row, "keizer_standings")).content.decode()
    assert "Système Keizer" in tab


def test_K23_a_newcomer_joins_after_the_first_evening(keizer, owner):
    """K23: a Keizer season takes late joiners (no Berger table to keep): once evening 1 is
    paired, a newcomer is registered from evening 2 — not refused as in a round robin."""
    from chessclub_web.tournaments.models import Round, RoundState

    from ..builders import register

    Round.objects.create(tournament=keizer, number=1, state=RoundState.PUBLISHED)
    response = register(client_for(owner), keizer, "Newcomer", 1500, entry_round=2)
    assert response.status_code == 302, response.content.decode()[:1500]
    assert keizer.players.get(name="Newcomer").entry_round == 2
