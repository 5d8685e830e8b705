"""The audit log (spec R5, C1–C3): every service writes one typed line in its own transaction,
with who, the round and board, and the old and new values; nothing can change a line."""

from __future__ import annotations

import datetime

import pytest
from django.db import DatabaseError, transaction
from django.test import Client
from django.urls import reverse

from chessclub_web.audit.models import AppendOnlyError, AuditAction, Entry
from chessclub_web.audit.services import journal, record
from chessclub_web.closing import services as closing
from chessclub_web.clubs.models import Role
from chessclub_web.frbe.services import save_export_settings
from chessclub_web.pairings import services as pairing
from chessclub_web.tournaments import services as tournaments

from ..builders import make_tournament

pytestmark = pytest.mark.django_db

PLAYERS = [("Alpha, Anne", 1500), ("Bravo, Bob", 1900), ("Charlie, Claire", 1700)]
# Round robin of three: r1 1-2 1-0 (3 bye), r2 3-1 ½, r3 2-3 0-1.
ROUNDS = [[(1, 2, "1-0")], [(3, 1, "=")], [(2, 3, "0-1")]]


@pytest.fixture
def owner(public_club, make_user):
    return make_user("proprio", public_club, Role.OWNER)


def test_c1_closing_is_a_line_with_the_final_standings_settings(public_club, owner):
    t = make_tournament(public_club, PLAYERS, ROUNDS)
    closing.close_tournament(t, owner, datetime.date(2026, 5, 2))
    line = journal(t).get(action=AuditAction.TOURNAMENT_CLOSED)
    assert (line.username, line.user) == ("proprio", owner)
    assert line.new == {
        "tiebreaks": list(t.closure.codes),
        "rules": t.closure.era,
        "end_date": "2026-05-02",
    }
    assert line.description == "Tournament closed."


def test_c1_a_refused_closing_leaves_no_line(public_club, owner):
    t = make_tournament(public_club, PLAYERS, ROUNDS[:2], planned_rounds=3)
    with pytest.raises(closing.ClosingError):
        closing.close_tournament(t, owner, datetime.date(2026, 5, 2))
    assert not journal(t).exists()


def test_c1_closing_twice_is_refused_as_a_closed_tournament(public_club, owner):
    from chessclub_web.refusals import ClosedTournament

    t = make_tournament(public_club, PLAYERS, ROUNDS)
    closing.close_tournament(t, owner, datetime.date(2026, 5, 2))
    with pytest.raises(ClosedTournament) as refused:
        closing.close_tournament(t, owner, datetime.date(2026, 5, 3))
    assert refused.value.status == 409
    assert journal(t).filter(action=AuditAction.TOURNAMENT_CLOSED).count() == 1


def test_settings_changes_keep_old_and_new_values(public_club, owner):
    t = make_tournament(public_club, PLAYERS, ROUNDS[:1], planned_rounds=3)
    tournaments.update_details(
        t,
        {"city": "Namur", "start_date": datetime.date(2026, 3, 1)},
        {1: datetime.date(2026, 3, 1)},
        seen={"city": "", "start_date": None},
        seen_dates={1: None},
        user=owner,
    )
    lines = {(x.action, x.round_number): x for x in journal(t)}
    city = journal(t).get(action=AuditAction.TOURNAMENT_DETAILS_CHANGED, old__city="")
    assert city.new == {"city": "Namur"}
    assert city.description == "Details: city changed from “—” to “Namur”."
    date = lines[(AuditAction.ROUND_DATE_SET, 1)]
    assert (date.old, date.new) == ({"date": None}, {"date": "2026-03-01"})
    save_export_settings(t, "1", "A", True, owner)
    save_export_settings(t, "1", "A", True, owner)  # the same values: no second line
    export = journal(t).filter(action=AuditAction.SETTINGS_EXPORT_CHANGED)
    assert export.count() == 1
    assert export.get().new == {"division": "1", "series": "A", "fide_rated": True}
    pairing.set_pairing_rules(t, {"planned_rounds": 5, "acceleration": True}, owner)
    rules = journal(t).get(action=AuditAction.SETTINGS_PAIRING_CHANGED)
    assert rules.old == {"planned_rounds": 3, "acceleration": False}
    assert rules.new == {"planned_rounds": 5, "acceleration": True}


def test_r5_lines_are_append_only_in_the_model_and_the_database(public_club, owner):
    t = make_tournament(public_club, PLAYERS, ROUNDS[:1], planned_rounds=3)
    line = record(AuditAction.NOTE, t, owner, "Tournament created.")
    line.description = "autre"
    with pytest.raises(AppendOnlyError):
        line.save()
    with pytest.raises(AppendOnlyError):
        line.delete()
    for change in ({"params": {"x": 1}}, {"action": "result.changed"}, {"old": {"a": 1}}):
        with pytest.raises(DatabaseError), transaction.atomic():
            Entry.objects.filter(pk=line.pk).update(**change)
    assert Entry.objects.get(pk=line.pk).description == "Tournament created."


def test_r5_the_history_page_shows_every_other_change_in_the_readers_language(public_club, owner):
    t = make_tournament(public_club, PLAYERS, ROUNDS)
    pairing.set_pairing_rules(t, {"planned_rounds": 3, "acceleration": False}, owner)
    closing.close_tournament(t, owner, datetime.date(2026, 5, 2))
    client = Client()
    client.force_login(owner)
    page = client.get(
        reverse("history", args=(public_club.number, t.pk)), HTTP_ACCEPT_LANGUAGE="fr"
    )
    html = page.content.decode()
    assert page.status_code == 200
    assert "Autres changements" in html
    assert "Tournoi clôturé." in html
    assert "proprio" in html
