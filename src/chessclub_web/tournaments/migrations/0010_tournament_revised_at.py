"""``Tournament.revised_at``: when the revision last changed (the public pages'
``Last-Modified``). Stored tournaments start from their ``updated_at``."""

import django.utils.timezone
from django.db import migrations, models
from django.db.models import F

#: SQLite's triggers set aside while the tournament table is rebuilt (as in 0009: SQLite adds
#: a NOT NULL column by copying the table, and a trigger naming the table breaks the copy's
#: rename): ``(name, sql)``.
_TRIGGERS: list[tuple[str, str]] = []


def set_triggers_aside(apps, schema_editor):
    if schema_editor.connection.vendor != "sqlite":
        return
    with schema_editor.connection.cursor() as cursor:
        cursor.execute("SELECT name, sql FROM sqlite_master WHERE type = 'trigger'")
        _TRIGGERS[:] = [(name, sql) for name, sql in cursor.fetchall() if sql]
        for name, _sql in _TRIGGERS:
            cursor.execute(f'DROP TRIGGER IF EXISTS "{name}"')


def put_triggers_back(apps, schema_editor):
    if schema_editor.connection.vendor != "sqlite":
        return
    with schema_editor.connection.cursor() as cursor:
        for _name, sql in _TRIGGERS:
            cursor.execute(sql)
    _TRIGGERS.clear()


def from_updated_at(apps, schema_editor):
    """A stored tournament was last revised when it was last updated."""
    Tournament = apps.get_model("tournaments", "Tournament")
    Tournament.objects.update(revised_at=F("updated_at"))


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0009_entry_list_ratings_and_unrated_rating"),
    ]

    operations = [
        migrations.RunPython(set_triggers_aside, put_triggers_back),
        migrations.AddField(
            model_name="tournament",
            name="revised_at",
            field=models.DateTimeField(
                default=django.utils.timezone.now,
                editable=False,
                help_text="When the revision last changed.",
                verbose_name="revised at",
            ),
        ),
        migrations.RunPython(from_updated_at, migrations.RunPython.noop),
        migrations.RunPython(put_triggers_back, set_triggers_aside),
    ]
