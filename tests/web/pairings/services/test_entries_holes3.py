"""Hole 3 of the adversarial review: every entry goes through the entry rules.

The attack, as found: the FRBE list page's *Ajouter au tournoi* created a player in a round
robin whose round 1 was already paired: no game, no bye, no history line (the round robin's
Berger table has no place for them). Expected, by hand from the spec (Entries; FIDE C.05: a
round robin's table is fixed once paired): every way of adding, changing or removing an entry
(the *Inscriptions* page, the FRBE list page, a team's roster, the Django admin) goes through
``pairings.services.add_player`` / ``update_entry`` / ``remove_player``, which lock the
tournament, read its state under that lock, enforce the rules and write the history; the
admin adds, changes and deletes no entry. The FRBE page's own test is its owner's; here the
service it calls, the admin, the teams' rosters, and the pairing racing an entry.
"""

from __future__ import annotations

import datetime
import threading

import pytest
from django.db import connection
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from chessclub_web.clubs.models import Role
from chessclub_web.pairings import services as pairing
from chessclub_web.teams import services as teams
from chessclub_web.tournaments import models as rows
from chessclub_web.tournaments.models import Round, System, Tournament, TournamentPlayer

from ...audit.lines import other_lines
from ...builders import needs_postgresql, numbers

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _english():
    """The services' refusals are read in English here (French is the default language)."""
    from django.utils import translation

    with translation.override("en"):
        yield


NAMES = ("Alpha, Anne", "Bravo, Bert", "Charlie, Claire", "Delta, Dirk")


def round_robin(club, *, paired: bool = True) -> Tournament:
    """Four players, round 1 paired from the Berger table (a draft) when ``paired``."""
    t = Tournament.objects.create(
        club=club,
        name="Toutes rondes",
        system=System.ROUND_ROBIN,
        start_date=datetime.date(2026, 1, 5),
    )
    for number, name in enumerate(NAMES, start=1):
        pairing.add_player(t, pairing.NewEntry(name=name, rating=2000 - 10 * number), None)
    if paired:
        pairing.pair_next_round(Tournament.objects.get(pk=t.pk), None)
    return Tournament.objects.get(pk=t.pk)


# -- the service ---------------------------------------------------------------------------


def test_holes3_round_robin_paired_takes_no_new_entry_through_the_service(public_club):
    """``add_player`` is what the FRBE page calls now: refused with the reason, nothing
    stored (no entry, no bye, no history line)."""
    t = round_robin(public_club)
    before = (numbers(t), other_lines(tournament=t).count())
    with pytest.raises(pairing.Refused) as refused:
        pairing.add_player(t, pairing.NewEntry(name="Echo, Emma", matricule="12345"), None)
    assert "round robin" in str(refused.value)
    assert (numbers(t), other_lines(tournament=t).count()) == before
    assert not rows.Bye.objects.filter(round__tournament=t).exists()


def test_holes3_add_player_reads_the_tournament_under_its_lock(public_club, monkeypatch):
    """The caller's row may be stale (a page loaded before round 1 was paired, before the
    closing): the service locks the tournament (``lock_tournament``, FOR UPDATE) and reads it
    again, then refuses. It needs no transaction of the caller's."""
    stale = round_robin(public_club, paired=False)
    pairing.pair_next_round(Tournament.objects.get(pk=stale.pk), None)
    locked: list[int] = []
    real = pairing.lock_tournament
    monkeypatch.setattr(pairing, "lock_tournament", lambda pk: locked.append(pk) or real(pk))
    with pytest.raises(pairing.Refused):
        pairing.add_player(stale, pairing.NewEntry(name="Echo, Emma"), None)
    assert locked == [stale.pk]
    assert len(numbers(stale)) == 4


def test_holes3_closed_since_the_row_was_read_is_refused_not_a_500(public_club):
    """A Swiss read while open, closed since: ``Refused`` with the reason (409 on a page),
    not the model lock's error (a 500 for a caller that does not expect it)."""
    t = Tournament.objects.create(club=public_club, name="Open", system=System.SWISS)
    stale = Tournament.objects.get(pk=t.pk)
    Tournament.objects.filter(pk=t.pk).update(closed_at=timezone.now())
    with pytest.raises(pairing.Refused) as refused:
        pairing.add_player(stale, pairing.NewEntry(name="Echo, Emma"), None)
    assert "closed" in str(refused.value)
    assert not t.players.exists()


def test_holes3_one_matricule_is_one_person(public_club):
    """As one FIDE ID: a second entry with the same matricule (the FRBE page's "already in the
    tournament") is refused by the service itself."""
    t = Tournament.objects.create(club=public_club, name="Open", system=System.SWISS)
    pairing.add_player(t, pairing.NewEntry(name="Alpha, Anne", matricule="12345"), None)
    with pytest.raises(pairing.Refused) as refused:
        pairing.add_player(t, pairing.NewEntry(name="Alpha Anne", matricule="12345"), None)
    assert "12345" in str(refused.value)
    assert t.players.count() == 1


