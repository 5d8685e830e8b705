"""The audit log is append-only in the database itself, beyond the model's refusal
(``Entry.save``/``delete``), which bulk ``QuerySet.update`` and raw SQL bypass.

The only updates left are the ones the foreign keys' ``SET_NULL`` make: ``game_id`` or
``user_id`` becoming NULL when the game (an unpaired round) or the user is deleted; the line
keeps the names as text. Deletions are left alone: a tournament's deletion takes its lines
with it (``CASCADE``), and the test runner flushes tables.

Triggers on SQLite and PostgreSQL; other databases rely on the model only.
"""

from django.db import migrations

FROZEN = (
    "id",
    "action",
    "at",
    "username",
    "tournament_id",
    "round_number",
    "board",
    "version",
    "message",
    "params",
    "description",
    "old",
    "new",
)
MESSAGE = "the audit log is append-only"


def _changed(distinct: str) -> str:
    frozen = " OR ".join(f"NEW.{c} {distinct} OLD.{c}" for c in FROZEN)
    nullable = " OR ".join(
        f"(NEW.{c} {distinct} OLD.{c} AND NEW.{c} IS NOT NULL)" for c in ("game_id", "user_id")
    )
    return f"{frozen} OR {nullable}"


SQLITE_UP = [
    f"""
CREATE TRIGGER IF NOT EXISTS audit_entry_append_only
BEFORE UPDATE ON audit_entry
WHEN {_changed("IS NOT")}
BEGIN
    SELECT RAISE(ABORT, '{MESSAGE}');
END;
"""
]
SQLITE_DOWN = ["DROP TRIGGER IF EXISTS audit_entry_append_only;"]

POSTGRES_UP = [
    f"""
CREATE OR REPLACE FUNCTION audit_entry_append_only() RETURNS trigger AS $$
BEGIN
    IF {_changed("IS DISTINCT FROM")} THEN
        RAISE EXCEPTION '{MESSAGE}';
    END IF;
    RETURN NEW;
END;
$$ LANGUAGE plpgsql;
""",
    "DROP TRIGGER IF EXISTS audit_entry_append_only ON audit_entry;",
    """
CREATE TRIGGER audit_entry_append_only BEFORE UPDATE ON audit_entry
FOR EACH ROW EXECUTE FUNCTION audit_entry_append_only();
""",
]
POSTGRES_DOWN = [
    "DROP TRIGGER IF EXISTS audit_entry_append_only ON audit_entry;",
    "DROP FUNCTION IF EXISTS audit_entry_append_only();",
]


def _run(sql_by_vendor):
    def run(apps, schema_editor):
        for sql in sql_by_vendor.get(schema_editor.connection.vendor, ()):
            schema_editor.execute(sql)

    return run


class Migration(migrations.Migration):
    dependencies = [
        ("audit", "0001_audit_log"),
    ]

    operations = [
        migrations.RunPython(
            _run({"sqlite": SQLITE_UP, "postgresql": POSTGRES_UP}),
            _run({"sqlite": SQLITE_DOWN, "postgresql": POSTGRES_DOWN}),
        ),
    ]
