"""The paper copy of a round's boards and of its pairing list (spec S5, R1) in a real headless
Chromium (Debian's ``chromium``, driven by playwright) against the live server, with the print
medium emulated: the table prints with its rows and the results as stored, its header repeats
on every page, the controls, buttons and navigation do not print, and the sheet is A4.

Values by hand from ``make_swiss`` (tests/web/test_results_helpers.py): round 1 is board 1
Alpha, Anne – Bravo, Bert ``1-0`` and board 2 Charlie, Claire – Delta, Dirk ``½-½``; round 2 is
board 1 Alpha – Charlie and board 2 Delta – Bravo, without result.
"""

from __future__ import annotations

import re

import pytest

from chessclub_web.clubs.models import Role

from ..browser import BROWSER_MARKS
from ..builders import board, boards_url, make_swiss

pytestmark = BROWSER_MARKS

#: A4 in PDF points (210 × 297 mm at 72 points per inch), within a point.
A4_POINTS = (595.3, 841.9)


@pytest.fixture
def tournament(transactional_db, public_club, make_user):
    row = make_swiss(public_club)
    make_user("arbitre", public_club, Role.ARBITER)
    return row


def _page(browser, live_server, *, login: str | None, javascript: bool = True):
    options = {"locale": "fr-BE", "viewport": {"width": 1024, "height": 800}}
    if not javascript:
        options["java_script_enabled"] = False
    page = browser.new_context(**options).new_page()
    page.set_default_timeout(15_000)
    if login:
        page.goto(f"{live_server.url}/accounts/login/")
        page.fill("#id_username", login)
        page.fill("#id_password", "secret-pw-123")
        page.click("form.stacked button[type=submit]")
        page.wait_for_load_state()
    return page


def _media_box(pdf: bytes) -> tuple[float, float]:
    match = re.search(rb"/MediaBox\s*\[\s*0 0 ([\d.]+) ([\d.]+)\s*\]", pdf)
    assert match, "no MediaBox in the PDF"
    return float(match.group(1)), float(match.group(2))


def _assert_a4(page) -> None:
    width, height = _media_box(page.pdf(prefer_css_page_size=True))
    assert abs(width - A4_POINTS[0]) < 1 and abs(height - A4_POINTS[1]) < 1, (width, height)


def _printed_rows(page, table: str) -> list[str]:
    rows = page.locator(f"{table} tbody tr")
    return [" ".join(rows.nth(i).inner_text().split()) for i in range(rows.count())]


@pytest.mark.parametrize("login", [None, "arbitre"], ids=["visitor", "arbiter"])
def test_s5_r1_boards_print_the_table_with_stored_results(chromium, live_server, tournament, login):
    page = _page(chromium, live_server, login=login)
    page.goto(live_server.url + boards_url(tournament, 1))
    page.emulate_media(media="print")
    table = page.locator("table.boards")
    assert table.is_visible()
    box = table.bounding_box()
    assert box is not None and box["height"] > 0 and box["width"] > 0
    rows = _printed_rows(page, "table.boards")
    assert len(rows) == 2
    assert rows[0].startswith("1 Alpha, Anne") and "Bravo, Bert" in rows[0]
    assert rows[0].endswith("1-0"), rows[0]
    assert rows[1].startswith("2 Charlie, Claire") and "Delta, Dirk" in rows[1]
    assert rows[1].endswith("½-½"), rows[1]
    # The header repeats on every printed page.
    assert table.locator("thead").evaluate("e => getComputedStyle(e).display") == (
        "table-header-group"
    )
    # No control, button or navigation on paper.
    for selector in ("select", "button", "nav", ".site-header", ".tabs", ".breadcrumb"):
        items = page.locator(selector)
        for i in range(items.count()):
            assert not items.nth(i).is_visible(), selector
    if login:
        assert page.locator("select.result").count() == 2  # the arbiter's page has controls
    _assert_a4(page)
    assert len(page.screenshot(full_page=True)) > 0


def test_s5_r2_printed_result_follows_an_autosave(chromium, live_server, tournament):
    page = _page(chromium, live_server, login="arbitre")
    page.goto(live_server.url + boards_url(tournament, 2))
    game = board(tournament, 2, 1)
    page.select_option(f"#result-{game.pk}", "0-1")
    page.locator("#board-1 .save-state .saved").wait_for()
    page.emulate_media(media="print")
    rows = _printed_rows(page, "table.boards")
    assert rows[0].endswith("0-1"), rows[0]  # the result just stored
    assert rows[1].endswith("–"), rows[1]  # no result yet
    assert not page.locator(f"#result-{game.pk}").is_visible()


def test_s5_boards_print_without_javascript(chromium, live_server, tournament):
    page = _page(chromium, live_server, login="arbitre", javascript=False)
    page.goto(live_server.url + boards_url(tournament, 1))
    page.emulate_media(media="print")
    assert page.locator("table.boards").is_visible()
    assert len(_printed_rows(page, "table.boards")) == 2
    assert not page.locator("button.save-all").is_visible()


def test_s5_pairing_list_of_a_round_prints(chromium, live_server, tournament):
    page = _page(chromium, live_server, login="arbitre")
    url = f"/clubs/700/tournaments/{tournament.pk}/rounds/2/pairing/"
    page.goto(live_server.url + url)
    page.emulate_media(media="print")
    table = page.locator("table.pairing-table")
    assert table.is_visible()
    box = table.bounding_box()
    assert box is not None and box["height"] > 0
    rows = _printed_rows(page, "table.pairing-table")
    assert len(rows) == 2
    assert rows[0].startswith("1 1. Alpha, Anne 3. Charlie, Claire"), rows[0]
    assert rows[1].startswith("2 4. Delta, Dirk 2. Bravo, Bert"), rows[1]
    assert table.locator("thead").evaluate("e => getComputedStyle(e).display") == (
        "table-header-group"
    )
    for selector in ("button", "input[type=date]", "nav", ".pairing-actions"):
        items = page.locator(selector)
        for i in range(items.count()):
            assert not items.nth(i).is_visible(), selector
    _assert_a4(page)
