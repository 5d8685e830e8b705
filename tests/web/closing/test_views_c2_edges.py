"""Early end (spec C2) at its edges: partial results in a later round, a round robin, a team
Swiss whose later round holds a forfeited match, and the exact effects."""

from __future__ import annotations

import pytest
from django.urls import reverse

from chessclub_web.pairings.models import RequestedBye
from chessclub_web.teams.models import Match, Team
from chessclub_web.tournaments.models import Bye, Game, Round, TournamentPlayer

from ..builders import make_tournament

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("english")]

PLAYERS = [
    ("Alpha, Anne", 1800),
    ("Bravo, Bob", 1700),
    ("Charlie, Claire", 1600),
    ("Delta, Dan", 1500),
    ("Echo, Eve", 1400),
    ("Fox, Fay", 1300),
]


def end_early(client, t, after_round):
    return client.post(
        reverse("close", args=(t.club.number, t.pk)),
        {"action": "end_early", "after_round": str(after_round), "confirm_end": "on"},
    )


def test_c2_round_robin_is_refused_with_a_clear_message(owner_client, public_club):
    """C2 is for a Swiss: a round robin asked to end early (a crafted POST) answers 409 with
    the reason, and nothing changes."""
    t = make_tournament(public_club, PLAYERS[:4], [[(1, 2, "1-0"), (3, 4, "=")]], planned_rounds=3)
    response = end_early(owner_client, t, 1)
    assert response.status_code == 409
    assert "Only a Swiss tournament can end early" in response.content.decode()
    t.refresh_from_db()
    assert t.planned_rounds == 3


def test_c2_nothing_left_to_drop_says_so(owner_client, public_club):
    t = make_tournament(
        public_club, PLAYERS[:2], [[(1, 2, "1-0")]], system="swiss", planned_rounds=1
    )
    response = end_early(owner_client, t, 1)
    assert response.status_code == 409
    assert "Every planned round is complete" in response.content.decode()


def test_c2_partial_results_in_the_last_round_and_a_later_one(owner_client, public_club):
    """C2: rounds 1–2 complete; round 3 has one result out of three boards: the last
    complete round is 2 but round 3 must be completed first (409, nothing deleted); N = 3 is
    not complete either (409)."""
    t = make_tournament(
        public_club,
        PLAYERS,
        [
            [(1, 4, "1-0"), (2, 5, "="), (3, 6, "0-1")],
            [(6, 1, "0-1"), (4, 2, "1-0"), (5, 3, "=")],
            [(1, 2, ""), (3, 4, "1-0"), (5, 6, "")],
        ],
        system="swiss",
        planned_rounds=5,
    )
    for n in (2, 3):
        response = end_early(owner_client, t, n)
        assert response.status_code == 409
    assert "Round 3 already has results" in end_early(owner_client, t, 2).content.decode()
    t.refresh_from_db()
    assert t.planned_rounds == 5
    assert Round.objects.filter(tournament=t).count() == 3
    assert Game.objects.filter(round__tournament=t).count() == 9


def test_c2_effects_happen_exactly(owner_client, public_club):
    """C2 after round 2 of 5: planned 5 → 2; round 3 (paired, with a bye, no result) deleted
    with its boards and bye; requested byes for rounds 3 and 4 dropped, the one for round 2
    kept; Fox (joins in round 3) leaves; Echo's withdrawal from round 4 cancelled, Delta's
    from round 2 kept (it is within the tournament); nothing else touched."""
    t = make_tournament(
        public_club,
        PLAYERS,
        [
            [(1, 3, "1-0"), (2, 4, "=")],
            [(4, 1, "0-1"), (3, 2, "1-0")],
            [(1, 2, ""), (3, 5, "")],
        ],
        system="swiss",
        planned_rounds=5,
        byes=[(1, 5, "Z"), (2, 5, "H"), (3, 4, "U")],
    )
    entry = {p.pairing_number: p for p in TournamentPlayer.objects.filter(tournament=t)}
    TournamentPlayer.objects.filter(pk=entry[6].pk).update(entry_round=3)
    TournamentPlayer.objects.filter(pk=entry[5].pk).update(withdrawn_from_round=4)
    TournamentPlayer.objects.filter(pk=entry[4].pk).update(withdrawn_from_round=2)
    for number in (2, 3, 4):
        RequestedBye.objects.create(player=entry[2], round_number=number, kind="H")
    assert end_early(owner_client, t, 2).status_code == 302
    t.refresh_from_db()
    assert t.planned_rounds == 2
    assert sorted(Round.objects.filter(tournament=t).values_list("number", flat=True)) == [1, 2]
    assert Game.objects.filter(round__tournament=t).count() == 4
    assert sorted(
        Bye.objects.filter(round__tournament=t).values_list("round__number", "player__name")
    ) == [(1, "Echo, Eve"), (2, "Echo, Eve")]
    assert list(
        RequestedBye.objects.filter(player__tournament=t).values_list("round_number", flat=True)
    ) == [2]
    left = dict(
        TournamentPlayer.objects.filter(tournament=t).values_list(
            "pairing_number", "withdrawn_from_round"
        )
    )
    assert left == {1: None, 2: None, 3: None, 4: 2, 5: None}


def test_c2_team_swiss_later_round_with_a_forfeited_match_is_a_result(owner_client, public_club):
    """C2 for a team Swiss: in round 2 one match is forfeited as a whole (no board game: a
    result all the same) and another still has a board without result. The last complete
    round is 1, and ending after it is refused until round 2 is complete, instead of deleting
    round 2 and its forfeit silently."""
    t = make_tournament(
        public_club,
        PLAYERS[:4],
        [[(1, 3, "1-0"), (2, 4, "0-1")], [(1, 2, "")]],
        system="team_swiss",
        planned_rounds=4,
    )
    home = Team.objects.create(tournament=t, number=1, name="Home")
    away = Team.objects.create(tournament=t, number=2, name="Away")
    round2 = Round.objects.get(tournament=t, number=2)
    Match.objects.create(round=round2, order=1, home=home, away=away, forfeit="+-")
    response = end_early(owner_client, t, 1)
    assert response.status_code == 409
    assert "Round 2 already has results" in response.content.decode()
    assert Round.objects.filter(tournament=t).count() == 2
    Match.objects.filter(round=round2).update(forfeit="")
    assert end_early(owner_client, t, 1).status_code == 302
    assert Round.objects.filter(tournament=t).count() == 1
