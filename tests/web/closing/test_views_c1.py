"""Closing (spec C1), the lock, and the club Elo applied at closing (E1–E9), through the web."""

from __future__ import annotations

import datetime

import pytest
from django.db import transaction
from django.urls import reverse

from chessclub_web.closing import services
from chessclub_web.closing.guards import ClosedTournamentError
from chessclub_web.closing.models import Closure, EloRow, FinalStanding
from chessclub_web.clubs.models import Player, Role
from chessclub_web.tournaments.models import Game, Round, RoundState, TournamentPlayer

from ..builders import make_tournament

# These tests read the English texts; test_views_labels checks the French ones.
pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("english")]


PLAYERS = [("Alpha, Anne", 1500), ("Bravo, Bob", 1900), ("Charlie, Claire", 1700)]
# Round robin of three: r1 1-2 1-0 (3 bye), r2 3-1 ½, r3 2-3 0-1.
ROUNDS = [[(1, 2, "1-0")], [(3, 1, "=")], [(2, 3, "0-1")]]


def close_url(t):
    return reverse("close", args=(t.club.number, t.pk))


def test_c1_close_tab_lists_drafts_missing_results_and_rounds_not_held(
    client, public_club, make_user
):
    """C1: the closing page names every round still open: a draft round, a board without a
    result (round and board), a planned round not held; nothing is closed."""
    t = make_tournament(
        public_club,
        PLAYERS,
        [[(1, 2, "1-0")], [(3, 1, "")]],
        planned_rounds=3,
        states=["published", "draft"],
    )
    client.force_login(make_user("owner", public_club, Role.OWNER))
    page = client.get(close_url(t)).content.decode()
    assert "Round 2 is not published." in page
    assert "Round 2, board 1: Charlie, Claire – Alpha, Anne has no result." in page
    assert "Round 3 is planned but has not been held." in page
    response = client.post(
        close_url(t), {"action": "close", "end_date": "2026-05-01", "confirm": "on"}
    )
    assert response.status_code == 409
    t.refresh_from_db()
    assert not t.is_closed


def test_c1_close_needs_the_right_and_a_confirmation(client, public_club, make_user):
    """C1: arbiters may not close (403); without the confirmation nothing happens (400)."""
    t = make_tournament(public_club, PLAYERS, ROUNDS)
    client.force_login(make_user("arb", public_club, Role.ARBITER))
    assert client.get(close_url(t)).status_code == 403
    client.force_login(make_user("adm", public_club, Role.ADMINISTRATOR))
    assert (
        client.post(close_url(t), {"action": "close", "end_date": "2026-05-01"}).status_code == 400
    )
    t.refresh_from_db()
    assert not t.is_closed
    client.logout()
    assert client.get(close_url(t)).status_code == 302  # to the login page


def test_c1_creator_of_an_independent_tournament_may_close(client, public_club, make_user):
    """C1: the creator of an independent tournament closes it; no club Elo (E2)."""
    creator = make_user("creator")
    t = make_tournament(public_club, PLAYERS, ROUNDS, kind="independent", creator=creator)
    client.force_login(creator)
    response = client.post(
        close_url(t), {"action": "close", "end_date": "2026-05-01", "confirm": "on"}
    )
    assert response.status_code == 302
    t.refresh_from_db()
    assert t.is_closed
    assert not EloRow.objects.exists()  # E2: independent tournaments never change the Elo
    assert not Player.objects.exists()  # roster links only for club tournaments


def test_c1_closing_stores_standings_links_roster_and_applies_elo(client, public_club, make_user):
    """C1 + E3–E6 on three newcomers (K 40, < 30 games), ratings 1500, 1900, 1700.

    Alpha (1500): beat Bravo (1900): D = 400 → PD .08; drew Charlie (1700): D = 200 → .24.
      n = 2, score 1.5, expected .32, K = min(40, ⌊700/2⌋) = 40, Δ = 40 × 1.18 = 47.2 → 47.
    Bravo (1900): lost to Alpha .92, lost to Charlie (D 200) .76: score 0, expected 1.68,
      Δ = 40 × −1.68 = −67.2 → −67.
    Charlie (1700): drew Alpha .76, beat Bravo .24: score 1.5, expected 1.00, Δ = 40 × .5 = 20.
    Final standings (round robin, DE SB WIN KS): Alpha and Charlie 1½ ...
    """
    t = make_tournament(public_club, PLAYERS, ROUNDS)
    user = make_user("owner", public_club, Role.OWNER)
    client.force_login(user)
    page = client.get(close_url(t)).content.decode()
    assert "Clôturer" in page or "Close" in page
    response = client.post(
        close_url(t), {"action": "close", "end_date": "2026-05-02", "confirm": "on"}
    )
    assert response.status_code == 302
    t.refresh_from_db()
    assert t.is_closed and t.closed_by == user and t.end_date == datetime.date(2026, 5, 2)
    closure = Closure.objects.get(tournament=t)
    assert closure.codes == ["DE", "SB", "WIN", "KS"]
    standings = list(FinalStanding.objects.filter(tournament=t))
    assert [s.points for s in standings] == ["1½", "1½", "0"]
    assert set(standings[0].tiebreaks) == {"DE", "SB", "WIN", "KS"}
    # Roster: three players created, initial Elo = the entry's rating.
    created = {p.surname: p for p in Player.objects.filter(club=public_club)}
    assert {(p.first_name, p.initial_elo_standard) for p in created.values()} == {
        ("Anne", 1500),
        ("Bob", 1900),
        ("Claire", 1700),
    }
    assert TournamentPlayer.objects.filter(tournament=t, roster_player=None).count() == 0
    rows = {r.player.surname: r for r in EloRow.objects.filter(tournament=t)}
    assert (rows["Alpha"].k, rows["Alpha"].games, rows["Alpha"].score, rows["Alpha"].expected) == (
        40,
        2,
        "3/2",
        "8/25",
    )
    assert (rows["Alpha"].delta, rows["Alpha"].rn) == (47, 1547)
    assert (rows["Bravo"].delta, rows["Bravo"].rn) == (-67, 1833)
    assert (rows["Charlie"].delta, rows["Charlie"].rn) == (20, 1720)
    # E9 page, public, says it is the club's Elo.
    client.logout()
    page = client.get(reverse("elo_changes", args=(public_club.number, t.pk))).content.decode()
    assert "not the FIDE Elo" in page and "1547" in page and "+47" in page and "0.32" in page


