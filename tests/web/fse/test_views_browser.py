"""The "Prévision liste FSE" page on a 360 px phone in a real headless Chromium (Debian's
``chromium``, driven by playwright), without JavaScript: the page itself does not scroll
sideways (wide tables scroll inside their frame), and the player link leads to the sheet."""

from __future__ import annotations

from pathlib import Path

from django.utils import timezone

from chessclub_web.tournaments import services
from chessclub_web.tournaments.models import Tournament

from ..browser import BROWSER_MARKS, phone_page
from ..lists import import_as_operator

pytestmark = BROWSER_MARKS

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures" / "fse"


def test_fse_forecast_on_a_phone_without_javascript(chromium, live_server, transactional_db):
    from chessclub_web.clubs.models import Club

    club = Club.objects.create(name="Cercle public", number="700", public=True)
    import_as_operator("fse", (FIXTURES / "previous.csv").read_bytes(), "previous.csv")
    row = services.import_tournament(club, (FIXTURES / "open-5r.trf").read_bytes(), "open.trf")
    Tournament.objects.filter(pk=row.pk).update(closed_at=timezone.now())
    page = phone_page(chromium, locale="fr-CH", javascript=False)
    page.goto(f"{live_server.url}/clubs/700/fse/forecast/")
    assert page.locator("h1").inner_text() == "Prévision liste FSE"
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 360, f"the page is {width} px wide on a 360 px phone"
    page.click("tr[data-id='1001'] a")
    page.wait_for_load_state()
    assert "+8.64" in page.content() and "Alpha, Anna" in page.locator("h1").inner_text()
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
