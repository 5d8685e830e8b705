"""S2 and E4 through the web: annulled games of a round robin withdrawer (product spec, Entries:
"Annulled games").

The 6-player round robin of ``tests/core/test_annulled_games.py`` (values worked by hand there):

    R1: 1-6 0-1   2-5 ½-½   3-4 1-0
    R2: 6-4 ½-½   5-3 0-1   1-2 1-0
    R3: 2-6 +/-   3-1 ½-½   4-5 1-0
    R4: 6-5 -/+   1-4 ½-½   2-3 0-1
    R5: 3-6 +/-   4-2 1-0   5-1 0-1

Player 6 withdrew from round 3 after 2 of his 5 games: below 50 %, his results are annulled.
Standings without his games: 3 (3½), 1 (3), 4 (2½), 2 and 5 (½); 6 last, not ranked.
"""

from __future__ import annotations

import datetime
import re

import pytest
from django.urls import reverse

from chessclub_web.closing import services as closing
from chessclub_web.closing.models import EloRow, FinalStanding
from chessclub_web.clubs.models import Role
from chessclub_web.pairings import services as pairings
from chessclub_web.tournaments.models import Game, Tournament, TournamentPlayer

from ..builders import make_tournament

# The English texts (the main catalogue's translations are the lead's, added apart).
pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("english")]


PLAYERS = [(f"Player{n:04d}, Anon", 1500) for n in range(1, 7)]
ROUNDS = [
    [(1, 6, "0-1"), (2, 5, "="), (3, 4, "1-0")],
    [(6, 4, "="), (5, 3, "0-1"), (1, 2, "1-0")],
    [(2, 6, "+-"), (3, 1, "="), (4, 5, "1-0")],
    [(6, 5, "-+"), (1, 4, "="), (2, 3, "0-1")],
    [(3, 6, "+-"), (4, 2, "1-0"), (5, 1, "0-1")],
]

ANNULLED_NOTE = "results annulled: withdrew before completing 50 % of their games"


def championship(club, withdrawn_from: int = 3) -> Tournament:
    t = make_tournament(club, PLAYERS, ROUNDS)
    TournamentPlayer.objects.filter(tournament=t, pairing_number=6).update(
        withdrawn_from_round=withdrawn_from
    )
    t.refresh_from_db()
    return t


def rows_of(html: str) -> dict[int, str]:
    return {int(n): body for n, body in re.findall(r'<tr id="player-(\d+)">(.*?)</tr>', html, re.S)}


def order_and_points(html: str) -> list[tuple[str, int, str]]:
    """(rank, pairing number, points) of each standings row, in page order."""
    return [
        (rank, int(number), points)
        for number, rank, points in re.findall(
            r'<tr id="player-(\d+)">\s*<td class="num rank">([^<]*)</td>.*?'
            r'<td class="num points">([^<]*)</td>',
            html,
            re.S,
        )
    ]


def cell(row_html: str, round_number: int) -> tuple[str, str]:
    """(classes, text) of a row's crosstable cell."""
    match = re.search(
        rf'<td class="([^"]*)" data-round="{round_number}" title="[^"]*">([^<]*)</td>', row_html
    )
    assert match, row_html
    return match.group(1), match.group(2)


def test_s2_standings_leave_annulled_games_out_and_say_so(client, public_club):
    """S1/S2: the others' points without player 6's games; 6 last, no rank, zero, no
    tiebreak, and the page says his results are annulled. SB of player 3 is 5 (not 9)."""
    t = championship(public_club)
    html = client.get(reverse("tournament", args=(public_club.number, t.pk))).content.decode()
    assert order_and_points(html) == [
        ("1", 3, "3½"),
        ("2", 1, "3"),
        ("3", 4, "2½"),
        ("4–5", 2, "½"),
        ("4–5", 5, "½"),
        ("–", 6, "0"),
    ]
    rows = rows_of(html)
    assert ANNULLED_NOTE in rows[6]
    assert ANNULLED_NOTE not in rows[1]
    # tiebreaks DE SB WIN KS: player 3's SB and KS (tests/core/test_annulled_games.py); alone
    # on 3½, DE separates no one: no value, no link (C.07 Art. 6)
    assert re.findall(r'class="num tiebreak"><a [^>]*>([^<]*)</a>', rows[3]) == [
        "5",
        "3",
        "1½",
    ]
    assert re.findall(r'class="num tiebreak"><a [^>]*>([^<]*)</a>', rows[6]) == ["–"] * 4


