"""``chessclub standings``: the standings of a Belgian results file or a TRF (spec S1–S4), or
how one player's tiebreak values were made (``--explain``); with ``--after-round N``, as they
stood after round N (only the results of rounds 1 to N count: S1)."""

from __future__ import annotations

import argparse
import csv
import io
import json
import sys
from fractions import Fraction
from typing import Any

from chessclub.cli import EXIT_NOT_FOUND, EXIT_OK, read_tournament_file
from chessclub.model import ByeKind, PairingNumber, RoundEntry, Tournament, format_points
from chessclub.model.points import format_points_decimal
from chessclub.standings import StandingRow, compute_standings
from chessclub.tiebreaks import (
    RuleEra,
    TiebreakValue,
    default_era,
    default_tiebreaks,
    explain,
    format_value,
    parse_tiebreaks,
)


def _read_file(path: str) -> Tournament:
    return read_tournament_file(path)


def _cell(entry: RoundEntry) -> str:
    """A crosstable cell: ``12w1``, ``5b½``, ``3w+`` (forfeit), or the bye letter."""
    if entry.opponent is None:
        assert entry.bye is not None
        return {
            ByeKind.PAIRING_ALLOCATED: "PAB",
            ByeKind.HALF_POINT: "H",
            ByeKind.FULL_POINT: "F",
            ByeKind.ZERO_POINT: "Z",
            ByeKind.ABSENT: "-",
        }[entry.bye]
    colour = entry.colour.value if entry.colour else "?"
    assert entry.result is not None
    if not entry.result.is_entered:
        mark = "?"
    elif entry.result.is_forfeit:
        mark = "+" if entry.points > 0 else "-"
    else:
        mark = format_points(entry.points, half_sign="½")
    return f"{entry.opponent}{colour}{mark}"


def _standings_json(rows: list[StandingRow]) -> str:
    payload = [
        {
            "rank": row.rank,
            "shared_rank": row.shared,
            "start_no": int(row.player.pairing_number),
            "name": row.player.name,
            "rating": row.player.rating,
            "fictitious_rating": row.player.fictitious_rating,
            "points": float(row.points),
            "points_exact": str(row.points),
            "games_played": row.games_played,
            "tiebreaks": {code: _json_number(v) for code, v in row.tiebreaks.items()},
            "tiebreaks_exact": {
                code: None if v is None else str(v) for code, v in row.tiebreaks.items()
            },
            "lot": row.lot,
            "rounds": [_cell(e) for e in row.entries],
        }
        for row in rows
    ]
    return json.dumps(payload, ensure_ascii=False, indent=2)


def _json_number(value: TiebreakValue) -> float | int | None:
    """A tiebreak value for JSON: counts and ratings as integers, points as numbers."""
    if value is None or isinstance(value, int):
        return value
    return value.numerator if value.denominator == 1 else float(value)


def _standings_csv(rows: list[StandingRow]) -> str:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    rounds = len(rows[0].entries) if rows else 0
    codes = list(rows[0].tiebreaks) if rows else []
    writer.writerow(
        ["rank", "shared_rank", "start_no", "name", "rating", "points"]
        + codes
        + [f"r{i}" for i in range(1, rounds + 1)]
    )
    for row in rows:
        writer.writerow(
            [
                row.rank,
                "yes" if row.shared else "no",
                int(row.player.pairing_number),
                row.player.name,
                row.player.rating if row.player.rating is not None else "",
                format_points_decimal(row.points),
                *(format_value(row.tiebreaks[c]) for c in codes),
                *(_cell(e) for e in row.entries),
            ]
        )
    return out.getvalue()


def _standings_text(
    tournament: Tournament, rows: list[StandingRow], era: RuleEra, after_round: int | None = None
) -> str:
    width = max((len(r.player.name) for r in rows), default=4)
    codes = list(rows[0].tiebreaks) if rows else []
    widths = [max(len(c), 5) for c in codes]
    head = "".join(f"  {c:>{w}}" for c, w in zip(codes, widths, strict=True))
    lines = [tournament.name]
    if after_round is not None:
        lines.append(f"Standings after round {after_round}")
    if codes:
        lines.append(f"Tiebreaks: {', '.join(codes)} (FIDE C.07, rules {era.value})")
    lines.append("")
    lines.append(f"{'Rk':>3}  {'No':>3}  {'Name':<{width}}  {'Elo':>4}  {'Pts':>4}{head}")
    for row in rows:
        rating = str(row.player.rating) if row.player.rating is not None else ""
        rank = f"{row.rank}" + ("=" if row.shared else "")
        values = "".join(
            f"  {_tiebreak_text(row.tiebreaks[c]):>{w}}" for c, w in zip(codes, widths, strict=True)
        )
        lines.append(
            f"{rank:>3}  {row.player.pairing_number:>3}  {row.player.name:<{width}}  "
            f"{rating:>4}  {format_points(row.points, half_sign='½'):>4}{values}  "
            + " ".join(f"{_cell(e):>5}" for e in row.entries)
        )
    return "\n".join(lines) + "\n"


def _tiebreak_text(value: TiebreakValue) -> str:
    """A tiebreak value as the points column writes it: halves as ``27½``, other fractions
    in decimals (``16.75``)."""
    if isinstance(value, Fraction) and value.denominator == 2:
        return format_points(value, half_sign="½")
    return format_value(value)


