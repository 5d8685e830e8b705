"""bbpPairings' pairing output format, and pairing or checking a TRF from the command line.

The format (bbpPairings ``-p``, also read by arbiters' tools): the first line is the number of
pairs, then one line ``white black`` (pairing numbers) per board in board order, and the
pairing-allocated bye as ``N 0`` (counted among the pairs, written last)::

    3
    1 5
    3 2
    6 0

Entry points for ``chessclub pair FILE.trf`` and ``chessclub check FILE.trf``:
:func:`pair_trf` and :func:`check_trf` (with :func:`format_differences`).
"""

from __future__ import annotations

from dataclasses import replace

from chessclub.formats.errors import ProblemSink
from chessclub.pairing.checker import RoundDifference, check_rounds, format_differences
from chessclub.pairing.engine import (
    GacruxDutchEngine,
    Pairing,
    PairingEngine,
    PairingError,
    as_pairs,
)
from chessclub.pairing.request import options_from_trf, read_pairing_request, read_swiss_trf


def format_bbp(pairing: Pairing) -> str:
    """``pairing`` in bbpPairings' output format (see the module docstring), ending with a
    newline."""
    pairs = as_pairs(pairing)
    return "".join(f"{line}\n" for line in [str(len(pairs)), *(f"{w} {b}" for w, b in pairs)])


def parse_bbp(text: str) -> list[tuple[int, int]]:
    """Read bbpPairings' output format into ``(white, black)`` pairs (``(n, 0)`` for the bye).

    Raises ``ValueError`` when the count disagrees with the lines or a line is not two numbers.
    """
    lines = [line.strip() for line in text.replace("\r", "\n").split("\n") if line.strip()]
    if not lines:
        raise ValueError("empty pairing")
    count = int(lines[0])
    pairs: list[tuple[int, int]] = []
    for line in lines[1:]:
        parts = line.split()
        if len(parts) != 2:
            raise ValueError(f"not a pair: {line!r}")
        pairs.append((int(parts[0]), int(parts[1])))
    if count != len(pairs):
        raise ValueError(f"{count} pairs announced, {len(pairs)} given")
    return pairs


def pair_trf(
    data: bytes,
    *,
    source: str = "",
    round_number: int | None = None,
    engine: PairingEngine | None = None,
    warnings: ProblemSink | None = None,
) -> str:
    """Pair the next round (or ``round_number``) of a Swiss TRF; the pairing in bbpPairings'
    format. This is ``chessclub pair FILE.trf [-o OUT]``.

    A player whose cell of that round already holds ``0000 - U`` keeps that pairing-allocated
    bye (written ``N 0``) and the engine pairs the others
    (:func:`~chessclub.pairing.request.pre_assigned_bye`). Raises
    :class:`~chessclub.formats.errors.TrfError` for a file that cannot be read (every problem
    with its line and column) and :class:`PairingError` (``"cannot pair: …"``) for a round that
    cannot be paired. ``warnings`` (a list) receives what the reader accepted while it deviates
    from TRF-16.
    """
    request = read_pairing_request(
        data, source=source, round_number=round_number, warnings=warnings
    )
    if request.tournament.system.is_round_robin:
        raise PairingError(
            "this is a round robin; its rounds come from the Berger table (chessclub berger N)",
            round_number=request.round_number,
        )
    used = engine or GacruxDutchEngine()
    pairing = used.pair(request.tournament, request.round_number, options=request.options)
    if request.pre_assigned_bye is not None:
        kept = request.pre_assigned_bye
        pairing = replace(
            pairing,
            bye=kept,
            not_paired=tuple(b for b in pairing.not_paired if b.player != kept),
        )
    return format_bbp(pairing)


def check_trf(
    data: bytes,
    *,
    source: str = "",
    engine: PairingEngine | None = None,
    workers: int = 1,
    warnings: ProblemSink | None = None,
) -> list[RoundDifference]:
    """Re-pair every round of a Swiss TRF and list the pairs that differ (empty: all agree).
    This is ``chessclub check FILE.trf``; print the result with :func:`format_differences`.

    Each round is paired from the file truncated before it (rounds before in full, the round's
    requested byes and absences), with the options the file states for that round
    (:func:`~chessclub.pairing.request.options_from_trf`). Raises ``TrfError`` for a file that
    cannot be read and ``PairingError`` for a round robin. ``workers`` > 1 pairs that many
    rounds at once. ``warnings`` as :func:`pair_trf`.
    """
    doc, tournament = read_swiss_trf(data, source=source, warnings=warnings)
    return check_rounds(
        tournament,
        engine=engine,
        options=lambda number: options_from_trf(doc, number),
        workers=workers,
    )


__all__ = [
    "check_trf",
    "format_bbp",
    "format_differences",
    "pair_trf",
    "parse_bbp",
]
