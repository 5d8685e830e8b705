"""P3 — a TRF-2026 team file (team records ``310``/``013``) is imported as a team event
(team Swiss, its teams, rosters, line-ups, matches, byes), not as an individual Swiss; one
that cannot be stored as it is is refused with the reason, nothing stored.

Expected values are FIDE TEC's team sample's own (``tests/fixtures/tiebreaks/
trf26-team-sample-fide-tec.trf``, see its PROVENANCE.md): its ``310`` team totals (match
points cols 55–60, game points cols 62–67), ``102``, ``122``, ``132`` records."""

from __future__ import annotations

import datetime
import html
from fractions import Fraction
from pathlib import Path

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from chessclub.model.teams import TeamScore
from chessclub_web.clubs.models import Role
from chessclub_web.teams import services as teams
from chessclub_web.teams.models import Match
from chessclub_web.tournaments import services
from chessclub_web.tournaments.errors import TeamImportError
from chessclub_web.tournaments.models import System, Tournament, TournamentPlayer

pytestmark = pytest.mark.django_db

SAMPLE = (
    Path(__file__).resolve().parents[2]
    / "fixtures"
    / "tiebreaks"
    / "trf26-team-sample-fide-tec.trf"
)


def totals_310(data: bytes) -> dict[int, tuple[Fraction, Fraction]]:
    return {
        int(line[4:7]): (Fraction(line[54:60].strip()), Fraction(line[61:67].strip()))
        for line in data.decode("latin-1").splitlines()
        if line.startswith("310")
    }


@pytest.fixture(scope="module")
def sample() -> bytes:
    return SAMPLE.read_bytes()


def test_p3_team_trf_becomes_a_team_event_with_the_files_totals(public_club, sample):
    """50 teams of 4 boards, 14 rounds; every team's match and game points equal the file's
    310 totals, but team 47's, the sample's own inconsistency (its rounds add up to 12 MP /
    22.5 GP, see tests/core/formats/test_teams_trf.py)."""
    row = services.import_tournament(public_club, sample, "team.trf")
    assert row.is_team_event and row.system == System.TEAM_SWISS
    assert row.teams.count() == 50 and row.planned_rounds == 14
    assert teams.settings_of(row).boards == 4
    event = teams.load_team_tournament(row)
    mp, gp = event.scores(TeamScore.MP), event.scores(TeamScore.GP)
    expected = totals_310(sample)
    assert len(expected) == 50
    assert {n for n, want in expected.items() if want != (mp[n], gp[n])} == {47}
    assert (mp[47], gp[47]) == (12, Fraction(45, 2))
    assert row.teams.get(number=1).name == "India"
    assert Match.objects.filter(round__tournament=row).exists()
    # The data the export checks (B1): name 012, dates 042/052, chief arbiter 102, tempo 122
    # as written, round dates 132 (``YY/MM/DD``); the players' FIDE data from 001.
    assert row.name == "Grandmommy's Cup"
    assert (row.start_date, row.end_date) == (datetime.date(2024, 1, 1), datetime.date(2024, 1, 14))
    assert row.chief_arbiter == "The Chief Arbiter"
    assert row.time_control == "100'x40+15'+30\""
    assert row.deputy_arbiters.splitlines() == [
        "The first Deputy Chief Arbiter",
        "The second Deputy Chief Arbiter",
    ]
    dates = list(row.rounds.order_by("number").values_list("date", flat=True))
    assert dates[:3] == [datetime.date(2024, 1, d) for d in (1, 2, 3)]
    player = TournamentPlayer.objects.get(tournament=row, pairing_number=1)
    assert (player.name, player.rating, player.federation, player.fide_id) == (
        "Test0001 Player0001",
        2586,
        "IND",
        "70123454321",
    )


def test_p3_team_import_page_goes_to_the_teams_tab(client, public_club, make_user, sample):
    client.force_login(make_user("own", public_club, Role.OWNER))
    response = client.post(
        reverse("import_tournament", args=(public_club.number,)),
        {
            "file": SimpleUploadedFile("team.trf", sample),
            "kind": "club",
            "time_control_category": "standard",
        },
    )
    assert response.status_code == 302
    row = Tournament.objects.get()
    assert response["Location"] == reverse("team_standings", args=(public_club.number, row.pk))
    page = client.get(response["Location"])
    assert page.status_code == 200
    assert "India" in page.content.decode() and "Georgia" in page.content.decode()
    for name in ("tournament", "export", "tournament_edit"):
        assert client.get(reverse(name, args=(public_club.number, row.pk))).status_code == 200


def test_p3_team_records_that_cannot_be_read_refused_nothing_stored(
    client, public_club, make_user, sample
):
    """A 330 forfeit record of an unknown type: the team reader refuses it; the import says
    why and points to the Teams tab (400), nothing stored."""
    broken = sample.replace(b"\n330 ", b"\n330 QQ", 1)
    assert broken != sample
    with pytest.raises(TeamImportError):
        services.import_tournament(public_club, broken, "team.trf")
    assert not Tournament.objects.exists()
    client.force_login(make_user("own", public_club, Role.OWNER))
    response = client.post(
        reverse("import_tournament", args=(public_club.number,)),
        {"file": SimpleUploadedFile("team.trf", broken), "kind": "club",
         "time_control_category": "standard"},
        HTTP_ACCEPT_LANGUAGE="en",
    )  # fmt: skip
    assert response.status_code == 400
    text = html.unescape(response.content.decode())
    assert "unknown forfeit type" in text and "Teams tab" in text
    assert not Tournament.objects.exists()


def test_p3_team_event_that_does_not_store_faithfully_is_refused(public_club, sample, monkeypatch):
    """When the stored event does not give back the file's team rounds, nothing is kept."""
    original = teams.store_team_tournament

    def lossy(tournament, core):
        original(tournament, core)
        Match.objects.filter(round__tournament=tournament, round__number=3).first().delete()

    monkeypatch.setattr(teams, "store_team_tournament", lossy)
    with pytest.raises(TeamImportError, match="round 3"):
        services.import_tournament(public_club, sample, "team.trf")
    assert not Tournament.objects.exists()


def test_p3_team_trf_exported_by_the_teams_tab_imports_back(client, public_club, make_user, sample):
    """The team event's own export (TRF-2026 with team records) is imported as a team event
    with the same team rounds."""
    row = services.import_tournament(public_club, sample, "team.trf")
    client.force_login(make_user("own", public_club, Role.OWNER))
    exported = client.get(reverse("team_export", args=(public_club.number, row.pk))).content
    again = services.import_tournament(public_club, exported, "again.trf")
    assert again.is_team_event
    before = teams.load_team_tournament(row).team_rounds()
    after = teams.load_team_tournament(again).team_rounds()
    assert {
        t: [(c.kind, c.opponent, c.colour, c.mp, c.gp) for c in cells]
        for t, cells in before.items()
    } == {
        t: [(c.kind, c.opponent, c.colour, c.mp, c.gp) for c in cells] for t, cells in after.items()
    }


def test_p3_individual_trf_still_an_individual_swiss(public_club):
    data = (
        Path(__file__).resolve().parents[2] / "fixtures" / "trf" / "held_swiss_5.trf"
    ).read_bytes()
    row = services.import_tournament(public_club, data, "swiss.trf")
    assert not row.is_team_event and row.system == System.SWISS
