"""B1 — *Modifier le tournoi*: the details the federation requires (name, dates, arbiter,
time control, the date of every round) can be completed after an import, and the *Export* tab
links each missing one to its field. Expected values are the fixture files' (the federation's
closed-group example, ``tests/fixtures/frbe``) and the layout of spec B3 (round dates
``YYMMDD`` in the column header).

The page's own strings are the main catalogue's (the lead adds them): these tests read the
page in English where they look for its words; the export tab is French (its catalogue)."""

from __future__ import annotations

import datetime
import html
from pathlib import Path

import pytest
from django.urls import reverse
from django.utils import timezone

from chessclub.formats.frbe import read_results_file, to_tournament
from chessclub_web.clubs.models import Role
from chessclub_web.tournaments import services
from chessclub_web.tournaments.models import Kind, Round, TimeControlCategory, Tournament

from ..builders import mark_closed

pytestmark = pytest.mark.django_db

CLOSED = Path(__file__).resolve().parents[2] / "fixtures" / "frbe" / "closed-group-unrated.txt"
EN = {"HTTP_ACCEPT_LANGUAGE": "en"}


@pytest.fixture
def closed_group(public_club):
    return services.import_tournament(public_club, CLOSED.read_bytes(), "closed-group.txt")


def edit_url(t: Tournament) -> str:
    return reverse("tournament_edit", args=(t.club.number, t.pk))


def export_url(t: Tournament) -> str:
    return reverse("export", args=(t.club.number, t.pk))


def details(t: Tournament, **changes: object) -> dict[str, object]:
    """The edit form as the page posts it: every field with the value shown, its hidden
    initial value, then ``changes``."""
    t.refresh_from_db()
    shown: dict[str, object] = {
        "name": t.name,
        "city": t.city,
        "federation": t.federation,
        "start_date": t.start_date.isoformat() if t.start_date else "",
        "end_date": t.end_date.isoformat() if t.end_date else "",
        "chief_arbiter": t.chief_arbiter,
        "deputy_arbiters": t.deputy_arbiters,
        "time_control_category": t.time_control_category,
        "time_control": t.time_control,
    }
    for r in t.rounds.order_by("number"):
        shown[f"round_{r.number}"] = r.date.isoformat() if r.date else ""
    data = {**shown, **{f"initial-{k}": v for k, v in shown.items()}}
    data.update(changes)
    return data


#: Seven round dates within the example's dates (code line: 20001001 to 20001118).
DATES = [datetime.date(2000, 10, 1) + datetime.timedelta(days=7 * i) for i in range(7)]


def test_b1_import_carries_the_example_arbiter_and_tempo(closed_group):
    """``DT : Exemple`` and ``Timing: 40c/2h, 1h KO`` reach the stored tournament; its round
    dates are the Pascal zero date ``991230`` (none)."""
    assert closed_group.chief_arbiter == "Exemple"
    assert closed_group.time_control == "40c/2h, 1h KO"
    assert (closed_group.start_date, closed_group.end_date) == (
        datetime.date(2000, 10, 1),
        datetime.date(2000, 11, 18),
    )
    assert list(closed_group.rounds.values_list("date", flat=True)) == [None] * 7


def test_b1_export_lists_only_the_round_dates_and_links_each_to_its_field(
    owner_client, closed_group
):
    page = html.unescape(owner_client.get(export_url(closed_group)).content.decode())
    assert "n'a pas d'arbitre" not in page and "n'a pas de cadence" not in page
    for number in range(1, 8):
        assert f"La ronde {number} n'a pas de date" in page
        assert f"{edit_url(closed_group)}?back=export#id_round_{number}" in page


def test_b1_missing_arbiter_links_to_the_arbiter_field(owner_client, closed_group):
    Tournament.objects.filter(pk=closed_group.pk).update(chief_arbiter="")
    page = html.unescape(owner_client.get(export_url(closed_group)).content.decode())
    assert "n'a pas d'arbitre" in page
    assert f"{edit_url(closed_group)}?back=export#id_chief_arbiter" in page


def test_b1_b3_round_dates_entered_then_the_results_file_carries_them(owner_client, closed_group):
    """The seven dates entered on the page: the export has no blocking problem left and the
    results file's column header carries them as ``YYMMDD`` (B3)."""
    page = owner_client.get(edit_url(closed_group), EN)
    assert page.status_code == 200
    text = page.content.decode()
    for number in range(1, 8):
        assert f'id="id_round_{number}"' in text
    dates = {f"round_{n}": d.isoformat() for n, d in enumerate(DATES, start=1)}
    response = owner_client.post(
        edit_url(closed_group), {**details(closed_group, **dates), "back": "export"}
    )
    assert response.status_code == 302 and response["Location"] == export_url(closed_group)
    stored = list(closed_group.rounds.order_by("number").values_list("date", flat=True))
    assert stored == DATES
    download = owner_client.get(export_url(closed_group) + "?download=frbe")
    assert download.status_code == 200
    header = next(
        line for line in download.content.decode("latin-1").split("\r\n") if "Matr" in line
    )
    assert header.split()[-7:] == [
        "001001",
        "001008",
        "001015",
        "001022",
        "001029",
        "001105",
        "001112",
    ]
    again = to_tournament(read_results_file(download.content))
    assert [r.date for r in again.rounds] == DATES
    assert again.chief_arbiter == "Exemple" and again.time_control == "40c/2h, 1h KO"


