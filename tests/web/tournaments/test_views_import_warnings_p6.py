"""Spec P6 on the import page: a TRF read with warnings (old round dates, ``0000 - =``) is
imported, and the page lists each warning with its line and column, with the way to the new
tournament; the history keeps how many there were and the first. A file without warnings still
goes straight to the tournament.

The file is the TRF-2026 sample (tests/fixtures/trf, provenance there) with its ``132`` line
(line 10) written ``dd.mm.yy`` as old tools do; its own dates are 25/09/13 ×3 and 25/09/14 ×2.
"""

from __future__ import annotations

import datetime
from pathlib import Path

from chessclub_web.audit.models import Entry
from chessclub_web.clubs.models import Role
from chessclub_web.tournaments.models import Round, Tournament

from ..builders import upload_tournament

TRF26 = Path(__file__).resolve().parents[2] / "fixtures" / "trf" / "trf26-individual-sample.trf"
OLD_132 = "132" + " " * 88 + "13.09.25  13.09.25  13.09.25  14.09.25  14.09.25"


def old_file() -> bytes:
    lines = TRF26.read_text(encoding="utf-8").split("\n")
    assert lines[9].startswith("132")
    lines[9] = OLD_132
    return "\n".join(lines).encode("utf-8")


def test_p6_import_shows_the_warnings_with_line_and_column(client, public_club, make_user):
    client.force_login(make_user("adm", public_club, Role.OWNER))
    response = upload_tournament(client, public_club, "old.trf", old_file())
    assert response.status_code == 200
    page = response.content.decode()
    row = Tournament.objects.get(club=public_club)
    assert f'href="/clubs/{public_club.number}/tournaments/{row.pk}/' in page
    assert "Line 10, column 92" in page or "line 10, column 92" in page
    assert "read as day, month, year" in page
    dates = list(Round.objects.filter(tournament=row).order_by("number").values_list("date"))
    assert [d for (d,) in dates] == [datetime.date(2025, 9, 13)] * 3 + [
        datetime.date(2025, 9, 14)
    ] * 2
    kept = [e for e in Entry.objects.filter(tournament=row) if "warning" in e.message]
    assert len(kept) == 1 and kept[0].params["count"] == 1 and kept[0].params["line"] == 10


def test_p6_import_without_warnings_goes_to_the_tournament(client, public_club, make_user):
    client.force_login(make_user("adm", public_club, Role.OWNER))
    response = upload_tournament(client, public_club, "sample.trf", TRF26.read_bytes())
    assert response.status_code == 302
