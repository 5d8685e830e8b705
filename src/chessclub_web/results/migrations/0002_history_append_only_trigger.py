"""Spec R5 in the database itself: a row of the results history is never changed, beyond the
model's refusal (``ResultChange.save``/``delete``), which bulk ``QuerySet.update`` and raw SQL
bypass.

The only updates left are the ones the foreign keys' ``SET_NULL`` make: ``game_id`` or
``user_id`` becoming NULL when the game (an unpaired round) or the user is deleted; the row
keeps the names as text. Deletions are left alone: a tournament's deletion takes its history
with it (``CASCADE``), and the test runner flushes tables.

Triggers on SQLite and PostgreSQL; other databases rely on the model only.
"""

from django.db import migrations

FROZEN = (
    "id",
    "tournament_id",
    "round_number",
    "board",
    "white_name",
    "black_name",
    "old_result",
    "new_result",
    "old_version",
    "username",
    "changed_at",
    "via",
    "correction",
)
MESSAGE = "the results history is append-only (spec R5)"


def _changed(distinct: str) -> str:
    frozen = " OR ".join(f"NEW.{c} {distinct} OLD.{c}" for c in FROZEN)
    nullable = " OR ".join(
        f"(NEW.{c} {distinct} OLD.{c} AND NEW.{c} IS NOT NULL)" for c in ("game_id", "user_id")
    )
    return f"{frozen} OR {nullable}"


SQLITE_UP = [
    f"""
CREATE TRIGGER IF NOT EXISTS results_history_append_only
BEFORE UPDATE ON results_resultchange
WHEN {_changed("IS NOT")}
BEGIN
    SELECT RAISE(ABORT, '{MESSAGE}');
END;
"""
]
SQLITE_DOWN = ["DROP TRIGGER IF EXISTS results_history_append_only;"]

POSTGRES_UP = [
    f"""
CREATE OR REPLACE FUNCTION results_history_append_only() RETURNS trigger AS $$
BEGIN
    IF {_changed("IS DISTINCT FROM")} THEN
        RAISE EXCEPTION '{MESSAGE}';
    END IF;
    RETURN NEW;
END;
$$ LANGUAGE plpgsql;
""",
    "DROP TRIGGER IF EXISTS results_history_append_only ON results_resultchange;",
    """
CREATE TRIGGER results_history_append_only BEFORE UPDATE ON results_resultchange
FOR EACH ROW EXECUTE FUNCTION results_history_append_only();
""",
]
POSTGRES_DOWN = [
    "DROP TRIGGER IF EXISTS results_history_append_only ON results_resultchange;",
    "DROP FUNCTION IF EXISTS results_history_append_only();",
]


def _run(sql_by_vendor):
    def run(apps, schema_editor):
        for sql in sql_by_vendor.get(schema_editor.connection.vendor, ()):
            schema_editor.execute(sql)

    return run


class Migration(migrations.Migration):
    dependencies = [
        ("results", "0001_result_change"),
    ]

    operations = [
        migrations.RunPython(
            _run({"sqlite": SQLITE_UP, "postgresql": POSTGRES_UP}),
            _run({"sqlite": SQLITE_DOWN, "postgresql": POSTGRES_DOWN}),
        ),
    ]
