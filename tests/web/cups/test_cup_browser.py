"""K39 on a 390 px phone in headless Chromium without JavaScript: the public bracket of a drawn
cup fits the screen (its rounds one below the other), the winners are marked; an arbiter draws
the bracket with the page's button."""

from __future__ import annotations

from chessclub_web.clubs.models import Club, Membership, Role
from chessclub_web.cups.models import CupMatch

from ..browser import BROWSER_MARKS, log_in, phone_page
from ..builders import PASSWORD, make_tournament

pytestmark = BROWSER_MARKS


def test_k39_bracket_on_a_390px_phone_without_javascript(
    chromium, live_server, transactional_db, django_user_model
):
    club = Club.objects.create(name="Cercle public", number="700", public=True)
    user = django_user_model.objects.create_user("arbiter", password=PASSWORD)
    Membership.objects.create(user=user, club=club, role=Role.ARBITER)
    players = [(f"Joueur-au-nom-assez-long {n}", 2000 - 10 * n) for n in range(1, 7)]
    t = make_tournament(club, players, [], system="knockout", name="Coupe")
    page = phone_page(chromium, javascript=False)
    page.set_viewport_size({"width": 390, "height": 844})
    path = f"/clubs/700/tournaments/{t.pk}/cup/"
    log_in(page, live_server, path, username="arbiter")
    page.click("#cup-draw")
    page.wait_for_load_state()
    # 6 entrants, a bracket of 8: seeds 1 and 2 have byes and are marked through.
    assert CupMatch.objects.filter(tournament=t, cup_round=1).count() == 4
    assert page.locator(".cup-match.decided").count() == 2
    assert "Quarts de finale" in page.content() and "Finale" in page.content()
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    # The rounds stack: the final's column is below the first round's, not beside it.
    first = page.locator("#cup-round-1").bounding_box()
    final = page.locator("#cup-round-3").bounding_box()
    assert final["y"] > first["y"] and final["x"] == first["x"]
    # Printed, the forms disappear.
    page.emulate_media(media="print")
    assert not page.locator("#cup-pair, #cup-pair-refusal").first.is_visible()
