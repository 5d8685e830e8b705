"""The lock of a closed tournament (spec C1: "the tournament can never be reopened"), through
the model and the admin: what the first version let through."""

from __future__ import annotations

import datetime

import pytest
from django.db import transaction
from django.urls import reverse

from chessclub_web.closing import services
from chessclub_web.closing.guards import ClosedTournamentError
from chessclub_web.closing.models import EloRow
from chessclub_web.tournaments.models import (
    Bye,
    Game,
    Round,
    RoundState,
    Tournament,
    TournamentPlayer,
)

from ..builders import make_tournament

pytestmark = pytest.mark.django_db

PLAYERS = [("Alpha, Anne", 1500), ("Bravo, Bob", 1900), ("Charlie, Claire", 1700)]
ROUNDS = [[(1, 2, "1-0")], [(3, 1, "=")], [(2, 3, "0-1")]]


@pytest.fixture
def closed(public_club):
    t = make_tournament(public_club, PLAYERS, ROUNDS, name="Closed")
    services.close_tournament(t, None, datetime.date(2026, 5, 2))
    t.refresh_from_db()
    return t


@pytest.fixture
def superuser(client, django_user_model):
    client.defaults["HTTP_ACCEPT_LANGUAGE"] = "en"
    user = django_user_model.objects.create_superuser("root", password="x-secret-123")
    client.force_login(user)
    return user


def refused(action):
    with pytest.raises(ClosedTournamentError), transaction.atomic():
        action()


def test_c1_a_closed_tournaments_round_never_goes_back_to_draft(closed):
    """C1: every round of a closed tournament is published; putting one back to draft would
    reopen it in effect (the results page lets a draft be paired again)."""
    rnd = Round.objects.filter(tournament=closed).first()
    rnd.state = RoundState.DRAFT
    refused(rnd.save)
    assert Round.objects.get(pk=rnd.pk).state == RoundState.PUBLISHED


@pytest.mark.parametrize(
    ("field", "value"),
    [("kind", "independent"), ("time_control_category", "blitz"), ("system", "swiss")],
)
def test_c1_e2_what_the_club_elo_was_computed_from_stays(closed, field, value):
    """C1/E2/E7: a closed club tournament keeps its kind, system and time control: changing
    them would leave Elo rows the recompute chain no longer finds (E7) or rate an independent
    tournament (E2). Its name still changes."""
    rows_before = EloRow.objects.filter(tournament=closed).count()
    assert rows_before == 3
    setattr(closed, field, value)
    refused(closed.save)
    fresh = Tournament.objects.get(pk=closed.pk)
    fresh.name = "Renamed"
    fresh.save()
    assert getattr(Tournament.objects.get(pk=closed.pk), field) != value
    assert EloRow.objects.filter(tournament=closed).count() == rows_before


def test_c1_rows_cannot_be_moved_into_or_out_of_a_closed_tournament(closed, public_club):
    """C1: moving a board, entry or round changes the closed tournament as surely as adding
    or deleting one; the first version only looked at the row's new tournament."""
    open_t = make_tournament(public_club, PLAYERS, [[(1, 2, "")]], name="Open", planned_rounds=3)
    open_round = Round.objects.get(tournament=open_t)
    closed_round = Round.objects.filter(tournament=closed).first()
    # A board of the open tournament moved into the closed one.
    board = Game.objects.get(round=open_round)
    board.round = closed_round
    board.result = "1-0"
    refused(board.save)
    # A board of the closed tournament moved out of it.
    closed_board = Game.objects.filter(round__tournament=closed).first()
    closed_board.round = open_round
    refused(closed_board.save)
    # An entry moved out of the closed tournament.
    entry = TournamentPlayer.objects.filter(tournament=closed).first()
    entry.tournament = open_t
    refused(entry.save)
    # A round moved out (and one moved in).
    closed_round.tournament = open_t
    closed_round.number = 9
    refused(closed_round.save)
    open_round.tournament = closed
    open_round.number = 9
    refused(open_round.save)
    # A board's players swapped for an entry of another tournament.
    closed_board = Game.objects.filter(round__tournament=closed).first()
    closed_board.white = TournamentPlayer.objects.filter(tournament=open_t).first()
    refused(closed_board.save)
    assert Game.objects.filter(round__tournament=closed).count() == 3
    assert TournamentPlayer.objects.filter(tournament=closed).count() == 3


def test_c3_a_correction_and_an_open_tournaments_changes_still_pass(closed, public_club):
    """C3: a board of a closed tournament may change from one result to another; rows of open
    tournaments change and move freely."""
    board = Game.objects.filter(round__tournament=closed).first()
    board.result = "0-1"
    board.save()
    open_t = make_tournament(public_club, PLAYERS, [[(1, 2, "")]], name="Open", planned_rounds=3)
    other = make_tournament(public_club, PLAYERS, [[(1, 2, "")]], name="Other", planned_rounds=3)
    rnd = Round.objects.get(tournament=open_t)
    rnd.state = RoundState.DRAFT
    rnd.save()
    rnd.tournament = other
    rnd.number = 2
    rnd.save()
    open_t.kind = "independent"
    open_t.save()


