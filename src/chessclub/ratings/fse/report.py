"""Outputs of a period (text, JSON, the next list's CSV) and the CLI entry point.

:func:`run_cli` is what ``chessclub fse rating-run --list PREVIOUS.csv FILE... [--rules
1998|current] [--format text|json|csv]`` calls: every output names the rule set and the
evaluation table used (W8, W9).
"""

from __future__ import annotations

import datetime
import hashlib
import json
from collections.abc import Sequence
from fractions import Fraction
from typing import Any

from chessclub.formats import read_tournament
from chessclub.model.points import format_points
from chessclub.ratings.fide_tables import round_half_up
from chessclub.ratings.fse.calculator import (
    PeriodResult,
    PlayerResult,
    Status,
    TournamentInput,
    compute_period,
)
from chessclub.ratings.fse.countability import TournamentOptions, tournament_date
from chessclub.ratings.fse.listfile import ListEntry, parse_date, read_list_csv, write_list_csv
from chessclub.ratings.fse.rules import RuleSet, rule_set
from chessclub.ratings.fse.tables import EvaluationTable, default_table, read_table

FORMATS = ("text", "json", "csv")


def hundredths(value: int, *, sign: bool = True) -> str:
    """``864`` → ``+8.64`` (hundredths of a point, exact)."""
    text = f"{abs(value) // 100}.{abs(value) % 100:02d}"
    if value < 0:
        return "-" + text
    return ("+" if sign else "") + text


def decimal(value: Fraction) -> str:
    """A fraction shown with two decimals (rounded half up, display only)."""
    return hundredths(round_half_up(value * 100), sign=False)


def _result(value: Fraction) -> str:
    return format_points(value, half_sign="½")


def header_lines(result: PeriodResult) -> list[str]:
    lines = [
        f"FSE ranking list — period closing {result.period_end.isoformat()}",
        f"Rule set: {result.rules.describe()}",
        f"Evaluation table: {result.table.label()} — {result.table.description}",
    ]
    if result.rules.uplift is not None:
        if result.uplift_applied:
            lines.append("Uplift applied to the previous list's values (W9).")
        elif result.list_date is None:
            lines.append(
                "Uplift not applied: the previous list's date is not given, its values are "
                "taken as already raised (W9)."
            )
    return lines


def _collected(player: PlayerResult) -> list[str]:
    return [
        f"    {g.source} r{g.round:<3} {g.opponent_name} ({g.opponent_value})  "
        f"result {_result(g.result)}"
        for g in player.collected
    ]


def _sheet(player: PlayerResult) -> list[str]:
    lines: list[str] = []
    if player.status is Status.PENDING and player.collected:
        row = player.row
        lines.append(
            f"  {player.id} {player.name}: not yet on the list (W2) — "
            f"{row.pending_games} countable games so far, opponents' points "
            f"{row.pending_opponents}, score {_result(row.pending_score)}"
        )
        lines.extend(_collected(player))
        return lines
    if player.entry is not None:
        e = player.entry
        lines.append(
            f"  {player.id} {player.name}: enters (W2) after {e.games} games — "
            f"M = {e.opponents_total}/{e.games} = {decimal(e.mean)}, "
            f"L = 100 × {_result(e.score)}/{e.games} = {decimal(e.percentage_exact)} % "
            f"→ {e.percentage} %, "
            f"D(L) = {e.difference:+d}, M + D = {e.performance}"
            + (f", minimum {e.minimum} applied" if e.performance < e.minimum else "")
            + f" → FZ {e.value}"
        )
        lines.extend(_collected(player))
        return lines
    if not player.games:
        return lines
    assert player.coefficient_case is not None
    old = "" if player.old_value is None else f"old {player.old_value}, "
    lines.append(
        f"  {player.id} {player.name}: {old}FA {player.start_value}, K {player.coefficient} "
        f"({player.coefficient_case.value}, W7)"
    )
    for g in player.games:
        capped = "" if g.difference == g.difference_used else f" (used {g.difference_used:+d})"
        lines.append(
            f"    {g.source} r{g.round:<3} {g.opponent} ({g.opponent_value})  "
            f"D {g.difference:+d}{capped}  result {_result(g.result)}  "
            f"expected {hundredths(g.expected, sign=False)}  W {hundredths(g.gain)}"
        )
    exact = Fraction(player.start_value or 0) + Fraction(player.gain, 100)
    floor = f", raised to the minimum {player.new_value}" if player.floor_applied else ""
    lines.append(
        f"    ΣW {hundredths(player.gain)} → FN = {decimal(exact)} → {player.new_value}{floor} "
        "(W6, rounded half up)"
    )
    return lines


