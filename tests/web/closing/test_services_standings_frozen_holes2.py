"""Hole 2 of the adversarial review: a closed tournament's standings cannot move (spec C1: "The
final standings are stored with every tiebreak value [...] the tournament can never be
reopened"; C3: corrections store them again).

The attack, as found: *Paramètres* posted on a closed tournament changed its tiebreaks and rule
era; the *Classement*, the TRF's rank column and the tiebreak values changed, the stored final
standings did not, and nothing was logged. Expected, by hand from the spec: after closing the
tiebreaks, the rule era and the drawing of lots are frozen (the post answers 409 with the
reason, nothing changes), and every page and export of a closed tournament shows its stored
final standings, whatever happened to its settings row. Settings changes of an open tournament
are lines of its history.

The tournament is the real 16-player championship of 2000 (tests/fixtures/frbe), independent
(no club Elo). Its *Classement* under the Swiss defaults and the 2009 rules of its start date
differs from the one under ``DE, WIN`` and the 2023 rules (players 1, 4, 5, 11, 12, 14, 16 move:
checked below with the core, so that the attack would show).
"""

from __future__ import annotations

import datetime
import re

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from chessclub.formats.trf import final_ranks
from chessclub.tiebreaks import RuleEra
from chessclub_web.closing import services as closing
from chessclub_web.closing.guards import ClosedTournamentError
from chessclub_web.closing.models import Closure, FinalStanding
from chessclub_web.clubs.models import Role
from chessclub_web.tournaments import services
from chessclub_web.tournaments.adapters import load_tournament
from chessclub_web.tournaments.errors import ClosedTournamentChangeError
from chessclub_web.tournaments.models import Game, Kind, System, Tournament

from ..audit.lines import other_lines
from ..builders import client_for

pytestmark = pytest.mark.django_db

#: What the attack posted: other tiebreaks, another rule era, lots.
ATTACK = {"tiebreaks": "DE, WIN", "tiebreak_rules": "2023", "draw_lots": "on"}


@pytest.fixture
def owner_user(public_club, make_user):
    return make_user("own", public_club, Role.OWNER)


@pytest.fixture
def owner(owner_user) -> Client:
    return client_for(owner_user)


@pytest.fixture
def elite(public_club, elite_bytes) -> Tournament:
    return services.import_tournament(public_club, elite_bytes, "elite.txt", kind=Kind.INDEPENDENT)


@pytest.fixture
def closed(elite, owner_user) -> Tournament:
    closing.close_tournament(elite, owner_user, datetime.date(2000, 6, 30))
    elite.refresh_from_db()
    return elite


def settings_url(t: Tournament) -> str:
    return reverse("tournament_settings", args=(t.club.number, t.pk))


def classement(client: Client, t: Tournament, page: str = "tournament") -> dict[str, object]:
    """What the page shows: (pairing number, rank) in order, the tiebreak columns, each row's
    tiebreak values."""
    html = client.get(reverse(page, args=(t.club.number, t.pk))).content.decode()
    rows = re.findall(r'<tr id="player-(\d+)">\s*<td class="num rank">([^<]*)</td>', html)
    codes = re.findall(r'<th class="num tiebreak"><abbr title="[^"]*">([^<]+)</abbr>', html)
    values = re.findall(r'<td class="num tiebreak"><a href="[^"]*">([^<]*)</a></td>', html)
    return {"rows": rows, "codes": codes, "values": values}


def trf_ranks(client: Client, t: Tournament, which: str = "trf") -> dict[int, int | None]:
    """Starting rank → the rank column (cols 86–89) of each ``001`` record of a download."""
    url = reverse("export", args=(t.club.number, t.pk)) + f"?download={which}"
    response = client.get(url)
    assert response.status_code == 200, response.content[:300]
    ranks: dict[int, int | None] = {}
    for line in response.content.decode("latin-1").splitlines():
        if line.startswith("001"):
            text = line[85:89].strip()
            ranks[int(line[4:8])] = int(text) if text else None
    return ranks


def stored(t: Tournament) -> list[tuple[object, ...]]:
    return list(
        FinalStanding.objects.filter(tournament=t)
        .order_by("position")
        .values_list("position", "rank", "pairing_number", "points", "tiebreaks")
    )


def settings_of(t: Tournament) -> tuple[object, ...]:
    return tuple(
        Tournament.objects.filter(pk=t.pk).values_list(
            "tiebreaks", "tiebreak_rules", "draw_lots", "lots_seed"
        )[0]
    )


def test_holes2_the_attack_would_move_the_standings(elite):
    """The premise: under the attack's settings the core ranks the players otherwise."""
    core = load_tournament(elite)
    now = final_ranks(core, None, era=RuleEra("2009"))
    attacked = final_ranks(core, ("DE", "WIN"), era=RuleEra("2023"))
    assert {n for n in now if now[n] != attacked[n]} == {1, 4, 5, 11, 12, 14, 16}


