"""The boards page in a real headless Chromium (Debian's ``chromium``, driven by playwright)
against the live server: automatic save (R2), a failed request then the button (R2), two
arbiters on the same board (R3), the page without JavaScript (R2) and a 360 px phone."""

from __future__ import annotations

import pytest

from chessclub_web.clubs.models import Role

from ..browser import BROWSER_MARKS, log_in, phone_page
from ..builders import board, boards_url, make_swiss

pytestmark = BROWSER_MARKS


@pytest.fixture
def setup(transactional_db, public_club, make_user):
    tournament = make_swiss(public_club)
    make_user("arbitre", public_club, Role.ARBITER)
    make_user("arbitre2", public_club, Role.ARBITER)
    return tournament


def _page(browser, live_server, tournament, username="arbitre", javascript=True):
    page = log_in(phone_page(browser, javascript=javascript), live_server, username=username)
    page.goto(live_server.url + boards_url(tournament))
    return page


def _state(page, board_number):
    return page.locator(f"#board-{board_number} .save-state")


def test_r2_browser_autosave_shows_saved(chromium, live_server, setup):
    page = _page(chromium, live_server, setup)
    game = board(setup, 2, 1)
    page.select_option(f"#result-{game.pk}", "1-0")
    page.locator("#board-1 .save-state .saved").wait_for()
    assert _state(page, 1).inner_text() == "Enregistré"
    game.refresh_from_db()
    assert (game.result, game.version) == ("1-0", 2)


def test_r2_browser_server_unreachable_not_saved_then_button_saves(chromium, live_server, setup):
    page = _page(chromium, live_server, setup)
    game = board(setup, 2, 2)
    page.route("**/boards/save/", lambda route: route.abort())
    page.select_option(f"#result-{game.pk}", "0-1")
    page.locator("#board-2 .save-state .unsaved").wait_for()
    assert _state(page, 2).inner_text() == "Non enregistré"
    assert page.input_value(f"#result-{game.pk}") == "0-1"  # the choice is kept
    game.refresh_from_db()
    assert game.result == ""
    page.unroute("**/boards/save/")
    with page.expect_navigation():
        page.click("button.save-all")
    assert "Enregistré" in page.inner_text("ul.messages")
    game.refresh_from_db()
    assert (game.result, game.version) == ("0-1", 2)
    assert board(setup, 2, 1).version == 1  # the untouched board was not saved


def test_r3_browser_two_contexts_same_board(chromium, live_server, setup):
    first = _page(chromium, live_server, setup, "arbitre")
    second = _page(chromium, live_server, setup, "arbitre2")
    game = board(setup, 2, 1)
    first.select_option(f"#result-{game.pk}", "1-0")
    first.locator("#board-1 .save-state .saved").wait_for()
    second.select_option(f"#result-{game.pk}", "0-1")  # its page still shows version 1
    second.locator("#board-1 .save-state .conflict").wait_for()
    text = _state(second, 1).inner_text()
    assert text.startswith("Modifié par quelqu'un d'autre"), text
    assert "1-0" in text and "0-1" in text  # the stored result beside the user's
    assert second.input_value(f"#result-{game.pk}") == "1-0"  # shows the stored result
    game.refresh_from_db()
    assert (game.result, game.version) == ("1-0", 2)
    # Choosing again now saves (the page took the stored version).
    second.select_option(f"#result-{game.pk}", "=")
    second.locator("#board-1 .save-state .saved").wait_for()
    game.refresh_from_db()
    assert (game.result, game.version) == ("=", 3)


def test_r2_browser_without_javascript_the_button_saves(chromium, live_server, setup):
    page = _page(chromium, live_server, setup, javascript=False)
    first, second = board(setup, 2, 1), board(setup, 2, 2)
    page.select_option(f"#result-{first.pk}", "=")
    page.select_option(f"#result-{second.pk}", "-+")
    first.refresh_from_db()
    assert first.result == ""  # nothing saved before the button
    with page.expect_navigation():
        page.click("button.save-all")
    assert "Enregistré" in page.inner_text("ul.messages")
    first.refresh_from_db()
    second.refresh_from_db()
    assert (first.result, second.result) == ("=", "-+")


def test_r1_browser_boards_page_fits_a_360_px_phone(chromium, live_server, setup):
    page = _page(chromium, live_server, setup)
    width = page.evaluate("document.documentElement.scrollWidth")
    viewport = page.evaluate("document.documentElement.clientWidth")
    assert width <= viewport <= 360
    game = board(setup, 2, 1)
    box = page.locator(f"#result-{game.pk}").bounding_box()
    assert box["x"] + box["width"] <= viewport  # the result control is in view
    assert page.locator("button.save-all").is_visible()
    for tab in ("calendar", "history"):
        page.goto(f"{live_server.url}/clubs/700/tournaments/{setup.pk}/{tab}/")
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= page.evaluate("document.documentElement.clientWidth"), tab
