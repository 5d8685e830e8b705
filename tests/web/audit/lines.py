"""The audit log's lines as the tests read them: board results (spec R5) and the rest."""

from __future__ import annotations

from typing import Any

from django.db.models import QuerySet

from chessclub_web.audit.models import RESULT_ACTIONS, Entry


def result_lines(**filters: Any) -> QuerySet[Entry]:
    """The lines of board results (``result.*``), most recent first."""
    return Entry.objects.filter(action__in=RESULT_ACTIONS, **filters)


def other_lines(**filters: Any) -> QuerySet[Entry]:
    """Every other line (entries, pairings, settings, closing), most recent first."""
    return Entry.objects.exclude(action__in=RESULT_ACTIONS).filter(**filters)
