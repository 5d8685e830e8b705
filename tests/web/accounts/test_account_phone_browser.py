"""*Mon compte* on a 390 px wide phone, without JavaScript (common.md: pages work on a phone):
the page, with its clubs, its tokens' table and a new token's secret (46 characters with no
space), never scrolls sideways; a wide table scrolls inside its own frame."""

from __future__ import annotations

from chessclub_web.accounts.models import ApiToken
from chessclub_web.clubs.models import Role

from ..browser import BROWSER_MARKS, log_in, phone_page

pytestmark = BROWSER_MARKS

WIDTH = 390  # CSS px


def test_account_page_fits_a_390px_phone(
    chromium, live_server, transactional_db, public_club, make_user
):
    make_user("owner", public_club, Role.OWNER)
    page = phone_page(chromium, javascript=False)
    page.set_viewport_size({"width": WIDTH, "height": 844})
    log_in(page, live_server, "/accounts/")
    assert page.evaluate("document.documentElement.scrollWidth") <= WIDTH

    page.fill("#id_name", "Tablette de la salle de tournoi, table d'arbitrage")
    page.check("input[name=scopes][value=enter_results]")
    page.check("input[name=scopes][value=publish_round]")
    page.click("form.token-form button[type=submit]")
    page.wait_for_load_state()
    secret = page.locator("code.secret").inner_text().strip()
    token = ApiToken.objects.get()
    assert secret.startswith(token.lead) and len(secret) == 46
    assert page.evaluate("document.documentElement.scrollWidth") <= WIDTH
    # The clubs' table fits without scrolling its frame.
    clubs = page.locator("table.clubs").bounding_box()
    assert clubs is not None and clubs["x"] + clubs["width"] <= WIDTH
    box = page.locator("code.secret").bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= WIDTH

    page.goto(f"{live_server.url}/accounts/")
    assert page.locator("code.secret").count() == 0
    assert page.locator(f"tr#token-{token.pk}").count() == 1
    assert page.evaluate("document.documentElement.scrollWidth") <= WIDTH