def test_c1_admin_shows_a_closed_tournaments_rows_read_only(client, superuser, closed):
    """C1 in the admin: the locked fields are not inputs; the entries and rounds inlines
    offer neither a delete box nor an empty form to add one; a board, round, entry or bye of
    the closed tournament opens read-only and cannot be deleted."""
    page = client.get(reverse("admin:tournaments_tournament_change", args=(closed.pk,)))
    assert page.status_code == 200
    html = page.content.decode()
    for name in ("kind", "system", "time_control_category", "club", "closed_at"):
        assert f'name="{name}"' not in html
    assert 'name="players-0-DELETE"' not in html
    assert 'name="rounds-0-DELETE"' not in html
    assert 'name="players-0-name"' not in html  # entries view-only
    assert "players-__prefix__" not in html  # no form to add an entry
    rnd = Round.objects.filter(tournament=closed).first()
    game = Game.objects.filter(round=rnd).first()
    entry = TournamentPlayer.objects.filter(tournament=closed).first()
    for url_name, pk in (
        ("admin:tournaments_round_change", rnd.pk),
        ("admin:tournaments_game_change", game.pk),
        ("admin:tournaments_tournamentplayer_change", entry.pk),
    ):
        response = client.get(reverse(url_name, args=(pk,)))
        assert response.status_code == 200
        assert b'name="_save"' not in response.content  # view only
        post = client.post(reverse(url_name, args=(pk,)), {"result": "", "state": "draft"})
        assert post.status_code == 403
    for url_name, pk in (
        ("admin:tournaments_round_delete", rnd.pk),
        ("admin:tournaments_game_delete", game.pk),
        ("admin:tournaments_tournamentplayer_delete", entry.pk),
    ):
        assert client.post(reverse(url_name, args=(pk,)), {"post": "yes"}).status_code == 403
    assert Game.objects.get(pk=game.pk).result == "1-0"
    assert Round.objects.get(pk=rnd.pk).state == RoundState.PUBLISHED


def test_c1_admin_delete_selected_refuses_a_closed_tournament(client, superuser, closed):
    """C1: the changelist's *delete selected* action on a closed tournament answers 403
    instead of failing with an error page; boards and rounds offer no deletion at all in the
    admin (they change through the services only, holes issue point 3); nothing is deleted."""
    for model, pk in (
        ("tournament", closed.pk),
        ("game", Game.objects.filter(round__tournament=closed).first().pk),
        ("round", Round.objects.filter(tournament=closed).first().pk),
    ):
        url = reverse(f"admin:tournaments_{model}_changelist")
        data = {"action": "delete_selected", "_selected_action": [pk], "post": "yes"}
        response = client.post(url, data)
        if model == "tournament":
            assert response.status_code == 403, model
        else:
            assert 'value="delete_selected"' not in client.get(url).content.decode()
    assert Tournament.objects.filter(pk=closed.pk).exists()
    assert Round.objects.filter(tournament=closed).exists()
    assert Game.objects.filter(round__tournament=closed).count() == 3


def test_c1_admin_adding_a_board_or_bye_to_a_closed_round_is_refused_on_the_form(
    client, superuser, closed
):
    """C1: the admin adds no board or bye at all (403: boards and byes change through the
    pairing and results services only, holes issue point 3; the model guards refuse a
    closed tournament's rows on any other path); nothing is added."""
    rnd = Round.objects.filter(tournament=closed, number=1).first()
    entries = list(TournamentPlayer.objects.filter(tournament=closed).order_by("pairing_number"))
    response = client.post(
        reverse("admin:tournaments_game_add"),
        {
            "round": rnd.pk,
            "board": 5,
            "white": entries[0].pk,
            "black": entries[2].pk,
            "result": "1-0",
            "rated": "on",
            "version": 1,
        },
    )
    assert response.status_code == 403
    response = client.post(
        reverse("admin:tournaments_bye_add"),
        {"round": rnd.pk, "player": entries[2].pk, "kind": "U"},
    )
    assert response.status_code == 403
    assert Game.objects.filter(round__tournament=closed).count() == 3
    assert not Bye.objects.filter(round__tournament=closed).exists()
    assert Round.objects.filter(tournament=closed).count() == 3


def test_c1_c3_bulk_updates_cannot_clear_a_result_unpublish_or_retype(closed, public_club):
    """C1/C3 in the database (triggers, migration closing 0003): a bulk ``update`` bypasses
    the model receivers, yet a closed tournament's board cannot go back to "no result" nor
    move, its round cannot go back to draft, and its kind/system/time control cannot change.
    The same updates on an open tournament pass; a correction by bulk update passes (C3)."""
    from django.db import DatabaseError

    games = Game.objects.filter(round__tournament=closed)
    for action in (
        lambda: games.update(result=""),
        lambda: Round.objects.filter(tournament=closed).update(state=RoundState.DRAFT),
        lambda: Tournament.objects.filter(pk=closed.pk).update(kind="independent"),
        lambda: Tournament.objects.filter(pk=closed.pk).update(time_control_category="rapid"),
        lambda: Tournament.objects.filter(pk=closed.pk).update(system="swiss"),
    ):
        with pytest.raises(DatabaseError), transaction.atomic():
            action()
    assert not games.filter(result="").exists()
    assert not Round.objects.filter(tournament=closed, state=RoundState.DRAFT).exists()
    fresh = Tournament.objects.get(pk=closed.pk)
    assert (fresh.kind, fresh.time_control_category, fresh.system) == (
        "club",
        "standard",
        "round_robin",
    )
    games.filter(result="1-0").update(result="0-1")  # a correction (C3)
    open_t = make_tournament(public_club, PLAYERS, [[(1, 2, "1-0")]], name="Open")
    Game.objects.filter(round__tournament=open_t).update(result="")
    Round.objects.filter(tournament=open_t).update(state=RoundState.DRAFT)
    Tournament.objects.filter(pk=open_t.pk).update(kind="independent", system="swiss")
