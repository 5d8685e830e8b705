"""The pairings checker: re-pair every round of a Swiss and report the pairs that differ.

FIDE asks every endorsed program for a free pairings checker (C.04.A, "FPC"): given a
tournament, re-pair each round from what was known before it and compare. Round ``r`` is paired
from the rounds before it in full and, of round ``r`` itself, only the players who were not to
be paired (requested byes, zero-point byes, absences, and players missing from the round) —
the procedure of the shared test data's README, and of bbpPairings' and gacrux's checkers.

A round is compared as an arbiter compares two pairing lists: by pairs, not by board number
(a TRF has no board numbers, and the engine's board order need not be the order the boards
were played in). Each difference is reported once: a pair played that the engine did not make,
a pair the engine made that was not played, a pair played with the colours the other way
round, and the pairing-allocated bye given to another player.
"""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, replace
from itertools import zip_longest

from chessclub.model import ByeKind, PairingNumber, Round, Tournament
from chessclub.pairing.engine import (
    GacruxDutchEngine,
    Pairing,
    PairingEngine,
    PairingError,
    PairingOptions,
    as_pairs,
)

Pair = tuple[int, int]
"""A board ``(white, black)``; ``(player, 0)`` stands for the pairing-allocated bye."""

PLAYED_ONLY = "played_only"
"""A pair played that the engine did not make (in neither colour order)."""
ENGINE_ONLY = "engine_only"
"""A pair the engine made that was not played (in neither colour order)."""
COLOURS = "colours"
"""The same two players, colours exchanged."""
BYE = "bye"
"""The pairing-allocated bye went to another player (or only one side gave one)."""
ERROR = "error"
"""The engine could not pair the round."""

KINDS = (PLAYED_ONLY, COLOURS, ENGINE_ONLY, BYE, ERROR)
"""Every ``RoundDifference.kind``, in the order a round's rows list them when tied."""


@dataclass(frozen=True, slots=True)
class RoundDifference:
    """One difference between a round as played and the engine's pairing of it.

    ``kind`` is one of :data:`KINDS`:

    - ``"played_only"``: ``played`` is a pair ``(white, black)`` that was played and that the
      engine did not make; ``engine`` is ``None``;
    - ``"engine_only"``: ``engine`` is a pair the engine made that was not played; ``played``
      is ``None``;
    - ``"colours"``: ``played`` is the pair as played, ``engine`` the same two players with
      the colours exchanged;
    - ``"bye"``: the pairing-allocated bye (C.04.1) differs: ``played`` is ``(player, 0)`` for
      the player who had it in the round as played, ``engine`` ``(player, 0)`` for the player
      the engine gives it to; ``None`` on the side that gives none;
    - ``"error"``: the engine could not pair the round; ``message`` says why, ``played`` and
      ``engine`` are ``None``.

    ``board`` is the board the pair was played on in the tournament, when it is known (a
    tournament entered in the application; a TRF has none) and only for ``"played_only"`` and
    ``"colours"``; else ``None``. The engine's own board order is never reported: it does not
    number the boards that were played.
    """

    round: int
    board: int | None
    played: Pair | None
    engine: Pair | None
    kind: str
    message: str = ""

    @property
    def players(self) -> tuple[int, ...]:
        """The pairing numbers the row names, ascending (the bye's 0 left out)."""
        return tuple(
            sorted(
                {p for pair in (self.played, self.engine) if pair is not None for p in pair if p}
            )
        )

    def __str__(self) -> str:
        if self.kind == ERROR:
            return f"round {self.round}: {self.message}"
        where = (
            f"round {self.round}"
            if self.board is None
            else (f"round {self.round}, board {self.board}")
        )
        if self.kind == BYE:
            played = str(self.played[0]) if self.played else "none"
            engine = str(self.engine[0]) if self.engine else "none"
            return f"{where}: pairing-allocated bye: played {played}, engine {engine}"
        if self.kind == PLAYED_ONLY:
            return f"{where}: played {_show(self.played)}, not paired by the engine"
        if self.kind == ENGINE_ONLY:
            return f"{where}: engine {_show(self.engine)}, not played"
        return f"{where}: played {_show(self.played)}, engine {_show(self.engine)} (colours)"


def _show(pair: Pair | None) -> str:
    if pair is None:
        return "—"
    return f"{pair[0]} bye" if pair[1] == 0 else f"{pair[0]}-{pair[1]}"


OptionsFor = PairingOptions | Callable[[int], PairingOptions]


