"""S1, S3: the standings and crosstable after any published round
(``presentation.tournament_summary(row, after_round)``, ``tournament_cells``).

The demo tournament is the real 16-player, 7-round championship of 2000
(tests/fixtures/frbe/elite-2000-16p-7r.txt). Its rounds 1–4, read by hand from the file
(``opponent colour result``, ``5`` for ½; ``0 - -`` no game, no point):

- 7 Golf Gilles: 15N1, 4B½, 10N1, 6B1 (B blanc, N noir) → 3½, alone first after round 4;
- 3 Charlie Claire: 10N1, 6B½, 16N½, 5B1 → 3 (5 after round 7, first);
- 4 Delta David: 12B1, 7N½, 9B1, 1N½ → 3; 9 India Ivan: 2N1, 8B1, 4N0, 16B1 → 3;
- 1 Alpha Anne: ½, ½, 1, ½ → 2½; 16 Papa Paul: no game, ½, ½, 0 → 1.

The round robin (tests/web/tournaments/helpers.py): player 6 withdrew from round 3 after two
of his five games (below 50 %: his results are annulled once the withdrawal has begun).
After round 2, before it: 1 → 1 (lost to 6, beat 2), 2 → ½, 3 → 2, 6 → 1½ (beat 1, drew
4), nobody annulled. After round 3: 6's games count for nobody, 3 → 2½ (1, 1, ½), 1 → 1½ (–, 1, ½).
"""

from __future__ import annotations

import datetime

import pytest

from chessclub_web.clubs.models import Role
from chessclub_web.tournaments import presentation
from chessclub_web.tournaments.models import Game, Round, RoundState, Tournament
from chessclub_web.tournaments.presentation import (
    cache_key,
    tournament_cells,
    tournament_summary,
)

from .helpers import round_robin

pytestmark = pytest.mark.django_db


@pytest.fixture
def count_summaries(monkeypatch):
    calls: list[str] = []
    original = presentation.summarize

    def counting(tournament, *args, **kwargs):
        calls.append(tournament.name)
        return original(tournament, *args, **kwargs)

    monkeypatch.setattr(presentation, "summarize", counting)
    return calls


def points(summary: presentation.Summary) -> dict[int, str]:
    return {row.pairing_number: row.points for row in summary.rows}


def test_s1_demo_after_round_4_counts_rounds_1_to_4_only(demo):
    row = Tournament.objects.get()
    summary = tournament_summary(row, 4)
    got = points(summary)
    assert got[7] == "3½" and got[3] == got[4] == got[9] == "3"
    assert got[1] == "2½" and got[16] == "1" and got[15] == "0"
    assert summary.rows[0].pairing_number == 7 and summary.rows[0].rank == "1"
    assert [number for number, _date in summary.rounds] == [1, 2, 3, 4]
    assert summary.published_rounds == (1, 2, 3, 4, 5, 6, 7)
    assert summary.after_round == 4 and summary.last_round == 4
    cells = tournament_cells(row, 4)
    assert all(len(entries) == 4 for entries in cells)
    golf = cells[0]
    assert [(e[0], e[1], e[2], e[4]) for e in golf] == [
        (1, 15, "B", "1"),
        (2, 4, "W", "½"),
        (3, 10, "B", "1"),
        (4, 6, "W", "1"),
    ]


def test_s1_default_is_after_the_last_published_round(demo):
    row = Tournament.objects.get()
    full = tournament_summary(row)
    assert points(full)[3] == "5" and full.rows[0].pairing_number == 3
    assert full.after_round is None and full.last_round == 7
    assert len(full.rounds) == 7
    # At or past the last round: the full standings, whatever the number asked.
    assert tournament_summary(row, 7) == full
    assert tournament_summary(row, 12) == full
    assert tournament_cells(row, 7) == tournament_cells(row)


def test_s3_draft_round_never_counts(demo):
    row = Tournament.objects.get()
    draft = Round.objects.create(tournament=row, number=8, state=RoundState.DRAFT)
    players = {p.pairing_number: p for p in row.players.all()}
    Game.objects.create(round=draft, white=players[3], black=players[7], result="0-1")
    row.refresh_from_db()
    full = tournament_summary(row)
    assert full.published_rounds == tuple(range(1, 8))
    assert points(full)[3] == "5"
    assert tournament_summary(row, 8) == full


def test_s1_cache_key_names_the_round_and_each_round_is_computed_once(demo, count_summaries):
    row = Tournament.objects.get()
    keys = {cache_key(row), cache_key(row, after_round=3), cache_key(row, after_round=4)}
    assert len(keys) == 3 and all(row.revision.hex in key for key in keys)
    assert cache_key(row, "cells", 4) != cache_key(row, "summary", 4)
    for _ in range(2):
        tournament_summary(row, 4)
        tournament_cells(row, 4)
        tournament_summary(row)
    assert len(count_summaries) == 2
    # A result of round 2 changes the standings after round 4 (a new revision).
    game = Game.objects.get(round__tournament=row, round__number=2, white__pairing_number=7)
    game.result = "0-1"  # 4 Delta (Black) beats 7 Golf instead of drawing
    game.save()
    row.refresh_from_db()
    got = points(tournament_summary(row, 4))
    assert got[4] == "3½" and got[7] == "3"


def test_s1_round_below_1_is_refused(demo):
    row = Tournament.objects.get()
    for bad in (0, -1):
        with pytest.raises(ValueError):
            tournament_summary(row, bad)
        with pytest.raises(ValueError):
            tournament_cells(row, bad)


def test_s1_annulment_follows_the_round_asked(public_club):
    row = round_robin(public_club, withdrawn_from=3)
    after_2 = tournament_summary(row, 2)
    assert points(after_2) == {1: "1", 2: "½", 3: "2", 4: "½", 5: "½", 6: "1½"}
    assert not after_2.has_annulled
    after_3 = tournament_summary(row, 3)
    assert after_3.has_annulled
    got = points(after_3)
    assert got[3] == "2½" and got[1] == "1½" and got[4] == "1" and got[2] == "½"
    annulled = [row.pairing_number for row in after_3.rows if row.annulled]
    assert annulled == [6]
    cells = dict(
        zip((r.pairing_number for r in after_3.rows), tournament_cells(row, 3), strict=True)
    )
    assert cells[1][0][3] == "annulled-loss" and cells[1][1][3] == "win"


@pytest.fixture
def closed_demo(demo, make_user, public_club):
    from chessclub_web.closing import services as closing

    row = Tournament.objects.get()
    owner = make_user("owner-closing", row.club, Role.OWNER)
    closing.close_tournament(row, owner, datetime.date(2000, 6, 30))
    row.refresh_from_db()
    return row


def test_s1_closed_tournament_final_standings_only_for_the_full_standings(closed_demo):
    full = tournament_summary(closed_demo)
    assert full.final_stored_at is not None
    assert points(full)[3] == "5"
    after_4 = tournament_summary(closed_demo, 4)
    assert after_4.final_stored_at is None
    assert points(after_4)[7] == "3½" and after_4.rows[0].pairing_number == 7
    assert tournament_summary(closed_demo, 7).final_stored_at is not None
