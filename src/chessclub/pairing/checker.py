"""The pairings checker: re-pair every round of a Swiss and report the boards that differ.

FIDE asks every endorsed program for a free pairings checker (C.04.A, "FPC"): given a
tournament, re-pair each round from what was known before it and compare. Round ``r`` is paired
from the rounds before it in full and, of round ``r`` itself, only the players who were not to
be paired (requested byes, zero-point byes, absences, and players missing from the round) —
the procedure of the shared test data's README, and of bbpPairings' and gacrux's checkers.
"""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, replace

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


@dataclass(frozen=True, slots=True)
class RoundDifference:
    """One board where a round as played differs from the engine's pairing of it.

    ``board`` is the engine's board number (1…, the bye after the last board), 0 for a row
    about the whole round. ``played``/``engine`` are ``(white, black)`` (``(n, 0)``: the bye),
    ``None`` when that side has no such board. ``kind`` is ``"colours"`` (same players, colours
    exchanged), ``"pairing"`` (other opponents or bye) or ``"error"`` (the engine could not pair
    the round; ``message`` says why).
    """

    round: int
    board: int
    played: Pair | None
    engine: Pair | None
    kind: str
    message: str = ""

    def __str__(self) -> str:
        if self.kind == "error":
            return f"round {self.round}: {self.message}"

        def show(pair: Pair | None) -> str:
            if pair is None:
                return "—"
            return f"{pair[0]} bye" if pair[1] == 0 else f"{pair[0]}-{pair[1]}"

        return (
            f"round {self.round}, board {self.board}: played {show(self.played)}, "
            f"engine {show(self.engine)} ({self.kind})"
        )


OptionsFor = PairingOptions | Callable[[int], PairingOptions]


def check_rounds(
    tournament: Tournament,
    *,
    engine: PairingEngine | None = None,
    options: OptionsFor | None = None,
    rounds: list[int] | None = None,
    workers: int = 1,
) -> list[RoundDifference]:
    """Re-pair every paired round of a Swiss tournament (or ``rounds``) and list the boards
    whose pairing differs (FIDE C.04.A pairings checker). An empty list: every round agrees.

    ``engine`` defaults to :class:`GacruxDutchEngine` (FIDE Dutch, C.04.3). ``options`` are the
    arbiter's options, or a function giving them per round number; players missing from a
    round are added to its ``absent``. A round the engine cannot pair gives one row of kind
    ``"error"``. Raises :class:`PairingError` for a round robin (its rounds come from the
    Berger table, not from a pairing engine). ``workers`` > 1 pairs that many rounds at once
    (each in its own engine process); the report is the same.
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
            return [RoundDifference(number, 0, None, None, "error", str(exc))]
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
    """The boards where ``pairing`` differs from the round as ``played`` (see
    :class:`RoundDifference`), in the engine's board order, then the played boards left over."""
    number = int(pairing.round)
    actual = played_pairs(played)
    actual_set = set(actual)
    by_player: dict[int, Pair] = {}
    for pair in actual:
        for p in pair:
            if p:
                by_player[p] = pair
    reported: set[Pair] = set()
    rows: list[RoundDifference] = []
    for index, pair in enumerate(as_pairs(pairing), start=1):
        if pair in actual_set:
            reported.add(pair)
            continue
        reverse = (pair[1], pair[0])
        if pair[1] != 0 and reverse in actual_set:
            rows.append(RoundDifference(number, index, reverse, pair, "colours"))
            reported.add(reverse)
            continue
        mine = by_player.get(pair[0])
        rows.append(RoundDifference(number, index, mine, pair, "pairing"))
        if mine is not None:
            reported.add(mine)
    for pair in actual:
        if pair not in reported:
            rows.append(RoundDifference(number, 0, pair, None, "pairing"))
    return rows


def format_differences(differences: list[RoundDifference], *, rounds_checked: int = 0) -> str:
    """The checker's report as text, one difference a line; ``"all rounds agree"`` (with the
    number of rounds when given) when there is none. Ends with a newline."""
    if not differences:
        what = f"all {rounds_checked} rounds agree" if rounds_checked else "all rounds agree"
        return what + " with the engine's pairing\n"
    return "".join(f"{row}\n" for row in differences)


__all__ = [
    "RoundDifference",
    "check_rounds",
    "compare_round",
    "format_differences",
    "played_pairs",
]
