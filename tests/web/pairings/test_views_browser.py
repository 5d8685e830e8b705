"""The entries tab and a draft round's pairing page in a real headless Chromium on a 360 px
phone (common.md: pages work on a phone, without JavaScript): the page itself never scrolls
sideways (wide tables scroll inside their frame), and the whole workflow — register, pair,
publish — works by plain form posts."""

from __future__ import annotations

import shutil

import pytest

from chessclub_web.clubs.models import Role
from chessclub_web.tournaments.models import RoundState, Tournament

CHROMIUM = next(
    (shutil.which(n) for n in ("chromium", "chromium-browser", "google-chrome") if shutil.which(n)),
    None,
)

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(
        CHROMIUM is None, reason="needs Debian's chromium (apt-get install chromium)"
    ),
]

TIMEOUT = 30_000  # ms


@pytest.fixture
def browser(monkeypatch):
    monkeypatch.setenv("DJANGO_ALLOW_ASYNC_UNSAFE", "true")
    sync_api = pytest.importorskip("playwright.sync_api")
    with sync_api.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        try:
            yield browser
        finally:
            browser.close()


def _no_sideways_scroll(page) -> None:
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 360, f"{page.url} is {width} px wide"


def test_phone_entries_pair_and_publish_without_javascript(
    browser, live_server, transactional_db, public_club, make_user
):
    make_user("owner", public_club, Role.OWNER)
    context = browser.new_context(
        locale="fr-BE", viewport={"width": 360, "height": 800}, java_script_enabled=False
    )
    page = context.new_page()
    page.set_default_timeout(TIMEOUT)
    page.goto(f"{live_server.url}/accounts/login/")
    page.fill("#id_username", "owner")
    page.fill("#id_password", "secret-pw-123")
    page.click("form.stacked button[type=submit]")
    page.wait_for_load_state()
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
    context.close()