def test_c1_a_closed_tournament_never_reopens(public_club):
    """C1: no code path reopens: clearing closed_at, deleting a round/board/entry, adding a
    round, or setting a board back to no result are refused; a correction is allowed (C3)."""
    t = make_tournament(public_club, PLAYERS, ROUNDS)
    services.close_tournament(t, None, datetime.date(2026, 5, 2))
    t.refresh_from_db()
    t.closed_at = None
    with pytest.raises(ClosedTournamentError), transaction.atomic():
        t.save()
    game = Game.objects.filter(round__tournament=t).first()
    with pytest.raises(ClosedTournamentError), transaction.atomic():
        game.delete()
    with pytest.raises(ClosedTournamentError), transaction.atomic():
        Round.objects.filter(tournament=t).first().delete()
    with pytest.raises(ClosedTournamentError), transaction.atomic():
        TournamentPlayer.objects.filter(tournament=t).first().delete()
    with pytest.raises(ClosedTournamentError), transaction.atomic():
        Round.objects.create(tournament=t, number=9, state=RoundState.PUBLISHED)
    game.result = ""
    with pytest.raises(ClosedTournamentError), transaction.atomic():
        game.save()
    with pytest.raises(ClosedTournamentError), transaction.atomic():
        type(t).objects.get(pk=t.pk).delete()
    game.result = "0-1"
    game.save()  # C3: a correction
    assert type(t).objects.get(pk=t.pk).is_closed


def test_c1_closing_twice_is_refused(client, public_club, make_user):
    t = make_tournament(public_club, PLAYERS, ROUNDS)
    services.close_tournament(t, None, datetime.date(2026, 5, 2))
    with pytest.raises(services.ClosingError):
        services.close_tournament(t, None, datetime.date(2026, 5, 3))
    client.force_login(make_user("owner", public_club, Role.OWNER))
    response = client.post(
        close_url(t), {"action": "close", "end_date": "2026-05-01", "confirm": "on"}
    )
    assert response.status_code == 409


def test_c1_admin_shows_closed_at_read_only_and_cannot_delete(
    client, public_club, django_user_model
):
    """C1: the admin shows when the tournament was closed, read-only, and offers no delete."""
    t = make_tournament(public_club, PLAYERS, ROUNDS)
    services.close_tournament(t, None, datetime.date(2026, 5, 2))
    admin_user = django_user_model.objects.create_superuser("root", password="x-secret-123")
    client.force_login(admin_user)
    page = client.get(reverse("admin:tournaments_tournament_change", args=(t.pk,))).content
    assert b'name="closed_at"' not in page
    assert b"closed at" in page.lower() or b"Closed at" in page
    assert client.get(reverse("admin:tournaments_tournament_delete", args=(t.pk,))).status_code in (
        302,
        403,
    )
    t.refresh_from_db()
    assert t.is_closed


def test_c1_even_a_bulk_update_cannot_reopen(public_club):
    """C1: the database refuses to clear closed_at (trigger), beyond the model receivers."""
    from django.db import DatabaseError

    from chessclub_web.tournaments.models import Tournament

    t = make_tournament(public_club, PLAYERS, ROUNDS)
    services.close_tournament(t, None, datetime.date(2026, 5, 2))
    with pytest.raises(DatabaseError), transaction.atomic():
        Tournament.objects.filter(pk=t.pk).update(closed_at=None)
    assert Tournament.objects.get(pk=t.pk).is_closed
    Tournament.objects.filter(pk=t.pk).update(name="Renamed")  # other fields still change


@pytest.mark.parametrize("language", ["fr", "en"])
def test_c1_end_date_field_holds_an_iso_date(client, public_club, make_user, language):
    """C1 "Date de fin (default today)": an ``<input type="date">`` only shows a value written
    yyyy-mm-dd (HTML date input); the French page wrote 30/11/2026, which browsers leave empty."""
    t = make_tournament(public_club, PLAYERS, ROUNDS)
    client.force_login(make_user("adm", public_club, Role.ADMINISTRATOR))
    html = client.get(close_url(t), HTTP_ACCEPT_LANGUAGE=language).content.decode()
    today = datetime.date.today().isoformat()
    assert f'value="{today}"' in html
