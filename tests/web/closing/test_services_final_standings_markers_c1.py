"""C1: the final standings stored at closing keep the fictitious-Elo marker that the live
*Classement* shows (the Belgian ``***`` of spec B4), on the closing page too, and again after a
correction (C3).

Data: ``tests/fixtures/frbe/closed-group-unrated.txt``, the federation's closed-group example:
players 2 (BRAVO BRUNO) and 7 (GOLF GILLES) carry ``***`` with the fictitious Elo 1222; the
six others have a plain rating.
"""

from __future__ import annotations

import datetime
import re

import pytest
from django.apps import apps
from django.urls import reverse

from chessclub_web.closing import services
from chessclub_web.closing.models import FinalStanding
from chessclub_web.clubs.models import Role
from chessclub_web.tournaments import services as tournament_services
from chessclub_web.tournaments.models import Game, Tournament

from ..conftest import FIXTURES

pytestmark = pytest.mark.django_db

CLOSED_GROUP = FIXTURES / "frbe" / "closed-group-unrated.txt"
#: The file's ``***`` lines: start number → name, fictitious Elo 1222 (B4 worked example).
MARKED = {2: "BRAVO BRUNO", 7: "GOLF GILLES"}
#: The file's end date ("du 01/10/2000 au 18/11/2000").
END = datetime.date(2000, 11, 18)


def _import(club) -> Tournament:
    return tournament_services.import_tournament(
        club, CLOSED_GROUP.read_bytes(), "closed-group-unrated.txt"
    )


def _marked_rows(html: str, table_class: str) -> dict[str, str]:
    """Name → rating cell text of every row of the table whose rating carries the marker."""
    table = html[html.index(f'class="{table_class}') :]
    table = table[: table.index("</table>")]
    found = {}
    for row in re.findall(r"<tr[^>]*>(.*?)</tr>", table, re.S):
        name = re.search(r'<td class="name">([^<]*)</td>', row)
        marker = re.search(r'<td class="num">(\d+)<abbr title="([^"]*)">\*</abbr></td>', row)
        if name and marker:
            found[name.group(1).strip()] = f"{marker.group(1)} {marker.group(2)}"
    return found


def test_c1_final_standings_keep_the_fictitious_marker(client, public_club, make_user):
    tournament = _import(public_club)
    client.force_login(make_user("owner", public_club, Role.OWNER))
    live = client.get(
        reverse("tournament", kwargs={"number": public_club.number, "pk": tournament.pk}),
        HTTP_ACCEPT_LANGUAGE="fr",
    ).content.decode()
    expected = {name: "1222 Elo fictif" for name in MARKED.values()}
    assert _marked_rows(live, "standings") == expected

    url = reverse("close", args=(public_club.number, tournament.pk))
    response = client.post(url, {"action": "close", "end_date": END.isoformat(), "confirm": "on"})
    assert response.status_code == 302

    stored = FinalStanding.objects.filter(tournament=tournament)
    assert {s.pairing_number for s in stored if s.fictitious_rating} == set(MARKED)
    assert {s.rating for s in stored if s.fictitious_rating} == {"1222"}
    page = client.get(url, HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert _marked_rows(page, "standings final-standings") == expected


def test_c3_correction_stores_the_markers_again(public_club):
    """C3: after a correction the final standings are stored again, markers included."""
    tournament = _import(public_club)
    services.close_tournament(tournament, None, END)
    game = Game.objects.filter(round__tournament=tournament, result="1-0").first()
    game.result = "0-1"
    game.save()
    services.apply_correction(tournament)
    stored = FinalStanding.objects.filter(tournament=tournament)
    assert {s.pairing_number for s in stored if s.fictitious_rating} == set(MARKED)


def test_c1_migration_copies_the_markers_of_standings_stored_before(public_club):
    """Final standings stored before the marker was kept get it from their entries."""
    from importlib import import_module

    migration = import_module(
        "chessclub_web.closing.migrations.0004_finalstanding_fictitious_rating"
    )
    tournament = _import(public_club)
    services.close_tournament(tournament, None, END)
    FinalStanding.objects.filter(tournament=tournament).update(fictitious_rating=False)
    migration.copy_markers(apps, None)
    stored = FinalStanding.objects.filter(tournament=tournament)
    assert {s.pairing_number for s in stored if s.fictitious_rating} == set(MARKED)