def test_b1_details_changed_and_only_the_changed_ones_written(owner_client, closed_group):
    response = owner_client.post(
        edit_url(closed_group),
        details(
            closed_group,
            name="Championnat du cercle",
            city="Namur",
            chief_arbiter="Arbitre, Principal",
            deputy_arbiters="Adjoint, Un\r\n\r\n  Adjoint, Deux ",
            time_control="90 min + 30 s",
            time_control_category=TimeControlCategory.RAPID,
        ),
    )
    assert response.status_code == 302
    closed_group.refresh_from_db()
    assert closed_group.name == "Championnat du cercle" and closed_group.city == "Namur"
    assert closed_group.chief_arbiter == "Arbitre, Principal"
    assert closed_group.deputy_arbiters == "Adjoint, Un\nAdjoint, Deux"
    assert closed_group.time_control == "90 min + 30 s"
    assert closed_group.time_control_category == TimeControlCategory.RAPID


@pytest.mark.parametrize(
    ("changes", "field", "message"),
    [
        ({"end_date": "2000-09-30"}, "end_date", "The end date is before the start date."),
        (
            {"round_3": "2000-09-01"},
            "round_3",
            "Round 3 cannot be dated 01/09/2000: the tournament runs from 01/10/2000 to "
            "18/11/2000.",
        ),
        (
            {"round_7": "2000-12-01"},
            "round_7",
            "Round 7 cannot be dated 01/12/2000: the tournament runs from 01/10/2000 to "
            "18/11/2000.",
        ),
        (
            {"round_1": "2000-10-08", "round_2": "2000-10-01"},
            "round_2",
            "Round 2 is dated before round 1 (08/10/2000).",
        ),
        ({"name": "  "}, "name", "This field is required."),
        ({"start_date": "1er octobre"}, "start_date", "Enter a valid date."),
        ({"chief_arbiter": "x" * 256}, "chief_arbiter", "at most 255 characters"),
    ],
)
def test_b1_bad_details_answer_400_naming_the_field_nothing_saved(
    owner_client, closed_group, changes, field, message
):
    before = (closed_group.name, closed_group.end_date, closed_group.chief_arbiter)
    response = owner_client.post(edit_url(closed_group), details(closed_group, **changes), **EN)
    assert response.status_code == 400
    text = html.unescape(response.content.decode())
    assert message in text and f'href="#id_{field}"' in text
    closed_group.refresh_from_db()
    assert (closed_group.name, closed_group.end_date, closed_group.chief_arbiter) == before
    assert not closed_group.rounds.exclude(date=None).exists()


def test_b1_someone_else_changed_the_arbiter_meanwhile_409_nothing_saved(
    owner_client, closed_group
):
    form = details(closed_group, chief_arbiter="Mine", round_1="2000-10-01")
    Tournament.objects.filter(pk=closed_group.pk).update(chief_arbiter="Theirs")
    response = owner_client.post(edit_url(closed_group), form, **EN)
    assert response.status_code == 409
    assert "Someone else changed these details meanwhile" in response.content.decode()
    closed_group.refresh_from_db()
    assert closed_group.chief_arbiter == "Theirs"
    assert not closed_group.rounds.exclude(date=None).exists()
    assert 'value="Theirs"' in response.content.decode()  # the stored value shown


def test_b1_a_change_elsewhere_does_not_conflict_with_other_fields(owner_client, closed_group):
    form = details(closed_group, city="Liège")
    Tournament.objects.filter(pk=closed_group.pk).update(chief_arbiter="Theirs")
    assert owner_client.post(edit_url(closed_group), form).status_code == 302
    closed_group.refresh_from_db()
    assert (closed_group.city, closed_group.chief_arbiter) == ("Liège", "Theirs")


def test_b1_edit_permissions(client, closed_group, public_club, make_user):
    """Owner and administrators (the *Paramètres* action) may; arbiters and outsiders get
    403, anonymous visitors the login page; a private club's page is 404 to outsiders."""
    url = edit_url(closed_group)
    assert client.get(url).status_code == 302
    assert client.post(url, details(closed_group, name="X")).status_code == 302
    client.force_login(make_user("arb", public_club, Role.ARBITER))
    assert client.get(url).status_code == 403
    assert client.post(url, details(closed_group, name="X")).status_code == 403
    client.force_login(make_user("outsider"))
    assert client.get(url).status_code == 403
    client.force_login(make_user("adm", public_club, Role.ADMINISTRATOR))
    assert client.get(url).status_code == 200
    closed_group.refresh_from_db()
    assert closed_group.name == "TEST (00TST1B)"