def test_holes2_parametres_post_on_a_closed_tournament_is_a_409_and_nothing_moves(owner, closed):
    """The attack through the page: 409 with the reason (in the reader's language); the
    tournament's settings, its stored final standings, the *Classement* (ranks, columns,
    values), the crosstable's ranks, both TRFs' rank columns, its revision and its history
    are what they were."""
    before = {
        "settings": settings_of(closed),
        "stored": stored(closed),
        "classement": classement(owner, closed),
        "crosstable": classement(owner, closed, "crosstable")["rows"],
        "trf": trf_ranks(owner, closed),
        "trflike": trf_ranks(owner, closed, "trflike"),
        "revision": Tournament.objects.get(pk=closed.pk).revision,
        "history": other_lines().filter(tournament=closed).count(),
    }
    response = owner.post(settings_url(closed), ATTACK)
    assert response.status_code == 409
    assert "clôturé" in response.content.decode()
    english = owner.post(settings_url(closed), ATTACK, HTTP_ACCEPT_LANGUAGE="en")
    assert english.status_code == 409
    assert "The tournament is closed" in english.content.decode()
    after = {
        "settings": settings_of(closed),
        "stored": stored(closed),
        "classement": classement(owner, closed),
        "crosstable": classement(owner, closed, "crosstable")["rows"],
        "trf": trf_ranks(owner, closed),
        "trflike": trf_ranks(owner, closed, "trflike"),
        "revision": Tournament.objects.get(pk=closed.pk).revision,
        "history": other_lines().filter(tournament=closed).count(),
    }
    assert after == before
    assert before["classement"]["codes"] == ["BH/C1", "BH", "SB", "DE", "WIN"]


def test_holes2_the_stored_standings_are_what_the_pages_show(owner, closed):
    """The *Classement* of a closed tournament is its stored final standings, line by line
    (rank, pairing number, tiebreak values), and says so."""
    shown = classement(owner, closed)
    rows = stored(closed)
    assert shown["rows"] == [(str(n), rank) for _pos, rank, n, _pts, _tb in rows]
    closure = Closure.objects.get(tournament=closed)
    assert shown["codes"] == closure.codes
    html = owner.get(reverse("tournament", args=(closed.club.number, closed.pk))).content
    assert b'id="final-standings"' in html


def test_holes2_update_settings_refuses_a_closed_tournament_even_from_a_stale_row(
    elite, owner_user
):
    """The service, called with the row as it was read before the closing (a page loaded
    while open): it reads the state under the tournament's lock and refuses, nothing
    stored."""
    stale = Tournament.objects.get(pk=elite.pk)
    closing.close_tournament(elite, owner_user, datetime.date(2000, 6, 30))
    before = settings_of(elite)
    with pytest.raises(ClosedTournamentChangeError) as refused:
        services.update_settings(
            stale, tiebreaks="DE, WIN", tiebreak_rules="2023", draw_lots=True, user=owner_user
        )
    assert refused.value.reasons
    assert settings_of(elite) == before


def test_holes2_closed_settings_page_is_read_only(owner, closed):
    """GET shows the settings it was closed with, every field disabled, no button."""
    html = owner.get(settings_url(closed), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert 'id="closed-note"' in html
    assert "Save the settings" not in html
    assert re.search(r'name="tiebreaks"[^>]*disabled', html)
    assert re.search(r'name="draw_lots"[^>]*disabled|disabled[^>]*name="draw_lots"', html)


def test_holes2_pages_and_exports_show_the_stored_standings_whatever_the_row_says(owner, closed):
    """A closed tournament whose settings row was changed around every check (a bulk update,
    as a database attacked before this fix holds): its pages and both TRFs still show the
    stored final standings, never a recomputation under the row's settings."""
    before = {
        "classement": classement(owner, closed),
        "crosstable": classement(owner, closed, "crosstable")["rows"],
        "trf": trf_ranks(owner, closed),
        "trflike": trf_ranks(owner, closed, "trflike"),
    }
    Tournament.objects.filter(pk=closed.pk).update(
        tiebreaks="DE,WIN", tiebreak_rules="2023", draw_lots=True, lots_seed=12345
    )
    from chessclub_web.tournaments.models import touch_tournament

    touch_tournament(closed.pk)  # the cached standings are not used any more
    after = {
        "classement": classement(owner, closed),
        "crosstable": classement(owner, closed, "crosstable")["rows"],
        "trf": trf_ranks(owner, closed),
        "trflike": trf_ranks(owner, closed, "trflike"),
    }
    assert after == before
    ranks = {n: int(rank.split("–")[0]) for n, rank in (r for r in before["classement"]["rows"])}
    assert after["trf"] == {int(n): r for n, r in ranks.items()}


def test_holes2_corrections_store_the_standings_again_with_the_closing_settings(closed):
    """C3: a correction stores the final standings again, with the tiebreaks and rule era
    they were stored with at closing, not the settings row's."""
    codes = Closure.objects.get(tournament=closed).codes
    Tournament.objects.filter(pk=closed.pk).update(tiebreaks="DE,WIN", tiebreak_rules="2023")
    closed.refresh_from_db()
    closing.apply_correction(closed)
    closure = Closure.objects.get(tournament=closed)
    assert (closure.codes, closure.era) == (codes, "2009")
    assert set(FinalStanding.objects.filter(tournament=closed).first().tiebreaks) == set(codes)


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("tiebreaks", "DE,WIN"),
        ("tiebreak_rules", "2023"),
        ("draw_lots", True),
        ("lots_seed", 7),
        ("annulment_threshold", 30),
        ("start_date", datetime.date(2024, 1, 1)),  # moves the era it follows: 2009 → 2023
    ],
)
def test_holes2_no_code_path_changes_what_the_final_standings_follow(closed, field, value):
    """The model-level lock of a closed tournament (closing.guards: the admin, the shell):
    its standings settings, and a start date moving the rule era it follows, cannot change."""
    row = Tournament.objects.get(pk=closed.pk)
    setattr(row, field, value)
    with pytest.raises(ClosedTournamentError):
        row.save()


