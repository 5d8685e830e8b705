"""The core stays pure: importing every module of ``chessclub`` loads neither Django nor the web
layer (architecture: data flows web/CLI → core → back)."""

from __future__ import annotations

import pkgutil
import subprocess
import sys

import chessclub


def test_core_imports_no_django() -> None:
    modules = [m.name for m in pkgutil.walk_packages(chessclub.__path__, prefix="chessclub.")]
    assert "chessclub.model" in modules and "chessclub.cli" in modules
    program = (
        "import importlib, sys\n"
        f"for name in {modules!r}:\n"
        "    importlib.import_module(name)\n"
        "bad = sorted(m for m in sys.modules if m.split('.')[0] in ('django', 'chessclub_web'))\n"
        "print(','.join(bad))\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", program], capture_output=True, text=True, check=True
    ).stdout.strip()
    assert out == ""
