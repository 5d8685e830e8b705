"""The history marks what the JSON API changed (docs/api.md, "Writing"): a line written during
an API request carries ``channel="api"``, shown as "JSON API" after the user's name; a line
written by a page carries none; a result line keeps its own ``via``."""

from __future__ import annotations

import pytest
from django.utils import translation
from tests.web.builders import make_swiss

from chessclub_web.audit.models import AuditAction, Entry
from chessclub_web.audit.services import channel, record

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("english")]


def test_api_lines_written_in_an_api_request_say_so(public_club):
    row = make_swiss(public_club)
    with channel("api"):
        inside = record(
            AuditAction.ROUND_PUBLISHED, row, None, "Round %(round)s published.", {"round": 2}
        )
        result = record(AuditAction.RESULT_CHANGED, row, None, "", {"via": "api"}, round_number=2)
    outside = record(
        AuditAction.ROUND_PUBLISHED, row, None, "Round %(round)s published.", {"round": 3}
    )
    inside, result, outside = (Entry.objects.get(pk=e.pk) for e in (inside, result, outside))
    with translation.override("en"):
        assert (inside.params, inside.channel, inside.text) == (
            {"round": 2, "channel": "api"},
            "JSON API",
            "Round 2 published.",
        )
        assert result.params == {"via": "api"} and result.channel == ""
        assert (outside.params, outside.channel) == ({"round": 3}, "")