def test_holes2_a_closed_tournament_keeps_taking_allowed_corrections_of_its_details(closed):
    """The lock is no wider than needed: a place, or a start date within the same rule era,
    is still corrected."""
    row = Tournament.objects.get(pk=closed.pk)
    row.city = "Namur"
    row.start_date = datetime.date(2000, 6, 2)
    row.save()
    assert Tournament.objects.get(pk=closed.pk).city == "Namur"


def test_holes2_settings_changes_of_an_open_tournament_are_in_its_history(owner, elite):
    """Each change (tiebreaks, rule era, drawing of lots) is one line of the tournament's
    history, who and what, shown in the reader's language; saving the same values again
    writes nothing."""
    response = owner.post(settings_url(elite), ATTACK)
    assert response.status_code == 302
    lines = [c.text for c in other_lines().filter(tournament=elite).order_by("id")]
    from django.utils import translation

    with translation.override("en"):
        english = [c.text for c in other_lines().filter(tournament=elite).order_by("id")]
    assert english[1:] == [
        "Settings: tiebreaks changed from “BH/C1, BH, SB, DE, WIN” to “DE, WIN”.",
        "Settings: tiebreak rules changed from “Follow the start date” to “2023: C.07 of 1 July"
        " 2023 (Art. 16, VUR cut rule)”.",
        "Settings: ties left after every tiebreak decided by a drawing of lots (seed "
        f"{Tournament.objects.get(pk=elite.pk).lots_seed}).",
    ]
    assert all(c.user is not None for c in other_lines(tournament=elite)[:3])
    assert len(lines) == 4  # the import's line, then three
    owner.post(settings_url(elite), ATTACK)
    assert other_lines(tournament=elite).count() == 4
    owner.post(settings_url(elite), {"tiebreaks": "DE, WIN", "tiebreak_rules": "2023"})
    with translation.override("en"):
        last = other_lines().filter(tournament=elite).order_by("-id").first().text
    assert last == (
        "Settings: no drawing of lots any more, players tied after every tiebreak share the rank."
    )


def test_holes2_a_closed_team_event_refuses_its_team_tiebreaks_with_409(
    client, public_club, make_user
):
    """The team event's own settings form (Teams tab) on a closed event: 409, unchanged."""
    client.force_login(make_user("own", public_club, Role.OWNER))
    t = Tournament.objects.create(
        club=public_club, name="Interclubs", system=System.TEAM_ROUND_ROBIN
    )
    Tournament.objects.filter(pk=t.pk).update(closed_at=timezone.now())
    url = reverse("team_action", args=(public_club.number, t.pk))
    response = client.post(url, {"action": "settings", "tiebreaks": "EMGSB", "tiebreak_rules": ""})
    assert response.status_code == 409
    assert Tournament.objects.get(pk=t.pk).tiebreaks == ""


def test_holes2_closed_game_correction_still_recomputes(owner, closed):
    """Corrections (C3) still move the stored standings: the stored standings follow the
    corrected results, never the settings."""
    game = (
        Game.objects.filter(round__tournament=closed, result="1-0").order_by("round__number").last()
    )
    game.result = "0-1"
    game.save()
    closing.apply_correction(closed)
    shown = classement(owner, closed)
    assert shown["rows"] == [(str(n), rank) for _pos, rank, n, _pts, _tb in stored(closed)]
