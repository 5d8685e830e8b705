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

The core's sub-commands live one area a module (``standings``, ``convert``, ``pairing``,
``frbe``, ``fse``, ``rating``), each with a ``register(sub)`` adding its sub-parsers. Other
layers add theirs through ``extensions``: functions taking the sub-parsers object, called after
the core's own (the console script passes the web layer's database commands in this way). The
core never imports those layers.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Sequence
from typing import Any

from chessclub.formats import ExportError, FormatError
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


def build_parser(extensions: Sequence[Extension] = ()) -> argparse.ArgumentParser:
    """The ``chessclub`` parser: the core's sub-commands, then each extension's, in order."""
    from chessclub.cli import convert, frbe, fse, pairing, rating, standings

    parser = argparse.ArgumentParser(
        prog="chessclub",
        description="chessclub: tournaments, standings and federation files for chess clubs.",
        epilog="Exit codes: 0 ok, 1 failure, 2 usage, 3 invalid input file, 4 not found.",
    )
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    standings.register(sub)
    convert.register(sub)
    pairing.register(sub)
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
    "run",
]