def format_text(result: PeriodResult) -> str:
    """The period as text: header, tournaments, the list, per-game sheets, ineligible games."""
    out = header_lines(result)
    for note in result.notes:
        out.append(f"Note: {note}")
    out.append("")
    out.append("Tournaments")
    for t in result.tournaments:
        verdict = "countable" if t.countable else "NOT countable"
        out.append(
            f"  {t.source} “{t.name}”: {verdict} — {t.system}, {t.rounds} rounds, "
            f"tempo {_short(t.time_control_read or t.time_control or '?')}, "
            f"{t.recognised_players}/{t.players} players on a recognised list"
        )
        out.extend(f"    - {reason}" for reason in t.reasons)
    out.append("")
    out.append("List")
    out.append(
        f"  {'Id':<12} {'Name':<28} {'Old':>5} {'FA':>5} {'Games':>5} {'K':>3} "
        f"{'ΣW':>8} {'New':>5}  Status"
    )
    for p in result.players:
        games = p.row.pending_games if p.status is Status.PENDING else p.games_played
        out.append(
            f"  {p.id:<12} {p.name[:28]:<28} {_opt(p.old_value):>5} {_opt(p.start_value):>5} "
            f"{games:>5} {_opt(p.coefficient):>3} "
            f"{hundredths(p.gain) if p.games else '':>8} {_opt(p.new_value):>5}  "
            f"{p.status.value}{_pending(p)}"
        )
    sheets = [line for p in result.players for line in _sheet(p)]
    if sheets:
        out.append("")
        out.append("Per-game sheets")
        out.extend(sheets)
    if result.ineligible:
        out.append("")
        out.append("Games not counted")
        for g in result.ineligible:
            who = f" (for {g.player})" if g.player else ""
            reasons = "; ".join(str(r) for r in g.reasons)
            out.append(f"  {g.source} r{g.round} {g.white} – {g.black} {g.result}{who}: {reasons}")
    return "\n".join(out) + "\n"


def _short(text: str, limit: int = 60) -> str:
    """``text`` cut to ``limit`` characters (a file's free text, e.g. a 5000-digit tempo)."""
    return text if len(text) <= limit else text[:limit] + "…"


def _opt(value: int | None) -> str:
    return "" if value is None else str(value)


def _pending(p: PlayerResult) -> str:
    if p.status is Status.PENDING:
        return f" ({p.row.pending_games} games collected)"
    if p.floor_applied:
        return " (minimum)"
    return ""


def to_json(result: PeriodResult) -> dict[str, Any]:
    """The period as JSON-ready data (values in points; gains with two decimals, exact)."""
    return {
        "period_end": result.period_end.isoformat(),
        "previous_list_date": result.list_date.isoformat() if result.list_date else None,
        "rules": {
            "key": result.rules.key,
            "name": result.rules.name,
            "version": result.rules.version,
            "description": result.rules.describe(),
            "uplift_applied": result.uplift_applied,
        },
        "table": {
            "name": result.table.name,
            "version": result.table.version,
            "description": result.table.description,
        },
        "notes": [str(n) for n in result.notes],
        "tournaments": [
            {
                "source": t.source,
                "name": t.name,
                "system": t.system,
                "rounds": t.rounds,
                "time_control": t.time_control,
                "time_control_read": t.time_control_read,
                "players": t.players,
                "recognised_players": t.recognised_players,
                "date": t.date.isoformat() if t.date else None,
                "countable": t.countable,
                "reasons": [str(r) for r in t.reasons],
                "countable_games": t.countable_games,
            }
            for t in result.tournaments
        ],
        "players": [_player_json(p) for p in result.players],
        "ineligible_games": [
            {
                "source": g.source,
                "round": g.round,
                "white": g.white,
                "black": g.black,
                "result": g.result,
                "player": g.player,
                "reasons": [str(r) for r in g.reasons],
            }
            for g in result.ineligible
        ],
    }


