"""Belgian federation (issue 7, spec ``frbe.md`` B5, B3): the national rating run over a period
the size of the federation's — 30,000 players in the list, 20,000 games from 300 results files
(:func:`~chessclub.ratings.frbe.period_games` + :func:`~chessclub.ratings.frbe.rating_run`;
target under 5 s) — and reading a 30,000-record ``PLAYER.DBF`` (target under 1 s).
"""

from __future__ import annotations

import random
import struct

from benchmarks._timing import median_ms, report
from chessclub.formats.frbe_players import read_player_dbf
from chessclub.model import (
    Game,
    GameResult,
    PairingNumber,
    Player,
    Round,
    RoundNumber,
    Tournament,
    TournamentSystem,
)
from chessclub.ratings.frbe import ListedPlayer, period_games, rating_run

PLAYERS = 30_000
FILES = 300
PER_FILE = 20
UNRATED_SHARE = 0.1


def player_list(seed: int = 7) -> dict[int, ListedPlayer]:
    rng = random.Random(seed)
    out: dict[int, ListedPlayer] = {}
    for m in range(10_001, 10_001 + PLAYERS):
        if rng.random() < UNRATED_SHARE:
            out[m] = ListedPlayer(m, f"Player{m}, X", rng.choice([None, 1300]), rng.randint(0, 19))
        else:
            out[m] = ListedPlayer(m, f"Player{m}, X", rng.randint(1150, 2500), rng.randint(20, 900))
    return out


def results_files(listed: dict[int, ListedPlayer], seed: int = 8) -> list[tuple[str, Tournament]]:
    """300 Swiss files of 20 players: 200 of 7 rounds and 100 of 6 (10 boards a round):
    20,000 games."""
    rng = random.Random(seed)
    matricules = list(listed)
    results = [GameResult.WHITE_WINS, GameResult.DRAW, GameResult.BLACK_WINS]
    files = []
    for index in range(FILES):
        chosen = rng.sample(matricules, PER_FILE)
        players = tuple(
            Player(PairingNumber(n + 1), f"P{m}", listed[m].rating, matricule=str(m), club="618")
            for n, m in enumerate(chosen)
        )
        rounds = []
        for r in range(7 if index < 200 else 6):
            order = list(range(1, PER_FILE + 1))
            rng.shuffle(order)
            games = tuple(
                Game(PairingNumber(order[i]), PairingNumber(order[i + 1]), rng.choice(results))
                for i in range(0, PER_FILE, 2)
            )
            rounds.append(Round(RoundNumber(r + 1), games))
        files.append(
            (
                f"F{index:03d}",
                Tournament(
                    name=f"F{index}",
                    players=players,
                    rounds=tuple(rounds),
                    planned_rounds=len(rounds),
                    system=TournamentSystem.SWISS,
                    time_control="90 min + 30 s",
                ),
            )
        )
    return files


_FIELDS = (
    ("MATRICULE", "N", 6), ("NOM_PRENOM", "C", 32), ("SEXE", "C", 1), ("CLUB", "N", 6),
    ("DATE_NAISS", "D", 8), ("ELO_PRECE", "N", 4), ("PART_PRECE", "N", 4),
    ("ELO_CALCUL", "N", 4), ("PART_CALCU", "N", 4), ("TITRE", "C", 3), ("FIDE", "N", 10),
    ("NATFIDE", "C", 3), ("FEDERATION", "C", 2), ("DECEDE", "L", 1),
)  # fmt: skip


def player_dbf(listed: dict[int, ListedPlayer]) -> bytes:
    """A dBase III ``PLAYER.DBF`` of the list (B3's fields)."""
    record_length = 1 + sum(f[2] for f in _FIELDS)
    header_length = 32 + 32 * len(_FIELDS) + 1
    header = struct.pack("<BBBBIHH20x", 3, 124, 7, 1, len(listed), header_length, record_length)
    descriptors = b"".join(
        struct.pack("<11sc4xBB14x", n.encode(), k.encode(), w, 0) for n, k, w in _FIELDS
    )
    rows = []
    for p in listed.values():
        cells = (
            str(p.matricule).rjust(6), p.name.ljust(32), "M", "618".rjust(6), "19800101",
            "".rjust(4), "0".rjust(4), str(p.rating or "").rjust(4), str(p.games).rjust(4),
            "   ", "0".rjust(10), "BEL", "F ", "F",
        )  # fmt: skip
        rows.append((" " + "".join(cells)).encode("cp1252"))
    return header + descriptors + b"\r" + b"".join(rows) + b"\x1a"


def main() -> None:
    listed = player_list()
    files = results_files(listed)

    def run() -> object:
        games, _ = period_games(files)
        return rating_run(listed, games)

    games, skipped = period_games(files)
    outcome = rating_run(listed, games)
    size = f"{PLAYERS} players, {len(games) + len(skipped)} games, {FILES} files"
    report("frbe: national rating run (B5)", size, median_ms(run, repeat=5))
    print(
        f"  (players with a game: {len(outcome.players)}, promoted: "
        f"{len(outcome.promoted)}, left out: {len(skipped) + len(outcome.skipped)})"
    )
    data = player_dbf(listed)
    assert len(read_player_dbf(data)) == PLAYERS
    report(
        "frbe: read PLAYER.DBF (B3)",
        f"{PLAYERS} records, {len(data) // 1024} KiB",
        median_ms(lambda: read_player_dbf(data), repeat=5),
    )


if __name__ == "__main__":
    main()
