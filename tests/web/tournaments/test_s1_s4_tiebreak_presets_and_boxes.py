"""S1, S4 — *Paramètres*: the tiebreaks are chosen from ready-made lists and check boxes, in
an order given by a number beside each box, without JavaScript; the text field stays for codes
the boxes do not offer. Every save is one service call with its line in the history.

Expected lists by hand from the spec (``fide.md`` §1.6): FIDE's recommendations of C.02
Art. 13.16 (C.07 of 2023 gives none): individual round robin DE, WIN, SB, KS (13.16.2); Swiss
whose ratings are not consistent BH/C1, BH, SB, PS, DE, WIN, BWG (13.16.4); Swiss whose ratings
are consistent BH/C1, BH, DE, ARO/C1, WIN, BWG, BPG, SB (13.16.5); the product's defaults
(S4): Swiss BH/C1, BH, SB, DE, WIN; team events GP, EDE, EMGSB after match points.
"""

from __future__ import annotations

import html
import re

import pytest
from django.urls import reverse

from chessclub_web.audit.models import AuditAction, Entry
from chessclub_web.clubs.models import Role
from chessclub_web.tournaments.models import System, Tournament

from .helpers import make_tournament

pytestmark = pytest.mark.django_db

EN = {"HTTP_ACCEPT_LANGUAGE": "en"}
FIDE_SWISS = ["BH/C1", "BH", "SB", "PS", "DE", "WIN", "BWG"]
FIDE_SWISS_RATED = ["BH/C1", "BH", "DE", "ARO/C1", "WIN", "BWG", "BPG", "SB"]
FIDE_ROUND_ROBIN = ["DE", "WIN", "SB", "KS"]


@pytest.fixture
def owner(client, public_club, make_user):
    client.force_login(make_user("owner", public_club, Role.OWNER))
    return client


@pytest.fixture
def swiss(public_club) -> Tournament:
    players = [("Alpha, Anne", 1900), ("Bravo, Bert", 1800), ("Charlie, Claire", 1700)]
    return make_tournament(public_club, players, [[(1, 2, "1-0")]], system="swiss")


def settings_url(t: Tournament) -> str:
    return reverse("tournament_settings", args=(t.club.number, t.pk))


def checked(page: str) -> list[str]:
    """The checked codes in the page's order, with the position typed beside each."""
    boxes = re.findall(r'<input type="checkbox" name="chosen" value="([^"]+)"([^>]*)>', page)
    positions = dict(
        re.findall(r'<input type="number" name="order-([^"]+)"[^>]*value="([^"]*)"', page)
    )
    return [f"{code}@{positions[code]}" for code, rest in boxes if " checked" in rest]


def post(client, t: Tournament, chosen: dict[str, str], **extra: str):
    """The page as a browser without JavaScript posts it: ``chosen`` code → position."""
    data: dict[str, object] = {"chosen": list(chosen), "tiebreaks": "", "tiebreak_rules": ""}
    data.update({f"order-{code}": position for code, position in chosen.items()})
    data.update(extra)
    return client.post(settings_url(t), data, **EN)


def test_s4_presets_listed_with_their_source(owner, swiss):
    page = html.unescape(owner.get(settings_url(swiss), **EN).content.decode())
    assert "FIDE, individual Swiss" in page and ", ".join(FIDE_SWISS) in page
    assert "C.02 Art. 13.16.4" in page and "C.02 Art. 13.16.5" in page
    assert ", ".join(FIDE_SWISS_RATED) in page and ", ".join(FIDE_ROUND_ROBIN) in page
    # A Swiss lists the Swiss presets first.
    assert page.index('id="preset-fide-swiss"') < page.index('id="preset-fide-round-robin"')
    # The defaults are checked, numbered 1…5, with each code's name.
    assert checked(page) == ["BH/C1@1", "BH@2", "SB@3", "DE@4", "WIN@5"]
    assert "Buchholz (Cut-1)" in page and "Sonneborn-Berger" in page


def test_s4_preset_link_checks_the_list_and_stores_nothing(owner, swiss):
    page = owner.get(settings_url(swiss) + "?preset=fide-swiss-rated", **EN).content.decode()
    assert checked(page) == [f"{code}@{n}" for n, code in enumerate(FIDE_SWISS_RATED, start=1)]
    assert 'id="preset-loaded"' in page
    swiss.refresh_from_db()
    assert swiss.tiebreaks == ""
    assert not Entry.objects.filter(tournament=swiss).exists()
    # An unknown preset is simply the page.
    page = owner.get(settings_url(swiss) + "?preset=nothing", **EN).content.decode()
    assert checked(page) == ["BH/C1@1", "BH@2", "SB@3", "DE@4", "WIN@5"]


def test_s4_saving_a_preset_stores_it_with_one_history_line(owner, swiss):
    chosen = {code: str(n) for n, code in enumerate(FIDE_SWISS, start=1)}
    response = post(owner, swiss, chosen)
    assert response.status_code == 302
    swiss.refresh_from_db()
    assert swiss.tiebreaks == ",".join(FIDE_SWISS)
    lines = Entry.objects.filter(tournament=swiss, action=AuditAction.SETTINGS_TIEBREAKS_CHANGED)
    assert lines.count() == 1
    assert lines.get().params == {
        "old": "BH/C1, BH, SB, DE, WIN",
        "new": "BH/C1, BH, SB, PS, DE, WIN, BWG",
    }


