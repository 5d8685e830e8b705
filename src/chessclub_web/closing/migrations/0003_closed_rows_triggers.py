"""Spec C1/C3 in the database itself, beyond ``closing.guards`` (model receivers, which bulk
``QuerySet.update``/``delete`` and raw SQL bypass), as 0002 does for ``closed_at``:

* a closed tournament keeps its club, kind, system and time-control category (what its club
  Elo rows were computed from, E2/E7);
* a round of a closed tournament stays published and in it;
* a board of a closed tournament never goes back to "no result" (C3) and stays in it.

Deletions are left to the receivers: a trigger refusing them would also stop the test
runner's flush of a database holding a closed tournament.

Triggers on SQLite and PostgreSQL; other databases rely on the receivers only.
"""

from django.db import migrations

SQLITE_UP = [
    """
CREATE TRIGGER IF NOT EXISTS closing_locked_fields
BEFORE UPDATE OF club_id, kind, system, time_control_category ON tournaments_tournament
WHEN OLD.closed_at IS NOT NULL AND (
    NEW.club_id IS NOT OLD.club_id OR NEW.kind IS NOT OLD.kind
    OR NEW.system IS NOT OLD.system
    OR NEW.time_control_category IS NOT OLD.time_control_category)
BEGIN
    SELECT RAISE(ABORT, 'a closed tournament keeps its club, kind, system and time control');
END;
""",
    """
CREATE TRIGGER IF NOT EXISTS closing_round_stays_published
BEFORE UPDATE OF state, tournament_id ON tournaments_round
WHEN (NEW.state != 'published' OR NEW.tournament_id IS NOT OLD.tournament_id)
AND EXISTS (SELECT 1 FROM tournaments_tournament t
            WHERE t.id IN (OLD.tournament_id, NEW.tournament_id)
            AND t.closed_at IS NOT NULL)
BEGIN
    SELECT RAISE(ABORT, 'a round of a closed tournament stays published and in place');
END;
""",
    """
CREATE TRIGGER IF NOT EXISTS closing_board_keeps_result
BEFORE UPDATE OF result, round_id ON tournaments_game
WHEN (NEW.result = '' OR NEW.round_id IS NOT OLD.round_id)
AND EXISTS (SELECT 1 FROM tournaments_round r JOIN tournaments_tournament t
            ON t.id = r.tournament_id
            WHERE r.id IN (OLD.round_id, NEW.round_id) AND t.closed_at IS NOT NULL)
BEGIN
    SELECT RAISE(ABORT, 'a board of a closed tournament keeps a result (spec C3)');
END;
""",
]
SQLITE_DOWN = [
    f"DROP TRIGGER IF EXISTS {name};"
    for name in (
        "closing_locked_fields",
        "closing_round_stays_published",
        "closing_board_keeps_result",
    )
]

POSTGRES_UP = [
    """
CREATE OR REPLACE FUNCTION closing_locked_fields() RETURNS trigger AS $$
BEGIN
    IF OLD.closed_at IS NOT NULL AND (
        NEW.club_id IS DISTINCT FROM OLD.club_id OR NEW.kind IS DISTINCT FROM OLD.kind
        OR NEW.system IS DISTINCT FROM OLD.system
        OR NEW.time_control_category IS DISTINCT FROM OLD.time_control_category) THEN
        RAISE EXCEPTION 'a closed tournament keeps its club, kind, system and time control';
    END IF;
    RETURN NEW;
END;
$$ LANGUAGE plpgsql;
""",
    "DROP TRIGGER IF EXISTS closing_locked_fields ON tournaments_tournament;",
    """
CREATE TRIGGER closing_locked_fields BEFORE UPDATE ON tournaments_tournament
FOR EACH ROW EXECUTE FUNCTION closing_locked_fields();
""",
    """
CREATE OR REPLACE FUNCTION closing_round_locked() RETURNS trigger AS $$
BEGIN
    IF (NEW.state <> 'published' OR NEW.tournament_id IS DISTINCT FROM OLD.tournament_id)
       AND EXISTS (SELECT 1 FROM tournaments_tournament t
                   WHERE t.id IN (OLD.tournament_id, NEW.tournament_id)
                   AND t.closed_at IS NOT NULL) THEN
        RAISE EXCEPTION 'a round of a closed tournament stays published and in place';
    END IF;
    RETURN NEW;
END;
$$ LANGUAGE plpgsql;
""",
    "DROP TRIGGER IF EXISTS closing_round_locked ON tournaments_round;",
    """
CREATE TRIGGER closing_round_locked BEFORE UPDATE ON tournaments_round
FOR EACH ROW EXECUTE FUNCTION closing_round_locked();
""",
    """
CREATE OR REPLACE FUNCTION closing_board_locked() RETURNS trigger AS $$
BEGIN
    IF (NEW.result = '' OR NEW.round_id IS DISTINCT FROM OLD.round_id)
       AND EXISTS (SELECT 1 FROM tournaments_round r JOIN tournaments_tournament t
                   ON t.id = r.tournament_id
                   WHERE r.id IN (OLD.round_id, NEW.round_id)
                   AND t.closed_at IS NOT NULL) THEN
        RAISE EXCEPTION 'a board of a closed tournament keeps a result (spec C3)';
    END IF;
    RETURN NEW;
END;
$$ LANGUAGE plpgsql;
""",
    "DROP TRIGGER IF EXISTS closing_board_locked ON tournaments_game;",
    """
CREATE TRIGGER closing_board_locked BEFORE UPDATE ON tournaments_game
FOR EACH ROW EXECUTE FUNCTION closing_board_locked();
""",
]
POSTGRES_DOWN = [
    "DROP TRIGGER IF EXISTS closing_locked_fields ON tournaments_tournament;",
    "DROP FUNCTION IF EXISTS closing_locked_fields();",
    "DROP TRIGGER IF EXISTS closing_round_locked ON tournaments_round;",
    "DROP FUNCTION IF EXISTS closing_round_locked();",
    "DROP TRIGGER IF EXISTS closing_board_locked ON tournaments_game;",
    "DROP FUNCTION IF EXISTS closing_board_locked();",
]


def _run(sql_by_vendor):
    def run(apps, schema_editor):
        for sql in sql_by_vendor.get(schema_editor.connection.vendor, ()):
            schema_editor.execute(sql)

    return run


class Migration(migrations.Migration):
    dependencies = [
        ("closing", "0002_never_reopen_trigger"),
    ]

    operations = [
        migrations.RunPython(
            _run({"sqlite": SQLITE_UP, "postgresql": POSTGRES_UP}),
            _run({"sqlite": SQLITE_DOWN, "postgresql": POSTGRES_DOWN}),
        )
    ]
