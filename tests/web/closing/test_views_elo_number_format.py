"""Numbers on the club Elo pages follow the page's language (Django localization): a French,
Dutch or German page writes the expected score with a decimal comma, an English one with a
point (the newcomer saw "Score attendu 1.58" on *Variations Elo*).

Hand arithmetic (FIDE B.02 table, club Elo spec E1): A 1700 plays B 1600 twice; the rating
difference 100 is in the band 99–106, expected score 0.64 per game: A's expected score is
2 × 0.64 = 1.28, B's 2 × 0.36 = 0.72. A scores 1½ (1-0, ½-½): the score 1.5 is localized too.
"""

from __future__ import annotations

import datetime

import pytest
from django.urls import reverse

from chessclub_web.closing import services
from chessclub_web.closing.models import EloRow

from ..builders import make_tournament

pytestmark = pytest.mark.django_db


@pytest.fixture
def closed(public_club):
    t = make_tournament(
        public_club,
        [("Alpha, Anne", 1700), ("Bravo, Bob", 1600)],
        [[(1, 2, "1-0")], [(2, 1, "=")]],
        system="double_round_robin",
    )
    services.close_tournament(t, None, datetime.date(2026, 3, 1))
    return t


@pytest.mark.parametrize(
    ("language", "expected", "score"),
    [("fr", "1,28", "1,5"), ("nl", "1,28", "1,5"), ("de", "1,28", "1,5"), ("en", "1.28", "1.5")],
)
def test_e9_expected_score_localized(client, closed, language, expected, score):
    client.defaults["HTTP_ACCEPT_LANGUAGE"] = language
    page = client.get(reverse("elo_changes", args=("700", closed.pk))).content.decode()
    assert f'<td class="num">{expected}</td>' in page
    assert f'<td class="num">{score}</td>' in page
    assert '<td class="num">0' + ("." if language == "en" else ",") + "72</td>" in page
    other = "1.28" if language != "en" else "1,28"
    assert other not in page


@pytest.mark.parametrize(("language", "expected"), [("fr", "1,28"), ("en", "1.28")])
def test_e8_player_page_expected_score_localized(client, closed, language, expected):
    client.defaults["HTTP_ACCEPT_LANGUAGE"] = language
    row = EloRow.objects.get(tournament=closed, rn__gt=1700)
    page = client.get(reverse("player", args=("700", row.player.pk))).content.decode()
    assert f'<td class="num">{expected}</td>' in page