def _number(hundredths_value: int) -> float:
    return hundredths_value / 100


def _player_json(p: PlayerResult) -> dict[str, Any]:
    data: dict[str, Any] = {
        "id": p.id,
        "name": p.name,
        "status": p.status.value,
        "old_value": p.old_value,
        "start_value": p.start_value,
        "games": p.games_played,
        "coefficient": p.coefficient,
        "coefficient_case": p.coefficient_case.value if p.coefficient_case else None,
        "sum_w": _number(p.gain),
        "new_value": p.new_value,
        "minimum_applied": p.floor_applied,
        "games_since_entry": p.row.games if p.row.points is not None else None,
        "sheet": [
            {
                "source": g.source,
                "round": g.round,
                "opponent": g.opponent,
                "opponent_id": g.opponent_id,
                "opponent_value": g.opponent_value,
                "difference": g.difference,
                "difference_used": g.difference_used,
                "result": float(g.result),
                "expected": _number(g.expected),
                "w": _number(g.gain),
            }
            for g in p.games
        ],
    }
    if p.collected:
        data["collected"] = [
            {
                "source": g.source,
                "round": g.round,
                "opponent": g.opponent_name,
                "opponent_id": g.opponent_id,
                "opponent_value": g.opponent_value,
                "result": float(g.result),
            }
            for g in p.collected
        ]
    if p.entry is not None:
        e = p.entry
        data["entry"] = {
            "games": e.games,
            "opponents_total": e.opponents_total,
            "score": float(e.score),
            "m": str(e.mean),
            "l_exact": str(e.percentage_exact),
            "l": e.percentage,
            "d": e.difference,
            "performance": e.performance,
            "minimum": e.minimum,
            "fz": e.value,
        }
    if p.status is Status.PENDING:
        data["pending"] = {
            "games": p.row.pending_games,
            "opponents_total": p.row.pending_opponents,
            "score": float(p.row.pending_score),
        }
    return data


def run_period(
    list_csv: bytes,
    files: Sequence[tuple[str, bytes]],
    *,
    rules: str = "current",
    period_end: datetime.date | str | None = None,
    list_date: datetime.date | str | None = None,
    time_control: str | None = None,
    table: bytes | None = None,
    list_source: str = "list.csv",
    table_source: str = "table.json",
    national: Sequence[str] = (),
    unrated_value: int | None = None,
) -> PeriodResult:
    """Read the list and the files and compute the period.

    ``period_end`` defaults to the latest tournament date of the files (``ValueError`` when no
    file has a date). ``time_control`` is used for files without a tempo. ``national`` names
    the files that are national team/cup/individual championships (W4: all games count, their
    unrated players valued at ``unrated_value``; W5 not applied); a name that is not one of the
    files is a ``ValueError``. Raises
    :class:`~chessclub.formats.FormatError` (list or tournament file, with line and column),
    :class:`~.tables.TableError`, ``LookupError`` (unknown rule set), ``ValueError``.
    """
    rule = rule_set(rules)
    evaluation: EvaluationTable = (
        read_table(table, source=table_source) if table is not None else default_table()
    )
    previous = read_list_csv(list_csv, source=list_source)
    names = [name for name, _data in files]
    for name in national:
        if name not in names:
            raise ValueError(f"--national {name}: not one of the tournament files")
    inputs: list[TournamentInput] = []
    seen: dict[bytes, str] = {}
    for name, data in files:
        digest = hashlib.sha256(data).digest()
        if digest in seen:
            raise ValueError(
                f"{name} is the same file as {seen[digest]}: a tournament counts once (W1)"
            )
        seen[digest] = name
        tournament = read_tournament(data, source=name)
        for earlier in inputs:
            if earlier.tournament == tournament:
                raise ValueError(
                    f"{name} holds the same tournament as {earlier.source}: "
                    "a tournament counts once (W1)"
                )
        tempo = None if tournament.time_control.strip() else time_control
        options = TournamentOptions(
            time_control=tempo,
            national_championship=name in national,
            unrated_value=unrated_value if name in national else None,
        )
        inputs.append(TournamentInput(name, tournament, options))
    return compute_inputs(
        previous,
        inputs,
        rules=rule,
        period_end=period_end,
        list_date=list_date,
        table=evaluation,
    )


