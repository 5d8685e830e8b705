"""The absolute criteria a hand-edited Swiss pairing is checked against (FIDE C.04.1, C.04.3).

When the arbiter edits a draft round by hand (swaps players, exchanges colours, moves the bye,
adds or removes a board) each edit is checked against the absolute criteria of the Dutch system
(C.04.3, 2026 rules, criteria C1–C3, which restate C.04.1):

- **C1** no rematch: two players shall not play against each other more than once (C.04.1 b).
  Only games played on the board count: a forfeit is no game between the players (C.04.2,
  "only played games count"), as bbpPairings and gacrux read it.
- **C2** pairing-allocated bye: a player who already received a pairing-allocated bye, or
  already scored a win's points without playing (full-point bye, forfeit win), shall not
  receive it (C.04.1 c, d).
- **C3** colours: non-topscorers with the same absolute colour preference shall not meet
  (C.04.3 C3). With the colours fixed by the arbiter this is checked on the result: no colour
  difference beyond ±2 and no colour three times running after the round (C.04.1 f, g), except
  for topscorers (players above 50 % of the maximum score) when the final round is paired.

Forbidden pairs (TRF-2026 record 260, the arbiter's own restriction) are reported too.

The checks never refuse: the arbiter decides (C.04.3 art. 1.9.3); the web shows each
:class:`Violation` as a warning naming the rule.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Collection, Iterable
from dataclasses import dataclass, replace

from chessclub.model import (
    ZERO,
    ByeKind,
    Colour,
    GameResult,
    PairingNumber,
    Points,
    Tournament,
)
from chessclub.pairing.engine import Board

REMATCH = "C1"
PAB = "C2"
COLOURS = "C3"
FORBIDDEN = "260"


@dataclass(frozen=True, slots=True)
class Violation:
    """One broken criterion.

    ``rule`` is ``"C1"``, ``"C2"``, ``"C3"`` (FIDE C.04.3) or ``"260"`` (a forbidden pair);
    ``players`` the pairing numbers concerned; ``kind`` says which case: ``"rematch"``,
    ``"second_pab"``, ``"colour_difference"``, ``"same_colour_three_times"``, ``"forbidden"``;
    ``colour`` the colour of the round for a colour case, ``None`` otherwise.
    """

    rule: str
    kind: str
    players: tuple[PairingNumber, ...]
    colour: Colour | None = None


@dataclass(frozen=True, slots=True)
class History:
    """What earlier rounds say of one player for the absolute criteria."""

    opponents: frozenset[PairingNumber]
    colours: tuple[Colour, ...]
    had_pab_or_unplayed_win: bool
    score: Points


def histories(tournament: Tournament, round_number: int) -> dict[PairingNumber, History]:
    """Each player's opponents met on the board, colours of played games (in round order),
    whether a pairing-allocated bye or a win without playing was received, and score, over the
    rounds before ``round_number``."""
    opponents: dict[PairingNumber, set[PairingNumber]] = defaultdict(set)
    colours: dict[PairingNumber, list[Colour]] = defaultdict(list)
    unplayed_win: set[PairingNumber] = set()
    earlier = sorted(
        (r for r in tournament.rounds if r.number < round_number), key=lambda r: r.number
    )
    for rnd in earlier:
        for game in rnd.games:
            if game.result.is_forfeit:
                if game.result is GameResult.WHITE_WINS_BY_FORFEIT:
                    unplayed_win.add(game.white)
                elif game.result is GameResult.BLACK_WINS_BY_FORFEIT:
                    unplayed_win.add(game.black)
                continue
            opponents[game.white].add(game.black)
            opponents[game.black].add(game.white)
            colours[game.white].append(Colour.WHITE)
            colours[game.black].append(Colour.BLACK)
        for bye in rnd.byes:
            if bye.kind in (ByeKind.PAIRING_ALLOCATED, ByeKind.FULL_POINT):
                unplayed_win.add(bye.player)
    scores = _scores_before(tournament, round_number)
    return {
        p.pairing_number: History(
            frozenset(opponents[p.pairing_number]),
            tuple(colours[p.pairing_number]),
            p.pairing_number in unplayed_win,
            scores.get(p.pairing_number, ZERO),
        )
        for p in tournament.players
    }


def _scores_before(tournament: Tournament, round_number: int) -> dict[PairingNumber, Points]:
    earlier = tuple(r for r in tournament.rounds if r.number < round_number)
    return replace(tournament, rounds=earlier).scores()


def check_pairing(
    tournament: Tournament,
    round_number: int,
    boards: Iterable[Board],
    byes: Collection[PairingNumber] = (),
    *,
    forbidden: Iterable[Collection[PairingNumber]] = (),
) -> list[Violation]:
    """The absolute criteria (C.04.3 C1–C3) the pairing ``boards`` (``white``, ``black``) and
    pairing-allocated ``byes`` of round ``round_number`` break, given the tournament's rounds
    before it; ``forbidden`` groups (record 260) are checked too. An empty list: none.

    Topscorers (score > 50 % of the maximum before the round) are exempt from C3 when
    ``round_number`` is the tournament's planned last round (C.04.3 A.7, C3).
    """
    history = histories(tournament, round_number)
    empty = History(frozenset(), (), False, ZERO)
    win = tournament.scoring.win
    final = tournament.planned_rounds > 0 and round_number >= tournament.planned_rounds
    limit = win * (round_number - 1) / 2

    def topscorer(player: PairingNumber) -> bool:
        return final and history.get(player, empty).score > limit

    groups = [frozenset(g) for g in forbidden]
    found: list[Violation] = []
    for board in boards:
        white, black = board.white, board.black
        if black in history.get(white, empty).opponents:
            found.append(Violation(REMATCH, "rematch", (white, black)))
        if any(white in g and black in g for g in groups):
            found.append(Violation(FORBIDDEN, "forbidden", (white, black)))
        for player, colour in ((white, Colour.WHITE), (black, Colour.BLACK)):
            if topscorer(player):
                continue
            past = history.get(player, empty).colours
            after = (*past, colour)
            difference = sum(1 if c is Colour.WHITE else -1 for c in after)
            if abs(difference) > 2:
                found.append(Violation(COLOURS, "colour_difference", (player,), colour))
            elif len(after) >= 3 and after[-1] == after[-2] == after[-3]:
                found.append(Violation(COLOURS, "same_colour_three_times", (player,), colour))
    for player in sorted(byes):
        if history.get(player, empty).had_pab_or_unplayed_win:
            found.append(Violation(PAB, "second_pab", (player,)))
    if len(byes) > 1:
        found.append(Violation(PAB, "several_pabs", tuple(sorted(byes))))
    return found


__all__ = ["COLOURS", "FORBIDDEN", "PAB", "REMATCH", "History", "Violation", "check_pairing"]
