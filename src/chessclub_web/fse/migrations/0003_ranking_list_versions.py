"""The FSE ranking list becomes site data in versions (``federation.ListVersion``): each club's
uploaded previous list becomes a version (oldest upload first), the newest one current;
``PreviousList`` is replaced by the versions."""

import django.db.models.deletion
from django.db import migrations, models


def to_versions(apps, schema_editor):
    PreviousList = apps.get_model("fse", "PreviousList")
    ListRow = apps.get_model("fse", "ListRow")
    FederationList = apps.get_model("federation", "FederationList")
    ListVersion = apps.get_model("federation", "ListVersion")
    ListEvent = apps.get_model("federation", "ListEvent")
    uploads = list(PreviousList.objects.order_by("uploaded_at", "pk"))
    if not uploads:
        return
    row, _ = FederationList.objects.get_or_create(kind="fse")
    previous = None
    for number, stored in enumerate(uploads, start=1):
        records = ListRow.objects.filter(previous_list=stored)
        version = ListVersion.objects.create(
            federation_list=row,
            number=number,
            imported_by_id=stored.uploaded_by_id,
            source=stored.filename,
            list_date=stored.list_date,
            records=records.count(),
        )
        ListVersion.objects.filter(pk=version.pk).update(imported_at=stored.uploaded_at)
        records.update(version=version)
        ListEvent.objects.create(
            federation_list=row,
            action="imported",
            version=version,
            previous=previous,
            user_id=stored.uploaded_by_id,
        )
        previous = version
    row.current = previous
    row.save(update_fields=["current"])


class Migration(migrations.Migration):
    dependencies = [
        ("fse", "0002_tournament_options"),
        ("federation", "0001_initial"),
    ]

    operations = [
        migrations.AddField(
            model_name="listrow",
            name="version",
            field=models.ForeignKey(
                null=True,
                on_delete=django.db.models.deletion.CASCADE,
                related_name="fse_rows",
                to="federation.listversion",
                verbose_name="list",
            ),
        ),
        migrations.RunPython(to_versions, migrations.RunPython.noop),
        migrations.RemoveConstraint(model_name="listrow", name="fse_list_row_code"),
        migrations.RemoveField(model_name="listrow", name="previous_list"),
        migrations.AlterField(
            model_name="listrow",
            name="version",
            field=models.ForeignKey(
                on_delete=django.db.models.deletion.CASCADE,
                related_name="fse_rows",
                to="federation.listversion",
                verbose_name="list",
            ),
        ),
        migrations.DeleteModel(name="PreviousList"),
        migrations.AlterModelManagers(
            name="listrow",
            managers=[("all_versions", models.Manager())],
        ),
        migrations.AddConstraint(
            model_name="listrow",
            constraint=models.UniqueConstraint(
                fields=("version", "code"), name="fse_list_row_version_code"
            ),
        ),
    ]
