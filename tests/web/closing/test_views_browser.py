"""*Clôturer*, *Variations Elo* and a player's Elo history on a 360 px phone, in a real headless
Chromium (Debian's ``chromium``, driven by playwright), without JavaScript (C1, E8, E9)."""

from __future__ import annotations

from chessclub_web.clubs.models import Club, Membership, Player, Role

from ..browser import BROWSER_MARKS, log_in, phone_page
from ..builders import make_tournament

pytestmark = BROWSER_MARKS


def test_c1_e9_close_then_read_the_elo_on_a_phone(
    chromium, live_server, transactional_db, django_user_model
):
    """C1 in the browser without JavaScript: date, confirmation, *Clôturer*; then E9/E8 pages
    fit a 360 px screen. Alpha 1500 beats Bravo 1900 (K 40): 40 × (1 − .08) = 36.8 → +37."""
    club = Club.objects.create(name="Cercle public", number="700", public=True)
    user = django_user_model.objects.create_user("owner", password="secret-pw-123")
    Membership.objects.create(user=user, club=club, role=Role.OWNER)
    t = make_tournament(club, [("Alpha, Anne", 1500), ("Bravo, Bob", 1900)], [[(1, 2, "1-0")]])
    page = phone_page(chromium, javascript=False)
    log_in(page, live_server, f"/clubs/700/tournaments/{t.pk}/close/")
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    page.fill("input[name=end_date]", "2026-05-02")
    page.check("input[name=confirm]")
    page.click(".close-form button[type=submit]")
    page.wait_for_load_state()
    assert "Classement final" in page.content()
    page.goto(f"{live_server.url}/clubs/700/tournaments/{t.pk}/elo-changes/")
    assert "+37" in page.content() and "Variations Elo" in page.content()
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    alpha = Player.objects.get(surname="Alpha")
    page.goto(f"{live_server.url}/clubs/700/players/{alpha.pk}/")
    assert page.locator("svg.elo-chart").count() == 1
    assert "1537" in page.content()
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
