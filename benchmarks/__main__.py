"""Run every benchmark module of this folder (``python -m benchmarks [NAME…]``)."""

from __future__ import annotations

import importlib
import pkgutil
import sys
from pathlib import Path


def main(argv: list[str]) -> int:
    here = Path(__file__).resolve().parent
    names = sorted(m.name for m in pkgutil.iter_modules([str(here)]) if not m.name.startswith("_"))
    chosen = [n for n in names if not argv or n in argv]
    for name in chosen:
        module = importlib.import_module(f"benchmarks.{name}")
        print(f"== {name}")
        module.main()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
