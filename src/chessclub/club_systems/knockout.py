"""Knockout cups: the bracket and each match's tie-break chain (rules K14–K19,
``docs/rules/club-systems.md``).

* **K14 bracket size.** The smallest power of two at least the number of entrants; the places
  left over are byes (a bye wins its first-round match without playing).
* **K15 seeded bracket.** Entrants seeded 1…N by rating; first round 1 against S, 2 against
  S − 1, … (S the bracket size), so the byes go to the top seeds; the chart lists the matches
  so that neighbours meet next: the winner of 1–S meets the winner of the S/2 – S/2+1 match,
  and seeds 1 and 2 can meet only in the final (the standard order 1, S, S/2, S/2+1, …).
* **K16 drawn bracket.** The chart order drawn by lot (a given seed of the random generator,
  so a draw can be shown again), byes spread one per match; neighbours meet next.
* **K17 a match** is a chain of :class:`Stage`\\ s: the main games, then tie-break games
  (a fixed number, or repeated until decided: sudden death), Armageddon (one game, a draw
  counts as a win for Black), and a lot. A stage of games is decided by points; ``first_to``
  ends a stage as soon as a player reaches it (best of five: first to 2½).
* **K18 team matches** (:func:`decide_team`): game points; on equal points the Berliner rule
  (a win on board 1 of *n* is worth *n* points, board 2 *n* − 1, …), then the highest board
  won; then the chain's next stages as for players.
* **K19 colours.** Within a stage colours alternate game by game, starting with the colour the
  caller gives (by lot, or from the bracket); Armageddon's White is given by the caller (the
  cup's rule: by lot, or the lower-rated player chooses).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

__all__ = [
    "Decision",
    "MatchGame",
    "Stage",
    "bracket_size",
    "decide",
    "decide_team",
    "drawn_bracket",
    "next_round",
    "seeded_bracket",
]

_WHITE_POINTS = {
    "1-0": Fraction(1),
    "=": Fraction(1, 2),
    "0-1": Fraction(0),
    "+-": Fraction(1),
    "-+": Fraction(0),
    "--": Fraction(0),
}


def bracket_size(entrants: int) -> int:
    """K14. Raises ``ValueError`` below two entrants."""
    if entrants < 2:
        raise ValueError("a cup needs at least two entrants")
    size = 1
    while size < entrants:
        size *= 2
    return size


def _standard_order(size: int) -> list[int]:
    order = [1, 2]
    while len(order) < size:
        total = 2 * len(order) + 1
        order = [seed for first in order for seed in (first, total - first)]
    return order


def seeded_bracket(entrants: int) -> list[tuple[int, int | None]]:
    """K15: the first round's matches in chart order, as seed pairs; ``None`` is a bye."""
    size = bracket_size(entrants)
    order = _standard_order(size)
    return [
        (order[i], order[i + 1] if order[i + 1] <= entrants else None) for i in range(0, size, 2)
    ]


def drawn_bracket(entrants: int, seed: int) -> list[tuple[int, int | None]]:
    """K16: a drawn first round (entrants numbered 1…N), reproducible from ``seed``."""
    size = bracket_size(entrants)
    rng = random.Random(seed)
    players = list(range(1, entrants + 1))
    rng.shuffle(players)
    byes = size - entrants
    matches: list[tuple[int, int | None]] = [(players[i], None) for i in range(byes)]
    rest = players[byes:]
    matches += [(rest[i], rest[i + 1]) for i in range(0, len(rest), 2)]
    rng.shuffle(matches)
    return matches


def next_round(winners: Sequence[int]) -> list[tuple[int, int]]:
    """The next round's matches: neighbours on the chart (K15, K16). Raises ``ValueError``
    for an odd number of winners."""
    if len(winners) % 2:
        raise ValueError("a round needs an even number of winners")
    return [(winners[i], winners[i + 1]) for i in range(0, len(winners), 2)]


@dataclass(frozen=True)
class Stage:
    """One stage of a match (K17). ``kind``: ``games``, ``armageddon`` or ``lot``;
    ``games``: how many (for ``games``); ``repeat``: played again, one game at a time, until
    decided (sudden death); ``first_to``: the stage ends when a player reaches these points;
    ``time_control``: as printed on the match sheet."""

    kind: str = "games"
    games: int = 1
    repeat: bool = False
    first_to: Fraction | None = None
    time_control: str = ""

    def __post_init__(self) -> None:
        if self.kind not in ("games", "armageddon", "lot"):
            raise ValueError(f"unknown stage {self.kind!r}")
        if self.kind == "games" and self.games < 1:
            raise ValueError("a stage of games has at least one game")


