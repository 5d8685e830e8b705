"""K24 on a 390 px phone in headless Chromium without JavaScript: the attendance page fits the
screen, one tap marks a player excused, the form's button saves it."""

from __future__ import annotations

from chessclub_web.clubs.models import Club, Membership, Role
from chessclub_web.keizer.models import Attendance

from ..browser import BROWSER_MARKS, log_in, phone_page
from ..builders import PASSWORD, make_tournament

pytestmark = BROWSER_MARKS


def test_K24_attendance_on_a_390px_phone_without_javascript(
    chromium, live_server, transactional_db, django_user_model
):
    club = Club.objects.create(name="Cercle public", number="700", public=True)
    user = django_user_model.objects.create_user("owner", password=PASSWORD)
    Membership.objects.create(user=user, club=club, role=Role.OWNER)
    players = [(f"Joueur-au-nom-assez-long {n}", 2000 - 10 * n) for n in range(1, 9)]
    t = make_tournament(club, players, [], system="keizer", name="Keizer")
    page = phone_page(chromium, javascript=False)
    page.set_viewport_size({"width": 390, "height": 844})
    path = f"/clubs/700/tournaments/{t.pk}/keizer/attendance/"
    log_in(page, live_server, path)
    assert "Soirée 1" in page.content()
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    fifth = t.players.get(pairing_number=5)
    page.click(f"#row-{fifth.pk} input[value=excused]")
    page.click("form.keizer-attendance button[type=submit]")
    page.wait_for_load_state()
    line = Attendance.objects.get()
    assert (line.player_id, line.evening, line.status) == (fifth.pk, 1, "excused")
    assert page.locator(f"#row-{fifth.pk} input[value=excused]").is_checked()


def test_k27_k28_keizer_standings_document_and_screen_in_chromium(
    chromium, live_server, transactional_db
):
    """The Keizer standings document prints its table without the page's links (print
    media); the hall's standings screen shows the Keizer ranking, also without JavaScript,
    and fits a 390 px phone."""
    from .example import AFTER_2, worked_example

    club = Club.objects.create(name="Cercle public", number="700", public=True)
    row = worked_example(club)
    page = phone_page(chromium, javascript=False)
    page.set_viewport_size({"width": 390, "height": 844})
    base = f"{live_server.url}/clubs/700/tournaments/{row.pk}/"
    page.goto(base + "documents/keizer-standings/")
    page.emulate_media(media="print")
    assert not page.locator("nav.doc-toolbar").is_visible()
    lines = page.locator("table.keizer-standings tbody tr")
    assert [lines.nth(i).locator("td.name").inner_text() for i in range(6)] == [
        name for name, *_rest in AFTER_2
    ]
    page.emulate_media(media="screen")
    page.goto(base + "screen/standings/")
    names = page.locator("table.keizer-screen td.name")
    assert names.count() == 6 and names.first.inner_text() == "A"
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
