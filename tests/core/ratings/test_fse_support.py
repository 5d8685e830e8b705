"""Builders shared by the FSE ranking-list tests (no tests here): tournaments, list rows."""

from __future__ import annotations

import datetime

from chessclub.model import (
    Bye,
    ByeKind,
    Game,
    GameResult,
    PairingNumber,
    Player,
    Round,
    RoundNumber,
    Tournament,
    TournamentSystem,
)
from chessclub.ratings.fse import ListEntry, TournamentInput

END = datetime.date(2025, 2, 28)


def listed(
    ident: str,
    points: int,
    *,
    games: int = 100,
    entry: str = "2000-01-01",
    birth: str | None = "1970-01-01",
    last: str | None = "2024-12-01",
) -> ListEntry:
    return ListEntry(
        id=ident,
        name=f"Player {ident}",
        points=points,
        games=games,
        entry_date=datetime.date.fromisoformat(entry),
        birth_date=datetime.date.fromisoformat(birth) if birth else None,
        last_active=datetime.date.fromisoformat(last) if last else None,
    )


def event(
    ids: list[str],
    rounds: list[list[tuple[int, int, str]]],
    *,
    tempo: str = "90 min + 30 s",
    planned: int = 5,
    system: TournamentSystem = TournamentSystem.SWISS,
    end: datetime.date = datetime.date(2025, 2, 15),
    fide: dict[int, tuple[str, int]] | None = None,
    withdrawn: dict[int, int] | None = None,
    source: str = "t.trf",
) -> TournamentInput:
    """Players 1…n carry the list ids ``ids`` as national numbers (``"-"``: a new player named
    ``New <n>``); ``rounds`` hold ``(white, black, result)``; ``fide`` gives a FIDE ID and
    rating; ``withdrawn`` maps a player to the first round they are absent from."""
    fide = fide or {}
    players = []
    for number, ident in enumerate(ids, start=1):
        fide_id, rating = fide.get(number, ("", None))
        players.append(
            Player(
                PairingNumber(number),
                f"Player {ident}" if ident != "-" else f"New {number}",
                matricule=ident if ident != "-" else "",
                fide_id=fide_id,
                rating=rating,
            )
        )
    built = []
    for index, games in enumerate(rounds, start=1):
        byes = tuple(
            Bye(PairingNumber(p), ByeKind.ABSENT)
            for p, first in (withdrawn or {}).items()
            if index >= first
        )
        built.append(
            Round(
                RoundNumber(index),
                tuple(
                    Game(PairingNumber(w), PairingNumber(b), GameResult.parse(r))
                    for w, b, r in games
                ),
                byes,
            )
        )
    tournament = Tournament(
        "Test event",
        tuple(players),
        tuple(built),
        planned_rounds=max(planned, len(rounds)),
        system=system,
        end_date=end,
        time_control=tempo,
    )
    return TournamentInput(source, tournament)