def test_holes3_remove_and_update_take_the_lock_and_refuse_a_stale_entry(public_club):
    """Removing an entry removed meanwhile: refused with the reason, not a 500."""
    t = Tournament.objects.create(club=public_club, name="Open", system=System.SWISS)
    player = pairing.add_player(t, pairing.NewEntry(name="Alpha, Anne"), None)
    copy = TournamentPlayer.objects.get(pk=player.pk)
    pairing.remove_player(player, None)
    with pytest.raises(pairing.Refused):
        pairing.remove_player(copy, None)
    with pytest.raises(pairing.Refused):
        pairing.update_entry(copy, {"name": "X"}, {"name": "Alpha, Anne"}, None)


def test_holes3_every_entry_change_is_in_the_history(public_club):
    t = Tournament.objects.create(club=public_club, name="Open", system=System.SWISS)
    player = pairing.add_player(t, pairing.NewEntry(name="Alpha, Anne"), None)
    pairing.withdraw(player, 2, None)
    pairing.remove_player(pairing.add_player(t, pairing.NewEntry(name="Bravo, Bert"), None), None)
    texts = [c.description for c in other_lines(tournament=t).order_by("id")]
    assert texts == [
        "Alpha, Anne registered.",
        "Alpha, Anne withdrew from round 2.",
        "Bravo, Bert registered.",
        "Bravo, Bert removed from the entries.",
    ]


# -- the teams' rosters --------------------------------------------------------------------


def test_holes3_a_team_roster_entry_goes_through_add_player(public_club, monkeypatch):
    """A team's new player is an entry: made by ``add_player`` (the lock, the rules, the
    history), on the team's roster."""
    t = Tournament.objects.create(club=public_club, name="Interclubs", system=System.TEAM_SWISS)
    team = teams.add_team(t, "Team 1")
    calls: list[object] = []
    real = pairing.add_player
    monkeypatch.setattr(
        pairing, "add_player", lambda *a, **k: calls.append(k.get("team")) or real(*a, **k)
    )
    member = teams.add_member(team, "Alpha, Anne", 1800)
    assert calls == [team]
    assert member.team == team and member.player.tournament_id == t.pk
    assert other_lines(tournament=t).get().description == (
        "Alpha, Anne registered in the roster of Team 1."
    )


def test_holes3_a_team_event_takes_no_entry_without_a_team(public_club):
    """The FRBE page (or anything else) adding a player to a team event without a team:
    refused, as the *Inscriptions* page of a team event refuses."""
    t = Tournament.objects.create(club=public_club, name="Interclubs", system=System.TEAM_SWISS)
    with pytest.raises(pairing.Refused):
        pairing.add_player(t, pairing.NewEntry(name="Alpha, Anne"), None)
    other = Tournament.objects.create(club=public_club, name="Autre", system=System.TEAM_SWISS)
    with pytest.raises(pairing.Refused):
        pairing.add_player(
            t, pairing.NewEntry(name="Alpha, Anne"), None, team=teams.add_team(other, "X")
        )
    assert not t.players.exists()


# -- the Django admin ----------------------------------------------------------------------


@pytest.fixture
def superuser_client(django_user_model) -> Client:
    client = Client()
    client.force_login(django_user_model.objects.create_superuser("site", password="pw-123456"))
    return client


def test_holes3_admin_adds_changes_and_deletes_no_entry(superuser_client, public_club):
    """Even a superuser: the admin's entry pages refuse (403) adding, changing, deleting;
    nothing changes. The entries are still shown."""
    t = round_robin(public_club)
    entry = t.players.order_by("pairing_number").first()
    before = numbers(t)
    add = reverse("admin:tournaments_tournamentplayer_add")
    assert superuser_client.get(add).status_code == 403
    posted = {"tournament": t.pk, "pairing_number": 5, "name": "Echo, Emma", "entry_round": 1}
    assert superuser_client.post(add, posted).status_code == 403
    change = reverse("admin:tournaments_tournamentplayer_change", args=(entry.pk,))
    page = superuser_client.get(change)
    assert page.status_code == 200 and b'name="_save"' not in page.content
    edited = {**posted, "pairing_number": entry.pairing_number, "name": "Changed"}
    assert superuser_client.post(change, edited).status_code == 403
    delete = reverse("admin:tournaments_tournamentplayer_delete", args=(entry.pk,))
    assert superuser_client.post(delete, {"post": "yes"}).status_code == 403
    assert numbers(t) == before


def test_holes3_the_tournament_admin_inline_adds_no_entry(superuser_client, public_club):
    """The entries' inline of the tournament's admin page: no form to add one, no field to
    change one; a posted extra inline form creates nothing."""
    t = round_robin(public_club)
    url = reverse("admin:tournaments_tournament_change", args=(t.pk,))
    html = superuser_client.get(url).content.decode()
    assert "players-__prefix__" not in html
    assert 'name="players-0-name"' not in html
    assert 'name="players-0-DELETE"' not in html
    assert len(numbers(t)) == 4


