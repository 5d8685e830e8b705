"""Holes issue, points 5 and 6 on the pages: a file with a hundred thousand problems gets a
400 page listing the reader's first ``MAX_PROBLEMS`` problems and how many more there were
(before: 100,240 problems and a 10.7 MB page for a 5 MB TRF), and a control character in a
Belgian results file is a located refusal, not a 500 (before: a bare ``ValueError``)."""

from __future__ import annotations

from pathlib import Path

import pytest

from chessclub.formats import MAX_PROBLEMS
from chessclub_web.tournaments.models import Tournament

from ..builders import upload_tournament

pytestmark = pytest.mark.django_db
FUZZ = Path(__file__).resolve().parents[2] / "fixtures" / "fuzz"


def test_holes6_a_5_mb_trf_of_bad_lines_gives_a_small_page(owner_client, public_club):
    count = 500_000  # 4.5 MB: each record "001 ABCD" has one problem
    data = b"012 Bounded\nXXR 5\n092 Individual: Swiss-System\n" + b"001 ABCD\n" * count
    assert len(data) < 5 * 1024 * 1024
    response = upload_tournament(owner_client, public_club, "big.trf", data)
    assert response.status_code == 400
    page = response.content.decode()
    assert page.count("starting rank") == MAX_PROBLEMS
    assert f"… and {count - MAX_PROBLEMS:,} more problems." in page.replace("\u202f", ",")
    assert len(page) < 60_000
    assert not Tournament.objects.exists()


def test_holes5_control_character_in_a_belgian_file_is_located(owner_client, public_club):
    # The corpus files that raised a bare ValueError (README of tests/fixtures/fuzz).
    crashed = [
        FUZZ / "frbe-elo-unit-separator.txt",
        FUZZ / "frbe-opponent-unit-separator.txt",
        FUZZ / "frbe-opponent-file-separator.txt",
    ]
    for path in crashed:
        response = upload_tournament(owner_client, public_club, path.name, path.read_bytes())
        assert response.status_code == 400, path.name
        assert "control character U+001" in response.content.decode(), path.name
    assert not Tournament.objects.exists()
