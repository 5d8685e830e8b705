"""The results history's lines are in the audit log (``audit`` 0003): its table and, on
PostgreSQL, its append-only trigger function go."""

from django.db import migrations


def _drop_function(apps, schema_editor):
    if schema_editor.connection.vendor == "postgresql":
        schema_editor.execute(
            "DROP TRIGGER IF EXISTS results_history_append_only ON results_resultchange;"
        )
        schema_editor.execute("DROP FUNCTION IF EXISTS results_history_append_only();")


class Migration(migrations.Migration):
    dependencies = [
        ("audit", "0003_copy_history"),
        ("results", "0002_history_append_only_trigger"),
    ]

    operations = [
        migrations.RunPython(_drop_function, migrations.RunPython.noop),
        migrations.DeleteModel(
            name="ResultChange",
        ),
    ]
