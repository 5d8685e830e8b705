"""One refusal type (issue "One home per rule", point 2): every error class the web layer
defines for a refused request is a ``refusals.Refused`` with its HTTP status, and a refusal
no view handled is answered once, by the middleware: its page, or JSON for a JSON request."""

from __future__ import annotations

import ast
import importlib
import json
from pathlib import Path

import pytest
from django.test import RequestFactory

import chessclub_web
from chessclub_web.refusals import ClosedTournament, RefusalMiddleware, Refused, require_open

WEB = Path(chessclub_web.__file__).resolve().parent

#: Exception classes that are no refusal of a request: control flow of the login redirect,
#: a database integrity guard (a programming error), the CLI's own errors, a forecast with
#: nothing to compute (the page shows it as a state, not an error).
NOT_REFUSALS = {
    "chessclub_web.clubs.permissions.LoginRequired",
    "chessclub_web.audit.models.AppendOnlyError",
    "chessclub_web.commands.UnknownClubError",
    "chessclub_web.commands.UnknownUserError",
    "chessclub_web.commands.UserError",
    "chessclub_web.commands.FederationListRefused",
    "chessclub_web.commands.WorkerNotNeededError",  # the command line's, never a page's
    "chessclub_web.fse.services.NothingToPredict",
}


def _exception_classes() -> list[str]:
    found = []
    for path in sorted(WEB.rglob("*.py")):
        if "migrations" in path.parts:
            continue
        module = ".".join(path.relative_to(WEB.parent).with_suffix("").parts)
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ClassDef) and any(
                isinstance(b, ast.Name | ast.Attribute)
                and (
                    ast.unparse(b).endswith(("Error", "Exception", "Refused"))
                    or "refusals." in ast.unparse(b)
                )
                for b in node.bases
            ):
                found.append(f"{module}.{node.name}")
    return found


def test_every_error_class_of_the_web_layer_is_a_refusal():
    classes = _exception_classes()
    assert "chessclub_web.pairings.services.common.Refused" in classes  # the scan sees them
    wrong = []
    for name in classes:
        if name in NOT_REFUSALS or name.startswith("chessclub_web.refusals."):
            continue
        module, _, attr = name.rpartition(".")
        cls = getattr(importlib.import_module(module), attr)
        if not issubclass(cls, Refused):
            wrong.append(name)
        elif not 400 <= cls.status < 500:
            wrong.append(f"{name} (status {cls.status})")
    assert not wrong, wrong


@pytest.mark.parametrize(
    ("refusal", "status"),
    [(Refused("no"), 409), (Refused("bad", status=400, field="rating"), 400)],
)
def test_a_refusal_no_view_handled_is_answered_by_the_middleware(refusal, status):
    middleware = RefusalMiddleware(lambda r: None)
    page = middleware.process_exception(RequestFactory().post("/"), refusal)
    assert page.status_code == status and str(refusal) in page.content.decode()
    request = RequestFactory().post("/", HTTP_ACCEPT="application/json")
    answer = middleware.process_exception(request, refusal)
    assert answer.status_code == status
    assert json.loads(answer.content)["error"] == str(refusal)
    assert json.loads(answer.content)["field"] == refusal.field
    assert middleware.process_exception(request, ValueError("x")) is None


@pytest.mark.django_db
def test_require_open_is_the_one_closed_guard(public_club):
    from django.utils import timezone

    from chessclub_web.tournaments.models import Tournament

    row = Tournament.objects.create(club=public_club, name="Open")
    require_open(row)
    row.closed_at = timezone.now()
    with pytest.raises(ClosedTournament) as refused:
        require_open(row)
    assert refused.value.status == 409
