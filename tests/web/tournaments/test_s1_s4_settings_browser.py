"""S1, S4 — the *Paramètres* page in a real headless Chromium (Debian's ``chromium``, driven by
playwright) with JavaScript off: a ready-made list is a link, the order is typed beside each
check box, and the button saves it.

By hand from the demo championship (a Swiss) and FIDE's C.02 Art. 13.16.4 list BH/C1, BH, SB,
PS, DE, WIN, BWG: PS unchecked and BH/C1 moved to position 9 give BH, SB, DE, WIN, BWG, BH/C1.
"""

from __future__ import annotations

import pytest

from chessclub_web import commands
from chessclub_web.clubs.models import Club, Role
from chessclub_web.tournaments.models import Tournament

from ..browser import BROWSER_MARKS

pytestmark = BROWSER_MARKS


@pytest.fixture
def demo_live(transactional_db) -> str:
    return commands.load_demo().splitlines()[-1]


def test_s1_s4_preset_reordered_and_saved_without_javascript(chromium, live_server, demo_live):
    owner = Club.objects.get(number="618").memberships.get(role=Role.OWNER).user
    owner.set_password("secret-pw-123")
    owner.save()
    context = chromium.new_context(locale="en", java_script_enabled=False)
    page = context.new_page()
    page.set_default_timeout(15_000)
    page.goto(f"{live_server.url}/accounts/login/")
    page.fill("#id_username", owner.username)
    page.fill("#id_password", "secret-pw-123")
    page.click("form.stacked button[type=submit]")
    page.wait_for_load_state()
    page.goto(live_server.url + demo_live + "settings/")
    page.click("#preset-fide-swiss a")
    page.wait_for_load_state()
    assert page.locator("#preset-loaded").is_visible()
    page.uncheck("input[name=chosen][value=PS]")
    page.fill("input[name='order-BH/C1']", "9")
    with page.expect_navigation():
        page.click("form.settings button[type=submit]")
    row = Tournament.objects.get(club__number="618")
    assert row.tiebreaks == "BH,SB,DE,WIN,BWG,BH/C1"
    headers = page.locator("table.standings thead th.tiebreak").all_inner_texts()
    assert headers == ["BH", "SB", "DE", "WIN", "BWG", "BH/C1"]
