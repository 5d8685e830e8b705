"""``python -m chessclub.cli``: the core's sub-commands (no database commands)."""

from __future__ import annotations

import sys

from chessclub.cli import main

if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
