"""One home per rule: no view or form writes a row or opens a transaction (README, Architecture).

Each action is one service function (``<app>/services.py`` or ``pairings/services``): it checks
the permission and the rule, locks the tournament, writes the rows and the history line in one
transaction. This test parses every ``views.py`` (and ``views/*.py``) and ``forms.py`` under
``src/chessclub_web`` and names, as ``file:line``, each call that writes to the database there.

The rule, precise enough to leave ordinary Python alone:

* ``.save(…)`` — unless ``commit=False`` (an unsaved row, handed to a service);
* ``.create(``, ``.get_or_create(``, ``.update_or_create(``, ``.bulk_create(``,
  ``.bulk_update(`` — always;
* ``.update(`` — only on a manager or queryset: the receiver goes through ``.objects`` or a
  queryset method (``filter``, ``all``…); ``dict.update``, ``context.update``,
  ``widget.attrs.update`` and a copied ``QueryDict`` are not rows;
* ``.delete(`` — unless on ``request.session`` or a cache;
* ``transaction.atomic`` / ``atomic`` (decorator, ``with`` or call) and ``select_for_update``.
"""

from __future__ import annotations

import ast
from pathlib import Path

WEB = Path(__file__).resolve().parents[3] / "src" / "chessclub_web"

ALWAYS = {"create", "get_or_create", "update_or_create", "bulk_create", "bulk_update"}
QUERYSET_METHODS = {
    "objects",
    "filter",
    "exclude",
    "all",
    "select_related",
    "prefetch_related",
    "order_by",
    "annotate",
    "distinct",
    "using",
    "none",
}
NOT_ROWS = {"session", "cache", "messages"}

# ``file:function`` (file relative to src/chessclub_web) of a legitimate non-database call
# the rule above would flag. Keep it short, and say why for each.
ALLOWED: set[str] = set()


def _names(node: ast.AST) -> list[str]:
    """The attribute and variable names along a receiver expression (``a.b().c`` → a, b, c)."""
    found: list[str] = []
    for sub in ast.walk(node):
        if isinstance(sub, ast.Attribute):
            found.append(sub.attr)
        elif isinstance(sub, ast.Name):
            found.append(sub.id)
    return found


def _is_atomic(node: ast.AST) -> bool:
    target = node.func if isinstance(node, ast.Call) else node
    if isinstance(target, ast.Attribute):
        return target.attr == "atomic"
    return isinstance(target, ast.Name) and target.id == "atomic"


def _write(call: ast.Call) -> str | None:
    """What the call writes, or None."""
    if _is_atomic(call):
        return "transaction.atomic"
    func = call.func
    if not isinstance(func, ast.Attribute):
        return None
    method, receiver = func.attr, _names(func.value)
    if method == "select_for_update":
        return "select_for_update"
    if method in ALWAYS:
        return f".{method}("
    if method == "save":
        commit = [k for k in call.keywords if k.arg == "commit"]
        if commit and isinstance(commit[0].value, ast.Constant) and commit[0].value.value is False:
            return None
        return ".save("
    if method == "update" and QUERYSET_METHODS & set(receiver):
        return ".update("
    if method == "delete" and not NOT_ROWS & set(receiver):
        return ".delete("
    return None


def scan(source: str, filename: str) -> list[str]:
    """``file:line: what (in function)`` for each database write in ``source``."""
    found: list[str] = []

    def visit(node: ast.AST, function: str) -> None:
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            function = node.name
            for decorator in node.decorator_list:  # ``@atomic()``: a call, found below
                allowed = f"{filename}:{function}" in ALLOWED
                if not isinstance(decorator, ast.Call) and _is_atomic(decorator) and not allowed:
                    found.append(f"{filename}:{decorator.lineno}: transaction.atomic ({function})")
        if isinstance(node, ast.Call):
            what = _write(node)
            if what and f"{filename}:{function}" not in ALLOWED:
                found.append(f"{filename}:{node.lineno}: {what} ({function})")
        for child in ast.iter_child_nodes(node):
            visit(child, function)

    visit(ast.parse(source, filename), "<module>")
    return found


def _modules() -> list[Path]:
    paths = [*WEB.rglob("views.py"), *WEB.rglob("views/*.py"), *WEB.rglob("forms.py")]
    return sorted({p for p in paths if "migrations" not in p.parts})


def test_no_view_or_form_writes_to_the_database() -> None:
    modules = _modules()
    assert len(modules) >= 10, modules  # the glob found the web layer
    found = [
        hit
        for path in modules
        for hit in scan(path.read_text(encoding="utf-8"), str(path.relative_to(WEB)))
    ]
    assert not found, "a view or form writes; move it into the app's services:\n" + "\n".join(found)


def test_the_scanner_flags_writes() -> None:
    source = """
from django.db import transaction

def new_tournament(request, club):
    row = Tournament.objects.create(club=club, name="x")
    Tournament.objects.filter(club=club).update(name="y")
    form.save()
    row.players.all().delete()
    with transaction.atomic():
        pass

@transaction.atomic
def other(request):
    Tournament.objects.select_for_update().get(pk=1)

@transaction.atomic()
def third(request):
    pass
"""
    found = scan(source, "pairings/views.py")
    assert found == [
        "pairings/views.py:5: .create( (new_tournament)",
        "pairings/views.py:6: .update( (new_tournament)",
        "pairings/views.py:7: .save( (new_tournament)",
        "pairings/views.py:8: .delete( (new_tournament)",
        "pairings/views.py:9: transaction.atomic (new_tournament)",
        "pairings/views.py:12: transaction.atomic (other)",
        "pairings/views.py:14: select_for_update (other)",
        "pairings/views.py:16: transaction.atomic (third)",
    ], found


def test_the_scanner_leaves_plain_python_alone() -> None:
    source = """
def page(request, row):
    context = {}
    context.update(a=1)
    query = request.GET.copy()
    query.update({"page": 2})
    field.widget.attrs.update({"min": 0})
    row = form.save(commit=False)
    request.session.delete("x")
    messages.success(request, "saved")
    request.session["k"] = 1
"""
    assert scan(source, "x/views.py") == []
