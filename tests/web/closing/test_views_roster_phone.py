"""A 360 px phone (common.md: pages work on a phone): the club roster (/clubs/<n>/players/)
and the *Entries* players table. The newcomer found the roster 523 px wide (Elo columns and
*Modifier* cut off) and the entries table cut at "Byes et al…" with *retirer* off-screen. The
page must not scroll sideways; a wide table scrolls inside its own frame, and the name and the
row's action (Modifier / retirer) can be reached (inside the viewport, or by scrolling the
frame)."""

from __future__ import annotations

from chessclub_web.clubs.models import Player as RosterPlayer
from chessclub_web.clubs.models import Role
from chessclub_web.pairings.models import RequestedBye
from chessclub_web.tournaments.models import Tournament

from ..browser import BROWSER_MARKS, log_in, phone_page

pytestmark = BROWSER_MARKS

TIMEOUT = 30_000  # ms

#: After scrolling the table's frame fully right, where the last cell (the action) and the
#: frame end; and the page's own width.
PROBE = """(selector) => {
  const table = document.querySelector(selector);
  const wrap = table.closest(".table-wrap");
  const row = table.querySelector("tbody tr");
  const last = row.querySelector("td:last-child");
  const name = row.querySelector("td.name, td:nth-child(2)");
  const out = {pageWidth: document.documentElement.scrollWidth,
               nameRight: name.getBoundingClientRect().right,
               lastRightBefore: last.getBoundingClientRect().right};
  if (wrap) { wrap.scrollLeft = 10000; }
  out.lastLeft = last.getBoundingClientRect().left;
  out.lastRight = last.getBoundingClientRect().right;
  out.wrapRight = wrap ? wrap.getBoundingClientRect().right : 360;
  out.action = last.innerText.trim();
  return out;
}"""


def _reachable(m: dict) -> None:
    assert m["pageWidth"] <= 360, f"the page is {m['pageWidth']} px wide"
    assert m["nameRight"] <= 360
    # The action cell is inside the frame (and the viewport) once the frame is scrolled.
    assert m["lastRight"] <= m["wrapRight"] + 1 <= 361, m
    assert m["lastLeft"] >= 0, m


def test_r_phone_roster_fits_360px(chromium, live_server, transactional_db, public_club, make_user):
    make_user("owner", public_club, Role.OWNER)
    RosterPlayer.objects.create(
        club=public_club,
        surname="Vandenbergh-Lefèvre",
        first_name="Marie-Christine",
        matricule="12345",
        fide_id="987654321",
        swiss_code="SUI-1234",
        initial_elo_standard=1850,
        initial_elo_rapid=1800,
        initial_elo_blitz=1750,
    )
    page = log_in(phone_page(chromium, timeout=TIMEOUT), live_server)
    page.goto(f"{live_server.url}/clubs/{public_club.number}/players/")
    m = page.evaluate(PROBE, "table.roster")
    _reachable(m)
    assert m["action"] == "Modifier"


def test_r_phone_entries_table_fits_360px(
    chromium, live_server, transactional_db, public_club, make_user
):
    make_user("owner", public_club, Role.OWNER)
    t = Tournament.objects.create(
        club=public_club, name="Open du jeudi", system="swiss", planned_rounds=5
    )
    p = t.players.create(
        pairing_number=1, name="Vandenbergh-Lefèvre, Marie-Christine", rating=1850, title="WFM"
    )
    RequestedBye.objects.create(player=p, round_number=2, kind="H")
    RequestedBye.objects.create(player=p, round_number=3, kind="Z")
    page = log_in(phone_page(chromium, timeout=TIMEOUT), live_server)
    page.goto(f"{live_server.url}/clubs/{public_club.number}/tournaments/{t.pk}/entries/")
    m = page.evaluate(PROBE, "table.entries-table")
    _reachable(m)
    assert m["action"] == "modifier · retirer"
    # *modifier · retirer* is in view without scrolling the frame (sticky at its right edge).
    assert m["lastRightBefore"] <= 360, m
