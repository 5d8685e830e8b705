"""FIDE team tiebreaks (C.07 Art. 12–13) over :mod:`chessclub.model.teams`, in three rule eras.

Typical use::

    from chessclub.tiebreaks.teams import rank_teams, compute_team_tiebreaks
    rows = rank_teams(team_tournament, ["GP", "EDE", "EMGSB/C1"], era=RuleEra.C07_2023)

Codes: ``MP``, ``GP``, ``MPvGP``, ``BC``, ``TBR``, ``BBE``, ``EDE`` (``EDEC``, ``EDET``,
``EDEB``, ``EDEBT``, ``EDEBB``), ``EMMSB``, ``EMGSB``, ``EGMSB``, ``EGGSB`` (``ESB``), ``SSSC``
and ``BH:MP``/``BH:GP`` with the Cut/Median and ``/P`` modifiers.
"""

from chessclub.tiebreaks.teams.context import TeamTiebreakContext
from chessclub.tiebreaks.teams.engine import (
    TEAM_CODES,
    RankedTeam,
    TeamTiebreakResult,
    compute_team_tiebreaks,
    evaluate_teams,
    explain_team,
    rank_teams,
)

__all__ = [
    "TEAM_CODES",
    "RankedTeam",
    "TeamTiebreakContext",
    "TeamTiebreakResult",
    "compute_team_tiebreaks",
    "evaluate_teams",
    "explain_team",
    "rank_teams",
]
