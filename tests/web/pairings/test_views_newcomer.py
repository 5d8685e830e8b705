"""What a newcomer found trying the app from the README (French pages):

1. round dates: given when pairing (default start date + (N − 1) weeks, one week after the
   round before it, else today) and changed on the round's page, draft or published, not in a
   closed tournament — the FRBE export said "La ronde 1 n'a pas de date.";
2. registration fields (matricule, FIDE ID, federation, title, birth date) by hand and from
   the roster (the roster's IDs and Elo of the tournament's time control, with a fallback);
3. team events can be created (team systems), and the individual pages point to *Équipes*;
4. a published round links to its boards page;
7. a new round robin's header and the pair page's list of rounds are clear.
"""

from __future__ import annotations

import datetime

import pytest
from django.urls import reverse
from django.utils import timezone

from chessclub_web.clubs.models import Player as RosterPlayer
from chessclub_web.tournaments.models import Round, RoundState, Tournament

from ..builders import entries_url, registered, round_url

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _french(client):
    client.defaults["HTTP_ACCEPT_LANGUAGE"] = "fr"


def create(client, club, **extra):
    data = {
        "name": "Interclubs du jeudi",
        "kind": "club",
        "system": "round_robin",
        "time_control_category": "standard",
        "time_control": "90 min + 30 s",
        "start_date": "2026-01-08",
        "end_date": "2026-03-26",
        "planned_rounds": "",
        "initial_colour": "W",
        "max_requested_byes": "",
        "missed_round_points": "Z",
    }
    data.update({k: str(v) for k, v in extra.items()})
    response = client.post(reverse("new_tournament", args=(club.number,)), data)
    assert response.status_code == 302, response.content.decode()[:3000]
    return Tournament.objects.get(club=club, name=data["name"]), response


def pair_url(t):
    return reverse("pair_next", args=(t.club.number, t.pk))


def four_players(client, t):
    for name, rating in [("Alpha, A", 2000), ("Bravo, B", 1900), ("Charlie, C", 1800)]:
        registered(client, t, name, rating)
    registered(client, t, "Delta, D", 1700)


# -- 1. round dates -------------------------------------------------------------------------------


def test_round_date_default_is_start_plus_weeks_and_is_stored(owner_client, public_club):
    """Start Thursday 2026-01-08: round 1 proposed on 2026-01-08 (+0 weeks); paired with
    the proposed date, round 2 is proposed one week after round 1's date: 2026-01-15."""
    t, _ = create(owner_client, public_club)
    four_players(owner_client, t)
    page = owner_client.get(pair_url(t)).content.decode()
    assert 'value="2026-01-08"' in page and "Date de la ronde" in page
    assert owner_client.post(pair_url(t), {"date": "2026-01-08"}).status_code == 302
    assert Round.objects.get(tournament=t, number=1).date == datetime.date(2026, 1, 8)
    owner_client.post(round_url(t, 1), {"action": "publish"})
    page = owner_client.get(pair_url(t)).content.decode()
    assert 'value="2026-01-15"' in page
    # The arbiter moves round 1 to a Friday: round 2 follows it (2026-01-09 + 7 = 01-16).
    assert (
        owner_client.post(round_url(t, 1), {"action": "set_date", "date": "2026-01-09"}).status_code
        == 302
    )
    assert 'value="2026-01-16"' in owner_client.get(pair_url(t)).content.decode()


def test_round_date_post_without_the_field_takes_the_proposed_date(owner_client, public_club):
    """Start 2026-01-08: round 1 paired by a post without the date field is dated 01-08."""
    t, _ = create(owner_client, public_club)
    four_players(owner_client, t)
    assert owner_client.post(pair_url(t)).status_code == 302
    assert Round.objects.get(tournament=t, number=1).date == datetime.date(2026, 1, 8)


def test_round_date_default_without_start_date_is_today(owner_client, public_club):
    t, _ = create(owner_client, public_club, start_date="", end_date="")
    four_players(owner_client, t)
    today = datetime.date.today()
    assert f'value="{today.isoformat()}"' in owner_client.get(pair_url(t)).content.decode()


