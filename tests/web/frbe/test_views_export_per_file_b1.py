"""B1/B3 and P3 — on the *Export* tab each file is blocked only by the problems that concern
it: the Belgian checks (matricules, club numbers, the mandatory tournament data of B1) block
the federation's results file and its TRF-like variant; FIDE's TRF is blocked by what the TRF
needs (name, chief arbiter: TRF-16 marks them mandatory for rating). The page names the files
each problem blocks. French first (the frbe app's catalogue)."""

from __future__ import annotations

import html

import pytest

from chessclub.formats.trf import read_tournament as read_trf
from chessclub_web.tournaments import services
from chessclub_web.tournaments.models import Round, Tournament, TournamentPlayer

from ..builders import export_url

pytestmark = pytest.mark.django_db


def statuses(client, t: Tournament) -> dict[str, int]:
    return {
        k: client.get(export_url(t) + f"?download={k}").status_code
        for k in ("frbe", "trflike", "trf")
    }


def test_b1_missing_matricule_blocks_the_belgian_files_not_the_fide_trf(owner_client, elite):
    TournamentPlayer.objects.filter(tournament=elite, pairing_number=1).update(matricule="")
    assert statuses(owner_client, elite) == {"frbe": 409, "trflike": 409, "trf": 200}
    trf = owner_client.get(export_url(elite) + "?download=trf")
    assert 'filename="612OPE1A_700.trf"' in trf["Content-Disposition"]
    assert read_trf(trf.content).player(1).name == "Alpha Anne"
    page = html.unescape(owner_client.get(export_url(elite)).content.decode())
    item = page.split('class="blocking-missing_matricule"', 1)[1].split("</li>", 1)[0]
    assert "Alpha Anne" in item
    assert "Fichier de résultats de la fédération" in item and "TRF FIDE" not in item
    assert 'id="download-trf"' in page and 'id="download-frbe"' not in page
    assert 'id="blocked-frbe"' in page and 'id="blocked-trflike"' in page


def test_b1_missing_arbiter_blocks_every_file_and_says_so(owner_client, elite):
    Tournament.objects.filter(pk=elite.pk).update(chief_arbiter="")
    assert statuses(owner_client, elite) == {"frbe": 409, "trflike": 409, "trf": 409}
    page = html.unescape(owner_client.get(export_url(elite)).content.decode())
    item = page.split('class="blocking-missing_arbiter"', 1)[1].split("</li>", 1)[0]
    assert "n'a pas d'arbitre" in item and "TRF FIDE" in item
    assert 'id="blocked-trf"' in page


def test_b1_round_dates_and_tempo_are_belgian_requirements(owner_client, elite):
    Tournament.objects.filter(pk=elite.pk).update(time_control="")
    Round.objects.filter(tournament=elite, number=3).update(date=None)
    assert statuses(owner_client, elite) == {"frbe": 409, "trflike": 409, "trf": 200}


def test_b2_without_end_date_the_fide_trf_is_still_produced(owner_client, elite):
    """No end date: no B2 name, the Belgian files are blocked; the TRF is named after the
    tournament's number."""
    Tournament.objects.filter(pk=elite.pk).update(end_date=None)
    assert statuses(owner_client, elite) == {"frbe": 409, "trflike": 409, "trf": 200}
    trf = owner_client.get(export_url(elite) + "?download=trf")
    assert f'filename="tournament-{elite.pk}.trf"' in trf["Content-Disposition"]


def test_b2_name_clash_blocks_the_belgian_files_only(owner_client, elite, public_club, elite_bytes):
    from chessclub_web.frbe.models import ExportSettings

    other = services.import_tournament(public_club, elite_bytes, "e2.txt", allow_duplicate=True)
    ExportSettings.objects.create(tournament=elite, division="1", series="A")
    ExportSettings.objects.create(tournament=other, division="1", series="A")
    assert statuses(owner_client, other) == {"frbe": 400, "trflike": 400, "trf": 200}


def test_b1_every_file_produced_when_nothing_blocks(owner_client, elite):
    assert statuses(owner_client, elite) == {"frbe": 200, "trflike": 200, "trf": 200}
