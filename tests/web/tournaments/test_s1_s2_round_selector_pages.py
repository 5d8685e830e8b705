"""S1, S2, S3, S5 on the pages: the *Classement*, the *Grille américaine* and the explanations
after any published round (``?round=N``, a plain GET form with a round selector), the round
robin's square table, and the refusals of a round the pages cannot show.

Values by hand from the demo file (tests/fixtures/frbe/elite-2000-16p-7r.txt; see
test_s1_standings_after_round.py): after round 4, 7 Golf Gilles is first on 3½; 3 Charlie
Claire, 4 Delta David and 9 India Ivan have 3; after round 7 Charlie is first on 5. Golf's
opponents of rounds 1–4 are 15, 4, 10 and 6; after round 4 Delta has 3 (1 ½ 1 ½), Juliett
1 (0 1 0 0) and Foxtrot 2 (1 ½ ½ 0), all four games played: the scores the Buchholz
explanation names for them (after round 7: 4½, 1½ and 3 with a virtual point).
"""

from __future__ import annotations

import re

import pytest
from django.test import Client

from chessclub_web.clubs.models import Club, Role
from chessclub_web.tournaments.models import Game, Round, RoundState, Tournament

from .helpers import make_tournament, round_robin

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _english(client):
    client.defaults["HTTP_ACCEPT_LANGUAGE"] = "en"


def _points(html: str) -> dict[int, str]:
    return {
        int(number): points
        for number, points in re.findall(
            r'<tr id="player-(\d+)">.*?<td class="num points">([^<]*)</td>', html, re.S
        )
    }


def _order(html: str) -> list[int]:
    return [int(n) for n in re.findall(r'<tr id="player-(\d+)">', html)]


def _selected(html: str) -> list[str]:
    form = re.search(r'<form method="get" action="" class="round-selector.*?</form>', html, re.S)
    assert form, "no round selector"
    assert '<button type="submit">' in form.group(0)
    assert 'name="round"' in form.group(0)
    return re.findall(r'<option value="(\d+)" selected>', form.group(0))


def test_s1_default_standings_after_the_last_round_with_selector(client, demo):
    html = client.get(demo).content.decode()
    assert "<h2>Standings after round 7</h2>" in html
    assert _selected(html) == ["7"]
    assert re.findall(r'<option value="(\d+)"', html) == [str(n) for n in range(1, 8)]
    points = _points(html)
    assert points[3] == "5" and _order(html)[0] == 3


def test_s1_standings_after_round_4(client, demo):
    response = client.get(demo + "?round=4")
    assert response.status_code == 200
    html = response.content.decode()
    assert "<h2>Standings after round 4</h2>" in html
    assert _selected(html) == ["4"]
    points = _points(html)
    assert points[7] == "3½" and points[3] == points[4] == points[9] == "3"
    assert points[1] == "2½" and points[16] == "1"
    assert _order(html)[0] == 7
    # Every tiebreak link keeps the round; so does the print link.
    links = re.findall(r'<td class="num tiebreak"><a href="([^"]+)"', html)
    assert links and all(link.endswith("/?round=4") for link in links)
    assert 'class="print-link" href="?round=4&amp;print=1"' in html
    printable = client.get(demo + "?round=4&print=1").content.decode()
    assert "Standings — after round 4" in printable


def test_s1_last_round_asked_is_the_default_page(client, demo):
    html = client.get(demo + "?round=7").content.decode()
    assert _points(html) == _points(client.get(demo).content.decode())
    assert 'explain/3/BH/C1/"' in html  # no ?round in the links of the full standings


def test_s2_crosstable_after_round_4_has_four_round_columns(client, demo):
    html = client.get(demo + "crosstable/?round=4").content.decode()
    assert "<h2>Crosstable after round 4</h2>" in html
    assert re.findall(r'<th class="num round"[^>]*>R(\d+)</th>', html) == ["1", "2", "3", "4"]
    golf = re.search(r'<tr id="player-7">(.*?)</tr>', html, re.S)
    assert golf
    cells = re.findall(
        r'<td class="cell [^"]*" data-round="\d+" title="[^"]*">([^<]*)</td>', golf.group(1)
    )
    assert cells == ["15B1", "4W½", "10B1", "6W1"]
    assert "square-table" not in html  # a Swiss has no square table