def test_round_date_changed_on_draft_and_published_round_not_when_closed(owner_client, public_club):
    t, _ = create(owner_client, public_club)
    four_players(owner_client, t)
    owner_client.post(pair_url(t), {"date": "2026-01-08"})
    r = Round.objects.get(tournament=t, number=1)
    assert r.state == RoundState.DRAFT
    page = owner_client.get(round_url(t, 1)).content.decode()
    assert 'name="date"' in page and 'value="2026-01-08"' in page
    assert (
        owner_client.post(round_url(t, 1), {"action": "set_date", "date": "2026-01-09"}).status_code
        == 302
    )
    r.refresh_from_db()
    assert r.date == datetime.date(2026, 1, 9)
    # "Pair again" keeps the date the arbiter gave.
    owner_client.post(round_url(t, 1), {"action": "repair"})
    assert Round.objects.get(tournament=t, number=1).date == datetime.date(2026, 1, 9)
    owner_client.post(round_url(t, 1), {"action": "publish"})
    assert (
        owner_client.post(round_url(t, 1), {"action": "set_date", "date": "2026-01-10"}).status_code
        == 302
    )
    assert Round.objects.get(tournament=t, number=1).date == datetime.date(2026, 1, 10)
    # A bad date: 400, nothing changed.
    assert (
        owner_client.post(round_url(t, 1), {"action": "set_date", "date": "10/13/2026"}).status_code
        == 400
    )
    assert owner_client.post(pair_url(t), {"date": "2026-02-30"}).status_code == 400
    assert not Round.objects.filter(tournament=t, number=2).exists()
    assert Round.objects.get(tournament=t, number=1).date == datetime.date(2026, 1, 10)
    # Closed (C1): refused with 409, the date stays.
    Tournament.objects.filter(pk=t.pk).update(closed_at=timezone.now())
    response = owner_client.post(round_url(t, 1), {"action": "set_date", "date": "2026-01-11"})
    assert response.status_code == 409
    assert Round.objects.get(tournament=t, number=1).date == datetime.date(2026, 1, 10)
    assert 'name="date"' not in owner_client.get(round_url(t, 1)).content.decode()


def test_round_date_unblocks_the_frbe_export(owner_client, public_club):
    """The FRBE export listed "La ronde 1 n'a pas de date." for every round made in the app."""
    t, _ = create(owner_client, public_club, chief_arbiter="Arbitre, A")
    four_players(owner_client, t)
    owner_client.post(pair_url(t), {"date": ""})
    owner_client.post(round_url(t, 1), {"action": "publish"})
    export = reverse("export", args=(public_club.number, t.pk))
    assert "La ronde 1 n&#x27;a pas de date" in owner_client.get(export).content.decode().replace(
        "'", "&#x27;"
    )
    owner_client.post(round_url(t, 1), {"action": "set_date", "date": "2026-01-08"})
    assert "La ronde 1 n&#x27;a pas de date" not in owner_client.get(
        export
    ).content.decode().replace("'", "&#x27;")


# -- 2. registration fields -----------------------------------------------------------------------


def test_hand_registration_stores_federation_data(owner_client, public_club):
    t, _ = create(owner_client, public_club)
    page = owner_client.get(entries_url(t)).content.decode()
    for label in ("Matricule", "ID FIDE", "Fédération", "Titre", "Date de naissance"):
        assert label in page, label
    registered(
        owner_client,
        t,
        "Echo, E",
        2100,
        title="FM",
        matricule="12345",
        fide_id="206000",
        federation="bel",
        birth_date="1990-04-01",
    )
    p = t.players.get(name="Echo, E")
    assert (p.title, p.matricule, p.fide_id, p.federation, p.birth_date) == (
        "FM",
        "12345",
        "206000",
        "BEL",
        "1990-04-01",
    )
    bad = {"action": "add_player", "name": "Fox, F", "entry_round": 1, "fide_id": "12a"}
    assert owner_client.post(entries_url(t), bad).status_code == 400
    assert not t.players.filter(name="Fox, F").exists()


def test_roster_registration_copies_ids_and_elo_of_the_time_control(owner_client, public_club):
    t, _ = create(
        owner_client, public_club, system="swiss", planned_rounds=5, time_control_category="blitz"
    )
    roster = RosterPlayer.objects.create(
        club=public_club,
        surname="Golf",
        first_name="Gina",
        matricule="23456",
        fide_id="207000",
        federation="BEL",
        birth_date=datetime.date(1985, 6, 30),
        initial_elo_standard=1900,
        initial_elo_rapid=1850,
        initial_elo_blitz=1800,
    )
    response = owner_client.post(
        entries_url(t),
        {"action": "add_roster", "roster_player": roster.pk, "title": "FM", "entry_round": 1},
    )
    assert response.status_code == 302
    p = t.players.get(roster_player=roster)
    assert (p.name, p.rating, p.title, p.matricule, p.fide_id, p.federation, p.birth_date) == (
        "Golf, Gina",
        1800,  # the blitz Elo, not the standard one
        "FM",
        "23456",
        "207000",
        "BEL",
        "1985-06-30",
    )


