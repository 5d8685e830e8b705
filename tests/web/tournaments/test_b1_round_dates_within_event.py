"""B1 — every round's date, within the tournament's dates (spec ``frbe.md`` B1, B3: the
Belgian results file gives the first and last dates and each round's date between them).

The dates proposed when pairing stay between the start and end dates: a standard event one
week after the round before it (the next day when the week would end after the end date), a
rapid or blitz event the same day, a round's duration later (both players' time for 60 moves
plus 10 minutes, rounded up to 5 minutes). A date outside the tournament's dates is refused
when it is set (400, the message names the round, its date and the tournament's dates), on
the pairing page, the round's page and *Modifier le tournoi*. A round's time of day is shown
and edited where its date is.

Dates and times by hand: start Thursday 8 January 2026; ``15 min + 10 s`` is 25 minutes each
for 60 moves, 2 × 25 + 10 = 60 minutes between rounds; ``3 min + 2 s`` is 5 minutes each,
2 × 5 + 10 = 20 minutes.
"""

from __future__ import annotations

import datetime
import html

import pytest
from django.urls import reverse
from django.utils import translation

from chessclub_web.audit.models import AuditAction, Entry
from chessclub_web.clubs.models import Role
from chessclub_web.pairings import services as pairing_services
from chessclub_web.tournaments import services
from chessclub_web.tournaments.errors import RoundDatesError
from chessclub_web.tournaments.models import Round, Tournament

pytestmark = pytest.mark.django_db

EN = {"HTTP_ACCEPT_LANGUAGE": "en"}
FR = {"HTTP_ACCEPT_LANGUAGE": "fr"}
PLAYERS = [("Alpha, A", 2000), ("Bravo, B", 1900), ("Charlie, C", 1800), ("Delta, D", 1700)]


@pytest.fixture
def c(client, public_club, make_user):
    client.force_login(make_user("owner", public_club, Role.OWNER))
    return client


def create(client, club, **extra) -> Tournament:
    """A four-player round robin (three rounds, Berger table) through *Nouveau tournoi*."""
    data = {
        "name": "Jeudis d'hiver",
        "kind": "club",
        "system": "round_robin",
        "time_control_category": "standard",
        "time_control": "90 min + 30 s",
        "start_date": "2026-01-08",
        "end_date": "2026-01-18",
        "planned_rounds": "",
        "initial_colour": "W",
        "max_requested_byes": "",
        "missed_round_points": "Z",
    }
    data.update({k: str(v) for k, v in extra.items()})
    response = client.post(reverse("new_tournament", args=(club.number,)), data)
    assert response.status_code == 302, response.content.decode()[:2000]
    t = Tournament.objects.get(club=club, name=data["name"])
    for name, rating in PLAYERS:
        data = {"action": "add_player", "name": name, "rating": rating, "entry_round": 1}
        assert client.post(reverse("entries", args=(club.number, t.pk)), data).status_code == 302
    return t


def pair_url(t: Tournament) -> str:
    return reverse("pair_next", args=(t.club.number, t.pk))


def round_url(t: Tournament, n: int) -> str:
    return reverse("pairing_round", args=(t.club.number, t.pk, n))


def pair_and_publish(client, t: Tournament, n: int, **posted: str) -> Round:
    """Pair round ``n`` with ``posted`` (nothing: the page's proposal), then publish it."""
    assert client.post(pair_url(t), posted).status_code == 302
    assert client.post(round_url(t, n), {"action": "publish"}).status_code == 302
    return Round.objects.get(tournament=t, number=n)


def proposed(client, t: Tournament) -> tuple[str, str]:
    """The date and time the pairing page proposes (``value`` of its inputs)."""
    page = client.get(pair_url(t)).content.decode()
    date = page.split('name="date" value="', 1)[1].split('"', 1)[0]
    time = page.split('name="time"', 1)[1].split(">", 1)[0]
    return date, time.split('value="', 1)[1].split('"', 1)[0] if 'value="' in time else ""


