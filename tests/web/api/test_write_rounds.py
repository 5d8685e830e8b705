"""Pairing and publishing rounds through the API: the pair page's background job (in process:
done when the answer comes; queued: a job to poll), the services' refusals, the history.

Expected pairing, worked by hand from FIDE C.04.3 (Dutch system), round 1 of eight players
numbered by rating, White for the top seed: the top half meets the bottom half in order (1–5,
2–6, 3–7, 4–8), colours alternating from board 1's: 1–5, 6–2, 3–7, 8–4 (the pair page's tests
assert the same rule for four players: 1–3, 4–2)."""

from __future__ import annotations

import datetime
import json

import pytest
from django.test import override_settings
from tests.web.api.conftest import bearer

from chessclub_web.audit.models import Entry
from chessclub_web.background.models import Job, Status
from chessclub_web.background.tasks import run_job
from chessclub_web.clubs.models import Role
from chessclub_web.tournaments.models import Game, Round, RoundState, Tournament

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("english")]

API = "/api/v1"
QUEUED = {"default": {"BACKEND": "django_tasks_db.DatabaseBackend"}}
#: Eight players registered in an order that is not the ratings' (numbers follow the ratings).
FIELD = [
    ("Hotel, Hugo", 1950),
    ("Alpha, Anne", 2300),
    ("Echo, Emma", 2100),
    ("Golf, Gina", 2000),
    ("Bravo, Bert", 2250),
    ("Delta, Dirk", 2150),
    ("Charlie, Claire", 2200),
    ("Foxtrot, Fred", 2050),
]


def _base(row: Tournament) -> str:
    return f"{API}/clubs/{row.club.number}/tournaments/{row.pk}"


def _post(client, url, secret, body=None):
    return client.post(
        url, json.dumps(body or {}), content_type="application/json", **bearer(secret)
    )


@pytest.fixture
def arbiter(public_club, make_user):
    return make_user("arbiter", public_club, Role.ARBITER)


@pytest.fixture
def secret(arbiter, public_club, make_token):
    return make_token(arbiter, public_club, ["manage_entries", "edit_pairings", "publish_round"])


@pytest.fixture
def swiss(client, public_club, secret):
    """A new 8-player Swiss of 5 rounds, White first, its entries registered via the API."""
    row = Tournament.objects.create(
        club=public_club,
        name="Open du jeudi",
        system="swiss",
        planned_rounds=5,
        initial_colour="W",
        start_date=datetime.date(2026, 1, 8),
        end_date=datetime.date(2026, 3, 5),
    )
    for name, rating in FIELD:
        answer = _post(client, f"{_base(row)}/entries", secret, {"name": name, "rating": rating})
        assert answer.status_code == 201, answer.content
    return row


def _boards(row: Tournament, number: int) -> list[tuple[int, int]]:
    games = Game.objects.filter(round__tournament=row, round__number=number)
    return [
        (g.white.pairing_number, g.black.pairing_number)
        for g in games.select_related("white", "black").order_by("board")
    ]


def test_api_pair_round_1_of_a_new_swiss_is_the_dutch_pairing(client, swiss, secret, arbiter):
    answer = _post(client, f"{_base(swiss)}/rounds/1/pair", secret, {"date": "2026-01-08"})
    assert answer.status_code == 202, answer.content
    job = answer.json()
    assert (job["status"], job["round"], job["kind"]) == ("done", 1, "pair_round")
    assert answer["Location"] == job["url"] == f"{_base(swiss)}/jobs/{job['id']}"
    assert _boards(swiss, 1) == [(1, 5), (6, 2), (3, 7), (8, 4)]
    # The draft, as the read API shows it to who pairs rounds: board 1 is the top seed (2300)
    # against the fifth (2100).
    draft = client.get(job["round_url"], **bearer(secret)).json()
    assert draft["state"] == RoundState.DRAFT
    first = draft["games"][0]
    assert (first["white"]["name"], first["black"]["name"]) == ("Alpha, Anne", "Echo, Emma")
    assert Round.objects.get(tournament=swiss, number=1).date == datetime.date(2026, 1, 8)
    polled = client.get(job["url"], **bearer(secret))
    assert polled.status_code == 200 and polled.json()["status"] == "done"
    line = Entry.objects.get(tournament=swiss, action="round.paired")
    assert (line.username, line.round_number) == ("arbiter", 1)


