"""A team match on a 360 px phone in a real headless Chromium (Debian's ``chromium``, driven by
playwright): without JavaScript the button saves the boards (spec R2 fallback), with
JavaScript a chosen result is saved at once (R2 autosave, the results app's script); the
*Équipes* tab and the match page fit the screen (tables scroll inside their frame)."""

from __future__ import annotations

import pytest

from chessclub_web.clubs.models import Club, Membership, Role
from chessclub_web.teams import services
from chessclub_web.teams.models import Match
from chessclub_web.tournaments.models import System, Tournament

from ..browser import BROWSER_MARKS, log_in, phone_page

pytestmark = BROWSER_MARKS


def _setup(django_user_model):
    club = Club.objects.create(name="Cercle public", number="700", public=True)
    user = django_user_model.objects.create_user("owner", password="secret-pw-123")
    Membership.objects.create(user=user, club=club, role=Role.OWNER)
    t = Tournament.objects.create(club=club, name="Interclubs", system=System.TEAM_ROUND_ROBIN)
    for n in (1, 2):
        team = services.add_team(t, f"Équipe {n}")
        for k in range(1, 5):
            services.add_member(team, f"Joueur {n}.{k}", 2000 - k)
    services.pair_round_robin(t)
    return t, Match.objects.get(round__tournament=t)


@pytest.mark.parametrize("javascript", [False, True])
def test_r2_team_match_results_on_a_phone(
    chromium, live_server, transactional_db, django_user_model, javascript
):
    t, match = _setup(django_user_model)
    page = phone_page(chromium, javascript=javascript)
    path = f"/clubs/700/tournaments/{t.pk}/teams/matches/{match.pk}/"
    log_in(page, live_server, path)
    assert "Équipe 1 – Équipe 2" in page.content()
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    selects = page.locator("select.result")
    assert selects.count() == 4
    for index, code in enumerate(["1-0", "=", "=", "0-1"]):
        selects.nth(index).select_option(code)
        if javascript:
            page.locator(f"tr#board-{index + 1} .save-state .saved").wait_for()
    if not javascript:
        page.click("form.boards-form button[type=submit]")
        page.wait_for_load_state()
    page.goto(f"{live_server.url}{path}")
    # home White on boards 1, 3: 1 + ½ + ½ + (board 4, home Black, 0-1) 1 = 3 - 1, MP 2 - 0
    assert "3 – 1" in page.locator("#match-score").inner_text()
    page.goto(f"{live_server.url}/clubs/700/tournaments/{t.pk}/teams/")
    assert "Classement par équipes" in page.content()
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