@dataclass(frozen=True)
class MatchGame:
    """A game of a match: its stage (index in the chain), who had White (1 or 2: the match's
    first or second player) and the result in White's view."""

    stage: int
    white: int
    result: str

    def points(self) -> tuple[Fraction, Fraction]:
        """Points of players 1 and 2 (an Armageddon is scored by :func:`decide`)."""
        if self.result not in _WHITE_POINTS:
            raise ValueError(f"unknown result {self.result!r}")
        white = _WHITE_POINTS[self.result]
        black = Fraction(0) if self.result in ("+-", "--") else 1 - white
        if self.result == "-+":
            black = Fraction(1)
        return (white, black) if self.white == 1 else (black, white)


@dataclass(frozen=True)
class Decision:
    """Where a match stands: ``winner`` 1 or 2 (``None`` while undecided); ``stage`` the stage
    that decided it or is being played; ``next_white`` who has White in the next game
    (``None`` when decided, or when the next stage is a lot or an Armageddon whose White the
    cup's rule gives); ``points`` per player in the current stage."""

    winner: int | None
    stage: int
    next_white: int | None
    points: tuple[Fraction, Fraction]


def decide(
    chain: Sequence[Stage], games: Sequence[MatchGame], first_white: int = 1, lot: int | None = None
) -> Decision:
    """K17, K19: the state of a match of ``chain`` after ``games`` (in playing order).
    ``first_white``: White in each stage's first game; ``lot``: the lot's winner once drawn.
    Raises ``ValueError`` for a game of a stage not reached, or after the match is decided."""
    if not chain:
        raise ValueError("a match needs at least one stage")
    by_stage: list[list[MatchGame]] = [[] for _ in chain]
    for game in games:
        if not 0 <= game.stage < len(chain):
            raise ValueError(f"no stage {game.stage + 1} in this match")
        by_stage[game.stage].append(game)
    for index, stage in enumerate(chain):
        played = by_stage[index]
        later = any(by_stage[i] for i in range(index + 1, len(chain)))
        winner, open_, points = _stage_state(stage, played, lot)
        if winner is not None:
            if later:
                raise ValueError(f"games after the match was decided in stage {index + 1}")
            return Decision(winner, index, None, points)
        if open_:
            if later:
                raise ValueError(f"stage {index + 2} started before stage {index + 1} ended")
            white = None
            if stage.kind == "games":
                white = first_white if len(played) % 2 == 0 else 3 - first_white
            return Decision(None, index, white, points)
    last = len(chain) - 1
    return Decision(None, last, None, _stage_state(chain[last], by_stage[last], lot)[2])


def _stage_state(
    stage: Stage, played: Sequence[MatchGame], lot: int | None
) -> tuple[int | None, bool, tuple[Fraction, Fraction]]:
    """(winner, still open, points) of one stage."""
    one = two = Fraction(0)
    if stage.kind == "lot":
        return lot, lot is None, (one, two)
    if stage.kind == "armageddon":
        if not played:
            return None, True, (one, two)
        game = played[0]
        white_won = game.result in ("1-0", "+-")
        winner = game.white if white_won else 3 - game.white
        return winner, False, ((Fraction(1), one) if winner == 1 else (one, Fraction(1)))
    needed = stage.games
    for count, game in enumerate(played, start=1):
        a, b = game.points()
        one, two = one + a, two + b
        reached = stage.first_to is not None and max(one, two) >= stage.first_to
        sudden = stage.repeat and count >= needed
        if one != two and (reached or sudden):
            if count != len(played):
                raise ValueError("games after the stage was decided")
            return (1 if one > two else 2), False, (one, two)
    if len(played) > needed and not stage.repeat:
        raise ValueError(f"this stage has {needed} games, not {len(played)}")
    if len(played) < needed:
        return None, True, (one, two)
    if one != two:
        return (1 if one > two else 2), False, (one, two)
    return None, stage.repeat, (one, two)


def decide_team(boards: Sequence[str]) -> int | None:
    """K18: the winner (1: the team listed first, 2: the other) of a team match from its
    boards' results in the first team's view, board 1 first (``1-0`` = the first team's player
    won); ``None`` when game points, the Berliner count and the highest board won are all
    equal (the chain's next stage decides)."""
    one = two = Fraction(0)
    for code in boards:
        if code not in _WHITE_POINTS:
            raise ValueError(f"unknown result {code!r}")
        a = _WHITE_POINTS[code]
        b = Fraction(0) if code in ("+-", "--") else (Fraction(1) if code == "-+" else 1 - a)
        one, two = one + a, two + b
    if one != two:
        return 1 if one > two else 2
    size = len(boards)
    weights = [0, 0]
    for board, code in enumerate(boards):
        if code in ("1-0", "+-"):
            weights[0] += size - board
        elif code in ("0-1", "-+"):
            weights[1] += size - board
    if weights[0] != weights[1]:
        return 1 if weights[0] > weights[1] else 2
    for code in boards:
        if code in ("1-0", "+-"):
            return 1
        if code in ("0-1", "-+"):
            return 2
    return None