def test_s2_crosstable_marks_annulled_games_with_a_legend(client, public_club):
    """S2: every game of player 6, in his row and in his opponents', is written in
    parentheses with the class ``cell-annulled``; the legend explains the mark. Other cells
    are as before."""
    t = championship(public_club)
    html = client.get(reverse("crosstable", args=(public_club.number, t.pk))).content.decode()
    rows = rows_of(html)
    assert cell(rows[1], 1) == ("cell cell-annulled-loss cell-annulled", "(6W0)")
    assert cell(rows[2], 3) == ("cell cell-annulled-forfeit-win cell-annulled", "(6W+)")
    assert cell(rows[6], 1) == ("cell cell-annulled-win cell-annulled", "(1B1)")
    assert cell(rows[6], 2) == ("cell cell-annulled-draw cell-annulled", "(4W½)")
    assert cell(rows[6], 4) == ("cell cell-annulled-forfeit-loss cell-annulled", "(5W−)")
    assert cell(rows[1], 2) == ("cell cell-win", "2W1")
    assert cell(rows[3], 5)[1] == "(6W+)" and cell(rows[3], 4)[1] == "2B1"
    title = "Round 1: Loss (annulled by a withdrawal, not counted in the standings)"
    assert f'title="{title}"' in rows[1]
    assert "<dt>(12W1)</dt>" in html and "annulled game: a round robin player withdrew" in html
    assert ANNULLED_NOTE in rows[6]
    assert re.search(r'<td class="num points">3½</td>', rows[3])


def test_s2_crosstable_legend_only_when_a_game_is_annulled(client, public_club):
    """Withdrawn after 3 of 5 (from round 4, R3 2-6 played): results kept, no annulled
    mark, no legend entry; his later games stay forfeits for the opponents."""
    t = championship(public_club, withdrawn_from=4)
    Game.objects.filter(round__tournament=t, round__number=3, board=1).update(result="0-1")
    html = client.get(reverse("crosstable", args=(public_club.number, t.pk))).content.decode()
    assert "cell-annulled" not in html and "<dt>(12W1)</dt>" not in html
    rows = rows_of(html)
    assert cell(rows[3], 5) == ("cell cell-forfeit-win", "6W+")
    assert re.search(r'<td class="num points">4½</td>', rows[3])


def test_s2_threshold_setting_changes_the_outcome(client, public_club):
    """2 of 5 is 40 %: a threshold of 40 keeps player 6's results (3 has 4½ with his forfeit
    win over 6, 6 has 1½ and a rank), 41 annuls them."""
    t = championship(public_club)
    url = reverse("tournament", args=(public_club.number, t.pk))
    t.annulment_threshold = 40
    t.save()
    kept = order_and_points(client.get(url).content.decode())
    assert (kept[0][1], kept[0][2]) == (3, "4½")
    assert ("–", 6, "0") not in kept
    assert [p for _rank, n, p in kept if n == 6] == ["1½"]
    t.annulment_threshold = 41
    t.save()
    annulled = order_and_points(client.get(url).content.decode())
    assert annulled[0] == ("1", 3, "3½") and annulled[-1] == ("–", 6, "0")


def test_s2_explanation_of_an_annulled_player(client, public_club):
    """The explanation page of the annulled player's SB says why there is no value."""
    t = championship(public_club)
    url = reverse(
        "explain_tiebreak",
        kwargs={"number": public_club.number, "pk": t.pk, "start_no": 6, "code": "SB"},
    )
    html = client.get(url).content.decode()
    assert "results annulled: withdrew before completing 50 % of the games" in html


def test_e4_closing_keeps_annulled_games_in_the_club_elo(public_club):
    """C1 + E4: the final standings store the annulled player last without a rank; the club
    Elo counts the games he played (everybody 1500, newcomers, K 40, expected 0.50 a game):
    6: R1 beat 1, R2 drew 4: n 2, score 1½, Δ = 40 × (1½ − 1) = +20;
    1: lost to 6 (annulled, counted), beat 2, drew 3, drew 4, beat 5: n 5, score 3,
       Δ = 40 × (3 − 2½) = +20 (+40 had the annulled game been left out);
    3: n 4 (R5 a forfeit), score 3½, Δ = 40 × (3½ − 2) = +60."""
    t = championship(public_club)
    closing.close_tournament(t, None, datetime.date(2026, 5, 2))
    final = list(FinalStanding.objects.filter(tournament=t).order_by("position"))
    assert [(f.rank, f.pairing_number, f.points) for f in final] == [
        ("1", 3, "3½"),
        ("2", 1, "3"),
        ("3", 4, "2½"),
        ("4–5", 2, "½"),
        ("4–5", 5, "½"),
        ("–", 6, "0"),
    ]
    assert final[-1].games_played == 2  # played on the board (E4), annulled or not
    elo = {
        TournamentPlayer.objects.get(tournament=t, roster_player=r.player).pairing_number: r
        for r in EloRow.objects.filter(tournament=t)
    }
    assert (elo[6].games, elo[6].score, elo[6].delta, elo[6].rn) == (2, "3/2", 20, 1520)
    assert (elo[1].games, elo[1].score, elo[1].expected, elo[1].delta) == (5, "3", "5/2", 20)
    assert (elo[3].games, elo[3].delta) == (4, 60)


