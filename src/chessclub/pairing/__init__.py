"""Pairing rounds: Berger round-robin tables (FIDE C.05 Annex 1) and Swiss pairing engines.

- :mod:`chessclub.pairing.berger` — single and double round-robin tables, pairing numbers by
  lot or by rating.
"""

from chessclub.pairing.berger import (
    BergerRound,
    berger_table,
    draw_pairing_numbers,
    format_berger_table,
    pairing_numbers_by_rating,
)

__all__ = [
    "BergerRound",
    "berger_table",
    "draw_pairing_numbers",
    "format_berger_table",
    "pairing_numbers_by_rating",
]