def default_period_end(inputs: Sequence[TournamentInput]) -> datetime.date:
    """The period's closing date when none is given: the latest tournament date of ``inputs``
    (:func:`~.countability.tournament_date`); ``ValueError`` when no tournament has a date."""
    dates = [d for item in inputs if (d := tournament_date(item.tournament)) is not None]
    if not dates:
        raise ValueError("no tournament date in the files: give the period's closing date (--date)")
    return max(dates)


def compute_inputs(
    previous: Sequence[ListEntry],
    inputs: Sequence[TournamentInput],
    *,
    rules: RuleSet | str = "current",
    period_end: datetime.date | str | None = None,
    list_date: datetime.date | str | None = None,
    table: EvaluationTable | None = None,
) -> PeriodResult:
    """The period from already-read rows and tournaments: what the CLI (:func:`run_period`) and
    the club page "Prévision liste FSE" both call, so that they give the same values.

    ``period_end`` defaults to :func:`default_period_end`; dates as ``YYYY-MM-DD`` or
    ``DD.MM.YYYY`` text are accepted. Raises ``LookupError`` (unknown rule set) and
    ``ValueError`` (bad date, no date).
    """
    rule = rule_set(rules) if isinstance(rules, str) else rules
    end = _date(period_end)
    if end is None:
        end = default_period_end(inputs)
    return compute_period(
        previous,
        inputs,
        rules=rule,
        period_end=end,
        table=table or default_table(),
        list_date=_date(list_date),
    )


def _date(value: datetime.date | str | None) -> datetime.date | None:
    if value is None or isinstance(value, datetime.date):
        return value
    return parse_date(value)


def run_cli(
    list_csv: bytes,
    files: Sequence[tuple[str, bytes]],
    rules: str = "current",
    fmt: str = "text",
    *,
    period_end: datetime.date | str | None = None,
    list_date: datetime.date | str | None = None,
    time_control: str | None = None,
    table: bytes | None = None,
    list_source: str = "list.csv",
    table_source: str = "table.json",
    national: Sequence[str] = (),
    unrated_value: int | None = None,
) -> str:
    """``chessclub fse rating-run``: the period as ``text``, ``json`` or ``csv`` (the next list).

    Keywords as :func:`run_period`; the same errors.
    """
    if fmt not in FORMATS:
        raise ValueError(f"unknown format {fmt!r} (known: {', '.join(FORMATS)})")
    result = run_period(
        list_csv,
        files,
        rules=rules,
        period_end=period_end,
        list_date=list_date,
        time_control=time_control,
        table=table,
        list_source=list_source,
        table_source=table_source,
        national=national,
        unrated_value=unrated_value,
    )
    if fmt == "json":
        return json.dumps(to_json(result), ensure_ascii=False, indent=2) + "\n"
    if fmt == "csv":
        return write_list_csv(result.new_list)
    return format_text(result)
