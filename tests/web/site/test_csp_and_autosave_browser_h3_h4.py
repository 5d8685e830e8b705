"""In a real headless Chromium against the live server, with the site's Content-Security-Policy
(H3): the main pages (home, club, standings, crosstable, boards entry, entries) load and run
their scripts without a single CSP violation; a violation is caught (the detector works). And
H4 with R2: when an automatic save reaches a database that cannot be reached, the server
answers 503 and the row shows *Non enregistré* with the reason, the select keeps the chosen
result, nothing is stored; the button saves it once the database is back."""

from __future__ import annotations

import pytest
from django.db import connections

from chessclub_web.clubs.models import Role

from ..browser import BROWSER_MARKS, log_in, phone_page
from ..builders import board, boards_url, make_swiss
from .servers import unreachable

pytestmark = BROWSER_MARKS

COLLECT_VIOLATIONS = """
window.__csp = [];
document.addEventListener("securitypolicyviolation", function (e) {
  window.__csp.push(e.violatedDirective + " " + (e.blockedURI || e.sample || ""));
});
"""


@pytest.fixture
def setup(transactional_db, public_club, make_user):
    tournament = make_swiss(public_club)
    make_user("owner", public_club, Role.OWNER)
    make_user("arbitre", public_club, Role.ARBITER)
    return tournament


def _watched_page(chromium, live_server, username):
    page = phone_page(chromium)
    console: list[str] = []
    page.on("console", lambda m: console.append(m.text))
    page.add_init_script(COLLECT_VIOLATIONS)
    return log_in(page, live_server, username=username), console


def test_h3_main_pages_load_with_no_csp_violation(chromium, live_server, setup):
    page, console = _watched_page(chromium, live_server, "owner")
    base = f"/clubs/700/tournaments/{setup.pk}"
    pages = [
        "/",
        "/clubs/700/",
        f"{base}/",
        f"{base}/crosstable/",
        boards_url(setup),
        f"{base}/entries/",
    ]
    for path in pages:
        response = page.goto(live_server.url + path)
        assert response.status == 200, path
        assert "frame-ancestors 'none'" in response.headers["content-security-policy"]
        page.wait_for_load_state("networkidle")
        assert page.evaluate("window.__csp") == [], path
    # The pages' scripts ran: the entries page's list search answers as one types.
    assert not [line for line in console if "Content Security Policy" in line], console
    # The detector sees a violation: an inline handler added now is refused.
    page.evaluate(
        "var b = document.createElement('button'); b.setAttribute('onclick', 'window.x = 1');"
        "document.body.appendChild(b); b.click();"
    )
    page.wait_for_function("window.__csp.length > 0")
    assert page.evaluate("window.x") is None
    assert page.evaluate("window.__csp")[0].startswith("script-src")


def test_h4_r2_autosave_on_an_unreachable_database_shows_not_saved_and_keeps_the_choice(
    chromium, live_server, setup, monkeypatch
):
    page, _ = _watched_page(chromium, live_server, "arbitre")
    page.goto(live_server.url + boards_url(setup))
    game = board(setup, 2, 1)
    wrapper = type(connections["default"])
    working = wrapper.create_cursor
    answers: list[int] = []
    page.on("response", lambda r: answers.append(r.status) if "/boards/save/" in r.url else None)

    monkeypatch.setattr(wrapper, "create_cursor", unreachable)
    page.select_option(f"#result-{game.pk}", "0-1")
    page.locator("#board-1 .save-state .unsaved").wait_for()
    monkeypatch.setattr(wrapper, "create_cursor", working)
    assert answers == [503]
    state = page.inner_text("#board-1 .save-state")
    assert state.startswith("Non enregistré — "), state  # with the server's reason
    assert page.input_value(f"#result-{game.pk}") == "0-1"  # the choice is kept
    game.refresh_from_db()
    assert (game.result, game.version) == ("", 1)
    with page.expect_navigation():
        page.click("button.save-all")
    assert "Enregistré" in page.inner_text("ul.messages")
    game.refresh_from_db()
    assert (game.result, game.version) == ("0-1", 2)
    assert page.evaluate("window.__csp") == []