def test_holes3_an_open_tournament_can_still_be_deleted_in_the_admin(superuser_client, public_club):
    """Deleting a whole tournament takes its entries with it: no entry rule stands in the
    way (the entries' read-only admin does not ask for a permission here)."""
    t = round_robin(public_club)
    url = reverse("admin:tournaments_tournament_delete", args=(t.pk,))
    page = superuser_client.get(url)
    assert page.status_code == 200
    assert b"permission to delete" not in page.content
    assert superuser_client.post(url, {"post": "yes"}).status_code == 302
    assert not Tournament.objects.filter(pk=t.pk).exists()


# -- the pairing racing an entry -----------------------------------------------------------


def test_holes3_round_robin_not_paired_from_the_entries_of_before(public_club, monkeypatch):
    """Any database: a player registered while the Berger table of round 1 was computed
    (the engine runs outside the transaction). Stored as it was, round 1 would leave the new
    player without game or bye in a round robin that takes no one any more: refused, nothing
    stored; paired again, the table has everyone."""
    t = round_robin(public_club, paired=False)
    original = pairing.compute_pairing

    def compute_then_someone_registers(row, number, engine=None):
        computed = original(row, number, engine)
        pairing.add_player(
            Tournament.objects.get(pk=t.pk), pairing.NewEntry(name="Echo, Emma"), None
        )
        return computed

    monkeypatch.setattr(pairing, "compute_pairing", compute_then_someone_registers)
    with pytest.raises(pairing.Refused) as refused:
        pairing.pair_next_round(Tournament.objects.get(pk=t.pk), None)
    assert "entries changed" in str(refused.value)
    assert not Round.objects.filter(tournament=t).exists()
    monkeypatch.setattr(pairing, "compute_pairing", original)
    paired = pairing.pair_next_round(Tournament.objects.get(pk=t.pk), None)
    seated = {g.white_id for g in paired.games.all()} | {g.black_id for g in paired.games.all()}
    seated |= {b.player_id for b in paired.byes.all()}
    assert seated == set(t.players.values_list("pk", flat=True))


@pytest.mark.django_db(transaction=True)
def test_holes3_two_registrations_at_once_make_one_entry(public_club):
    """PostgreSQL: the same player posted twice at once (a double click, or the FRBE page
    and the entries page together): the second waits for the first's lock, then sees the
    first entry and is refused. One entry, one history line."""
    needs_postgresql()
    t = Tournament.objects.create(club=public_club, name="Open", system=System.SWISS)
    start = threading.Barrier(2)
    outcome: list[object] = []

    def register() -> None:
        try:
            start.wait(timeout=10)
            entry = pairing.NewEntry(name="Alpha, Anne", fide_id="1234567")
            outcome.append(pairing.add_player(Tournament.objects.get(pk=t.pk), entry, None))
        except pairing.Refused as exc:
            outcome.append(exc)
        finally:
            connection.close()

    threads = [threading.Thread(target=register) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)
    assert sorted(type(o).__name__ for o in outcome) == ["Refused", "TournamentPlayer"]
    assert t.players.count() == 1
    assert other_lines(tournament=t).count() == 1


@pytest.mark.django_db(transaction=True)
def test_holes3_a_registration_during_the_closing_waits_then_is_refused(
    public_club, make_user, monkeypatch
):
    """PostgreSQL: a player added while the tournament is being closed (the closing holds
    its lock): the registration waits for the closing, then sees a closed tournament and is
    refused; the closed tournament's entries are those it was closed with."""
    needs_postgresql()
    from chessclub_web.closing import services as closing

    from ...builders import make_swiss

    t = make_swiss(public_club, planned_rounds=2)
    rows.Game.objects.filter(round__tournament=t, result="").update(result="1-0")
    owner = make_user("owner", public_club, Role.OWNER)
    inside = threading.Event()
    go = threading.Event()
    real = closing.store_final_standings

    def slow_store(tournament):
        made = real(tournament)
        if threading.current_thread().name == "closer":
            inside.set()
            go.wait(timeout=20)
        return made

    monkeypatch.setattr(closing, "store_final_standings", slow_store)
    box: dict[str, object] = {}

    def close() -> None:
        try:
            box["closed"] = closing.close_tournament(t, owner, datetime.date(2026, 3, 9))
        finally:
            connection.close()

    def register() -> None:
        try:
            box["added"] = pairing.add_player(
                Tournament.objects.get(pk=t.pk), pairing.NewEntry(name="Late, Comer"), owner
            )
        except pairing.Refused as exc:
            box["added"] = exc
        finally:
            connection.close()

    closer = threading.Thread(target=close, name="closer")
    closer.start()
    assert inside.wait(timeout=20)
    adder = threading.Thread(target=register, name="adder")
    adder.start()
    adder.join(timeout=2)
    assert adder.is_alive(), "the registration did not wait for the closing's lock"
    go.set()
    closer.join(timeout=30)
    adder.join(timeout=30)
    assert isinstance(box["added"], pairing.Refused), box
    assert not TournamentPlayer.objects.filter(tournament=t, name="Late, Comer").exists()
