"""The printed documents of the demo tournament (the real 16-player, 7-round championship of
2000 in tests/fixtures/frbe): each PDF is read back and checked against the file (spec S1,
S2, S5)."""

from __future__ import annotations

import re

import pytest

from chessclub.formats import read_tournament

from ..conftest import ELITE_FILE
from .helpers import in_order, pdf_pages, pdf_text

pytestmark = pytest.mark.django_db

EN = {"HTTP_ACCEPT_LANGUAGE": "en"}


def _core():
    return read_tournament(ELITE_FILE.read_bytes())


def _names(core, number: int) -> str:
    return core.player(number).name


def test_s5_pairings_of_round_3_list_every_board_in_the_file_order(client, demo):
    core = _core()
    games = sorted(core.round(3).games, key=lambda g: g.board or 0)
    response = client.get(demo + "documents/pairings.pdf?round=3", **EN)
    assert response.status_code == 200
    assert response["Content-Type"] == "application/pdf"
    text = pdf_text(response.content)
    assert "Pairings by board" in text and "Round 3" in text
    expected = []
    for game in games:
        expected += [_names(core, game.white), _names(core, game.black)]
    assert len(expected) == 14  # 7 boards
    assert in_order(text, *expected), text
    # Two boards read by hand from the file: 12 "1 B 0" / 1 "12 N 1"; 16 "3 B 5" / 3 "16 N 5".
    assert in_order(text, "Lima Louise", "Alpha Anne")
    assert in_order(text, "Papa Paul", "Charlie Claire")
    # Absent in round 3 (no game in the file's round 3 column): listed under the boards.
    assert in_order(text, "Without a board", "Mike Marc", "Absent", "Oscar Olivier", "Absent")


def test_s1_pairings_show_points_before_the_round(client, demo):
    """Points before round 3, by hand from the file: Alpha Anne ½ + ½ = 1; Lima Louise 0 + 0
    (no game in round 2) = 0; the page shows them on board 1."""
    page = client.get(demo + "documents/pairings/?round=3", **EN).content.decode()
    board = page[page.index('<td class="num board">1</td>') :].split("</tr>")[0]
    cells = [c.split(">")[-1] for c in board.split("</td>")]
    assert cells[1] == "0"  # Lima Louise, White
    assert cells[-2] == "1"  # Alpha Anne, Black


def test_s5_alphabetical_pairings_give_each_player_board_and_colour(client, demo):
    text = pdf_text(client.get(demo + "documents/pairings-alphabetical.pdf?round=3", **EN).content)
    # Alpha Anne: board 1, Black, against Lima Louise (12); alphabetical order kept.
    assert in_order(text, "Alpha Anne", "1", "B", "Lima Louise")
    assert in_order(text, "Alpha Anne", "Bravo Bruno", "Charlie Claire", "Delta David")


def test_s5_result_slips_hold_six_boards_a_page_in_board_order(client, make_user, demo):
    from chessclub_web.clubs.models import Club, Role

    arbiter = make_user("arbiter", Club.objects.get(number="618"), Role.ARBITER)
    client.force_login(arbiter)
    core = _core()
    games = sorted(core.round(3).games, key=lambda g: g.board or 0)
    response = client.get(demo + "documents/result-slips.pdf?round=3", **EN)
    assert response.status_code == 200
    pages = pdf_pages(response.content)
    assert len(pages) == 2  # 7 boards: 6 on the first page, 1 on the second
    for board, game in enumerate(games[:6], start=1):
        assert f"Board {board}" in pages[0]
        assert in_order(pages[0], f"Board {board}", _names(core, game.white))
        assert _names(core, game.black) in pages[0]
    assert "Board 7" in pages[1] and "Board 1 " not in pages[1]
    assert _names(core, games[6].white) in pages[1] and _names(core, games[6].black) in pages[1]
    assert pages[0].count("1-0 ½-½ 0-1") == 6


def test_s1_standings_after_round_4_have_the_points_of_the_file(client, demo):
    """Points after round 4, by hand from the file (5 = ½): Alpha Anne ½ ½ 1 ½ = 2½; India
    Ivan 1 1 0 1 = 3; Papa Paul absent, ½, ½, 0 = 1; Kilo Karim absent, 1, 0, 1 = 2."""
    response = client.get(demo + "documents/standings.pdf?round=4", **EN)
    text = pdf_text(response.content)
    assert "after round 4" in text
    for name, points in (
        ("Alpha Anne", "2½"),
        ("India Ivan", "3"),
        ("Papa Paul", "1"),
        ("Kilo Karim", "2"),
    ):
        # name, rating, federation, club number, then the points
        assert re.search(rf"{name} \d{{4}} BEL \d+ {points} ", text), (name, text)
    # The page holds the same values as cells.
    page = client.get(demo + "documents/standings/?round=4", **EN).content.decode()
    row = page[page.index("India Ivan") :].split("</tr>")[0]
    assert '<td class="num points">3</td>' in row


