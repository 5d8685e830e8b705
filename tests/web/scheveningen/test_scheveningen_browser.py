"""K44 on a 390 px phone in headless Chromium without JavaScript: the match page of an
8-board Scheveningen match with long team and player names fits the screen (its wide tables
scroll inside their own box), and shows the score entered."""

from __future__ import annotations

from chessclub_web.clubs.models import Club, Membership, Role
from chessclub_web.scheveningen import services
from chessclub_web.tournaments.models import Game, RoundState

from ..browser import BROWSER_MARKS, phone_page
from ..builders import PASSWORD, make_tournament

pytestmark = BROWSER_MARKS


def test_K44_match_page_on_a_390px_phone_without_javascript(
    chromium, live_server, transactional_db, django_user_model
):
    club = Club.objects.create(name="Cercle public", number="700", public=True)
    user = django_user_model.objects.create_user("owner", password=PASSWORD)
    Membership.objects.create(user=user, club=club, role=Role.OWNER)
    players = [(f"Joueuse-au-nom-assez-long A{n}", 2000 - n) for n in range(1, 9)] + [
        (f"Joueur-au-nom-assez-long B{n}", 2000 - n) for n in range(1, 9)
    ]
    t = make_tournament(club, players, [], system="scheveningen", name="Match")
    ids = list(t.players.order_by("pairing_number").values_list("pk", flat=True))
    services.save_setup(
        t,
        user,
        team_a="Cercle royal des échecs du Nord",
        team_b="Échiquier de la vallée du Sud",
        a_ids=ids[:8],
        b_ids=ids[8:],
        double=False,
        primary="game_points",
    )
    services.make_rounds(t, user)
    services.publish_all(t, user)
    # Round 1: team A wins every board: 8–0, match points 2–0.
    Game.objects.filter(round__tournament=t, round__number=1).update(result="1-0")
    first = t.rounds.get(number=1)
    assert first.state == RoundState.PUBLISHED
    page = phone_page(chromium, javascript=False)
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(f"{live_server.url}/clubs/700/tournaments/{t.pk}/scheveningen/")
    text = page.content()
    assert "Cercle royal des échecs du Nord" in text
    wide = page.evaluate(
        "[...document.querySelectorAll('body *')]"
        ".filter(e => e.getBoundingClientRect().right > 392)"
        ".slice(0, 8).map(e => e.tagName + '.' + e.className + '#' + e.id)"
    )
    assert page.evaluate("document.documentElement.scrollWidth") <= 390, wide
    # Round 1 by the table: team A has White on boards 1 to 4, team B on boards 5 to 8; each
    # White wins, so 4 each.
    assert page.locator("#team-A td").first.inner_text() == "4"
    assert page.locator("#team-B td").first.inner_text() == "4"
    # The page prints: the actions are hidden on paper.
    page.emulate_media(media="print")
    assert not page.locator(".scheveningen-actions").is_visible()