def test_s2_round_robin_pairing_stores_forfeits_after_a_withdrawal(client, public_club, make_user):
    """The pairing of a round robin after a withdrawal (Inscriptions tab): the withdrawer's
    board stays, lost by forfeit (Berger table of 4, fide.md §4.4: R1 1-4 2-3, R2 4-3 1-2,
    R3 2-4 3-1). Player 4 withdraws from round 3 after 2 of 3 games (67 %): kept, 2 wins R3
    by forfeit. Results R1 1-4 0-1, 2-3 ½; R2 4-3 ½, 1-2 1-0; R3 3-1 1-0:
    1: 0+1+0 = 1; 2: ½+0+1 = 1½; 3: ½+½+1 = 2; 4: 1+½ = 1½.
    Threshold 70 % (2 of 3 is below): 4's games annulled: 1: 1+0 = 1; 2: ½; 3: ½+1 = 1½."""
    owner = make_user("owner", public_club, Role.OWNER)
    client.force_login(owner)
    t = Tournament.objects.create(
        club=public_club,
        name="Toutes rondes",
        system="round_robin",
        initial_colour="W",
        creator=owner,
    )
    for n in range(1, 5):
        pairings.add_player(t, pairings.NewEntry(name=f"Player{n}", rating=2400 - 37 * n), owner)
    pair_url = reverse("pair_next", args=(public_club.number, t.pk))
    results = {1: {1: "0-1", 2: "="}, 2: {1: "=", 2: "1-0"}, 3: {2: "1-0"}}
    for number in (1, 2, 3):
        if number == 3:
            four = t.players.get(pairing_number=4)
            response = client.post(
                reverse("entries", args=(public_club.number, t.pk)),
                {"action": "withdraw", "player": four.pk, "round_number": 3},
            )
            assert response.status_code == 302
        assert client.post(pair_url).status_code == 302
        round_url = reverse("pairing_round", args=(public_club.number, t.pk, number))
        assert client.post(round_url, {"action": "publish"}).status_code == 302
        for board, code in results[number].items():
            Game.objects.filter(round__tournament=t, round__number=number, board=board).update(
                result=code
            )
    forfeit = Game.objects.get(round__tournament=t, round__number=3, board=1)
    assert (forfeit.white.pairing_number, forfeit.black.pairing_number, forfeit.result) == (
        2,
        4,
        "+-",
    )
    url = reverse("tournament", args=(public_club.number, t.pk))
    t.save()  # a new revision: the results above were written in bulk
    assert order_and_points(client.get(url).content.decode()) == [
        ("1", 3, "2"),
        ("2", 2, "1½"),
        ("3", 4, "1½"),
        ("4", 1, "1"),
    ]
    t.annulment_threshold = 70
    t.save()
    assert order_and_points(client.get(url).content.decode()) == [
        ("1", 3, "1½"),
        ("2", 1, "1"),
        ("3", 2, "½"),
        ("–", 4, "0"),
    ]


def test_s2_annulled_note_in_french(client, public_club):
    """French first: the standings and the crosstable say it in French (main catalogue)."""
    t = championship(public_club)
    client.defaults["HTTP_ACCEPT_LANGUAGE"] = "fr"
    html = client.get(reverse("tournament", args=(public_club.number, t.pk))).content.decode()
    assert "résultats annulés : abandon avant d'avoir disputé 50 % de ses parties" in (
        html.replace("&#x27;", "'").replace("&#39;", "'")
    )
    crosstable = reverse("crosstable", args=(public_club.number, t.pk))
    html = client.get(crosstable).content.decode()
    assert "annulée par un abandon, non comptée au classement" in html