# -- proposals ---------------------------------------------------------------------------------


def test_b1_standard_weekly_then_daily_to_stay_before_the_end_date(c, public_club):
    """Start Thu 08/01, end Sun 18/01: round 1 on 08/01, round 2 a week later (15/01); a
    week after that (22/01) is after the end date: round 3 the next day, 16/01."""
    t = create(c, public_club)
    assert proposed(c, t) == ("2026-01-08", "")
    assert pair_and_publish(c, t, 1).date == datetime.date(2026, 1, 8)
    assert proposed(c, t) == ("2026-01-15", "")
    assert pair_and_publish(c, t, 2).date == datetime.date(2026, 1, 15)
    assert proposed(c, t) == ("2026-01-16", "")


def test_b1_standard_weekend_event_proposes_its_three_days(c, public_club):
    """Fri 06/03 – Sun 08/03: rounds proposed on 06/03, 07/03 and 08/03; a standard round
    keeps the time of the round before it (19:00)."""
    t = create(c, public_club, start_date="2026-03-06", end_date="2026-03-08")
    first = pair_and_publish(c, t, 1, date="2026-03-06", time="19:00")
    assert (first.date, first.time) == (datetime.date(2026, 3, 6), datetime.time(19, 0))
    assert proposed(c, t) == ("2026-03-07", "19:00")
    pair_and_publish(c, t, 2)
    assert proposed(c, t) == ("2026-03-08", "19:00")


@pytest.mark.parametrize(
    ("category", "tempo", "second", "third"),
    [
        ("rapid", "15 min + 10 s", "11:00", "12:00"),
        ("blitz", "3 min + 2 s", "10:20", "10:40"),
        ("rapid", "", "11:00", "12:00"),  # no tempo: 60 minutes
        ("blitz", "", "10:20", "10:40"),  # no tempo: 20 minutes
    ],
)
def test_b1_rapid_and_blitz_rounds_the_same_day_with_a_time(
    c, public_club, category, tempo, second, third
):
    """A one-day event on Saturday 16/05/2026: round 1 at 10:00, then one round's duration
    later each, the same day."""
    t = create(
        c,
        public_club,
        time_control_category=category,
        time_control=tempo,
        start_date="2026-05-16",
        end_date="2026-05-16",
    )
    assert proposed(c, t) == ("2026-05-16", "10:00")
    first = pair_and_publish(c, t, 1)  # a post without the fields takes the proposal
    assert (first.date, first.time) == (datetime.date(2026, 5, 16), datetime.time(10, 0))
    assert proposed(c, t) == ("2026-05-16", second)
    pair_and_publish(c, t, 2)
    assert proposed(c, t) == ("2026-05-16", third)


def test_b1_rapid_round_after_midnight_moves_to_the_next_day(public_club):
    """Rapid over Sat 16/05 – Sun 17/05: rounds 1 at 10:00 and 2 at 23:30 on the 16th; round 3
    would start at 00:30: proposed on the 17th at 10:00 (that day's first round's time). On a
    one-day event it stays on the last day, without a time."""
    t = Tournament.objects.create(
        club=public_club,
        name="Rapide du week-end",
        system="swiss",
        time_control_category="rapid",
        time_control="15 min + 10 s",
        start_date=datetime.date(2026, 5, 16),
        end_date=datetime.date(2026, 5, 17),
        planned_rounds=7,
    )
    day = datetime.date(2026, 5, 16)
    Round.objects.create(tournament=t, number=1, date=day, time=datetime.time(10, 0))
    Round.objects.create(tournament=t, number=2, date=day, time=datetime.time(23, 30))
    slot = pairing_services.proposed_round_slot(t, 3)
    assert (slot.date, slot.time) == (datetime.date(2026, 5, 17), datetime.time(10, 0))
    t.end_date = day
    slot = pairing_services.proposed_round_slot(t, 3)
    assert (slot.date, slot.time) == (day, None)


