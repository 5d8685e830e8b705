"""Scheveningen matches: team A against team B, every player of A meets every player of B
once (rules K10–K13, ``docs/rules/club-systems.md``).

* **K10 tables.** For 2 to 8 boards the rounds and colours are the standard published tables
  (:data:`TABLES`, written White first, ``A1`` = team A's board 1), which have these
  properties, checked by the tests: in round *r* A1 meets B\\ *r*, in round 1 every Ai meets
  Bi, A1's colour alternates, nobody meets the same opponent twice, and every player's Whites
  and Blacks differ by at most one.
* **K11 double Scheveningen.** A second cycle of the same rounds with every colour reversed.
* **K12 scores.** Each game gives 1, ½, 0 (a forfeit win 1, a double forfeit nothing); a team's
  game points are its players' points; a round is also a match (2 match points to the team
  with more game points in it, 1 each on equal points).
* **K13 ranking.** The team with more game points wins (:func:`result`, with match points
  beside); players are ranked by their points, then by name.

Sources of the tables: 2–6 boards and 7 boards as Wikipedia's *Scheveningen system* gives
them, 8 boards as rimassoft.eu's *Scheveningen tables* (both consulted in 2026).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

__all__ = ["TABLES", "Board", "MatchResult", "result", "rounds"]

#: The standard tables, one string per round, White first.
TABLES: dict[int, tuple[str, ...]] = {
    2: ("A1-B1 A2-B2", "B2-A1 B1-A2"),
    3: ("A1-B1 A2-B2 B3-A3", "B2-A1 A2-B3 B1-A3", "A1-B3 B1-A2 A3-B2"),
    4: (
        "A1-B1 A2-B2 B3-A3 B4-A4",
        "B2-A1 B1-A2 A3-B4 A4-B3",
        "A1-B3 A2-B4 B1-A3 B2-A4",
        "B4-A1 B3-A2 A3-B2 A4-B1",
    ),
    5: (
        "A1-B1 A2-B2 A3-B3 B4-A4 B5-A5",
        "B2-A1 B3-A2 A3-B4 A4-B5 B1-A5",
        "A1-B3 A2-B4 B5-A3 B1-A4 A5-B2",
        "B4-A1 A2-B5 A3-B1 B2-A4 B3-A5",
        "A1-B5 B1-A2 B2-A3 A4-B3 A5-B4",
    ),
    6: (
        "A1-B1 B2-A2 B3-A3 A4-B4 B5-A5 A6-B6",
        "B2-A1 A2-B3 A3-B5 B6-A4 A5-B4 B1-A6",
        "A1-B3 B5-A2 B1-A3 A4-B2 A5-B6 B4-A6",
        "B4-A1 B6-A2 A3-B2 A4-B1 B3-A5 A6-B5",
        "A1-B5 A2-B4 A3-B6 B3-A4 B1-A5 B2-A6",
        "B6-A1 A2-B1 B4-A3 B5-A4 A5-B2 A6-B3",
    ),
    7: (
        "A1-B1 A2-B2 A3-B3 A4-B4 B5-A5 B6-A6 B7-A7",
        "B2-A1 B3-A2 B4-A3 A4-B5 A5-B6 A6-B7 B1-A7",
        "A1-B3 A2-B4 A3-B5 B6-A4 B7-A5 B1-A6 A7-B2",
        "B4-A1 B5-A2 A3-B6 A4-B7 A5-B1 B2-A6 B3-A7",
        "A1-B5 A2-B6 B7-A3 B1-A4 B2-A5 A6-B3 A7-B4",
        "B6-A1 A2-B7 A3-B1 A4-B2 B3-A5 B4-A6 B5-A7",
        "A1-B7 B1-A2 B2-A3 B3-A4 A5-B4 A6-B5 A7-B6",
    ),
    8: (
        "A1-B1 A2-B2 A3-B3 A4-B4 B5-A5 B6-A6 B7-A7 B8-A8",
        "B2-A1 B3-A2 B4-A3 B1-A4 A5-B6 A6-B7 A7-B8 A8-B5",
        "A1-B3 A2-B4 A3-B1 A4-B2 B7-A5 B8-A6 B5-A7 B6-A8",
        "B4-A1 B1-A2 B2-A3 B3-A4 A5-B8 A6-B5 A7-B6 A8-B7",
        "A1-B5 A2-B6 A3-B7 A4-B8 B1-A5 B2-A6 B3-A7 B4-A8",
        "B6-A1 B7-A2 B8-A3 B5-A4 A5-B2 A6-B3 A7-B4 A8-B1",
        "A1-B7 A2-B8 A3-B5 A4-B6 B3-A5 B4-A6 B1-A7 B2-A8",
        "B8-A1 B5-A2 B6-A3 B7-A4 A5-B4 A6-B1 A7-B2 A8-B3",
    ),
}


@dataclass(frozen=True)
class Board:
    """One game: the round (1-based, counting the second cycle on), the board (1-based, in
    the table's order), and its players as ``("A", 3)`` = team A's board 3."""

    round: int
    board: int
    white: tuple[str, int]
    black: tuple[str, int]

    @property
    def a_player(self) -> int:
        return self.white[1] if self.white[0] == "A" else self.black[1]

    @property
    def b_player(self) -> int:
        return self.black[1] if self.black[0] == "B" else self.white[1]

    @property
    def a_is_white(self) -> bool:
        return self.white[0] == "A"


def _side(cell: str) -> tuple[str, int]:
    return cell[0], int(cell[1:])


def rounds(boards: int, double: bool = False) -> list[list[Board]]:
    """K10, K11: the match's rounds of ``boards`` boards (2–8), twice as many when ``double``.
    Raises ``ValueError`` outside 2–8."""
    if boards not in TABLES:
        raise ValueError(f"a Scheveningen match has 2 to 8 boards, not {boards}")
    table = TABLES[boards]
    out: list[list[Board]] = []
    for cycle in range(2 if double else 1):
        for index, line in enumerate(table):
            number = cycle * boards + index + 1
            games = []
            for board, pair in enumerate(line.split(), start=1):
                first, second = (_side(cell) for cell in pair.split("-"))
                white, black = (first, second) if cycle == 0 else (second, first)
                games.append(Board(number, board, white, black))
            out.append(games)
    return out


_ONE, _HALF, _NONE = Fraction(1), Fraction(1, 2), Fraction(0)
_POINTS: dict[str, tuple[Fraction, Fraction]] = {
    "1-0": (_ONE, _NONE),
    "=": (_HALF, _HALF),
    "0-1": (_NONE, _ONE),
    "+-": (_ONE, _NONE),
    "-+": (_NONE, _ONE),
    "--": (_NONE, _NONE),
}


@dataclass(frozen=True)
class MatchResult:
    """K12, K13: game points per team, match points per team (one match per round), and each
    player's points (``("A", 1)`` → points)."""

    game_points: Mapping[str, Fraction]
    match_points: Mapping[str, int]
    players: Mapping[tuple[str, int], Fraction]

    @property
    def winner(self) -> str | None:
        """``"A"``, ``"B"``, or ``None`` on equal game points."""
        a, b = self.game_points["A"], self.game_points["B"]
        return None if a == b else ("A" if a > b else "B")


def result(match: Sequence[Sequence[Board]], results: Mapping[tuple[int, int], str]) -> MatchResult:
    """The scores of ``match`` (:func:`rounds`) with ``results`` keyed by (round, board) in
    White's view (``1-0``, ``=``, ``0-1``, ``+-``, ``-+``, ``--``; a missing key is a game not
    played yet). Raises ``ValueError`` for another code."""
    games = {"A": Fraction(0), "B": Fraction(0)}
    matches = {"A": 0, "B": 0}
    players: dict[tuple[str, int], Fraction] = {}
    for round_games in match:
        in_round = {"A": Fraction(0), "B": Fraction(0)}
        complete = True
        for game in round_games:
            players.setdefault(game.white, Fraction(0))
            players.setdefault(game.black, Fraction(0))
            code = results.get((game.round, game.board))
            if code is None or code == "":
                complete = False
                continue
            if code not in _POINTS:
                raise ValueError(f"round {game.round}, board {game.board}: unknown result {code!r}")
            white, black = _POINTS[code]
            players[game.white] += white
            players[game.black] += black
            in_round[game.white[0]] += white
            in_round[game.black[0]] += black
        for team in ("A", "B"):
            games[team] += in_round[team]
        if complete:
            if in_round["A"] > in_round["B"]:
                matches["A"] += 2
            elif in_round["B"] > in_round["A"]:
                matches["B"] += 2
            else:
                matches["A"] += 1
                matches["B"] += 1
    return MatchResult(games, matches, players)
