"""The audit log takes over the three former histories (spec R5, C1): every results line, every
pairing line and every closing of a database made before it becomes one audit line, with its
action, user, time, round, board, version step and payload."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap

SCRIPT = textwrap.dedent(
    """
    import datetime, json
    import django
    django.setup()
    from django.db import connection
    from django.db.migrations.executor import MigrationExecutor

    BEFORE = [
        ("results", "0002_history_append_only_trigger"),
        ("pairings", "0003_pairing_change_message_params"),
        ("closing", "0004_finalstanding_fictitious_rating"),
        ("audit", "0002_append_only_trigger"),
    ]
    executor = MigrationExecutor(connection)
    executor.migrate(BEFORE)
    old = executor.loader.project_state(BEFORE).apps
    User = old.get_model("auth", "User")
    Club = old.get_model("clubs", "Club")
    Tournament = old.get_model("tournaments", "Tournament")
    Player = old.get_model("tournaments", "TournamentPlayer")
    Round = old.get_model("tournaments", "Round")
    Game = old.get_model("tournaments", "Game")
    arbiter = User.objects.create(username="arbitre")
    club = Club.objects.create(number="601", name="Cercle")
    t = Tournament.objects.create(club=club, name="Open", planned_rounds=3)
    a = Player.objects.create(tournament=t, pairing_number=1, name="Joueur A")
    b = Player.objects.create(tournament=t, pairing_number=2, name="Joueur B")
    r = Round.objects.create(tournament=t, number=1)
    g = Game.objects.create(round=r, board=1, white=a, black=b, result="=", version=2)
    at = datetime.datetime(2026, 3, 5, 19, 30, tzinfo=datetime.timezone.utc)
    RC = old.get_model("results", "ResultChange")
    first = RC.objects.create(tournament=t, game=g, round_number=1, board=1,
        white_name="Joueur A", black_name="Joueur B", old_result="", new_result="1-0",
        old_version=0, user=arbiter, username="arbitre", via="autosave")
    second = RC.objects.create(tournament=t, game=g, round_number=1, board=1,
        white_name="Joueur A", black_name="Joueur B", old_result="1-0", new_result="=",
        old_version=1, user=None, username="", via="button", correction=True)
    stamped = first.changed_at.isoformat()
    PC = old.get_model("pairings", "PairingChange")
    PC.objects.create(tournament=t, round_number=1, user=arbiter,
        description="Round 1 published.", message="Round %(round)s published.",
        params={"round": 1})
    PC.objects.create(tournament=t, description="Ronde 1 appariée (ancienne ligne).")
    Closure = old.get_model("closing", "Closure")
    Closure.objects.create(tournament=t, closed_at=at, closed_by=arbiter,
        codes=["BH/C1", "SB"], era="2026", standings_stored_at=at)

    executor = MigrationExecutor(connection)
    executor.migrate(executor.loader.graph.leaf_nodes())
    from chessclub_web.audit.models import Entry
    from django.utils import translation
    translation.activate("fr")
    out = []
    for e in Entry.objects.order_by("id"):
        out.append({
            "action": e.action, "username": e.username, "user": e.user_id is not None,
            "round": e.round_number, "board": e.board, "game": e.game_id == g.pk,
            "version": e.version, "old": e.old, "new": e.new, "at": e.at.isoformat(),
            "description": e.description, "text": e.text,
        })
    tables = sorted(t for t in connection.introspection.table_names() if "change" in t)
    print(json.dumps({"entries": out, "stamped": stamped, "tables": tables}))
    """
)


def _migrated(tmp_path) -> dict:
    env = {k: v for k, v in os.environ.items() if k != "DATABASE_URL"}
    env.update(CHESSCLUB_DATA_DIR=str(tmp_path), DJANGO_SETTINGS_MODULE="chessclub_web.settings")
    done = subprocess.run(
        [sys.executable, "-c", SCRIPT], env=env, capture_output=True, text=True, timeout=300
    )
    assert done.returncode == 0, done.stderr[-3000:]
    return json.loads(done.stdout.strip().splitlines()[-1])


def closed_at(entries: list[dict]) -> str:
    return entries[-1]["at"]


def test_r5_c1_every_line_of_the_former_histories_is_in_the_audit_log(tmp_path):
    found = _migrated(tmp_path)
    entries = found["entries"]
    assert [e["action"] for e in entries] == [
        "result.entered",
        "result.corrected",
        "round.published",
        "note",
        "tournament.closed",
    ]
    entered, corrected, published, legacy, closed = entries
    # The results lines keep the board's version steps (R3), user, board and both values.
    assert (entered["version"], corrected["version"]) == (0, 1)
    assert entered["game"] and corrected["game"]
    assert entered["old"] == {"result": ""} and entered["new"] == {"result": "1-0"}
    assert corrected["old"] == {"result": "1-0"} and corrected["new"] == {"result": "="}
    assert (entered["username"], entered["user"]) == ("arbitre", True)
    assert (corrected["username"], corrected["user"]) == ("", False)
    assert entered["at"] == found["stamped"]
    assert closed_at(entries) == "2026-03-05T19:30:00+00:00"
    assert entered["description"] == "Round 1, board 1 (Joueur A – Joueur B): – → 1-0."
    assert corrected["description"] == "Round 1, board 1 (Joueur A – Joueur B): 1-0 → ½-½."
    # A pairing line keeps its message, worded in the reader's language.
    assert published["round"] == 1 and published["username"] == "arbitre"
    assert published["text"] == "Ronde 1 publiée."
    # A line written before messages existed keeps its text as it was stored.
    assert legacy["text"] == "Ronde 1 appariée (ancienne ligne)."
    # A closing is a line with the tiebreaks and rule era of its final standings.
    assert closed["new"] == {"tiebreaks": ["BH/C1", "SB"], "rules": "2026"}
    assert closed["username"] == "arbitre"
    # The former tables are gone.
    assert found["tables"] == []