def check_rounds(
    tournament: Tournament,
    *,
    engine: PairingEngine | None = None,
    options: OptionsFor | None = None,
    rounds: list[int] | None = None,
    workers: int = 1,
) -> list[RoundDifference]:
    """Re-pair every paired round of a Swiss tournament (or ``rounds``) and list, round by
    round, the pairs that differ (FIDE C.04.A pairings checker; see :func:`compare_round`).
    An empty list: every round agrees.

    ``engine`` defaults to :class:`GacruxDutchEngine` (FIDE Dutch, C.04.3). ``options`` are the
    arbiter's options, or a function giving them per round number; players missing from a
    round are added to its ``absent``. A round the engine cannot pair gives one row of kind
    ``"error"``. Raises :class:`PairingError` for a round robin (its rounds come from the
    Berger table, not from a pairing engine). ``workers`` > 1 pairs that many rounds at once
    (each in its own engine process); the report is the same. Rows are in round order, each
    round's as :func:`compare_round` orders them.
    """
    if tournament.system.is_round_robin:
        raise PairingError("a round robin is not paired by a Swiss system; nothing to check")
    used = engine or GacruxDutchEngine()
    numbers = rounds if rounds is not None else [r.number for r in tournament.rounds if r.games]
    played_rounds = [
        played
        for played in (tournament.round(n) for n in sorted(set(numbers)))
        if played is not None and played.games
    ]

    def check(played: Round) -> list[RoundDifference]:
        number = int(played.number)
        base = options(number) if callable(options) else (options or PairingOptions())
        round_options = replace(base, absent=base.absent | _missing(tournament, played))
        try:
            pairing = used.pair(tournament, number, options=round_options)
        except PairingError as exc:
            return [RoundDifference(number, None, None, None, ERROR, str(exc))]
        return compare_round(played, pairing)

    if workers > 1 and len(played_rounds) > 1:
        with ThreadPoolExecutor(max_workers=workers) as pool:
            reports = list(pool.map(check, played_rounds))
    else:
        reports = [check(played) for played in played_rounds]
    return [row for report in reports for row in report]


def _missing(tournament: Tournament, played: Round) -> frozenset[PairingNumber]:
    present = set(played.participants())
    return frozenset(
        p.pairing_number for p in tournament.players if p.pairing_number not in present
    )


def played_pairs(played: Round) -> list[Pair]:
    """The boards of a played round as ``(white, black)``, its pairing-allocated bye as
    ``(player, 0)``."""
    pairs: list[Pair] = [(int(g.white), int(g.black)) for g in played.games]
    pairs.extend((int(b.player), 0) for b in played.byes if b.kind is ByeKind.PAIRING_ALLOCATED)
    return pairs


def compare_round(played: Round, pairing: Pairing) -> list[RoundDifference]:
    """The differences between the round as ``played`` and the engine's ``pairing`` of it,
    by pairs (see :class:`RoundDifference`); empty when they agree. Each pair and each bye
    appears in at most one row.

    Rows are sorted by the played board when it is known, then by the lowest pairing number
    they name (then :data:`KINDS` order); the pairing-allocated bye comes last, as in a
    pairing list.
    """
    number = int(pairing.round)
    board_of: dict[Pair, int | None] = {(int(g.white), int(g.black)): g.board for g in played.games}
    played_games = set(board_of)
    engine_games = {pair for pair in as_pairs(pairing) if pair[1] != 0}
    rows: list[RoundDifference] = []
    for pair in played_games - engine_games:
        reverse = (pair[1], pair[0])
        if reverse in engine_games:
            rows.append(RoundDifference(number, board_of[pair], pair, reverse, COLOURS))
        else:
            rows.append(RoundDifference(number, board_of[pair], pair, None, PLAYED_ONLY))
    for pair in engine_games - played_games:
        if (pair[1], pair[0]) not in played_games:
            rows.append(RoundDifference(number, None, None, pair, ENGINE_ONLY))
    played_bye = sorted({int(b.player) for b in played.byes if b.kind is ByeKind.PAIRING_ALLOCATED})
    engine_bye = [int(pairing.bye)] if pairing.bye is not None else []
    for mine, theirs in zip_longest(
        [p for p in played_bye if p not in engine_bye],
        [p for p in engine_bye if p not in played_bye],
    ):
        rows.append(
            RoundDifference(
                number,
                None,
                (mine, 0) if mine is not None else None,
                (theirs, 0) if theirs is not None else None,
                BYE,
            )
        )
    return sorted(rows, key=_order)


def _order(row: RoundDifference) -> tuple[bool, bool, int, int, int]:
    return (
        row.kind == BYE,
        row.board is None,
        row.board or 0,
        min(row.players, default=0),
        KINDS.index(row.kind),
    )


def format_differences(differences: list[RoundDifference], *, rounds_checked: int = 0) -> str:
    """The checker's report as text, one difference a line (see :meth:`RoundDifference.__str__`:
    ``round 3, board 2: played 5-7, engine 7-5 (colours)``, ``round 1: played 13-1, not
    paired by the engine``, ``round 1: engine 1-7, not played``, ``round 1: pairing-allocated
    bye: played 12, engine 13``, ``round 4: cannot pair: …``); ``"all rounds agree"`` (with the
    number of rounds when given) when there is none. Ends with a newline."""
    if not differences:
        what = f"all {rounds_checked} rounds agree" if rounds_checked else "all rounds agree"
        return what + " with the engine's pairing\n"
    return "".join(f"{row}\n" for row in differences)


__all__ = [
    "BYE",
    "COLOURS",
    "ENGINE_ONLY",
    "ERROR",
    "KINDS",
    "PLAYED_ONLY",
    "RoundDifference",
    "check_rounds",
    "compare_round",
    "format_differences",
    "played_pairs",
]
