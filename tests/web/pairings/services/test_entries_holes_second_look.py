"""Holes issue, a second adversarial look at the fixes (points 2 and 3): an entry edit cannot
give an entry another entry's matricule (one matricule is one person, as for a new entry), and
the admin cannot change the planned rounds or the missed-round score of a closed tournament
(its exports and standings read them; spec C1: a closed tournament never changes)."""

from __future__ import annotations

import datetime

import pytest
from django.db import transaction

from chessclub_web.closing import services as closing
from chessclub_web.closing.guards import ClosedTournamentError
from chessclub_web.pairings import services as pairings
from chessclub_web.tournaments.models import Tournament

from ...closing.test_guards_c1_lock import PLAYERS, ROUNDS, make_tournament

pytestmark = pytest.mark.django_db


def swiss(club) -> Tournament:
    t = Tournament.objects.create(club=club, name="Open", system="swiss", planned_rounds=5)
    for number, name in ((90001, "Alpha, Anne"), (90002, "Bravo, Bruno")):
        pairings.add_player(t, pairings.NewEntry(name=name, matricule=str(number)), None)
    return t


@pytest.mark.parametrize("typed", ["90001", "090001", " 90001 "])
def test_holes3_entry_edit_refuses_another_entrys_matricule(public_club, typed):
    t = swiss(public_club)
    bravo = t.players.get(matricule="90002")
    with pytest.raises(pairings.Refused, match="90001"):
        pairings.update_entry(bravo, {"matricule": typed.strip()}, {"matricule": "90002"}, None)
    bravo.refresh_from_db()
    assert bravo.matricule == "90002"


def test_holes3_new_entry_with_a_zero_padded_matricule_refused(public_club):
    t = swiss(public_club)
    with pytest.raises(pairings.Refused, match="Alpha"):
        pairings.add_player(t, pairings.NewEntry(name="Alpha bis", matricule="090001"), None)
    assert t.players.count() == 2


@pytest.mark.parametrize(("field", "value"), [("planned_rounds", 9), ("missed_round_points", "H")])
def test_holes2_closed_tournament_keeps_rounds_and_missed_round_score(public_club, field, value):
    t = make_tournament(public_club, PLAYERS, ROUNDS, name="Closed")
    closing.close_tournament(t, None, datetime.date(2026, 5, 2))
    t.refresh_from_db()
    before = getattr(t, field)
    setattr(t, field, value)
    with pytest.raises(ClosedTournamentError), transaction.atomic():
        t.save()
    t.refresh_from_db()
    assert getattr(t, field) == before
