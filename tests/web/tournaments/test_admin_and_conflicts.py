"""The admin adds rounds and entries without a 500; a change that reaches a closed tournament
through an unchecked path answers 409 (spec C1: a closed tournament never reopens)."""

from __future__ import annotations

import pytest
from django.test import RequestFactory
from django.urls import reverse
from django.utils import timezone

from chessclub_web.closing.guards import ClosedTournamentError
from chessclub_web.refusals import RefusalMiddleware
from chessclub_web.tournaments.models import Round, Tournament, TournamentPlayer

pytestmark = pytest.mark.django_db


@pytest.fixture
def admin_client(client, django_user_model):
    client.force_login(django_user_model.objects.create_superuser("site", password="pw-123456"))
    return client


def test_admin_adds_a_round_and_an_entry(admin_client, public_club):
    """The admin's add form validates a new round, and the models validate a new round and a
    new entry (their ``clean`` asked an unsaved row for its games: a 500). The admin itself
    adds no entry: entries go through ``pairings.services`` (the entry rules, the
    tournament's lock, the history), so its entry form answers 403 even to a superuser; rounds
    likewise go through ``pairings.services`` (holes issue, point 3)."""
    row = Tournament.objects.create(club=public_club, name="Open")
    assert admin_client.get(reverse("admin:tournaments_round_add")).status_code == 403
    assert admin_client.get(reverse("admin:tournaments_tournamentplayer_add")).status_code == 403
    new_round = Round(tournament=row, number=1)
    new_round.full_clean()
    new_round.save()
    entry = TournamentPlayer(tournament=row, pairing_number=1, name="Alpha, Anna")
    entry.full_clean()
    entry.save()
    assert Round.objects.filter(tournament=row, number=1).exists()
    assert TournamentPlayer.objects.filter(tournament=row, name="Alpha, Anna").exists()


def test_c1_closed_tournament_error_is_a_409(public_club):
    Tournament.objects.create(club=public_club, name="Closed", closed_at=timezone.now())
    request = RequestFactory().post("/")
    response = RefusalMiddleware(lambda r: None).process_exception(
        request, ClosedTournamentError("round 3 of a closed tournament")
    )
    assert response is not None and response.status_code == 409
    assert "round 3 of a closed tournament" in response.content.decode()


def test_r5_admin_shows_results_read_only(admin_client, public_club):
    """A result changed in the admin would skip its version (R3) and its history (R5): the
    admin's game form has no result field to post."""
    from chessclub_web.tournaments.models import Game

    row = Tournament.objects.create(club=public_club, name="Open")
    rnd = Round.objects.create(tournament=row, number=1)
    white = TournamentPlayer.objects.create(tournament=row, pairing_number=1, name="A")
    black = TournamentPlayer.objects.create(tournament=row, pairing_number=2, name="B")
    game = Game.objects.create(round=rnd, board=1, white=white, black=black, result="1-0")
    html = admin_client.get(reverse("admin:tournaments_game_change", args=(game.pk,)))
    assert html.status_code == 200  # the view, read-only
    assert 'name="result"' not in html.content.decode()
    assert 'name="white"' not in html.content.decode()
    admin_client.post(
        reverse("admin:tournaments_game_change", args=(game.pk,)),
        {"round": rnd.pk, "board": 1, "white": white.pk, "black": black.pk, "result": "0-1"},
    )
    game.refresh_from_db()
    assert (game.result, game.version) == ("1-0", 1)
