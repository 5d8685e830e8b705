"""Team events (issue 8): pairing a team Swiss round with gacrux's C.04.6 team mode (worker
process included), team standings with the S4 default tiebreaks, and the TRF-2026 team
writer/reader, on generated team Swisses (seeded results, wins / draws / losses on each board).

Usage: ``python -m benchmarks teams`` (part of ``make bench``).
"""

from __future__ import annotations

import random
from dataclasses import replace

from benchmarks._timing import median_ms, report
from chessclub.formats.trf.teams import read_team_trf, write_team_trf
from chessclub.model import ByeKind, Colour, GameResult, PairingNumber, Player
from chessclub.model.teams import BoardGame, Team, TeamBye, TeamMatch, TeamTournament
from chessclub.pairing.teams import GacruxTeamEngine
from chessclub.tiebreaks import RuleEra
from chessclub.tiebreaks.teams import rank_teams

RESULTS = (GameResult.WHITE_WINS, GameResult.DRAW, GameResult.BLACK_WINS)


def _swiss(teams: int, boards: int, rounds: int, seed: int = 7) -> TeamTournament:
    rng = random.Random(seed)
    roster = tuple(
        Team(
            n, f"Team {n}", tuple(PairingNumber((n - 1) * boards + k) for k in range(1, boards + 1))
        )
        for n in range(1, teams + 1)
    )
    players = tuple(
        Player(PairingNumber(p), f"P{p}", 2500 - p) for p in range(1, teams * boards + 1)
    )
    t = TeamTournament("bench", roster, boards, planned_rounds=rounds, players=players)
    engine = GacruxTeamEngine(initial_colour="W")
    for rnd in range(1, rounds + 1):
        pairing = engine.pair(t, rnd)
        matches = list(t.matches)
        for home, away in pairing.matches:
            h, a = t.team(home).pairing_numbers, t.team(away).pairing_numbers
            matches.append(
                TeamMatch(
                    rnd,
                    home,
                    away,
                    tuple(
                        BoardGame(
                            b,
                            rng.choice(RESULTS),
                            h[b - 1],
                            a[b - 1],
                            Colour.WHITE if b % 2 else Colour.BLACK,
                        )
                        for b in range(1, boards + 1)
                    ),
                )
            )
        byes = list(t.byes)
        if pairing.bye is not None:
            byes.append(TeamBye(rnd, pairing.bye, ByeKind.PAIRING_ALLOCATED))
        t = replace(t, matches=tuple(matches), byes=tuple(byes))
    return t


def main() -> None:
    for teams, boards, rounds in ((10, 4, 7), (40, 6, 9)):
        t = _swiss(teams, boards, rounds)
        size = f"{teams} teams x {boards} boards, {rounds} r"
        engine = GacruxTeamEngine(initial_colour="W")
        last = replace(t, matches=tuple(m for m in t.matches if m.round < rounds))
        report(
            "team Swiss: pair the last round (gacrux)",
            size,
            median_ms(lambda e=engine, x=last, r=rounds: e.pair(x, r), repeat=3),
        )
        report(
            "team standings GP EDE EMGSB (2026)",
            size,
            median_ms(lambda x=t: rank_teams(x, era=RuleEra.C07_2026), repeat=5),
        )
        data = write_team_trf(t, initial_colour="W").encode()
        report("TRF-2026 team write", size, median_ms(lambda x=t: write_team_trf(x), repeat=5))
        report(
            "TRF-2026 team read",
            size,
            median_ms(lambda d=data: read_team_trf(d), repeat=5),
        )


if __name__ == "__main__":
    main()