def test_s1_explanation_after_round_4_keeps_the_round(client, demo):
    html = client.get(demo + "explain/7/BH/?round=4").content.decode()
    assert 'id="after-round">after round 4<' in html
    assert "rank 1, 3½ pts" in html
    rows = re.findall(r'<tr class="(?:counted|removed)">(.*?)</tr>', html, re.S)
    assert len(rows) == 4
    scores = {}
    for row in rows:
        opponent = re.search(r"#player-(\d+)", row)
        numbers = re.findall(r'<td class="num">([^<]*)</td>', row)
        if opponent:
            scores[int(opponent.group(1))] = numbers[1]
    assert scores[4] == "3" and scores[10] == "1" and scores[6] == "2"
    assert re.search(r'href="[^"]*/tournaments/\d+/\?round=4#player-7"', html)
    others = re.findall(r'<nav class="other-tiebreaks.*?</nav>', html, re.S)
    assert others and all(
        href.endswith("?round=4") for href in re.findall(r'href="([^"]+)"', others[0])
    )


@pytest.mark.parametrize(
    ("query", "status", "message"),
    [
        ("abc", 400, "“abc” is not a round number"),
        ("2.5", 400, "is not a round number"),
        ("0", 400, "Rounds are numbered from 1."),
        ("-3", 400, "is not a round number"),
        ("8", 404, "There is no published round 8: the last published round is 7."),
        ("99999999999999999999", 400, "is not a round number"),
    ],
)
@pytest.mark.parametrize("page", ["", "crosstable/", "explain/7/BH/"])
def test_s1_bad_round_answers_400_or_404_with_the_reason(
    client, demo, page, query, status, message
):
    response = client.get(f"{demo}{page}?round={query}")
    assert response.status_code == status
    html = response.content.decode()
    assert message in html
    assert 'id="round-not-shown"' in html


@pytest.fixture
def with_draft_round_8(demo) -> Tournament:
    row = Tournament.objects.get()
    draft = Round.objects.create(tournament=row, number=8, state=RoundState.DRAFT)
    players = {p.pairing_number: p for p in row.players.all()}
    Game.objects.create(round=draft, white=players[3], black=players[7])
    return row


def test_s3_draft_round_is_no_round_for_a_visitor(client, demo, with_draft_round_8):
    response = client.get(demo + "?round=8")
    assert response.status_code == 404
    html = response.content.decode()
    assert "There is no published round 8: the last published round is 7." in html
    assert "draft" not in html.lower()
    assert _selected(client.get(demo).content.decode()) == ["7"]


def test_s3_draft_round_named_as_such_for_the_staff(demo, with_draft_round_8, make_user):
    club = Club.objects.get(number="618")
    staff = Client(HTTP_ACCEPT_LANGUAGE="en")
    staff.force_login(make_user("arbiter-rounds", club, Role.ARBITER))
    response = staff.get(demo + "?round=8")
    assert response.status_code == 404
    assert "Round 8 is a draft: the standings count published rounds only." in (
        response.content.decode()
    )