def test_api_publish_the_draft_then_the_next_round_waits_for_the_results(client, swiss, secret):
    _post(client, f"{_base(swiss)}/rounds/1/pair", secret)
    published = _post(client, f"{_base(swiss)}/rounds/1/publish", secret)
    assert published.status_code == 200, published.content
    data = published.json()
    assert data["state"] == RoundState.PUBLISHED
    assert [(g["board"], g["white"]["pairing_number"], g["version"]) for g in data["games"]] == [
        (1, 1, 1),
        (2, 6, 1),
        (3, 3, 1),
        (4, 8, 1),
    ]
    (published_line,) = Entry.objects.filter(tournament=swiss, action="round.published")
    assert published_line.params["channel"] == "api"  # the history says how it came
    (paired_line,) = Entry.objects.filter(tournament=swiss, action="round.paired")
    assert paired_line.params["channel"] == "api"  # also the pairing job's line
    # Published once: the second time the service refuses.
    again = _post(client, f"{_base(swiss)}/rounds/1/publish", secret)
    assert again.status_code == 409
    assert again.json()["error"] == "Round 1 is already published."
    # A Swiss round is paired from the results before it (the service's refusal).
    early = _post(client, f"{_base(swiss)}/rounds/2/pair", secret)
    assert early.status_code == 409
    assert early.json()["error"] == (
        "4 board(s) of round 1 have no result yet: a Swiss round is paired from the results "
        "of the rounds before it."
    )
    assert not Job.objects.filter(tournament=swiss, params__round=2).exists()
    Game.objects.filter(round__tournament=swiss).update(result="1-0")
    assert _post(client, f"{_base(swiss)}/rounds/2/pair", secret).status_code == 202
    assert Round.objects.get(tournament=swiss, number=2).state == RoundState.DRAFT


def test_api_pairing_refusals(client, swiss, secret):
    # Not the next round.
    wrong = _post(client, f"{_base(swiss)}/rounds/2/pair", secret)
    assert wrong.status_code == 409
    assert wrong.json()["error"] == "Round 2 is not the next round to pair: that is round 1."
    # A date outside the tournament's dates (8 January to 5 March 2026).
    outside = _post(client, f"{_base(swiss)}/rounds/1/pair", secret, {"date": "2026-04-02"})
    assert outside.status_code == 400
    assert outside.json()["field"] == "date"
    assert "Round 1 cannot be dated" in outside.json()["error"]
    bad = _post(client, f"{_base(swiss)}/rounds/1/pair", secret, {"date": "le 8"})
    assert bad.status_code == 400 and "date" in bad.json()["error"]
    # A draft waits for its publication.
    assert _post(client, f"{_base(swiss)}/rounds/1/pair", secret).status_code == 202
    Game.objects.filter(round__tournament=swiss).update(result="=")
    draft = _post(client, f"{_base(swiss)}/rounds/2/pair", secret)
    assert draft.status_code == 409
    assert draft.json()["error"] == "Round 1 is a draft: publish it or unpair it first."
    assert _post(client, f"{_base(swiss)}/rounds/3/publish", secret).status_code == 404
    assert list(Round.objects.filter(tournament=swiss).values_list("number", flat=True)) == [1]


def test_api_the_engine_s_refusal_is_the_answer(client, swiss, secret, monkeypatch):
    from chessclub.pairing import PairingError
    from chessclub_web.pairings import services

    class Failing:
        def pair(self, *args, **kwargs):
            raise PairingError("round 1 has no legal pairing")

    monkeypatch.setattr(services, "swiss_engine", Failing)
    answer = _post(client, f"{_base(swiss)}/rounds/1/pair", secret)
    assert answer.status_code == 409
    assert answer.json()["error"] == "Cannot pair: round 1 has no legal pairing"
    assert Job.objects.get(tournament=swiss).status == Status.REFUSED
    assert not Round.objects.filter(tournament=swiss).exists()


@override_settings(TASKS=QUEUED)
def test_api_queued_the_answer_is_the_job_to_poll(client, swiss, secret, make_user, make_token):
    answer = _post(client, f"{_base(swiss)}/rounds/1/pair", secret)
    assert answer.status_code == 202
    job = answer.json()
    assert (job["status"], job["round"], job["round_url"]) == ("queued", None, "")
    assert not Round.objects.filter(tournament=swiss).exists()
    assert client.get(job["url"], **bearer(secret)).json()["status"] == "queued"
    # Someone else's token does not see the job.
    other = make_user("autre", swiss.club, Role.ARBITER)
    assert client.get(job["url"], **bearer(make_token(other, swiss.club))).status_code == 404
    assert run_job.call(job["id"]) == "done"  # the worker
    done = client.get(job["url"], **bearer(secret)).json()
    assert (done["status"], done["round"]) == ("done", 1)
    assert done["round_url"] == f"{_base(swiss)}/rounds/1"
    assert _boards(swiss, 1) == [(1, 5), (6, 2), (3, 7), (8, 4)]
    assert client.get(f"{_base(swiss)}/jobs/not-a-uuid", **bearer(secret)).status_code == 400
