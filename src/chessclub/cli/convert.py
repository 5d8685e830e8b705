"""``chessclub convert``: a Belgian results file or a TRF written as TRF-16 or as a Belgian
results file, with a warning for what the target format cannot hold."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from chessclub.cli import EXIT_OK, read_tournament_file
from chessclub.formats import read_tournament
from chessclub.model import Tournament, format_points


def cmd_convert(args: argparse.Namespace) -> int:
    tournament = read_tournament_file(args.file)
    if args.to == "trf":
        from chessclub.formats import trf

        data = trf.write_tournament(tournament)
    else:
        from chessclub.formats import frbe

        data = frbe.write_tournament(tournament)
    for warning in _conversion_losses(tournament, read_tournament(data)):
        print(f"chessclub: warning: {warning}", file=sys.stderr)
    if args.output and args.output != "-":
        Path(args.output).write_bytes(data)
    else:
        sys.stdout.buffer.write(data)
    return EXIT_OK


def _conversion_losses(before: Tournament, after: Tournament) -> list[str]:
    """What a conversion could not carry: players whose points differ once the written file is
    read back (e.g. byes, which the Belgian file writes as rounds without a game, spec B3)."""
    old, new = before.scores(), after.scores()
    losses = []
    for player in before.players:
        pn = player.pairing_number
        converted = new.get(pn)
        if old[pn] != converted:
            shown = format_points(converted) if converted is not None else "no line"
            losses.append(
                f"player {pn} ({player.name}): {format_points(old[pn])} points in the source, "
                f"{shown} once converted (the target format cannot hold some of their rounds)"
            )
    return losses


def register(sub: Any) -> None:
    """Add ``convert`` to the ``chessclub`` parser's sub-parsers ``sub``."""
    p = sub.add_parser(
        "convert",
        help="convert a Belgian results file or TRF to TRF or to the Belgian layout",
        description="Read a Belgian results file or a TRF and write it as TRF-16 or as a "
        "Belgian results file in the federation's current layout (Latin-1, CR LF). The "
        "reader's warnings (old TRF notations read) are printed on standard error.",
    )
    p.add_argument("file")
    p.add_argument("--to", choices=("trf", "frbe"), required=True)
    p.add_argument("-o", "--output", help="output file (default: standard output)")
    p.set_defaults(func=cmd_convert)