def test_s1_positions_give_the_order_and_boxes_without_one_come_last(owner, swiss):
    """WIN at 1, SB at 2, BH/C1 checked without a number: WIN, SB, BH/C1."""
    assert post(owner, swiss, {"BH/C1": "", "SB": "2", "WIN": "1"}).status_code == 302
    swiss.refresh_from_db()
    assert swiss.tiebreaks == "WIN,SB,BH/C1"
    page = owner.get(settings_url(swiss), **EN).content.decode()
    assert checked(page) == ["WIN@1", "SB@2", "BH/C1@3"]


def test_s1_bad_position_refused_400_naming_the_code(owner, swiss):
    response = post(owner, swiss, {"SB": "first", "WIN": "1"})
    assert response.status_code == 400
    text = html.unescape(response.content.decode())
    assert "The position of SB must be a whole number from 1 to 999." in text
    assert checked(text) == ["SB@first", "WIN@1"]  # the page keeps what was typed
    swiss.refresh_from_db()
    assert swiss.tiebreaks == ""


def test_s4_defaults_chosen_again_stay_the_defaults(owner, swiss):
    """The defaults saved as they are shown (e.g. to change only the rule era) are stored as
    "the defaults" (empty), no tiebreak line in the history."""
    chosen = {"BH/C1": "1", "BH": "2", "SB": "3", "DE": "4", "WIN": "5"}
    assert post(owner, swiss, chosen, tiebreak_rules="2026").status_code == 302
    swiss.refresh_from_db()
    assert (swiss.tiebreaks, swiss.tiebreak_rules) == ("", "2026")
    assert not Entry.objects.filter(
        tournament=swiss, action=AuditAction.SETTINGS_TIEBREAKS_CHANGED
    ).exists()


def test_s1_typed_codes_replace_the_boxes_and_get_a_box_of_their_own(owner, swiss):
    response = post(owner, swiss, {"SB": "1"}, tiebreaks="KS/L+1, de")
    assert response.status_code == 302
    swiss.refresh_from_db()
    assert swiss.tiebreaks == "KS/L+1,DE"
    page = owner.get(settings_url(swiss), **EN).content.decode()
    assert checked(page) == ["KS/L+1@1", "DE@2"]
    # Saved again as shown: unchanged.
    assert post(owner, swiss, {"KS/L+1": "1", "DE": "2"}).status_code == 302
    swiss.refresh_from_db()
    assert swiss.tiebreaks == "KS/L+1,DE"


def test_s1_round_robin_lists_its_presets_first(owner, public_club):
    players = [("Alpha, Anne", 1900), ("Bravo, Bert", 1800), ("Charlie, Claire", 1700)]
    t = make_tournament(public_club, players, [[(1, 2, "1-0")]])
    page = owner.get(settings_url(t), **EN).content.decode()
    assert page.index('id="preset-fide-round-robin"') < page.index('id="preset-fide-swiss"')
    page = owner.get(settings_url(t) + "?preset=fide-round-robin", **EN).content.decode()
    assert checked(page) == ["DE@1", "WIN@2", "SB@3", "KS@4"]


def test_s4_team_event_offers_team_codes_and_saves_them(owner, public_club):
    t = Tournament.objects.create(club=public_club, name="Interclubs", system=System.TEAM_SWISS)
    page = html.unescape(owner.get(settings_url(t), **EN).content.decode())
    assert checked(page) == ["GP@1", "EDE@2", "EMGSB@3"]  # S4, match points first
    assert "Team event, match points first" in page and "MP, EDE, EMGSB" in page
    assert 'value="SB"' not in page and 'name="draw_lots"' not in page
    assert post(owner, t, {"EDE": "2", "GP": "1"}).status_code == 302
    t.refresh_from_db()
    assert t.tiebreaks == "GP,EDE"
    line = Entry.objects.get(tournament=t, action=AuditAction.SETTINGS_TIEBREAKS_CHANGED)
    assert line.params == {"old": "GP, EDE, EMGSB", "new": "GP, EDE"}
    response = post(owner, t, {}, tiebreaks="GP, SB")
    assert response.status_code == 400
    assert "“SB” is an individual tiebreak: not for a team event." in html.unescape(
        response.content.decode()
    )


def test_s1_closed_tournament_boxes_disabled_no_presets(owner, swiss):
    from django.utils import timezone

    Tournament.objects.filter(pk=swiss.pk).update(closed_at=timezone.now())
    page = owner.get(settings_url(swiss), **EN).content.decode()
    assert 'id="presets"' not in page
    boxes = re.findall(r'<input type="checkbox" name="chosen"[^>]*>', page)
    assert boxes and all("disabled" in box for box in boxes)
    assert post(owner, swiss, {"SB": "1"}).status_code == 409