def test_b1_proposal_without_dates_before_the_start_is_the_start(public_club):
    """No round dated yet and today (1 January 2026) before the start date (8 January): the
    start date; after the end date (1 February): the end date."""
    t = Tournament.objects.create(
        club=public_club,
        name="Hiver",
        start_date=datetime.date(2026, 1, 8),
        end_date=datetime.date(2026, 1, 18),
    )
    early = pairing_services.proposed_round_slot(t, 1, today=datetime.date(2026, 1, 1))
    assert early.date == datetime.date(2026, 1, 8)
    t.start_date = None
    late = pairing_services.proposed_round_slot(t, 1, today=datetime.date(2026, 2, 1))
    assert late.date == datetime.date(2026, 1, 18)


# -- refusals -----------------------------------------------------------------------------------


def test_b1_round_page_refuses_a_date_after_the_end_date_400(c, public_club):
    t = create(c, public_club)
    first = pair_and_publish(c, t, 1)
    lines = Entry.objects.filter(tournament=t, action=AuditAction.ROUND_DATE_SET).count()
    response = c.post(round_url(t, 1), {"action": "set_date", "date": "2026-01-25"}, **EN)
    assert response.status_code == 400
    assert (
        "Round 1 cannot be dated 25/01/2026: the tournament runs from 08/01/2026 to 18/01/2026."
        in html.unescape(response.content.decode())
    )
    first.refresh_from_db()
    assert first.date == datetime.date(2026, 1, 8)
    assert Entry.objects.filter(tournament=t, action=AuditAction.ROUND_DATE_SET).count() == lines


def test_b1_pairing_page_refuses_a_date_before_the_start_date_400(c, public_club):
    t = create(c, public_club)
    response = c.post(pair_url(t), {"date": "2026-01-07", "time": ""}, **FR)
    assert response.status_code == 400
    text = html.unescape(response.content.decode())
    assert (
        "La ronde 1 ne peut pas être datée du 07/01/2026 : le tournoi se joue du 08/01/2026 "
        "au 18/01/2026." in text
    )
    assert not Round.objects.filter(tournament=t).exists()


@translation.override("en")
def test_b1_refusal_names_the_one_known_bound():
    with_start = services.round_date_refusal(
        2, datetime.date(2026, 1, 1), datetime.date(2026, 1, 8), None
    )
    assert with_start == "Round 2 cannot be dated 01/01/2026: the tournament starts on 08/01/2026."
    with_end = services.round_date_refusal(
        3, datetime.date(2026, 2, 1), None, datetime.date(2026, 1, 18)
    )
    assert with_end == "Round 3 cannot be dated 01/02/2026: the tournament ends on 18/01/2026."
    assert services.round_date_refusal(3, datetime.date(2026, 1, 18), None, None) is None
    inside = datetime.date(2026, 1, 18)
    assert services.round_date_refusal(3, inside, inside, inside) is None


@translation.override("en")
def test_b1_edit_service_refuses_a_round_outside_and_an_end_date_before_a_round(public_club):
    """``update_details`` is the rule's home for the edit page: a round dated after the end
    date, or an end date moved before a dated round, raises ``RoundDatesError``; nothing
    stored."""
    t = Tournament.objects.create(
        club=public_club,
        name="Hiver",
        start_date=datetime.date(2026, 1, 8),
        end_date=datetime.date(2026, 1, 18),
    )
    Round.objects.create(tournament=t, number=1, date=datetime.date(2026, 1, 8))
    Round.objects.create(tournament=t, number=2, date=datetime.date(2026, 1, 15))
    with pytest.raises(RoundDatesError) as refused:
        services.update_details(
            t,
            {},
            {2: datetime.date(2026, 1, 22)},
            seen={},
            seen_dates={2: datetime.date(2026, 1, 15)},
        )
    assert refused.value.status == 400
    assert refused.value.reasons == [
        "Round 2 cannot be dated 22/01/2026: the tournament runs from 08/01/2026 to 18/01/2026."
    ]
    with pytest.raises(RoundDatesError) as refused:
        services.update_details(
            t,
            {"end_date": datetime.date(2026, 1, 10)},
            {},
            seen={"end_date": datetime.date(2026, 1, 18)},
            seen_dates={},
        )
    assert refused.value.reasons == [
        "Round 2 cannot be dated 15/01/2026: the tournament runs from 08/01/2026 to 10/01/2026."
    ]
    t.refresh_from_db()
    assert t.end_date == datetime.date(2026, 1, 18)
    assert Round.objects.get(tournament=t, number=2).date == datetime.date(2026, 1, 15)


