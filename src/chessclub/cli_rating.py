"""chessclub rating-change: rating change of a tournament file (issue 6, spec E3–E6)."""

from __future__ import annotations

import argparse
from typing import Any


def register(sub: Any) -> None:
    """Add this module's subcommands to the ``chessclub`` parser's subparsers ``sub``.

    Each subcommand sets ``func`` (taking the parsed ``argparse.Namespace``, returning the
    exit code); errors are turned into exit codes by ``chessclub.cli.main``.
    """
    del sub


__all__ = ["argparse", "register"]
