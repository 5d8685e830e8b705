"""The entries tab and a draft round's pairing page in a real headless Chromium on a 360 px
phone (common.md: pages work on a phone, without JavaScript): the page itself never scrolls
sideways (wide tables scroll inside their frame), and the whole workflow — register, pair,
publish — works by plain form posts."""

from __future__ import annotations

from chessclub_web.clubs.models import Role
from chessclub_web.tournaments.models import RoundState, Tournament

from ..browser import BROWSER_MARKS, log_in, phone_page

pytestmark = BROWSER_MARKS

TIMEOUT = 30_000  # ms


def _no_sideways_scroll(page) -> None:
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 360, f"{page.url} is {width} px wide"


def test_phone_entries_pair_and_publish_without_javascript(
    chromium, live_server, transactional_db, public_club, make_user
):
    make_user("owner", public_club, Role.OWNER)
    page = log_in(phone_page(chromium, javascript=False, timeout=TIMEOUT), live_server)
    page.goto(f"{live_server.url}/clubs/{public_club.number}/tournaments/new/")
    _no_sideways_scroll(page)
    page.fill("#id_name", "Open du jeudi")
    page.fill("#id_planned_rounds", "5")
    page.click("form.pairing-form button[type=submit]")
    page.wait_for_load_state()
    t = Tournament.objects.get(name="Open du jeudi")
    for name, rating in [("Alpha, Ann", "2100"), ("Beta, Bob", "1900"), ("Gamma, Gil", "1700")]:
        form = page.locator("form:has(input[name=action][value=add_player])")
        form.locator("#id_name").fill(name)
        form.locator("#id_rating").fill(rating)
        form.locator("button[type=submit]").click()
        page.wait_for_load_state()
    assert t.players.count() == 3
    _no_sideways_scroll(page)
    page.goto(f"{live_server.url}/clubs/{public_club.number}/tournaments/{t.pk}/pair/")
    page.locator("main form button[type=submit]").click()
    page.wait_for_load_state()
    assert "/rounds/1/pairing/" in page.url
    _no_sideways_scroll(page)
    assert "Alpha, Ann" in page.content()
    page.locator("form:has(input[name=action][value=publish]) button").click()
    page.wait_for_load_state()
    assert t.rounds.get(number=1).state == RoundState.PUBLISHED
    page.context.close()
