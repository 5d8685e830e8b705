"""The Swiss federation's ranking list (liste de classement, spec W1–W9).

Pure core, no Django. One period: :func:`compute_period` (or :func:`run_period` from file
bytes) gives a :class:`PeriodResult`; :func:`run_cli` renders it for
``chessclub fse rating-run``. Rule sets :data:`RULES_1998` and :data:`RULES_CURRENT`
(:func:`rule_set` by key); evaluation tables as replaceable data files
(:func:`default_table`, :func:`read_table`); the previous list as CSV
(:func:`read_list_csv`, :func:`write_list_csv`).
"""

from chessclub.ratings.fse.calculator import (
    CoefficientCase,
    EntryCalculation,
    GameLine,
    PeriodResult,
    PlayerResult,
    Status,
    TournamentInput,
    coefficient,
    compute_period,
    entry_value,
    uplift_applies,
    uplifted,
)
from chessclub.ratings.fse.countability import (
    CountedGame,
    IneligibleGame,
    TournamentOptions,
    TournamentReport,
    assess_tournament,
)
from chessclub.ratings.fse.listfile import (
    COLUMNS,
    ListEntry,
    ListFileError,
    read_list_csv,
    write_list_csv,
)
from chessclub.ratings.fse.report import (
    compute_inputs,
    default_period_end,
    format_text,
    hundredths,
    run_cli,
    run_period,
    to_json,
)
from chessclub.ratings.fse.rules import (
    RULE_SETS,
    RULES_1998,
    RULES_CURRENT,
    RuleSet,
    RuleSetError,
    Uplift,
    read_rule_set,
    rule_set,
)
from chessclub.ratings.fse.tables import (
    EvaluationTable,
    TableError,
    default_table,
    read_table,
    read_table_file,
)
from chessclub.ratings.fse.timecontrol import (
    Period,
    TimeControl,
    check_time_control,
    parse_time_control,
)

__all__ = [
    "COLUMNS",
    "RULES_1998",
    "RULES_CURRENT",
    "RULE_SETS",
    "CoefficientCase",
    "CountedGame",
    "EntryCalculation",
    "EvaluationTable",
    "GameLine",
    "IneligibleGame",
    "ListEntry",
    "ListFileError",
    "Period",
    "PeriodResult",
    "PlayerResult",
    "RuleSet",
    "RuleSetError",
    "Status",
    "TableError",
    "TimeControl",
    "TournamentInput",
    "TournamentOptions",
    "TournamentReport",
    "Uplift",
    "assess_tournament",
    "check_time_control",
    "coefficient",
    "compute_inputs",
    "compute_period",
    "default_period_end",
    "default_table",
    "entry_value",
    "format_text",
    "hundredths",
    "parse_time_control",
    "read_list_csv",
    "read_rule_set",
    "read_table",
    "read_table_file",
    "rule_set",
    "run_cli",
    "run_period",
    "to_json",
    "uplift_applies",
    "uplifted",
    "write_list_csv",
]
