"""Berger tables for round robins (FIDE C.05 Annex 1) and the drawing of pairing numbers.

A table is computed for ``n`` pairing numbers 1…n. When ``n`` is odd a dummy number ``n + 1``
is added, and whoever meets it has the round off (a bye, listed apart from the boards).

FIDE C.05 Annex 1 (Berger tables), for an even number of players ``n``:

- there are ``n − 1`` rounds;
- round 1: on board ``b``, player ``b`` (White) meets player ``n − b + 1``;
- each following round: list the players 1…n−1 by their board in the previous round, White
  before Black; player ``n`` meets the **last** player of that list on board 1, with the
  colour opposite to the one he had in the previous round; the remaining list is then paired
  from its end: the penultimate (White) against the last (Black), and so on.

A double round robin plays the table twice, colours reversed in the second cycle. FIDE
recommends swapping the order of the last two rounds of the first cycle, so that no player has
the same colour three times running across the two cycles (C.05 Annex 1, note on double round
robins); :func:`berger_table` does so unless ``swap_last_two=False``.

Pairing numbers are drawn by lot (:func:`draw_pairing_numbers`, seeded and reproducible) or
given by rating (:func:`pairing_numbers_by_rating`, C.04.2: rating, then title, then name).
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace

from chessclub.model import PairingNumber, Player, RoundNumber, Tournament, TournamentSystem
from chessclub.pairing.engine import Board, Pairing, PairingError, PairingOptions

_NO_OPTIONS = PairingOptions()

MAX_PLAYERS = 9999
"""The largest field a table is computed for (TRF pairing numbers have four digits)."""


@dataclass(frozen=True, slots=True)
class BergerRound:
    """One round of a Berger table.

    ``boards`` are ``(white, black)`` pairing numbers in board order (board 1 first);
    ``bye`` is the pairing number that meets the dummy player of an odd field, else ``None``.
    """

    number: int
    boards: tuple[tuple[int, int], ...]
    bye: int | None = None


def berger_table(
    players: int, *, double: bool = False, swap_last_two: bool = True
) -> tuple[BergerRound, ...]:
    """The Berger table for ``players`` pairing numbers (FIDE C.05 Annex 1).

    ``players`` is the field size, at least 2 (3 and more for a meaningful odd field). With an
    odd number a dummy ``players + 1`` is added and its opponent gets ``bye``. Rounds are
    numbered from 1. ``double=True`` gives a double round robin: the single table (with its last
    two rounds swapped when ``swap_last_two``) followed by the single table with colours
    reversed.

    Raises ``ValueError`` when ``players`` is below 2 or above :data:`MAX_PLAYERS`.
    """
    if not 2 <= players <= MAX_PLAYERS:
        raise ValueError(f"a Berger table needs 2 to {MAX_PLAYERS} players, not {players}")
    single = _single_cycle(players)
    if not double:
        return single
    first = list(single)
    if swap_last_two and len(first) >= 3:
        first[-2], first[-1] = first[-1], first[-2]
    second = [
        BergerRound(0, tuple((black, white) for white, black in rnd.boards), rnd.bye)
        for rnd in single
    ]
    return tuple(
        BergerRound(index, rnd.boards, rnd.bye)
        for index, rnd in enumerate([*first, *second], start=1)
    )


def _single_cycle(players: int) -> tuple[BergerRound, ...]:
    """One cycle of C.05 Annex 1, for ``players`` rounded up to an even number."""
    n = players + players % 2
    dummy = n if n != players else None
    half = n // 2
    # Round 1: board b is b (White) against n - b + 1.
    boards = [(b, n - b + 1) for b in range(1, half + 1)]
    rounds = [boards]
    last_white = False  # player n is Black in round 1
    for _ in range(2, n):
        order = [p for board in boards for p in board if p != n]
        last_white = not last_white
        opponent = order.pop()
        new_boards = [(n, opponent) if last_white else (opponent, n)]
        while order:
            black = order.pop()
            white = order.pop()
            new_boards.append((white, black))
        boards = new_boards
        rounds.append(boards)
    result: list[BergerRound] = []
    for number, table_boards in enumerate(rounds, start=1):
        bye: int | None = None
        kept: list[tuple[int, int]] = []
        for white, black in table_boards:
            if dummy is not None and dummy in (white, black):
                bye = black if white == dummy else white
            else:
                kept.append((white, black))
        result.append(BergerRound(number, tuple(kept), bye))
    return tuple(result)


def format_berger_table(table: Iterable[BergerRound]) -> str:
    """The table as text, one round a line: ``Round 1: 1-4 2-3`` (bye as ``bye 5``).

    Used by ``chessclub berger N [--double]``. The text ends with a newline.
    """
    lines = []
    for rnd in table:
        cells = [f"{white}-{black}" for white, black in rnd.boards]
        if rnd.bye is not None:
            cells.append(f"bye {rnd.bye}")
        lines.append(f"Round {rnd.number}: " + " ".join(cells))
    return "\n".join(lines) + "\n"


# -- pairing numbers ---------------------------------------------------------------------------

TITLE_ORDER: tuple[str, ...] = ("GM", "IM", "WGM", "FM", "WIM", "CM", "WFM", "WCM")
"""Titles in the order C.04.2 ranks them (an untitled player comes after all of them)."""

_LEGACY_TITLES = {
    "G": "GM",
    "M": "IM",
    "F": "FM",
    "C": "CM",
    "WG": "WGM",
    "WM": "WIM",
    "WF": "WFM",
    "WC": "WCM",
}


def _title_rank(title: str) -> int:
    key = title.strip().upper()
    key = _LEGACY_TITLES.get(key, key)
    try:
        return TITLE_ORDER.index(key)
    except ValueError:
        return len(TITLE_ORDER)


def rating_order_key(player: Player) -> tuple[int, int, str, str]:
    """Sort key of the initial ranking (FIDE C.04.2): rating (highest first, unrated last),
    then title (GM, IM, WGM, FM, WIM, CM, WFM, WCM, none), then name alphabetically."""
    rating = player.rating if player.rating is not None else -1
    return (-rating, _title_rank(player.title), player.name.casefold(), player.name)


def _renumber(players: Sequence[Player]) -> tuple[Player, ...]:
    return tuple(
        replace(player, pairing_number=PairingNumber(index))
        for index, player in enumerate(players, start=1)
    )


def pairing_numbers_by_rating(players: Iterable[Player]) -> tuple[Player, ...]:
    """The players renumbered 1…n in the order of :func:`rating_order_key` (FIDE C.04.2).

    Returns new :class:`Player` values (the input is not changed), in pairing-number order.
    """
    return _renumber(sorted(players, key=rating_order_key))


def draw_pairing_numbers(players: Iterable[Player], *, seed: int | str) -> tuple[Player, ...]:
    """The players renumbered 1…n by lot (FIDE C.05: pairing numbers of a round robin are drawn).

    The draw is reproducible: the same players and the same ``seed`` (an integer or text, e.g.
    the tournament's id and a date, to be recorded with the tournament) give the same numbers,
    whatever the order the players are passed in. Returns new :class:`Player` values in
    pairing-number order.
    """
    by_number = {p.pairing_number: p for p in players}
    return _renumber([by_number[n] for n in drawn_order(by_number.values(), seed=seed)])


def drawn_order(players: Iterable[Player], *, seed: int | str) -> list[PairingNumber]:
    """The players' current pairing numbers in the order :func:`draw_pairing_numbers` gives
    them new numbers 1…n (the first listed gets 1). Same draw, same reproducibility."""
    ordered = sorted(players, key=lambda p: (*rating_order_key(p), p.fide_id, p.matricule))
    rng = random.Random(f"chessclub-berger-lot:{seed}")
    rng.shuffle(ordered)
    return [p.pairing_number for p in ordered]


class BergerEngine:
    """Round-robin pairing from the Berger table (FIDE C.05 Annex 1), as a
    :class:`~chessclub.pairing.engine.PairingEngine`.

    Table number ``i`` is the ``i``-th player by pairing number; a double round robin
    (``TournamentSystem.DOUBLE_ROUND_ROBIN``) uses :func:`berger_table` with ``double=True``.
    The table's bye (odd field) is returned as ``Pairing.bye``. Raises
    :class:`~chessclub.pairing.engine.PairingError` for a round outside the table.
    """

    def pair(
        self,
        tournament: Tournament,
        round_number: int,
        *,
        options: PairingOptions = _NO_OPTIONS,
    ) -> Pairing:
        numbers = sorted(p.pairing_number for p in tournament.players)
        double = tournament.system is TournamentSystem.DOUBLE_ROUND_ROBIN
        if len(numbers) < 2:
            raise PairingError("a round robin needs at least 2 players", round_number=round_number)
        table = berger_table(len(numbers), double=double)
        if not 1 <= round_number <= len(table):
            raise PairingError(
                f"the Berger table for {len(numbers)} players has {len(table)} rounds, "
                f"not {round_number}",
                round_number=round_number,
            )
        rnd = table[round_number - 1]
        boards = tuple(Board(numbers[w - 1], numbers[b - 1]) for w, b in rnd.boards)
        bye = numbers[rnd.bye - 1] if rnd.bye is not None else None
        return Pairing(RoundNumber(round_number), boards, bye)


__all__ = [
    "MAX_PLAYERS",
    "TITLE_ORDER",
    "BergerEngine",
    "BergerRound",
    "berger_table",
    "draw_pairing_numbers",
    "drawn_order",
    "format_berger_table",
    "pairing_numbers_by_rating",
    "rating_order_key",
]
