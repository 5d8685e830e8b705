"""The ``chessclub`` command over the pure core: the parser, its extension hook and the one
table of exit codes.

Exit codes (one table for every sub-command):

====  ==========================================================
0     success
1     unexpected failure
2     usage error (unknown option, missing argument)
3     invalid input file (each problem printed with line and column)
4     something named does not exist (file, club)
====  ==========================================================

Every command that reads a tournament file prints its reader's warnings on standard error
(``chessclub: warning: FILE: line L, column C: …``: an old or foreign TRF notation read, points
that disagree with the rounds) and goes on; they never change the exit code.

The core's sub-commands live one area a module (``standings``, ``convert``, ``pairing``,
``generate``, ``frbe``, ``fse``, ``rating``), each with a ``register(sub)`` adding its
sub-parsers. Other layers add theirs through ``extensions``: functions taking the sub-parsers
object, called after the core's own (the console script passes the web layer's database
commands in this way). The core never imports those layers.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from chessclub.formats import MAX_PROBLEMS, ExportError, FormatError, Problem
from chessclub.formats.errors import omitted_line
from chessclub.model import Tournament
from chessclub.tiebreaks import TiebreakCodeError

EXIT_OK = 0
EXIT_FAILURE = 1
EXIT_USAGE = 2
EXIT_INVALID_INPUT = 3
EXIT_NOT_FOUND = 4

Extension = Callable[[Any], None]
"""A function adding sub-parsers to the ``chessclub`` parser's sub-parsers object (the value
of ``ArgumentParser.add_subparsers``). Each sub-parser sets ``func``: it takes the parsed
``argparse.Namespace`` and returns the exit code; :func:`run` turns errors into exit codes."""


def print_warnings(warnings: Sequence[Problem], *, source: str = "") -> None:
    """Print what a reader accepted while it deviates from its format (``warnings``, located
    problems) on standard error, one a line: ``chessclub: warning: FILE: line L, column C: …``;
    at most :data:`~chessclub.formats.MAX_PROBLEMS`, then how many more."""
    prefix = f"chessclub: warning: {source}: " if source else "chessclub: warning: "
    for warning in warnings[:MAX_PROBLEMS]:
        print(f"{prefix}{warning}", file=sys.stderr)
    if len(warnings) > MAX_PROBLEMS:
        print(prefix + omitted_line(len(warnings) - MAX_PROBLEMS), file=sys.stderr)


def read_tournament_file(path: str) -> Tournament:
    """The tournament of the Belgian results file or TRF at ``path``
    (:func:`chessclub.formats.read_tournament`), its reader's warnings printed on standard
    error (:func:`print_warnings`): old or foreign TRF notations read, points that disagree
    with the rounds. Raises what the reader raises (``FormatError``, ``OSError``)."""
    from chessclub.formats import read_tournament

    warnings: list[Problem] = []
    tournament = read_tournament(Path(path).read_bytes(), source=path, warnings=warnings)
    print_warnings(warnings, source=path)
    return tournament


def build_parser(extensions: Sequence[Extension] = ()) -> argparse.ArgumentParser:
    """The ``chessclub`` parser: the core's sub-commands, then each extension's, in order."""
    from chessclub.cli import convert, frbe, fse, generate, pairing, rating, standings

    parser = argparse.ArgumentParser(
        prog="chessclub",
        description="chessclub: tournaments, standings and federation files for chess clubs.",
        epilog="Exit codes: 0 ok, 1 failure, 2 usage, 3 invalid input file, 4 not found.",
    )
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    standings.register(sub)
    convert.register(sub)
    pairing.register(sub)
    generate.register(sub)
    frbe.register(sub)
    fse.register(sub)
    rating.register(sub)
    for extension in extensions:
        extension(sub)
    return parser


def run(args: argparse.Namespace) -> int:
    """Run the parsed command ``args.func``; every error becomes its exit code (the table)."""
    try:
        result: int = args.func(args)
        return result
    except FormatError as exc:
        print(f"chessclub: cannot read the file:\n{exc}", file=sys.stderr)
        return EXIT_INVALID_INPUT
    except TiebreakCodeError as exc:
        print(f"chessclub: {exc}", file=sys.stderr)
        return EXIT_USAGE
    except ExportError as exc:
        print(f"chessclub: cannot write:\n{exc}", file=sys.stderr)
        return EXIT_FAILURE
    except FileNotFoundError as exc:
        print(f"chessclub: no such file: {exc.filename}", file=sys.stderr)
        return EXIT_NOT_FOUND
    except IsADirectoryError as exc:
        print(f"chessclub: {exc.filename} is a folder, not a file", file=sys.stderr)
        return EXIT_NOT_FOUND
    except PermissionError as exc:
        print(f"chessclub: cannot open {exc.filename}: permission denied", file=sys.stderr)
        return EXIT_FAILURE
    except LookupError as exc:
        if isinstance(exc, KeyError):  # a programming error, not a name the user gave
            raise
        print(f"chessclub: {exc}", file=sys.stderr)
        return EXIT_NOT_FOUND
    except BrokenPipeError:
        return EXIT_OK
    except ValueError as exc:
        # PairingError ("cannot pair: …") and other refusals of valid-looking input
        print(f"chessclub: {exc}", file=sys.stderr)
        return EXIT_FAILURE


def main(argv: Sequence[str] | None = None, *, extensions: Sequence[Extension] = ()) -> int:
    """Run the ``chessclub`` command (the core's sub-commands and the ``extensions``'); returns
    the exit code (see the module docstring). A usage error exits through argparse (2)."""
    args = build_parser(extensions).parse_args(argv)
    return run(args)


__all__ = [
    "EXIT_FAILURE",
    "EXIT_INVALID_INPUT",
    "EXIT_NOT_FOUND",
    "EXIT_OK",
    "EXIT_USAGE",
    "Extension",
    "build_parser",
    "main",
    "print_warnings",
    "read_tournament_file",
    "run",
]
