"""The automatic save of one board is the busiest request of a round (spec R2; issue 5's
latency target under 20 arbiters): its database work is fixed, whatever the club's
visibility or the tournament's size, so that a regression shows here before it shows in
``make bench``."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from chessclub_web.clubs.models import Role

from ..audit.lines import result_lines
from ..builders import board, make_swiss, save_url

pytestmark = pytest.mark.django_db


#: Transaction control, which the test's own transaction turns into savepoints.
CONTROL = {"BEGIN", "COMMIT", "SAVEPOINT", "RELEASE"}


def _statements(queries: list[dict[str, str]]) -> list[str]:
    """The first word of each data statement (transaction control left out)."""
    words = [q["sql"].split()[0].upper() for q in queries]
    return [word for word in words if word not in CONTROL]


@pytest.mark.parametrize("club_fixture", ["public_club", "private_club"])
def test_r2_autosave_reads_and_writes_in_eight_statements(request, client, make_user, club_fixture):
    """Session, user, round with its tournament, club and the user's role (one query), then
    the transaction: the tournament's row locked shared with its fresh state (the lock rule
    of tournaments.models), the boards locked with the round's fresh state (one query), the
    conditional update, the history row (R5), commit; then the tournament's new revision."""
    club = request.getfixturevalue(club_fixture)
    tournament = make_swiss(club)
    client.force_login(make_user("arbitre", club, Role.ARBITER))
    game = board(tournament, 2, 1)
    url = save_url(tournament, 2)
    with CaptureQueriesContext(connection) as captured:
        response = client.post(url, {"game": game.pk, "result": "1-0", "version": game.version})
    assert response.status_code == 200, response.content
    assert response.json()["state"] == "saved"
    statements = _statements(captured.captured_queries)
    assert statements.count("SELECT") == 5, captured.captured_queries
    assert statements.count("UPDATE") == 2  # the board, the tournament's revision
    assert statements.count("INSERT") == 1  # the history row
    assert result_lines(game=game, new__result="1-0").count() == 1
    assert len(statements) == 8, statements