def test_s1_standings_after_the_last_round_are_the_classement(client, demo):
    """Without a round: after the last published round, as the *Classement* ranks them
    (the README: Charlie Claire first on 5 points)."""
    text = pdf_text(client.get(demo + "documents/standings.pdf", **EN).content)
    assert "after round 7" in text
    assert in_order(text, "BH/C1", "1 3 Charlie Claire", "5")


def test_s2_crosstable_cells_name_the_opponent_by_rank(client, demo):
    """After round 3 the rows are in rank order and each cell names the opponent's place:
    Alpha Anne's round 3, a win with Black against Lima Louise."""
    page = client.get(demo + "documents/crosstable/?round=3", **EN).content.decode()
    rows = page.split("<tbody>")[1].split("</tbody>")[0].split("</tr>")[:-1]
    names = [r.split('<td class="name">')[1].split("</td>")[0].strip() for r in rows]
    place = {name: i for i, name in enumerate(names, start=1)}
    alpha = rows[place["Alpha Anne"] - 1]
    cells = [c.split(">")[-1] for c in alpha.split("</td>") if 'class="round"' in c]
    assert cells[2] == f"{place['Lima Louise']}B1"
    assert cells[1] == f"{place['Bravo Bruno']}W½"  # round 2: 1 "2 B 5"


def test_s5_start_lists_in_three_orders_with_their_counts(client, demo):
    by_number = pdf_text(client.get(demo + "documents/start-list.pdf", **EN).content)
    assert in_order(by_number, "1 Alpha Anne", "2 Bravo Bruno", "16 Papa Paul")
    assert "Players: 16" in by_number and "Rated: 16" in by_number
    alphabetical = pdf_text(client.get(demo + "documents/start-list-alphabetical.pdf").content)
    assert in_order(alphabetical, "Alpha Anne", "Bravo Bruno", "Papa Paul")
    by_rating = pdf_text(client.get(demo + "documents/start-list-by-rating.pdf", **EN).content)
    # Oscar Olivier 2015 before Papa Paul 1932, after November Nadia 2016.
    assert in_order(by_rating, "Alpha Anne", "November Nadia", "Oscar Olivier", "Papa Paul")


def test_s5_player_card_lists_the_games_by_round(client, demo):
    """Alpha Anne (1): round 1 against Hotel Helene (8) with Black, a draw; round 3 against
    Lima Louise (12) with Black, won; 4½ points after round 7 (½ ½ 1 ½ ½ 1 ½)."""
    text = pdf_text(client.get(demo + "documents/player-cards.pdf?player=1", **EN).content)
    assert in_order(text, "1. Alpha Anne", "1", "B", "8", "Hotel Helene", "2171", "½", "½")
    assert in_order(text, "Lima Louise", "2093", "1", "2")
    assert "Points: 4½" in text
    assert "Performance (TPR)" in text
    assert "Bravo Bruno" not in text.split("Lima Louise")[1]  # one card only


def test_s5_print_several_makes_one_pdf_in_the_order_ticked(demo_owner, demo):
    url = demo + "documents/several.pdf?doc=standings&doc=pairings&round=3"
    response = demo_owner.get(url, **EN)
    assert response.status_code == 200
    pages = pdf_pages(response.content)
    assert "Standings" in pages[0] and "after round 3" in pages[0]
    assert "Pairings by board" in pages[-1] and "Round 3" in pages[-1]
    assert "Page 1 / 1" in pages[-1]  # each document numbers its own pages


def test_s5_documents_are_in_the_visitors_language(client, demo):
    text = pdf_text(client.get(demo + "documents/pairings.pdf?round=3").content)
    assert "Appariements" in text and "Ronde 3" in text
    text = pdf_text(
        client.get(demo + "documents/pairings.pdf?round=3", HTTP_ACCEPT_LANGUAGE="nl").content
    )
    assert "Ronde 3" in text and "Wit" in text
    text = pdf_text(
        client.get(demo + "documents/pairings.pdf?round=3", HTTP_ACCEPT_LANGUAGE="de").content
    )
    assert "Runde 3" in text and "Weiß" in text


def test_s1_printed_standings_leave_de_empty_where_it_separates_no_one(demo):
    """FIDE C.07: Direct Encounter only decides among players still tied on points and the
    tiebreaks before it. In the demo's final standings (BH/C1 BH SB DE WIN) no two players are
    tied on points, BH/C1, BH and SB, so DE separates no one: the paper leaves its column
    empty, as the *Classement* does."""
    from django.contrib.auth.models import AnonymousUser

    from chessclub_web.documents import kinds, services
    from chessclub_web.tournaments.models import Tournament

    tournament = Tournament.objects.get(club__number="618")
    for slug in ("standings", "crosstable"):
        kind = next(k for k in kinds.KINDS if k.slug == slug)
        built = services.document(tournament, AnonymousUser(), kind)
        doc = built.context["doc"]
        de = list(doc.codes if hasattr(doc, "codes") else built.context["codes"]).index("DE")
        assert len(doc.lines) == 16
        assert {line.tiebreaks[de] for line in doc.lines} == {""}, slug
