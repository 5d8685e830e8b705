"""The core stays pure: importing every module of ``chessclub`` loads neither Django nor the web
layer, and no import statement of the core names them, not even inside a function
(architecture: data flows web/CLI → core → back; the web layer adds its commands to the core's
command line, never the other way round)."""

from __future__ import annotations

import ast
import pkgutil
import subprocess
import sys
from pathlib import Path

import chessclub

FORBIDDEN = ("django", "chessclub_web")
CORE = Path(chessclub.__file__).resolve().parent


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


def _imported_names(tree: ast.AST) -> list[tuple[int, str]]:
    """Every module an import statement names, anywhere in ``tree`` (inside functions, ``if
    TYPE_CHECKING:`` blocks…), and every string given to ``importlib.import_module`` or
    ``__import__``, with its line."""
    names: list[tuple[int, str]] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.extend((node.lineno, alias.name) for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            names.append((node.lineno, node.module or ""))
            names.extend((node.lineno, alias.name) for alias in node.names)
        elif isinstance(node, ast.Call):
            func = node.func
            called = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
            if called in ("import_module", "__import__"):
                names.extend(
                    (node.lineno, arg.value)
                    for arg in node.args
                    if isinstance(arg, ast.Constant) and isinstance(arg.value, str)
                )
    return names


def test_no_import_statement_of_the_core_names_django_or_the_web_layer() -> None:
    files = sorted(CORE.rglob("*.py"))
    assert CORE / "cli" / "__init__.py" in files
    bad = [
        f"{path.relative_to(CORE.parent)}:{line}: {name}"
        for path in files
        for line, name in _imported_names(ast.parse(path.read_text("utf-8"), str(path)))
        if any(word in name.lower() for word in FORBIDDEN)
    ]
    assert bad == []


def test_the_check_sees_an_import_inside_a_function() -> None:
    tree = ast.parse(
        "def f():\n    from chessclub_web import commands\n"
        "def g():\n    import django.conf\n"
        "def h():\n    importlib.import_module('chessclub_web.commands')\n"
    )
    assert [name for _, name in _imported_names(tree)] == [
        "chessclub_web",
        "commands",
        "django.conf",
        "chessclub_web.commands",
    ]
