"""R-REG-2 on a 360 px phone in headless Chromium: the rating lists' results are readable
(the *Ajouter* cell no longer takes most of the width), and with JavaScript a single
non-digit character clears the previous results."""

from __future__ import annotations

from chessclub_web.clubs.models import Role
from chessclub_web.tournaments.models import Tournament

from ..browser import BROWSER_MARKS, log_in, phone_page
from ..list_players import belgian_list, fide_list

__all__ = ["belgian_list", "fide_list"]  # the fixtures used below

pytestmark = BROWSER_MARKS

TIMEOUT = 30_000  # ms


def _entries(public_club, t: Tournament) -> str:
    return f"/clubs/{public_club.number}/tournaments/{t.pk}/entries/"


def test_r_reg_2_phone_results_readable_and_cleared_by_one_letter(
    chromium, live_server, transactional_db, public_club, make_user, fide_list, belgian_list
):
    make_user("owner", public_club, Role.OWNER)
    t = Tournament.objects.create(club=public_club, name="Open", system="swiss", planned_rounds=5)
    page = log_in(phone_page(chromium, timeout=TIMEOUT), live_server)
    page.goto(f"{live_server.url}{_entries(public_club, t)}?q=testeur")
    assert page.locator("tr.list-result").count() >= 2
    widths = page.evaluate(
        """() => {
          const row = document.querySelector("tr.list-result");
          const action = row.querySelector("td.action");
          return {row: row.getBoundingClientRect().width,
                  action: action.getBoundingClientRect().width,
                  name: row.querySelector("td.name").getBoundingClientRect().width,
                  page: document.documentElement.scrollWidth};
        }"""
    )
    # Stacked: the name has the card's width, the button no sticky column of its own.
    assert widths["page"] <= 360, widths
    assert widths["name"] >= 0.9 * widths["row"], widths
    page.fill("#list-q", "%")
    page.wait_for_function("document.querySelectorAll('tr.list-result').length === 0")
    assert page.locator("tr.list-result").count() == 0
