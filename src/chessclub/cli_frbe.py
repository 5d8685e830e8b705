"""chessclub frbe …: Belgian federation commands (issue 7: export, fictitious, rating-run)."""

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
