"""FIDE tiebreaks (C.07) for individual tournaments, in three rule eras.

Pure and exact: points are ``Fraction``, ratings ``int``; no Django. Typical use::

    from chessclub.tiebreaks import rank, compute_tiebreaks, explain, RuleEra
    rows = rank(tournament, ["BH/C1", "BH", "SB", "DE", "WIN"], era=RuleEra.C07_2023)
    values = compute_tiebreaks(tournament, "BH/C1,BH,SB")
    print(explain(tournament, PairingNumber(4), "BH/C1").as_text())

One module per family: :mod:`~chessclub.tiebreaks.own_results` (WIN, WON, BPG, BWG, PS, REP,
STD, TPN), :mod:`~chessclub.tiebreaks.buchholz` (BH, FB, AOB),
:mod:`~chessclub.tiebreaks.sonneborn_berger` (SB, KS),
:mod:`~chessclub.tiebreaks.direct_encounter` (DE), :mod:`~chessclub.tiebreaks.performance`
(ARO, TPR, PTP, APRO, APPO, RTNG); unplayed rounds per era in
:mod:`~chessclub.tiebreaks.context`, cuts in :mod:`~chessclub.tiebreaks.cuts`.
"""

from chessclub.tiebreaks.codes import (
    ALIASES,
    CATALOGUE,
    DEFAULT_ROUND_ROBIN,
    DEFAULT_SWISS,
    TiebreakCodeError,
    TiebreakInfo,
    TiebreakSpec,
    TiebreakType,
    parse_tiebreak,
    parse_tiebreaks,
)
from chessclub.tiebreaks.context import Cell, RoundKind, TiebreakContext
from chessclub.tiebreaks.engine import (
    RankedPlayer,
    TiebreakResult,
    compute_tiebreaks,
    default_tiebreaks,
    evaluate,
    explain,
    rank,
)
from chessclub.tiebreaks.eras import RuleEra, default_era
from chessclub.tiebreaks.explanation import (
    Contribution,
    Explanation,
    Note,
    NoteParam,
    TiebreakValue,
    format_value,
)

__all__ = [
    "ALIASES",
    "CATALOGUE",
    "DEFAULT_ROUND_ROBIN",
    "DEFAULT_SWISS",
    "Cell",
    "Contribution",
    "Explanation",
    "Note",
    "NoteParam",
    "RankedPlayer",
    "RoundKind",
    "RuleEra",
    "TiebreakCodeError",
    "TiebreakContext",
    "TiebreakInfo",
    "TiebreakResult",
    "TiebreakSpec",
    "TiebreakType",
    "TiebreakValue",
    "compute_tiebreaks",
    "default_era",
    "default_tiebreaks",
    "evaluate",
    "explain",
    "format_value",
    "parse_tiebreak",
    "parse_tiebreaks",
    "rank",
]
