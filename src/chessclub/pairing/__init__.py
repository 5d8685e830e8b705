"""Pairing rounds: Berger round-robin tables (FIDE C.05 Annex 1) and the FIDE Dutch system.

- :mod:`chessclub.pairing.berger` — single and double round-robin tables, pairing numbers by
  lot or by rating, :class:`BergerEngine`.
- :mod:`chessclub.pairing.engine` — the :class:`PairingEngine` interface, :class:`Pairing`,
  :class:`PairingOptions`, :class:`PairingError`, and :class:`GacruxDutchEngine` (FIDE C.04.3
  by the ``gacrux`` package in a worker process).
- :mod:`chessclub.pairing.request` — the tournament, round and options a TRF states.
- :mod:`chessclub.pairing.checker` — re-pair every round and report the pairs that differ.
- :mod:`chessclub.pairing.bbp_format` — bbpPairings' output format; ``chessclub pair`` and
  ``chessclub check`` entry points.
"""

from chessclub.pairing.bbp_format import check_trf, format_bbp, pair_trf, parse_bbp
from chessclub.pairing.berger import (
    BergerEngine,
    BergerRound,
    berger_table,
    draw_pairing_numbers,
    format_berger_table,
    pairing_numbers_by_rating,
)
from chessclub.pairing.checker import RoundDifference, check_rounds, format_differences
from chessclub.pairing.engine import (
    Acceleration,
    Board,
    GacruxDutchEngine,
    Pairing,
    PairingEngine,
    PairingError,
    PairingOptions,
    baku_acceleration,
    engine_input,
    initial_colour_of,
    next_round_number,
)
from chessclub.pairing.request import PairingRequest, read_pairing_request

__all__ = [
    "Acceleration",
    "BergerEngine",
    "BergerRound",
    "Board",
    "GacruxDutchEngine",
    "Pairing",
    "PairingEngine",
    "PairingError",
    "PairingOptions",
    "PairingRequest",
    "RoundDifference",
    "baku_acceleration",
    "berger_table",
    "check_rounds",
    "check_trf",
    "draw_pairing_numbers",
    "engine_input",
    "format_bbp",
    "format_berger_table",
    "format_differences",
    "initial_colour_of",
    "next_round_number",
    "pair_trf",
    "pairing_numbers_by_rating",
    "parse_bbp",
    "read_pairing_request",
]
