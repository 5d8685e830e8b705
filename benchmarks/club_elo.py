"""Club Elo (issue 6): a club history of 200 closed tournaments and 20,000 games.

Medians of: the full history (:func:`rate_history`), and the recompute after a correction in the
first tournament (:func:`recompute_from`, every later tournament of that time control rated
again and compared with the stored rows). Target for the recompute: under 1 s.

Then the same history stored in a throwaway SQLite database (never the checkout's ``data/``):
the web layer's recompute after a correction in the first tournament
(``chessclub_web.closing.services.recompute_club_elo``: load the rows, recompute, write the
changed rows, one transaction), the correction alternating between two results so that every
run rewrites the whole chain.
"""

from __future__ import annotations

import os
import random
import shutil
import tempfile
from dataclasses import replace

from benchmarks._timing import median_ms, report
from chessclub.model import GameResult
from chessclub.ratings.club_elo import (
    ClubTournament,
    EloGame,
    InitialRating,
    TimeControl,
    rate_history,
    recompute_from,
)

TOURNAMENTS = 200
GAMES_PER_TOURNAMENT = 100
PLAYERS = 300


def club_history(
    seed: int = 6,
) -> tuple[dict[tuple[int, TimeControl], InitialRating], list[ClubTournament]]:
    """200 standard tournaments of 100 boards among 300 players (30 per tournament)."""
    rng = random.Random(seed)
    codes = [GameResult.WHITE_WINS, GameResult.DRAW, GameResult.BLACK_WINS]
    codes += [GameResult.WHITE_WINS_BY_FORFEIT]
    initial = {
        (p, TimeControl.STANDARD): InitialRating(rng.randint(1000, 2500), rng.randint(0, 60))
        for p in range(1, PLAYERS + 1)
    }
    tournaments = []
    for tid in range(1, TOURNAMENTS + 1):
        entrants = rng.sample(range(1, PLAYERS + 1), 30)
        games = []
        for _ in range(GAMES_PER_TOURNAMENT):
            white, black = rng.sample(entrants, 2)
            games.append(EloGame(white, black, rng.choice(codes)))
        tournaments.append(ClubTournament(tid, TimeControl.STANDARD, tuple(games), tuple(entrants)))
    return initial, tournaments


def main() -> None:
    initial, tournaments = club_history()
    size = f"{TOURNAMENTS} tournaments, {TOURNAMENTS * GAMES_PER_TOURNAMENT} games"
    stored = rate_history(initial, tournaments)
    first = tournaments[0]
    corrected = [
        replace(first, games=(replace(first.games[0], result=GameResult.DRAW), *first.games[1:])),
        *tournaments[1:],
    ]
    report("club Elo: full history", size, median_ms(lambda: rate_history(initial, tournaments)))
    report(
        "club Elo: recompute after a correction in #1",
        size,
        median_ms(lambda: recompute_from(initial, corrected, stored, first.id), repeat=11),
    )
    folder = tempfile.mkdtemp(prefix="chessclub-bench-")
    try:
        os.environ["CHESSCLUB_DATA_DIR"] = folder
        os.environ.pop("DATABASE_URL", None)
        os.environ["DJANGO_SETTINGS_MODULE"] = "chessclub_web.settings"
        _database(initial, tournaments, size)
    finally:
        shutil.rmtree(folder, ignore_errors=True)


_CODES = {
    GameResult.WHITE_WINS: "1-0",
    GameResult.DRAW: "=",
    GameResult.BLACK_WINS: "0-1",
    GameResult.WHITE_WINS_BY_FORFEIT: "+-",
}


def _database(
    initial: dict[tuple[int, TimeControl], InitialRating],
    tournaments: list[ClubTournament],
    size: str,
) -> None:
    import django

    django.setup()
    from django.core.management import call_command
    from django.utils import timezone

    from chessclub_web.closing.models import Closure
    from chessclub_web.closing.services import recompute_club_elo
    from chessclub_web.clubs.models import Club, Player
    from chessclub_web.tournaments import models as rows

    call_command("migrate", interactive=False, verbosity=0)
    club = Club.objects.create(name="Bench", number="998", public=True)
    roster = {
        p: Player.objects.create(
            club=club, surname=f"Player{p:04d}", initial_elo_standard=rating.elo
        )
        for (p, _tc), rating in initial.items()
    }
    now = timezone.now()
    first_id = 0
    for t in tournaments:
        row = rows.Tournament.objects.create(club=club, name=f"T{t.id}", planned_rounds=1)
        first_id = first_id or row.pk
        entries = {
            p: rows.TournamentPlayer(
                tournament=row, pairing_number=i, name=f"P{p}", roster_player=roster[p]
            )
            for i, p in enumerate(t.players, start=1)
        }
        rows.TournamentPlayer.objects.bulk_create(entries.values())
        rnd = rows.Round.objects.create(tournament=row, number=1)
        rows.Game.objects.bulk_create(
            rows.Game(
                round=rnd,
                board=b,
                white=entries[g.white],
                black=entries[g.black],
                result=_CODES[g.result],
            )
            for b, g in enumerate(t.games, start=1)
        )
        rows.Tournament.objects.filter(pk=row.pk).update(closed_at=now)
        Closure.objects.create(tournament=row, closed_at=now, standings_stored_at=now)
    recompute_club_elo(club, "standard", first_id)
    game = rows.Game.objects.filter(round__tournament_id=first_id).order_by("id").first()
    assert game is not None
    results = ["=", game.result if game.result != "=" else "1-0"]
    state = {"i": 0}

    def correct_and_recompute() -> object:
        state["i"] += 1
        rows.Game.objects.filter(pk=game.pk).update(result=results[state["i"] % 2])
        return recompute_club_elo(club, "standard", first_id)

    correct_and_recompute()
    changed = correct_and_recompute()
    report(
        "club Elo (database): recompute after #1",
        size,
        median_ms(correct_and_recompute, repeat=7),
    )
    print(f"  rows rewritten by one correction: {len(changed.changed)}")  # type: ignore[attr-defined]


if __name__ == "__main__":
    main()
