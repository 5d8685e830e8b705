"""``/health/``: whether this app server can do its work, for a load balancer or a monitor.

``GET /health/`` (no login) answers JSON::

    {"status": "ok", "checks": {"database": {"ok": true, "detail": "", "ms": 0.8},
                                "cache": {"ok": true, "detail": "", "ms": 0.2},
                                "queue": {"ok": true, "detail": "…", "ms": 0.0}}}

with 200 when every check passes, 503 (``"status": "failing"``) otherwise, and
``Cache-Control: no-store`` (a proxy never answers from an old result). The checks:

- ``database``: one query (``SELECT 1``) on the default database;
- ``cache``: a value written to the default cache and read back;
- every callable of :data:`EXTRA_CHECKS` (appended by the apps that need one);
- ``queue``: :data:`QUEUE_CHECK`, unless an extra check already gave ``queue``. The task
  queue's app sets it (or appends a ``queue`` check); by default it passes only if the tasks
  run in the web process (no ``TASKS`` setting, or an immediate backend).

A failing check's detail names the kind of error only (``OperationalError``), never its text
(host names, users, paths): the endpoint is public. HEAD is answered too; other methods 405.
"""

from __future__ import annotations

import time
import uuid
from collections.abc import Callable

from django.conf import settings
from django.core.cache import cache
from django.db import connection
from django.http import HttpRequest, JsonResponse
from django.urls import path
from django.views.decorators.cache import never_cache
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_safe

CheckResult = tuple[str, bool, str]
"""(name, ok, detail) of one check; detail is short and reveals no secret."""

Check = Callable[[], CheckResult]

EXTRA_CHECKS: list[Check] = []
"""More checks, appended by the apps that need one, each returning (name, ok, detail)."""


def _failure(exc: BaseException) -> str:
    return type(exc).__name__


def check_database() -> CheckResult:
    """``SELECT 1`` on the default database."""
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
            ok = cursor.fetchone() == (1,)
    except Exception as exc:  # any failure is the answer
        return ("database", False, _failure(exc))
    return ("database", ok, "" if ok else "unexpected answer")


def check_cache() -> CheckResult:
    """A random value set in the default cache (10 s) and read back."""
    key = f"health:{uuid.uuid4().hex}"
    value = uuid.uuid4().hex
    try:
        cache.set(key, value, timeout=10)
        ok = cache.get(key) == value
        cache.delete(key)
    except Exception as exc:  # any failure is the answer
        return ("cache", False, _failure(exc))
    return ("cache", ok, "" if ok else "value not read back")


def check_queue_in_process() -> CheckResult:
    """The queue's check when no app registered one: passes only when tasks run in the web
    process (no ``TASKS`` setting, or an immediate backend)."""
    tasks = getattr(settings, "TASKS", None) or {}
    backend = str(tasks.get("default", {}).get("BACKEND", ""))
    if not backend or "immediate" in backend.lower():
        return ("queue", True, "tasks run in the web process")
    return ("queue", False, "no check registered for the task backend")


QUEUE_CHECK: Check = check_queue_in_process
"""The ``queue`` check: the task queue's app replaces it with its own (workers alive, the
oldest waiting task's age…)."""


def _run(check: Check) -> tuple[str, dict[str, object]]:
    started = time.perf_counter()
    try:
        name, ok, detail = check()
    except Exception as exc:  # a broken check fails, it never breaks the endpoint
        name = getattr(check, "__name__", "check")
        ok, detail = False, _failure(exc)
    ms = round((time.perf_counter() - started) * 1000, 1)
    return name, {"ok": bool(ok), "detail": detail, "ms": ms}


def run_checks() -> dict[str, dict[str, object]]:
    """Every check's ``{"ok", "detail", "ms"}`` by name, in order: database, cache,
    :data:`EXTRA_CHECKS`, then :data:`QUEUE_CHECK` (unless an extra check gave ``queue``). A
    check that raises fails with the error's kind."""
    results = dict(_run(check) for check in (check_database, check_cache, *EXTRA_CHECKS))
    if "queue" not in results:
        name, result = _run(QUEUE_CHECK)
        results[name] = result
    return results


@csrf_exempt  # a POST is answered 405 (it changes nothing), not the CSRF page
@never_cache
@require_safe
def health(request: HttpRequest) -> JsonResponse:
    """The health answer (module docstring): 200 when every check passes, else 503."""
    checks = run_checks()
    healthy = all(result["ok"] for result in checks.values())
    return JsonResponse(
        {"status": "ok" if healthy else "failing", "checks": checks},
        status=200 if healthy else 503,
    )


urlpatterns = [path("", health, name="health")]
"""Included at ``health/`` by the site's URL map."""
