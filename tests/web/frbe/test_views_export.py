"""The *Export* tab (spec ``frbe.md`` B1–B3, B6): blocking problems first, the B2 name, the
three downloads; permissions on the server."""

from __future__ import annotations

import html

import pytest

from chessclub.formats.frbe import read_results_file, to_tournament
from chessclub.formats.trf import read_tournament as read_trf
from chessclub_web.clubs.models import Role
from chessclub_web.frbe.models import ExportSettings, FederationPlayer
from chessclub_web.tournaments import services
from chessclub_web.tournaments.models import Round, Tournament

from ..builders import export_url
from ..lists import make_version

pytestmark = pytest.mark.django_db


def games(t):
    return [sorted((g.white, g.black, g.result) for g in r.games) for r in t.rounds]


def test_b1_export_permissions(client, elite, make_user, public_club):
    assert client.get(export_url(elite)).status_code == 302  # anonymous: log in
    client.force_login(make_user("outsider"))
    assert client.get(export_url(elite)).status_code == 403
    assert client.get(export_url(elite) + "?download=frbe").status_code == 403
    client.force_login(make_user("arb", public_club, Role.ARBITER))  # arbiters may export
    assert client.get(export_url(elite)).status_code == 200


def test_b1_b3_export_round_trips_the_16_player_tournament(owner_client, elite, elite_bytes):
    """An export of the real 16-player tournament re-imports to the same games, colours and
    results; Latin-1 with CR LF; named 612OPE1A.700 (ends 12 June 2000, Swiss, club 700)."""
    page = owner_client.get(export_url(elite))
    assert page.status_code == 200
    assert "612OPE1A.700" in page.content.decode()
    response = owner_client.get(export_url(elite) + "?download=frbe")
    assert response.status_code == 200
    assert 'filename="612OPE1A.700"' in response["Content-Disposition"]
    data = response.content
    assert data.count(b"\r\n") == data.count(b"\n")
    again = to_tournament(read_results_file(data))
    before = to_tournament(read_results_file(elite_bytes))
    assert games(again) == games(before)
    assert [(p.name, p.matricule, p.rating) for p in again.players] == [
        (p.name, p.matricule, p.rating) for p in before.players
    ]
    trf = owner_client.get(export_url(elite) + "?download=trf")
    assert trf.status_code == 200 and games(read_trf(trf.content)) == games(before)
    like = owner_client.get(export_url(elite) + "?download=trflike").content
    first = next(line for line in like.decode("latin-1").split("\r\n") if line.startswith("001"))
    assert like.startswith(b"00A 612OPE1A.700\r\n")
    assert first[48:52] == "2334" and first[63:68] == "40037"


def test_b1_blocking_problems_listed_before_anything(owner_client, elite):
    Tournament.objects.filter(pk=elite.pk).update(chief_arbiter="", time_control="")
    Round.objects.filter(tournament=elite, number=3).update(date=None)
    page = owner_client.get(export_url(elite))
    text = html.unescape(page.content.decode())  # French first
    assert "n'a pas d'arbitre" in text and "n'a pas de cadence" in text
    assert "La ronde 3 n'a pas de date" in text
    assert "download-frbe" not in text
    assert owner_client.get(export_url(elite) + "?download=frbe").status_code == 409


def test_b1_unknown_matricule_and_not_affiliated(owner_client, elite):
    """With a list: player 1's matricule (40037) unknown → blocking; a listed player without a
    club → their games become 0F-0F (shown)."""
    before = to_tournament(
        read_results_file(owner_client.get(export_url(elite) + "?download=frbe").content)
    )
    p2 = before.player(2)
    listed = make_version("frbe")  # the site's current PLAYER list
    FederationPlayer.all_versions.bulk_create(
        [FederationPlayer(version=listed, matricule=int(p.matricule), name=p.name, club=618,
                          rating=p.rating, games=100)
         for p in before.players if p.pairing_number != 1]
    )  # fmt: skip
    page = html.unescape(owner_client.get(export_url(elite)).content.decode())
    assert "le matricule 40037 n'est pas dans la liste" in page
    FederationPlayer.all_versions.create(
        version=listed, matricule=40037, name="Alpha Anne", club=618, games=100
    )
    FederationPlayer.objects.filter(matricule=int(p2.matricule)).update(club=None)
    page = owner_client.get(export_url(elite)).content.decode()
    assert "0F-0F" in page
    data = owner_client.get(export_url(elite) + "?download=frbe").content
    sent = to_tournament(read_results_file(data))
    for rnd in sent.rounds:
        for game in rnd.games:
            if 2 in (game.white, game.black):
                assert game.result.name == "DOUBLE_FORFEIT"


def test_b1_fide_rated_needs_fide_ids(owner_client, elite):
    response = owner_client.post(
        export_url(elite), {"division": "1", "series": "A", "fide_rated": "on"}
    )
    assert response.status_code == 302
    assert "n'a pas d'ID FIDE" in html.unescape(
        owner_client.get(export_url(elite)).content.decode()
    )


def test_b2_chars_7_8_editable_and_same_day_kept_unique(
    owner_client, elite, public_club, elite_bytes
):
    assert owner_client.post(export_url(elite), {"division": "x", "series": "a"}).status_code == 400
    assert owner_client.post(export_url(elite), {"division": "2", "series": "B"}).status_code == 302
    assert "612OPE2B.700" in owner_client.get(export_url(elite)).content.decode()
    other = services.import_tournament(public_club, elite_bytes, "e2.txt", allow_duplicate=True)
    # the second same-day tournament moves to a free name on its own …
    assert "612OPE1A.700" in owner_client.get(export_url(other)).content.decode()
    # … and cannot take the first one's
    response = owner_client.post(export_url(other), {"division": "2", "series": "B"})
    assert response.status_code == 400 and "612OPE2B.700" in response.content.decode()
    ExportSettings.objects.filter(tournament=other).delete()


def test_b6_ineligible_games_listed_with_rule_set_and_left_out(owner_client, elite):
    """Tempo 60 min: every game has a player rated ≥ 2200 → 120 min needed (frbe-b6)."""
    Tournament.objects.filter(pk=elite.pk).update(time_control="60 min")
    page = owner_client.get(export_url(elite)).content.decode()
    assert "frbe-b6@fide-pre-2024" in page and 'id="ineligible"' in page
    assert "60 min par joueur pour 60 coups, 120 nécessaires (un joueur est coté 2200" in page
    data = owner_client.get(export_url(elite) + "?download=frbe").content
    assert all(not r.games for r in to_tournament(read_results_file(data)).rounds)


def test_b2_end_date_needed(owner_client, elite):
    Tournament.objects.filter(pk=elite.pk).update(end_date=None)
    assert owner_client.get(export_url(elite)).status_code == 200
    elite.refresh_from_db()
    assert elite.end_date is None


def test_b2_two_same_day_tournaments_without_settings_get_different_names(
    owner_client, elite, public_club, elite_bytes
):
    """Neither tournament has chosen chars 7–8: the first (created first) is 612OPE1A.700,
    the second 612OPE1B.700 — never the same name for both."""
    other = services.import_tournament(public_club, elite_bytes, "e2.txt", allow_duplicate=True)
    first = owner_client.get(export_url(elite) + "?download=frbe")
    second = owner_client.get(export_url(other) + "?download=frbe")
    assert 'filename="612OPE1A.700"' in first["Content-Disposition"]
    assert 'filename="612OPE1B.700"' in second["Content-Disposition"]