def _tiebreak_codes(text: str | None, tournament: Tournament) -> tuple[str, ...]:
    """The ``--tiebreaks`` option: codes in order; absent → spec S4 defaults; "" or "none" →
    points only. Raises ``TiebreakCodeError`` (a ``ValueError``) naming an unknown code."""
    if text is None:
        return default_tiebreaks(tournament)
    if text.strip().lower() in ("", "none"):
        return ()
    return tuple(spec.code for spec in parse_tiebreaks(text, individual=True))


def round_number(text: str) -> int:
    """The ``--after-round`` value: a whole number ≥ 1 (else a usage error, exit code 2)."""
    try:
        number = int(text, 10)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a round number: {text!r}") from None
    if number < 1:
        raise argparse.ArgumentTypeError(f"rounds are numbered from 1, not {number}")
    return number


def cmd_standings(args: argparse.Namespace) -> int:
    tournament = _read_file(args.file)
    after_round: int | None = args.after_round
    if after_round is not None:
        last = max((int(r.number) for r in tournament.rounds), default=0)
        if after_round > last:
            where = f"its last round is {last}" if last else "it has no round"
            print(f"chessclub: no round {after_round} in {args.file}: {where}", file=sys.stderr)
            return EXIT_NOT_FOUND
        tournament = tournament.through_round(after_round)
    codes = _tiebreak_codes(args.tiebreaks, tournament)
    era = RuleEra.parse(args.rules) if args.rules else default_era(tournament.start_date)
    if args.explain is not None:
        return _explain(tournament, codes, era, args.explain, args.format)
    rows = compute_standings(tournament, codes, era=era, lots_seed=args.lots_seed)
    if args.format == "json":
        sys.stdout.write(_standings_json(rows) + "\n")
    elif args.format == "csv":
        sys.stdout.write(_standings_csv(rows))
    else:
        sys.stdout.write(_standings_text(tournament, rows, era, after_round))
    return EXIT_OK


def _explain(
    tournament: Tournament, codes: tuple[str, ...], era: RuleEra, start_no: int, fmt: str
) -> int:
    """Print how each tiebreak value of player ``start_no`` was made."""
    player = PairingNumber(start_no)
    try:
        tournament.player(player)
    except KeyError:
        print(f"chessclub: no player with start number {start_no}", file=sys.stderr)
        return EXIT_NOT_FOUND
    explanations = [
        explain(tournament, player, code, preceding=codes[:i], era=era)
        for i, code in enumerate(codes)
    ]
    if fmt == "json":
        payload = [e.as_dict() for e in explanations]
        sys.stdout.write(json.dumps(payload, ensure_ascii=False, indent=2) + "\n")
    else:
        name = tournament.player(player).name
        sys.stdout.write(f"{start_no} {name}\n\n")
        sys.stdout.write("\n".join(e.as_text() for e in explanations) + "\n")
    return EXIT_OK


def register(sub: Any) -> None:
    """Add ``standings`` to the ``chessclub`` parser's sub-parsers ``sub``."""
    p = sub.add_parser(
        "standings",
        help="print the standings of a Belgian results file or a TRF",
        description=(
            "Print the standings (rank, start number, name, rating, points, one cell per round) "
            "of a Belgian results file (FRBE-KBSB, spec B3) or a FIDE TRF; the format is "
            "detected from the content. JSON gives a list of objects with rank, start_no, name, "
            "rating, fictitious_rating, points (a number), points_exact (a fraction such as "
            "'9/2'), games_played, tiebreaks ({code: value}), tiebreaks_exact, lot and rounds. "
            "With --after-round N, the standings as they stood after round N. What the TRF "
            "reader accepts while it deviates from TRF-16 (old round dates, '0000 - =', points "
            "that disagree with the rounds) is printed on standard error as warnings with line "
            "and column; they do not change the exit code."
        ),
        epilog="Exit codes: 0 ok, 2 usage (an unknown tiebreak code, --after-round below 1 or "
        "not a number), 3 invalid file, 4 not found (the file, the --explain player, the "
        "--after-round round).",
    )
    p.add_argument("file", help="the results file (Belgian .txt / FIDE .trf)")
    p.add_argument("--format", choices=("text", "json", "csv"), default="text")
    p.add_argument(
        "--tiebreaks",
        metavar="CODES",
        help="FIDE C.07 tiebreak codes in order, comma separated, e.g. 'BH/C1,BH,SB,DE,WIN' "
        "(default per spec S4: round robin 'DE,SB,WIN,KS', Swiss 'BH/C1,BH,SB,DE,WIN'; "
        "'none' for points only)",
    )
    p.add_argument(
        "--rules",
        choices=("2009", "2023", "2026"),
        help="tiebreak rules for unplayed rounds: 2009 (virtual opponent), 2023 (C.07 Art. 16), "
        "2026 (Art. 16.4 caps); default: the rules in force at the tournament's start date",
    )
    p.add_argument(
        "--explain",
        type=int,
        metavar="START_NO",
        help="instead of the standings, show how each tiebreak value of this player was made",
    )
    p.add_argument(
        "--after-round",
        type=round_number,
        metavar="N",
        help="the standings (and --explain) as they stood after round N: only the results of "
        "rounds 1 to N count, and the withdrawals begun by then (default: every round of the "
        "file)",
    )
    p.add_argument(
        "--lots-seed",
        type=int,
        metavar="SEED",
        help="order players tied after every tiebreak by a reproducible drawing of lots",
    )
    p.set_defaults(func=cmd_standings)
