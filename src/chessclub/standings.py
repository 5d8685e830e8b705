"""Standings (spec S1): rank by points over entered results.

Tiebreaks (FIDE C.07) extend this ranking; until a tournament defines any, players on equal
points share the rank and are listed by pairing number.
"""

from __future__ import annotations

from dataclasses import dataclass

from chessclub.model import PairingNumber, Player, Points, RoundEntry, Tournament


@dataclass(frozen=True, slots=True)
class StandingRow:
    """One line of the *Classement*.

    ``rank`` is shared by players who cannot be separated (``shared`` is then True);
    ``points`` are exact; ``games_played`` counts games played on the board (spec E4).
    """

    rank: int
    shared: bool
    player: Player
    points: Points
    games_played: int
    entries: tuple[RoundEntry, ...]

    @property
    def pairing_number(self) -> PairingNumber:
        return self.player.pairing_number


def compute_standings(tournament: Tournament) -> list[StandingRow]:
    """The standings of ``tournament``: points descending, equal points share a rank.

    Returns one :class:`StandingRow` per player, best first; ties are listed by pairing number.
    """
    entries = tournament.entries()
    scored: list[tuple[Player, Points, int, tuple[RoundEntry, ...]]] = []
    for player in tournament.players:
        own = tuple(entries[player.pairing_number])
        points = sum((c.points for c in own), Points(0))
        played = sum(1 for c in own if c.played)
        scored.append((player, points, played, own))
    scored.sort(key=lambda item: (-item[1], item[0].pairing_number))
    counts: dict[Points, int] = {}
    for _, points, _, _ in scored:
        counts[points] = counts.get(points, 0) + 1
    rows: list[StandingRow] = []
    rank = 0
    previous: Points | None = None
    for position, (player, points, played, cells) in enumerate(scored, start=1):
        if points != previous:
            rank = position
            previous = points
        rows.append(
            StandingRow(
                rank=rank,
                shared=counts[points] > 1,
                player=player,
                points=points,
                games_played=played,
                entries=cells,
            )
        )
    return rows
