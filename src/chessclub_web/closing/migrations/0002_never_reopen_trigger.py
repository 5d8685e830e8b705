"""Spec C1 in the database itself: once a tournament's ``closed_at`` is set, no UPDATE may
clear it — not even a bulk ``QuerySet.update`` or raw SQL, which bypass the model receivers of
``closing.guards``. A trigger on SQLite and on PostgreSQL; other databases rely on the
receivers only."""

from django.db import migrations

SQLITE_UP = """
CREATE TRIGGER IF NOT EXISTS closing_never_reopen
BEFORE UPDATE OF closed_at ON tournaments_tournament
WHEN OLD.closed_at IS NOT NULL AND NEW.closed_at IS NULL
BEGIN
    SELECT RAISE(ABORT, 'a closed tournament cannot be reopened (spec C1)');
END;
"""
SQLITE_DOWN = "DROP TRIGGER IF EXISTS closing_never_reopen;"

POSTGRES_UP = """
CREATE OR REPLACE FUNCTION closing_never_reopen() RETURNS trigger AS $$
BEGIN
    IF OLD.closed_at IS NOT NULL AND NEW.closed_at IS NULL THEN
        RAISE EXCEPTION 'a closed tournament cannot be reopened (spec C1)';
    END IF;
    RETURN NEW;
END;
$$ LANGUAGE plpgsql;
DROP TRIGGER IF EXISTS closing_never_reopen ON tournaments_tournament;
CREATE TRIGGER closing_never_reopen BEFORE UPDATE ON tournaments_tournament
FOR EACH ROW EXECUTE FUNCTION closing_never_reopen();
"""
POSTGRES_DOWN = """
DROP TRIGGER IF EXISTS closing_never_reopen ON tournaments_tournament;
DROP FUNCTION IF EXISTS closing_never_reopen();
"""


def _run(sql_by_vendor):
    def run(apps, schema_editor):
        sql = sql_by_vendor.get(schema_editor.connection.vendor)
        if sql:
            schema_editor.execute(sql)

    return run


class Migration(migrations.Migration):
    dependencies = [
        ("closing", "0001_closing_and_club_elo"),
        ("tournaments", "0006_roster_entries_rounds_versions"),
    ]

    operations = [
        migrations.RunPython(
            _run({"sqlite": SQLITE_UP, "postgresql": POSTGRES_UP}),
            _run({"sqlite": SQLITE_DOWN, "postgresql": POSTGRES_DOWN}),
        )
    ]
