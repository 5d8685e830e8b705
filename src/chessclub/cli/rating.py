"""chessclub rating-change: rating change of a tournament file (spec E3–E6)."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from chessclub.cli import EXIT_OK

DESCRIPTION = (
    "For a Belgian results file or a TRF (format detected from the content), print each "
    "player's rating change under FIDE's formula (B.02 8.3) as the club Elo applies it (spec "
    "E3-E6): Ro (the file's rating), K, n (games played on the board: 1-0, 1/2-1/2, 0-1; "
    "forfeits and byes never count), the score, the expected score (table 8.1.2 with the "
    "opponents' ratings, a difference above 400 counted as 400 below 2650), "
    "delta = K x (score - expected) rounded once (halves away from zero), and Rn = Ro + delta. "
    "A player without a rating gets no change and games against them do not count (FIDE "
    "B.02; a first FIDE rating needs 5 games against rated opponents, B.02 8.2; the club Elo "
    "starts from an initial Elo, spec E1): each such row gets a reason, and notes after the "
    "table say why nothing was computed, e.g. when no player of the file is rated. "
    "K rules: 'club' (spec E6, default): 40 under 30 earlier games, 10 from Ro 2400, else 20, "
    "at most floor(700 / n); a Belgian fictitious Elo (***) counts as the rating. 'fide' "
    "(B.02 8.3.3): the same plus K 40 for juniors (up to the year of their 18th birthday, "
    "from the file's birth dates) rated below 2300; a fictitious Elo is no FIDE rating. "
    "Exit codes: 0 ok, 1 bad --games-before content, 2 usage, 3 invalid tournament file, "
    "4 file not found."
)


def cmd_rating_change(args: argparse.Namespace) -> int:
    """``chessclub rating-change``: print every player's rating change (text or JSON).

    Errors (``FormatError``, ``ValueError``, ``OSError``) are turned into exit codes by
    ``chessclub.cli.run``.
    """
    from chessclub.cli import read_tournament_file
    from chessclub.ratings.rating_change import (
        KRule,
        as_json_rows,
        format_text,
        rating_notes,
        read_games_before,
        tournament_rating_changes,
    )

    tournament = read_tournament_file(args.file)
    games_before: dict[int, int] = {}
    if args.games_before:
        try:
            text = Path(args.games_before).read_text(encoding="utf-8-sig")
        except UnicodeDecodeError:
            raise ValueError(
                f"{args.games_before}: not a UTF-8 text file (save the CSV as UTF-8)"
            ) from None
        games_before = read_games_before(text, source=args.games_before)
        known = {int(p.pairing_number) for p in tournament.players}
        unknown = sorted(set(games_before) - known)
        if unknown:
            raise ValueError(
                f"{args.games_before}: no player with start number "
                f"{', '.join(map(str, unknown))} in {args.file}"
            )
    rule = KRule(args.k_rule)
    rows = tournament_rating_changes(tournament, k_rule=rule, games_before=games_before)
    if args.format == "json":
        payload = {
            "k_rule": rule.value,
            "players": as_json_rows(rows),
            "notes": list(rating_notes(rows, rule)),
        }
        sys.stdout.write(json.dumps(payload, ensure_ascii=False, indent=1) + "\n")
    else:
        sys.stdout.write(format_text(rows, rule))
    return EXIT_OK


def register(sub: Any) -> None:
    """Add ``rating-change`` to the ``chessclub`` parser's subparsers ``sub``.

    Each subcommand sets ``func`` (taking the parsed ``argparse.Namespace``, returning the
    exit code); errors are turned into exit codes by ``chessclub.cli.run``.
    """
    p = sub.add_parser(
        "rating-change",
        help="each player's Elo change (Ro, K, n, score, expected, delta, Rn) for a file",
        description=DESCRIPTION,
    )
    p.add_argument("file", metavar="FILE", help="a Belgian results file or a TRF")
    p.add_argument(
        "--k-rule",
        choices=("club", "fide"),
        default="club",
        help="K rule: club (spec E6, default) or fide (B.02 8.3.3, with the junior rule)",
    )
    p.add_argument(
        "--games-before",
        metavar="CSV",
        help="counting games each player had before the tournament, one 'start_no,games' "
        "line per player (an optional header, '#' comments); players not listed have 0 "
        "(K 40 under 30 games)",
    )
    p.add_argument(
        "--format",
        choices=("text", "json"),
        default="text",
        help="text table (default) or JSON: {k_rule, players: [{start_no, name, ro, k, games, "
        "score, score_exact, expected, expected_exact, delta, rn, reason}], notes}; reason is "
        "null, 'unrated', 'fictitious_not_fide' or 'no_counting_game'",
    )
    p.set_defaults(func=cmd_rating_change)


__all__ = ["register"]