# -- the time of day ---------------------------------------------------------------------------


def test_b1_round_time_set_on_the_round_page_and_shown(c, public_club):
    t = create(c, public_club)
    pair_and_publish(c, t, 1)
    data = {"action": "set_date", "date": "2026-01-08", "time": "19:30"}
    assert c.post(round_url(t, 1), data).status_code == 302
    first = Round.objects.get(tournament=t, number=1)
    assert (first.date, first.time) == (datetime.date(2026, 1, 8), datetime.time(19, 30))
    line = Entry.objects.filter(tournament=t, action=AuditAction.ROUND_DATE_SET).first()
    assert line is not None and line.params == {"round": 1, "date": "2026-01-08", "time": "19:30"}
    page = c.get(round_url(t, 1), **FR).content.decode()
    assert 'name="time" value="19:30"' in page
    boards = c.get(reverse("boards", args=(public_club.number, t.pk, 1)), **FR).content.decode()
    assert "08/01/2026 19:30" in boards
    calendar = c.get(reverse("calendar", args=(public_club.number, t.pk)), **FR).content.decode()
    assert "08/01/2026 19:30" in calendar
    # A post without the time field (an old page) keeps the time.
    assert c.post(round_url(t, 1), {"action": "set_date", "date": "2026-01-09"}).status_code == 302
    first.refresh_from_db()
    assert (first.date, first.time) == (datetime.date(2026, 1, 9), datetime.time(19, 30))


def test_b1_round_time_edited_on_the_edit_page(c, public_club):
    t = create(c, public_club)
    pair_and_publish(c, t, 1)
    url = reverse("tournament_edit", args=(public_club.number, t.pk))
    page = c.get(url).content.decode()
    assert 'name="time_1"' in page and 'type="time"' in page
    t.refresh_from_db()
    shown = {
        "name": t.name,
        "city": "",
        "federation": "",
        "start_date": "2026-01-08",
        "end_date": "2026-01-18",
        "chief_arbiter": "",
        "deputy_arbiters": "",
        "time_control_category": "standard",
        "time_control": t.time_control,
        "round_1": "2026-01-08",
        "time_1": "",
    }
    data = {**shown, **{f"initial-{k}": v for k, v in shown.items()}, "time_1": "20:00"}
    assert c.post(url, data).status_code == 302
    assert Round.objects.get(tournament=t, number=1).time == datetime.time(20, 0)
    line = Entry.objects.filter(tournament=t, action=AuditAction.ROUND_DATE_SET).first()
    assert line is not None
    assert (line.old, line.new) == ({"time": None}, {"time": "20:00"})
    # The end date moved before round 1's date: 400 naming the round, nothing saved.
    data = {**shown, **{f"initial-{k}": v for k, v in shown.items()}}
    data.update({"start_date": "2026-01-01", "end_date": "2026-01-05", "time_1": "20:00"})
    data["initial-time_1"] = "20:00"
    response = c.post(url, data, **EN)
    assert response.status_code == 400
    assert (
        "Round 1 cannot be dated 08/01/2026: the tournament runs from 01/01/2026 to 05/01/2026."
        in html.unescape(response.content.decode())
    )
    t.refresh_from_db()
    assert (t.start_date, t.end_date) == (datetime.date(2026, 1, 8), datetime.date(2026, 1, 18))
