"""C1/E1: closing a club tournament links its entries to the roster of the closing club only.

An entry linked to a player of another club (the admin lets staff pick any club's player), or
matching one by matricule or name, is linked to the closing club's roster (matched there or
created there); the other club's roster is never read for a match nor changed, and its players
get no club Elo row from this tournament.

Elo figures (FIDE B.02 tables, as in test_views_c1): three newcomers (K 40) rated 1500,
1900, 1700; round robin 1–2 1-0, 3–1 ½, 2–3 0-1. Alpha (1500): expected .08 + .24 = .32,
score 1½, Δ = 40 × 1.18 = 47.2 → 47, Rn 1547.
"""

from __future__ import annotations

import datetime

import pytest

from chessclub_web.closing import services
from chessclub_web.closing.models import EloRow
from chessclub_web.clubs.models import Club, Player
from chessclub_web.tournaments.models import Game, TournamentPlayer

from ..builders import make_tournament

pytestmark = pytest.mark.django_db

PLAYERS = [("Alpha, Anne", 1500), ("Bravo, Bob", 1900), ("Charlie, Claire", 1700)]
ROUNDS = [[(1, 2, "1-0")], [(3, 1, "=")], [(2, 3, "0-1")]]
END = datetime.date(2026, 5, 2)


@pytest.fixture
def other_club(db) -> Club:
    return Club.objects.create(name="Autre cercle", number="702", public=True)


def _other_alpha(other_club: Club) -> Player:
    return Player.objects.create(
        club=other_club,
        surname="Alpha",
        first_name="Anne",
        matricule="40037",
        initial_elo_standard=2000,
    )


def _roster_snapshot(club: Club) -> list[tuple]:
    return list(
        Player.objects.filter(club=club)
        .order_by("pk")
        .values_list("pk", "surname", "first_name", "matricule", "initial_elo_standard")
    )


def test_c1_entry_linked_to_another_clubs_player_is_relinked_to_the_closing_club(
    public_club, other_club
):
    foreign = _other_alpha(other_club)
    before = _roster_snapshot(other_club)
    tournament = make_tournament(public_club, PLAYERS, ROUNDS)
    alpha = TournamentPlayer.objects.get(tournament=tournament, pairing_number=1)
    TournamentPlayer.objects.filter(pk=alpha.pk).update(roster_player=foreign, matricule="40037")

    services.close_tournament(tournament, None, END)

    alpha.refresh_from_db()
    assert alpha.roster_player.club == public_club
    assert (alpha.roster_player.surname, alpha.roster_player.first_name) == ("Alpha", "Anne")
    assert alpha.roster_player.matricule == "40037"
    assert alpha.roster_player.initial_elo_standard == 1500  # the entry's rating
    linked_clubs = set(
        TournamentPlayer.objects.filter(tournament=tournament).values_list(
            "roster_player__club", flat=True
        )
    )
    assert linked_clubs == {public_club.pk}
    assert _roster_snapshot(other_club) == before  # untouched, nobody added
    assert not EloRow.objects.filter(player__club=other_club).exists()
    row = EloRow.objects.get(tournament=tournament, player=alpha.roster_player)
    assert (row.ro, row.delta, row.rn) == (1500, 47, 1547)


def test_c1_another_clubs_player_with_the_same_matricule_and_name_is_not_matched(
    public_club, other_club
):
    """No link beforehand: the other club's Alpha (same matricule, same name) is not used."""
    _other_alpha(other_club)
    before = _roster_snapshot(other_club)
    tournament = make_tournament(public_club, PLAYERS, ROUNDS)
    TournamentPlayer.objects.filter(tournament=tournament, pairing_number=1).update(
        matricule="40037"
    )
    created = services.link_roster_players(tournament)
    assert created == 3
    alpha = TournamentPlayer.objects.get(tournament=tournament, pairing_number=1)
    assert alpha.roster_player.club == public_club
    assert alpha.roster_player.matricule == "40037"
    assert _roster_snapshot(other_club) == before


def test_c1_entry_matched_in_the_closing_club_when_the_other_club_also_has_the_player(
    public_club, other_club
):
    """The closing club's own Alpha (no initial Elo yet) is matched by matricule and gets the
    entry's rating; the other club's Alpha keeps its 2000."""
    foreign = _other_alpha(other_club)
    own = Player.objects.create(
        club=public_club, surname="Alpha", first_name="Anne", matricule="40037"
    )
    tournament = make_tournament(public_club, PLAYERS, ROUNDS)
    TournamentPlayer.objects.filter(tournament=tournament, pairing_number=1).update(
        roster_player=foreign, matricule="40037"
    )
    assert services.link_roster_players(tournament) == 2  # Bravo and Charlie created
    alpha = TournamentPlayer.objects.get(tournament=tournament, pairing_number=1)
    assert alpha.roster_player_id == own.pk
    own.refresh_from_db()
    foreign.refresh_from_db()
    assert (own.initial_elo_standard, foreign.initial_elo_standard) == (1500, 2000)


def test_c3_correction_keeps_the_closing_clubs_links(public_club, other_club):
    foreign = _other_alpha(other_club)
    tournament = make_tournament(public_club, PLAYERS, ROUNDS)
    TournamentPlayer.objects.filter(tournament=tournament, pairing_number=1).update(
        roster_player=foreign
    )
    services.close_tournament(tournament, None, END)
    game = Game.objects.get(round__tournament=tournament, round__number=1)
    game.result = "0-1"
    game.save()
    services.apply_correction(tournament)
    clubs = set(
        TournamentPlayer.objects.filter(tournament=tournament).values_list(
            "roster_player__club", flat=True
        )
    )
    assert clubs == {public_club.pk}
    assert not EloRow.objects.filter(player__club=other_club).exists()