def test_roster_registration_falls_back_to_the_nearest_pace(owner_client, public_club):
    """Blitz tournament, roster player with rapid 1850 and standard 1900 but no blitz Elo:
    registered with the rapid Elo (nearest pace), and told so."""
    t, _ = create(
        owner_client, public_club, system="swiss", planned_rounds=5, time_control_category="blitz"
    )
    roster = RosterPlayer.objects.create(
        club=public_club,
        surname="Hotel",
        first_name="Hugo",
        initial_elo_standard=1900,
        initial_elo_rapid=1850,
    )
    response = owner_client.post(
        entries_url(t),
        {"action": "add_roster", "roster_player": roster.pk, "entry_round": 1},
        follow=True,
    )
    assert t.players.get(roster_player=roster).rating == 1850
    assert "rapide" in response.content.decode().lower()
    # Only a standard Elo: that one.
    only = RosterPlayer.objects.create(club=public_club, surname="India", initial_elo_standard=1600)
    owner_client.post(
        entries_url(t), {"action": "add_roster", "roster_player": only.pk, "entry_round": 1}
    )
    assert t.players.get(roster_player=only).rating == 1600
    # A rating typed by the arbiter wins.
    typed = RosterPlayer.objects.create(club=public_club, surname="Juliet", initial_elo_blitz=1500)
    owner_client.post(
        entries_url(t),
        {"action": "add_roster", "roster_player": typed.pk, "rating": "1550", "entry_round": 1},
    )
    assert t.players.get(roster_player=typed).rating == 1550


# -- 3. team events -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("system", "rounds"),
    [("team_swiss", "5"), ("team_round_robin", ""), ("team_double_round_robin", "")],
)
def test_team_event_created_with_its_teams_tab(owner_client, public_club, system, rounds):
    page = owner_client.get(reverse("new_tournament", args=(public_club.number,))).content.decode()
    assert f'value="{system}"' in page
    t, response = create(owner_client, public_club, system=system, planned_rounds=rounds)
    teams = reverse("team_standings", args=(public_club.number, t.pk))
    assert response["Location"] == teams
    assert t.is_team_event
    # The tab bar has Équipes; the entries page points there and offers no individual pairing.
    page = owner_client.get(entries_url(t)).content.decode()
    assert f'href="{teams}"' in page
    assert "Équipes" in page
    assert pair_url(t) not in page
    assert (
        owner_client.post(
            entries_url(t), {"action": "add_player", "name": "X", "entry_round": 1}
        ).status_code
        == 409
    )
    assert not t.players.exists()
    assert owner_client.post(pair_url(t)).status_code == 409
    assert f'href="{teams}"' in owner_client.get(pair_url(t)).content.decode()
    assert not t.rounds.exists()


def test_team_swiss_needs_its_number_of_rounds(owner_client, public_club):
    data = {
        "name": "Sans rondes",
        "kind": "club",
        "system": "team_swiss",
        "time_control_category": "standard",
        "missed_round_points": "Z",
    }
    assert (
        owner_client.post(reverse("new_tournament", args=(public_club.number,)), data).status_code
        == 400
    )


# -- 4. boards link -------------------------------------------------------------------------------


def test_published_round_links_to_its_boards(owner_client, public_club):
    t, _ = create(owner_client, public_club)
    four_players(owner_client, t)
    owner_client.post(pair_url(t), {"date": "2026-01-08"})
    boards = reverse("boards", args=(public_club.number, t.pk, 1))
    assert f'href="{boards}"' not in owner_client.get(round_url(t, 1)).content.decode()
    owner_client.post(round_url(t, 1), {"action": "publish"})
    assert f'href="{boards}"' in owner_client.get(round_url(t, 1)).content.decode()


# -- 7. clear round counts ------------------------------------------------------------------------


def test_round_robin_header_follows_the_players_registered(owner_client, public_club):
    """Berger (FIDE C.05 Annex 1): 4 players → 3 rounds; 5 players → 5 rounds (a bye each
    round); removing one → 3 again. The header never says "0 ronde" once two are in."""
    t, _ = create(owner_client, public_club)
    assert "inscrivez-en au moins deux" in owner_client.get(entries_url(t)).content.decode()
    registered(owner_client, t, "Alpha, A", 2000)
    registered(owner_client, t, "Bravo, B", 1900)
    t.refresh_from_db()
    assert t.planned_rounds == 1
    registered(owner_client, t, "Charlie, C", 1800)
    registered(owner_client, t, "Delta, D", 1700)
    page = owner_client.get(entries_url(t)).content.decode()
    assert "3 rondes" in page and "0 ronde" not in page
    assert "la table de Berger a 3 rondes" in page
    registered(owner_client, t, "Echo, E", 1600)
    assert "5 rondes" in owner_client.get(entries_url(t)).content.decode()
    e = t.players.get(name="Echo, E")
    owner_client.post(entries_url(t), {"action": "remove_player", "player": e.pk})
    assert "3 rondes" in owner_client.get(entries_url(t)).content.decode()


def test_pair_page_lists_the_rounds_clearly(owner_client, public_club):
    t, _ = create(owner_client, public_club)
    four_players(owner_client, t)
    owner_client.post(pair_url(t), {"date": "2026-01-08"})
    owner_client.post(round_url(t, 1), {"action": "publish"})
    page = owner_client.get(pair_url(t)).content.decode()
    assert "Rondes : 1" not in page and "Rondes déjà appariées" in page
    assert "Ronde 1</a> — 8 janvier 2026 — publiée" in page