def test_b1_creator_of_an_independent_tournament_may_edit(client, public_club, make_user):
    creator = make_user("creator")
    t = Tournament.objects.create(
        club=public_club, name="Blitz", kind=Kind.INDEPENDENT, creator=creator
    )
    client.force_login(creator)
    assert client.get(edit_url(t)).status_code == 200
    assert client.post(edit_url(t), details(t, chief_arbiter="Moi")).status_code == 302
    t.refresh_from_db()
    assert t.chief_arbiter == "Moi"


def test_b1_tournament_page_links_to_edit_for_staff_only(
    client, closed_group, public_club, make_user
):
    page = reverse("tournament", args=(public_club.number, closed_group.pk))
    assert edit_url(closed_group) not in client.get(page).content.decode()
    client.force_login(make_user("arb", public_club, Role.ARBITER))
    assert edit_url(closed_group) not in client.get(page).content.decode()
    client.force_login(make_user("own", public_club, Role.OWNER))
    text = client.get(page, **EN).content.decode()
    assert f'href="{edit_url(closed_group)}"' in text and "Edit tournament" in text


def test_c1_closed_tournament_details_corrected_but_not_its_time_control_category(
    owner_client, closed_group
):
    """Closed (C1): the arbiter and the round dates can still be completed for the export;
    the time-control category (its club Elo was computed in it) is refused, 409, nothing
    saved."""
    mark_closed(closed_group)
    page = owner_client.get(edit_url(closed_group), **EN).content.decode()
    assert 'name="time_control_category"' in page and "disabled" in page
    response = owner_client.post(
        edit_url(closed_group),
        details(closed_group, time_control_category=TimeControlCategory.BLITZ, chief_arbiter="A"),
        **EN,
    )
    assert response.status_code == 409
    assert "time-control category of a closed tournament cannot change" in response.content.decode()
    closed_group.refresh_from_db()
    assert closed_group.time_control_category == TimeControlCategory.STANDARD
    assert closed_group.chief_arbiter == "Exemple"
    # the disabled field is not posted: the rest is saved
    form = details(closed_group, chief_arbiter="A", round_1="2000-10-01")
    del form["time_control_category"]
    assert owner_client.post(edit_url(closed_group), form).status_code == 302
    closed_group.refresh_from_db()
    assert closed_group.chief_arbiter == "A"
    assert closed_group.rounds.get(number=1).date == datetime.date(2000, 10, 1)


def test_c1_closed_tournament_start_date_cannot_change_its_rule_era(owner_client, public_club):
    """The era follows the start date (C.07 of 1 July 2023): a closed tournament's stored
    standings were computed under the era of its start date; a start date moving it to
    2009's rules is refused, one in the same era is taken."""
    t = Tournament.objects.create(
        club=public_club,
        name="Open",
        start_date=datetime.date(2024, 9, 1),
        closed_at=timezone.now(),
    )
    response = owner_client.post(edit_url(t), details(t, start_date="2023-06-30"), **EN)
    assert response.status_code == 409
    assert "tiebreak rules of 2009 (now 2023)" in html.unescape(response.content.decode())
    assert owner_client.post(edit_url(t), details(t, start_date="2024-08-31")).status_code == 302
    t.refresh_from_db()
    assert t.start_date == datetime.date(2024, 8, 31)


def test_b1_round_gone_meanwhile_is_a_conflict(owner_client, public_club):
    t = Tournament.objects.create(club=public_club, name="Open", planned_rounds=2)
    Round.objects.create(tournament=t, number=1)
    form = details(t, round_1="2026-01-05")
    Round.objects.filter(tournament=t, number=1).delete()
    assert owner_client.post(edit_url(t), form).status_code == 409


def test_b1_edit_page_answers_405_to_other_methods(owner_client, closed_group):
    assert owner_client.put(edit_url(closed_group)).status_code == 405


def test_b1_edit_page_in_french(owner_client, closed_group):
    """French first: the page, its labels and its refusals in French (main catalogue)."""
    page = html.unescape(owner_client.get(edit_url(closed_group)).content.decode())
    assert "Modifier le tournoi" in page and "Arbitre principal" in page
    data = details(closed_group, end_date="1999-01-01")
    response = owner_client.post(edit_url(closed_group), data, HTTP_ACCEPT_LANGUAGE="fr")
    assert response.status_code == 400
    assert "La date de fin précède la date de début." in html.unescape(response.content.decode())