def test_s2_round_robin_square_table(client, public_club):
    row = round_robin(public_club, withdrawn_from=3)
    url = f"/clubs/{public_club.number}/tournaments/{row.pk}/crosstable/"

    def square(html: str) -> dict[tuple[int, int], tuple[str, str]]:
        table = re.search(r'<table class="square-table">(.*?)</table>', html, re.S)
        assert table, "no square table"
        columns = [
            int(n) for n in re.findall(r'<th class="num opponent"[^>]*>(\d+)</th>', table.group(1))
        ]
        found = {}
        for own, body in re.findall(r'<tr id="square-(\d+)">(.*?)</tr>', table.group(1), re.S):
            cells = re.findall(r'<td class="(cell[^"]*|square-self)"[^>]*>([^<]*)</td>', body)
            assert len(cells) == len(columns)
            for column, (kind, text) in zip(columns, cells, strict=True):
                found[int(own), column] = (kind, text)
        return found

    after_2 = square(client.get(url + "?round=2").content.decode())
    assert after_2[1, 6] == ("cell cell-loss", "W0")  # round 1: 1 (White) lost to 6
    assert after_2[6, 1] == ("cell cell-win", "B1")
    assert after_2[6, 4] == ("cell cell-draw", "W½")  # round 2: 6-4 ½-½
    assert after_2[3, 1] == ("cell square-none", "")  # 3-1 is a round 3 game
    assert after_2[1, 1] == ("square-self", "")
    after_3 = square(client.get(url + "?round=3").content.decode())
    assert after_3[3, 1] == ("cell cell-draw", "W½")
    # 6's results annulled from round 3 on: marked as the crosstable marks them.
    assert after_3[1, 6] == ("cell cell-annulled-loss cell-annulled", "(W0)")
    assert after_3[2, 6] == ("cell cell-annulled-forfeit-win cell-annulled", "(W+)")
    assert after_3[6, 2] == ("cell cell-annulled-forfeit-loss cell-annulled", "(B−)")
    full = square(client.get(url).content.decode())
    assert full[4, 2] == ("cell cell-win", "W1")  # round 5: 4-2 1-0


def test_s2_double_round_robin_square_cell_holds_both_games(client, public_club):
    row = make_tournament(
        public_club,
        [("Player0001, Anon", 1500), ("Player0002, Anon", 1500)],
        [[(1, 2, "1-0")], [(2, 1, "=")]],
        system="double_round_robin",
    )
    url = f"/clubs/{public_club.number}/tournaments/{row.pk}/crosstable/"
    html = client.get(url).content.decode()
    row_1 = re.search(r'<tr id="square-1">(.*?)</tr>', html, re.S)
    assert row_1 and 'data-opponent="2"' in row_1.group(1)
    assert re.search(r'data-opponent="2" title="[^"]*">W1 B½</td>', row_1.group(1))
    after_1 = client.get(url + "?round=1").content.decode()
    assert re.search(r'data-opponent="2" title="[^"]*">W1</td>', after_1)


def test_s1_empty_round_is_the_default(client, demo):
    response = client.get(demo + "?round=")
    assert response.status_code == 200
    assert "<h2>Standings after round 7</h2>" in response.content.decode()


def test_c1_closed_tournament_final_standings_only_after_the_last_round(client, demo, make_user):
    import datetime

    from chessclub_web.closing import services as closing

    row = Tournament.objects.get()
    owner = make_user("owner-rounds", row.club, Role.OWNER)
    closing.close_tournament(row, owner, datetime.date(2000, 6, 30))
    assert 'id="final-standings"' in client.get(demo).content.decode()
    html = client.get(demo + "?round=4").content.decode()
    assert 'id="final-standings"' not in html
    assert _order(html)[0] == 7 and _points(html)[7] == "3½"


@pytest.mark.parametrize(
    ("language", "heading", "label"),
    [
        ("fr", "Classement après la ronde 4", "Après la ronde"),
        ("nl", "Rangschikking na ronde 4", "Na ronde"),
        ("de", "Rangliste nach Runde 4", "Nach Runde"),
    ],
)
def test_s1_round_selector_in_the_reader_language(client, demo, language, heading, label):
    html = client.get(demo + "?round=4", HTTP_ACCEPT_LANGUAGE=language).content.decode()
    assert f"<h2>{heading}</h2>" in html
    assert f'<label for="round-select">{label}</label>' in html
    refused = client.get(demo + "?round=9", HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert "la dernière ronde publiée est la ronde 7" in refused
