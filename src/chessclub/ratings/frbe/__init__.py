"""The Belgian federation's (FRBE-KBSB) national rating: spec ``frbe.md`` B4–B6.

* :mod:`~chessclub.ratings.frbe.rulesets` — the federation's constants as named, versioned rule
  sets (data, not code): the B6 time-control thresholds and the B4 fictitious-Elo conditions.
* :mod:`~chessclub.ratings.frbe.fictitious` — B4, the fictitious Elo of unrated players (closed
  groups: one global performance; opens: iterated individual performances), with a structured
  explanation of every pass.
* :mod:`~chessclub.ratings.frbe.eligibility` — B6, which games may be rated given the time
  control and both ratings.
* :mod:`~chessclub.ratings.frbe.national` — B5, the national rating run over one period (runs
  1–3, individual sheets).

Pure and typed: no Django, no I/O.
"""

from chessclub.ratings.frbe.eligibility import (
    GameEligibility,
    IneligibleReason,
    TimeControl,
    TimeControlStage,
    game_eligibility,
    ineligible,
    parse_time_control,
    tournament_eligibility,
)
from chessclub.ratings.frbe.fictitious import (
    FictitiousElo,
    FictitiousEloError,
    FictitiousMethod,
    FictitiousStatus,
    Pass,
    Performance,
    classify_players,
    fictitious_elo,
    method_for,
)
from chessclub.ratings.frbe.national import (
    ListedPlayer,
    PeriodGame,
    PlayerOutcome,
    RatingRun,
    Run,
    SheetLine,
    SkippedGame,
    Status,
    period_games,
    rating_run,
)
from chessclub.ratings.frbe.rulesets import (
    DEFAULT_ELIGIBILITY_RULES,
    DEFAULT_NATIONAL_RULES,
    ELIGIBILITY_RULE_SETS,
    FICTITIOUS_RULES,
    FRBE_ART10_2008,
    NATIONAL_RULE_SETS,
    EligibilityRules,
    FictitiousRules,
    NationalRules,
    TimeThreshold,
    eligibility_rules,
    national_rules,
)

__all__ = [
    "DEFAULT_ELIGIBILITY_RULES",
    "DEFAULT_NATIONAL_RULES",
    "ELIGIBILITY_RULE_SETS",
    "FICTITIOUS_RULES",
    "FRBE_ART10_2008",
    "NATIONAL_RULE_SETS",
    "EligibilityRules",
    "FictitiousElo",
    "FictitiousEloError",
    "FictitiousMethod",
    "FictitiousRules",
    "FictitiousStatus",
    "GameEligibility",
    "IneligibleReason",
    "ListedPlayer",
    "NationalRules",
    "Pass",
    "Performance",
    "PeriodGame",
    "PlayerOutcome",
    "RatingRun",
    "Run",
    "SheetLine",
    "SkippedGame",
    "Status",
    "TimeControl",
    "TimeControlStage",
    "TimeThreshold",
    "classify_players",
    "eligibility_rules",
    "fictitious_elo",
    "game_eligibility",
    "ineligible",
    "method_for",
    "national_rules",
    "parse_time_control",
    "period_games",
    "rating_run",
    "tournament_eligibility",
]
