"""The pairing list's page in a real headless Chromium (Debian's ``chromium``, driven by
playwright) under ``print`` media: the paper shows the table, never the page's links and
buttons (spec S5)."""

from __future__ import annotations

import pytest

from ..browser import BROWSER_MARKS
from ..builders import make_swiss

pytestmark = BROWSER_MARKS


@pytest.fixture
def tournament(transactional_db, public_club):
    return make_swiss(public_club)


def test_s5_browser_pairing_list_prints_its_table_without_navigation(
    chromium, live_server, tournament
):
    page = chromium.new_context(locale="en").new_page()
    page.set_default_timeout(15_000)
    url = f"{live_server.url}/clubs/700/tournaments/{tournament.pk}/documents/pairings/?round=2"
    page.goto(url)
    toolbar = page.locator("nav.doc-toolbar")
    assert toolbar.is_visible()  # on screen: back to the tab, PDF, print
    assert "round=2" in page.locator("a.pdf-link").get_attribute("href")
    page.emulate_media(media="print")
    assert not toolbar.is_visible()
    assert not page.locator("button").first.is_visible()
    table = page.locator("table.pairings")
    assert table.is_visible()
    assert (
        page.locator("table.pairings thead").evaluate("e => getComputedStyle(e).display")
        == "table-header-group"
    )
    assert (
        page.locator("table.pairings tbody tr").first.evaluate(
            "e => getComputedStyle(e).breakInside"
        )
        == "avoid"
    )
    rows = page.locator("table.pairings tbody tr")
    assert rows.count() == 2
    # Round 2, board 1: 1 Alpha, Anne (1 point) – 3 Charlie, Claire (½).
    first = rows.nth(0).inner_text()
    assert first.index("Alpha, Anne") < first.index("Charlie, Claire")
    assert page.locator("h1").inner_text().startswith("Pairings by board")
    pdf = page.pdf()  # Chromium's own paper copy of the page
    assert pdf.startswith(b"%PDF-")
