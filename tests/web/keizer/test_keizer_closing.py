"""K25, K26: closing a Keizer competition stores its Keizer ranking as the final standings, its
games count for the club Elo like any club tournament's, and a correction after closing stores
the ranking again and recomputes the Elo (C3, E7). The worked example of the specification
§1.5 (``example.py``); the Elo changes worked by hand from the club's Elo rules (E3–E6)."""

from __future__ import annotations

import datetime

import pytest

from chessclub_web.closing import services as closing
from chessclub_web.closing.models import Closure, EloRow, FinalStanding
from chessclub_web.keizer import services as keizer
from chessclub_web.results.services import Change, save_results

from ..builders import client_for, tournament_url
from .example import AFTER_2, worked_example

pytestmark = pytest.mark.django_db

DAY = datetime.date(2026, 5, 1)


def _final(row):
    return [
        (f.rank, f.name, f.rating, f.points, f.games_played, f.tiebreaks)
        for f in FinalStanding.objects.filter(tournament=row).order_by("position")
    ]


def test_k25_final_standings_are_the_keizer_ranking(public_club, owner):
    row = worked_example(public_club)
    closing.close_tournament(row, owner, DAY)
    # The specification's ranking after evening 2: A 15, F 15, C 12½, D 8, B 6, E 4 — not the
    # game points' order (F would lead with 2).
    assert _final(row) == [
        (str(rank), name, str(rating), points, games, {"value": str(value), "game_points": gp})
        for rank, (name, rating, value, points, gp, games) in enumerate(AFTER_2, start=1)
    ]
    closure = Closure.objects.get(tournament=row)
    assert (closure.codes, closure.era) == ([], "")  # no FIDE tiebreak applies (K20)


def test_k25_closing_page_shows_the_keizer_ranking(public_club, owner):
    row = worked_example(public_club)
    closing.close_tournament(row, owner, DAY)
    page = client_for(owner, "en").get(tournament_url(row, "close")).content.decode()
    names = [name for name, *_rest in AFTER_2]
    found = [page.find(f">{name}<") for name in names]
    assert all(at > 0 for at in found) and found == sorted(found)
    # The other pages of a closed competition still answer.
    for page_name in ("keizer_standings", "documents", "elo_changes"):
        assert client_for(owner).get(tournament_url(row, page_name)).status_code == 200
    # No FIDE crosstable for a club system: the Keizer table stands for it.
    crosstable = client_for(owner).get(tournament_url(row, "crosstable"))
    assert crosstable.status_code == 302
    assert crosstable["Location"] == tournament_url(row, "keizer_standings")


def test_k26_keizer_games_count_for_the_club_elo(public_club, owner):
    """E3–E6 by hand, K 40 (newcomers), initial Elo = the entry's rating (linked at closing).

    A 2000: vs B 1900 (D 100 → .64) won, vs C 1800 (D 200 → .76) drawn: 40 × (1½ − 1.40) = +4.
    F 1500: vs E 1600 (.36) won, vs D 1700 (.24) won: 40 × (2 − .60) = +56.
    B 1900: vs A (.36) lost; the bye counts nothing: 40 × (0 − .36) = −14.4 → −14, one game.
    E 1600: vs F (.64) lost; the excused absence counts nothing: −25.6 → −26, one game.
    C 1800: vs D (.64) drawn, vs A (.24) drawn: 40 × (1 − .88) = +4.8 → +5.
    D 1700: vs C (.36) drawn, vs F (.76) lost: 40 × (½ − 1.12) = −24.8 → −25.
    """
    row = worked_example(public_club)
    closing.close_tournament(row, owner, DAY)
    elo = {
        r.player.surname: (r.ro, r.games, r.delta, r.rn)
        for r in EloRow.objects.filter(tournament=row).select_related("player")
    }
    assert elo == {
        "A": (2000, 2, 4, 2004),
        "B": (1900, 1, -14, 1886),
        "C": (1800, 2, 5, 1805),
        "D": (1700, 2, -25, 1675),
        "E": (1600, 1, -26, 1574),
        "F": (1500, 2, 56, 1556),
    }


def test_k26_independent_keizer_competition_changes_no_elo(public_club, owner):
    row = worked_example(public_club, kind="independent")
    closing.close_tournament(row, owner, DAY)
    assert not EloRow.objects.exists()
    assert [f.name for f in FinalStanding.objects.filter(tournament=row)] == list("AFCDBE")


def test_k25_correction_after_closing_stores_the_ranking_again(public_club, owner):
    """Evening 2's F–D corrected to 0-1 (C3). By hand from the ranking after evening 1
    (A C D F B E, values 8 … 3): A 8+4+3½ = 15½, C 7+3+4 = 14, D 6+3½+5 = 14½, F 5+3 = 8,
    B 4 × 1½ = 6, E 3 × 4/3 = 4 → A D C F B E; with values A 8, D 7, C 6, F 5, B 4, E 3:
    A 8+4+3 = 15, D 7+3+5 = 15, C 6+3½+4 = 13½, F 8, B 6, E 4 → same order (A ahead of D on
    rating): stable. The Elo (E7): D 40 × (1½ − 1.12) = +15.2 → +15; F 40 × (1 − .60) = +16."""
    row = worked_example(public_club)
    closing.close_tournament(row, owner, DAY)
    round_row = row.rounds.get(number=2)
    game = round_row.games.get(white__name="F")
    save_results(row, round_row, [Change(game.pk, "0-1", game.version)], owner)
    assert [(f.name, f.points) for f in FinalStanding.objects.filter(tournament=row)] == [
        ("A", "15"),
        ("D", "15"),
        ("C", "13½"),
        ("F", "8"),
        ("B", "6"),
        ("E", "4"),
    ]
    elo = {
        r.player.surname: r.delta
        for r in EloRow.objects.filter(tournament=row).select_related("player")
    }
    assert (elo["D"], elo["F"], elo["A"]) == (15, 16, 4)
    # The Keizer table of the closed competition follows the correction too (never stored).
    assert [r.player.name for r in keizer.standings(row).rows] == list("ADCFBE")


def test_k25_closed_competition_refuses_attendance_and_parameters(public_club, owner):
    row = worked_example(public_club)
    closing.close_tournament(row, owner, DAY)
    client = client_for(owner)
    ids = dict(row.players.values_list("name", "pk"))
    response = client.post(
        tournament_url(row, "keizer_attendance") + "?evening=2", {f"p{ids['A']}": "excused"}
    )
    assert response.status_code == 409
    assert keizer.attendance_of(row, 2).keys() == {ids["E"]}


def test_k25_evenings_planned_but_not_held_do_not_block_closing(public_club, owner):
    row = worked_example(public_club, planned_rounds=30)
    blockers = closing.closing_blockers(row)
    assert not blockers.any
    closing.close_tournament(row, owner, DAY)
    row.refresh_from_db()
    assert row.planned_rounds == 2  # the season had two evenings


def test_k25_a_draft_evening_or_a_missing_result_blocks_closing(public_club, owner):
    row = worked_example(public_club, states=["published", "draft"])
    assert closing.closing_blockers(row).drafts == [2]
    with pytest.raises(closing.ClosingError):
        closing.close_tournament(row, owner, DAY)
    assert not FinalStanding.objects.filter(tournament=row).exists()
