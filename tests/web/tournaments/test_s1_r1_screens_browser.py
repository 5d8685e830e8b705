"""The screens of the playing hall in a real headless Chromium (Debian's ``chromium``, driven
by playwright) against the live server: a result saved elsewhere appears on the pairings and
standings screens without a reload (S1, R1); a list longer than the window turns page by
page; without JavaScript the server's pages reload one another.

Values by hand from the demo file (tests/fixtures/frbe/elite-2000-16p-7r.txt): in round 7,
3 Charlie Claire (White) drew with 2 Bravo Bruno and finished first on 5; a win there makes
5½.
"""

from __future__ import annotations

import pytest

from chessclub_web import commands
from chessclub_web.clubs.models import Role
from chessclub_web.results.services import Change, save_results
from chessclub_web.tournaments.models import Game, Tournament

from ..browser import BROWSER_MARKS

pytestmark = BROWSER_MARKS

#: Long enough for the first poll (at once), a save and the next poll (every 5 s), on a
#: loaded machine.
WAIT = 30_000


@pytest.fixture
def demo_live(transactional_db) -> str:
    return commands.load_demo().splitlines()[-1]


def _page(browser, *, javascript=True, viewport=None):
    options = {"locale": "en", "viewport": viewport or {"width": 1280, "height": 900}}
    if not javascript:
        options["java_script_enabled"] = False
    page = browser.new_context(**options).new_page()
    page.set_default_timeout(WAIT)
    return page


def _save_charlie_wins_round_7(make_user) -> None:
    row = Tournament.objects.get()
    game = Game.objects.get(round__tournament=row, round__number=7, white__pairing_number=3)
    assert game.result == "="
    arbiter = make_user("arbiter-screen", row.club, Role.ARBITER)
    outcome = save_results(row, game.round, [Change(game.pk, "1-0", game.version)], arbiter)
    assert not outcome.stale


def test_s1_r1_browser_screens_follow_a_result_saved_elsewhere(
    chromium, live_server, demo_live, make_user
):
    pairings = _page(chromium)
    pairings.goto(live_server.url + demo_live + "screen/pairings/")
    standings = _page(chromium)
    standings.goto(live_server.url + demo_live + "screen/standings/")
    for page in (pairings, standings):
        page.wait_for_selector("[data-screen-live][data-etag]", state="attached")
        page.evaluate("window.notReloaded = true")
    board = pairings.locator("tr[data-item]", has_text="Charlie Claire")
    assert board.locator(".result").inner_text() == "½-½"
    charlie = standings.locator("#screen-player-3 .points")
    assert charlie.inner_text() == "5"
    _save_charlie_wins_round_7(make_user)
    pairings.wait_for_function(
        "() => [...document.querySelectorAll('tr[data-item]')].some("
        "r => r.textContent.includes('Charlie Claire') && "
        "r.querySelector('.result').textContent.trim() === '1-0')",
        timeout=WAIT,
    )
    standings.wait_for_function(
        "() => document.querySelector('#screen-player-3 .points').textContent === '5½'",
        timeout=WAIT,
    )
    for page in (pairings, standings):
        assert page.evaluate("window.notReloaded") is True  # updated in place


def test_s1_browser_long_standings_turn_page_by_page(chromium, live_server, demo_live):
    page = _page(chromium, viewport={"width": 1280, "height": 420})
    page.goto(live_server.url + demo_live + "screen/standings/?seconds=3")
    page.wait_for_selector("[data-screen-live][data-etag]", state="attached")
    pages = int(page.get_attribute("[data-screen-live]", "data-pages"))
    assert pages >= 2
    visible = page.locator("tr[data-item]:visible").count()
    assert 0 < visible < 16
    assert page.get_attribute("[data-screen-live]", "data-page") == "1"
    page.wait_for_selector("[data-screen-live][data-page='2']", state="attached", timeout=10_000)
    assert page.locator("#screen-player-3").is_hidden()  # the leader was on page 1
    assert page.locator("[data-screen-page]").inner_text() == f"Page 2 of {pages}"


def test_s1_browser_without_javascript_pages_reload_one_another(chromium, live_server, demo_live):
    page = _page(chromium, javascript=False)
    page.goto(live_server.url + demo_live + "screen/standings/?seconds=3")
    assert page.locator("tr[data-item]").count() == 15
    page.wait_for_url("**/screen/standings/?page=2&seconds=3", timeout=15_000)
    assert page.locator("tr[data-item]").count() == 1
    page.wait_for_url("**/screen/standings/?page=1&seconds=3", timeout=15_000)
