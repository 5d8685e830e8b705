"""FIDE C.04.A (pairings checker, fide.md §4.5) on the web: *Vérifier les appariements* lists a
round's differences by pairs, each once, with the board the pair was played on (a board the
engine alone made has none, nor has the bye).

The tournament is the hand-made ``checker-hand-8p-1r.trf`` (tests/fixtures/trf; the Dutch
pairing of its round 1 is worked out by hand in tests/core/pairing/test_c04a_checker_pairs.py:
1-4, 5-2, 3-6, bye to 7, with White first). It is imported, its initial colour set to White
(the file's ``XXC white1``) and its games given boards as an arbiter would enter them: 4-1 on
board 1, 3-5 on board 2, 2-7 on board 3. Expected: board 1 colours, board 2 and 3 played but
not paired, then 5-2 and 3-6 paired but not played (lowest pairing number first, no board),
then the pairing-allocated bye, 6 as played against 7 by the system.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.urls import reverse

from chessclub_web.clubs.models import Role
from chessclub_web.tournaments import services as tournament_services
from chessclub_web.tournaments.models import Bye, Game

pytestmark = pytest.mark.django_db

HAND = Path(__file__).resolve().parents[2] / "fixtures" / "trf" / "checker-hand-8p-1r.trf"
BOARDS = {(4, 1): 1, (3, 5): 2, (2, 7): 3}


def _checked_tournament(club, owner):
    t = tournament_services.import_tournament(club, HAND.read_bytes(), HAND.name, owner)
    t.initial_colour = "W"
    t.save(update_fields=["initial_colour"])
    games = Game.objects.filter(round__tournament=t).select_related("white", "black")
    assert {(g.white.pairing_number, g.black.pairing_number) for g in games} == set(BOARDS)
    for g in games:
        g.board = BOARDS[(g.white.pairing_number, g.black.pairing_number)]
        g.save(update_fields=["board"])
    return t


def _rows(page: str) -> list[tuple[str, ...]]:
    body = page.split('<table class="differences">', 1)[1].split("</table>", 1)[0]
    rows = []
    for kind, tr in re.findall(r'<tr class="(\w+)">(.*?)</tr>', body, re.S):
        cells = re.findall(r"<td[^>]*>(.*?)</td>", tr, re.S)
        rows.append((kind, *(re.sub(r"\s+", " ", cell).strip() for cell in cells)))
    return rows


def test_c04a_check_page_lists_pairs_once_with_played_boards(client, public_club, make_user):
    owner = make_user("owner", public_club, Role.OWNER)
    client.force_login(owner)
    client.defaults["HTTP_ACCEPT_LANGUAGE"] = "en"
    t = _checked_tournament(public_club, owner)
    response = client.post(reverse("check_pairings", args=(public_club.number, t.pk)))
    assert response.status_code == 200
    page = response.content.decode()
    assert page.count('<table class="differences">') == 1 and "Round 1" in page
    assert _rows(page) == [
        ("colours", "1", "4. Player4 – 1. Player1", "1. Player1 – 4. Player4", "colours exchanged"),
        ("played_only", "2", "3. Player3 – 5. Player5", "—", "played, not paired by the system"),
        ("played_only", "3", "2. Player2 – 7. Player7", "—", "played, not paired by the system"),
        ("engine_only", "", "—", "5. Player5 – 2. Player2", "paired by the system, not played"),
        ("engine_only", "", "—", "3. Player3 – 6. Player6", "paired by the system, not played"),
        (
            "bye",
            "",
            "6. Player6: bye",
            "7. Player7: bye",
            "pairing-allocated bye to another player",
        ),
    ]
    assert "Every round is paired as the FIDE Dutch system pairs it." not in page


def test_c04a_check_page_in_french(client, public_club, make_user):
    """French first: the kinds of difference are worded in the pairings catalogue."""
    owner = make_user("owner", public_club, Role.OWNER)
    client.force_login(owner)
    client.defaults["HTTP_ACCEPT_LANGUAGE"] = "fr"
    t = _checked_tournament(public_club, owner)
    page = client.post(reverse("check_pairings", args=(public_club.number, t.pk))).content.decode()
    assert [row[-1] for row in _rows(page)] == [
        "couleurs inversées",
        "joué, non apparié par le système",
        "joué, non apparié par le système",
        "apparié par le système, non joué",
        "apparié par le système, non joué",
        "bye d'appariement à un autre joueur",
    ]
    assert "paire par paire" in page


def test_c04a_check_page_agrees_after_the_dutch_pairing_is_played(client, public_club, make_user):
    """Playing round 1 as the system pairs it (1-4, 5-2, 3-6, the bye to 7): nothing differs."""
    owner = make_user("owner", public_club, Role.OWNER)
    client.force_login(owner)
    client.defaults["HTTP_ACCEPT_LANGUAGE"] = "en"
    t = _checked_tournament(public_club, owner)
    players = {p.pairing_number: p for p in t.players.all()}
    for g in Game.objects.filter(round__tournament=t).select_related("white", "black"):
        pair = (g.white.pairing_number, g.black.pairing_number)
        new = {(4, 1): (1, 4), (3, 5): (5, 2), (2, 7): (3, 6)}[pair]
        g.white, g.black = players[new[0]], players[new[1]]
        g.save(update_fields=["white", "black"])
    bye = Bye.objects.get(round__tournament=t, kind="U")
    assert bye.player.pairing_number == 6
    bye.player = players[7]
    bye.save(update_fields=["player"])
    page = client.post(reverse("check_pairings", args=(public_club.number, t.pk))).content.decode()
    assert "Every round is paired as the FIDE Dutch system pairs it." in page
    assert '<table class="differences">' not in page
