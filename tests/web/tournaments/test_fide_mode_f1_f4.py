"""FIDE mode (rules F1–F4, docs/rules/fide-mode.md; FIDE's 2026 acceptance checklist
VCL4THP.13 Q40–Q46 and Q56): on from the creation for the Dutch Swiss and the round robins and
for an imported TRF, left only through a two-step (level-4) warning, never entered again, the
exit in the history and as a ``###`` line of the TRF, a mark on every staff page."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from chessclub_web.audit.models import AuditAction, Entry
from chessclub_web.clubs.models import Role
from chessclub_web.tournaments import services
from chessclub_web.tournaments.models import Tournament

from ..builders import export_url, make_swiss, team_round_robin

pytestmark = pytest.mark.django_db


def fide_url(t: Tournament) -> str:
    return reverse("fide_mode", args=(t.club.number, t.pk))


def leave(client, t: Tournament, name: str | None = None):
    """Both steps of the level-4 warning, as the page posts them."""
    first = client.post(fide_url(t), {"step": "1", "understood": "yes"})
    assert first.status_code == 200 and 'name="name"' in first.content.decode()
    return client.post(
        fide_url(t), {"step": "2", "understood": "yes", "name": t.name if name is None else name}
    )


def test_q40_q41_f1_dutch_swiss_and_round_robins_start_in_fide_mode(public_club):
    assert make_swiss(public_club).fide_mode
    assert make_swiss(public_club, system="round_robin").fide_mode
    assert make_swiss(public_club, system="double_round_robin").fide_mode


def test_f1_team_events_and_club_systems_start_outside_fide_mode(public_club):
    assert not team_round_robin(public_club).fide_mode
    keizer = Tournament.objects.create(club=public_club, name="Keizer", system="keizer")
    assert not keizer.fide_mode and keizer.fide_mode_left_round is None


def test_q56_f1_an_imported_trf_starts_in_fide_mode(public_club, elite_bytes):
    from pathlib import Path

    trf = Path(__file__).parents[2] / "fixtures" / "trf" / "fide-trf16-example-284p.trf"
    row = services.import_tournament(public_club, trf.read_bytes(), "example.trf")
    assert row.fide_mode


def test_q43_q44_f2_f3_leaving_takes_two_steps_and_is_recorded(owner_client, public_club):
    t = make_swiss(public_club)  # rounds 1 and 2 paired
    page = owner_client.get(fide_url(t)).content.decode()
    assert "ne pourra jamais y revenir" in page and "(ronde 2)" in page  # the consequences
    # The first step alone changes nothing; a wrong name on the second neither (400).
    owner_client.post(fide_url(t), {"step": "1", "understood": "yes"})
    t.refresh_from_db()
    assert t.fide_mode
    wrong = leave(owner_client, t, name="Another tournament")
    assert wrong.status_code == 400 and "tapez exactement le nom" in wrong.content.decode()
    t.refresh_from_db()
    assert t.fide_mode
    # The box unticked: 400, nothing changes.
    unticked = owner_client.post(fide_url(t), {"step": "2", "name": t.name})
    assert unticked.status_code == 400
    t.refresh_from_db()
    assert t.fide_mode
    done = leave(owner_client, t, name=f"  {t.name.upper()} ")
    assert done.status_code == 302
    t.refresh_from_db()
    assert not t.fide_mode and t.fide_mode_left_round == 2 and t.fide_mode_left_at is not None
    line = Entry.objects.get(tournament=t, action=AuditAction.FIDE_MODE_LEFT)
    assert line.round_number == 2 and line.params["round"] == 2


def test_q45_f2_fide_mode_is_never_entered_again(owner_client, public_club):
    t = make_swiss(public_club)
    assert leave(owner_client, t).status_code == 302
    again = owner_client.post(fide_url(t), {"step": "2", "understood": "yes", "name": t.name})
    assert again.status_code == 409 and "ne peut jamais y revenir" in again.content.decode()
    assert Entry.objects.filter(tournament=t, action=AuditAction.FIDE_MODE_LEFT).count() == 1
    # Nothing on the page offers to go back.
    assert "Quitter le mode FIDE" not in owner_client.get(fide_url(t)).content.decode()


def test_q44_f4_the_trf_carries_the_exit_with_its_round(owner_client, elite):
    """The real championship of the fixtures (7 rounds, every one paired): its TRF has no
    ``###`` line in FIDE mode, and the exit in round 7 after it was left."""
    assert elite.fide_mode
    before = owner_client.get(export_url(elite) + "?download=trf")
    assert before.status_code == 200 and b"###" not in before.content
    leave(owner_client, elite)
    after = owner_client.get(export_url(elite) + "?download=trf").content.decode()
    assert after.splitlines()[-1] == "### FIDE mode exit @ Round 7"


def test_q46_f2_every_staff_page_marks_a_tournament_outside_fide_mode(
    owner_client, public_club, make_user
):
    t = make_swiss(public_club)
    standings = reverse("tournament", args=(public_club.number, t.pk))
    assert 'id="outside-fide-mode"' not in owner_client.get(standings).content.decode()
    leave(owner_client, t)
    arbiter = make_user("arbitre", public_club, Role.ARBITER)
    from ..builders import client_for

    entries = reverse("entries", args=(public_club.number, t.pk))
    pages = [(owner_client, standings), (owner_client, entries), (owner_client, fide_url(t))]
    pages += [(client_for(arbiter), standings), (client_for(arbiter), entries)]
    for who, url in pages:
        page = who.get(url)
        assert page.status_code == 200, url
        assert 'id="outside-fide-mode"' in page.content.decode(), url
    # The public's standings carry no staff mark.
    assert 'id="outside-fide-mode"' not in Client().get(standings).content.decode()


def test_f2_only_who_may_change_the_settings_may_leave(client, public_club, make_user):
    t = make_swiss(public_club)
    arbiter = make_user("arbitre2", public_club, Role.ARBITER)
    client.force_login(arbiter)
    assert (
        client.post(fide_url(t), {"step": "2", "understood": "yes", "name": t.name}).status_code
        == 403
    )
    client.logout()
    assert client.post(
        fide_url(t), {"step": "2", "understood": "yes", "name": t.name}
    ).status_code in (302, 403)
    t.refresh_from_db()
    assert t.fide_mode


def test_f2_a_closed_tournament_no_longer_changes_mode(owner_client, public_club):
    from ..builders import mark_closed

    t = make_swiss(public_club)
    mark_closed(t)
    for step in ("1", "2"):
        refused = owner_client.post(
            fide_url(t), {"step": step, "understood": "yes", "name": t.name}
        )
        assert refused.status_code == 409, step
        assert "clôturé" in refused.content.decode()
    t.refresh_from_db()
    assert t.fide_mode
