"""The federation's player list becomes site data in versions (``federation.ListVersion``):
the records already stored become the current version, every earlier import a version whose
records are no longer kept; ``PlayerListImport`` is replaced by the versions."""

import django.db.models.deletion
from django.db import migrations, models

FIELDS = (
    "matricule",
    "name",
    "sex",
    "club",
    "birth_date",
    "rating",
    "games",
    "previous_rating",
    "previous_games",
    "title",
    "fide_id",
    "fide_nationality",
    "federation",
    "deceased",
)


def to_versions(apps, schema_editor):
    Old = apps.get_model("frbe", "FederationPlayer")
    New = apps.get_model("frbe", "FederationPlayerVersioned")
    Import = apps.get_model("frbe", "PlayerListImport")
    FederationList = apps.get_model("federation", "FederationList")
    ListVersion = apps.get_model("federation", "ListVersion")
    ListEvent = apps.get_model("federation", "ListEvent")
    imports = list(Import.objects.order_by("imported_at", "pk"))
    if not imports and not Old.objects.exists():
        return
    row, _ = FederationList.objects.get_or_create(kind="frbe")
    versions = []
    for number, done in enumerate(imports, start=1):
        version = ListVersion.objects.create(
            federation_list=row,
            number=number,
            imported_by_id=done.imported_by_id,
            source=done.source,
            list_date=done.list_date,
            records=done.records,
            created=done.created,
            updated=done.updated,
            rows_kept=False,
        )
        ListVersion.objects.filter(pk=version.pk).update(imported_at=done.imported_at)
        versions.append(version)
    if not versions:
        versions.append(
            ListVersion.objects.create(
                federation_list=row, number=1, source="", records=Old.objects.count()
            )
        )
    current = versions[-1]
    current.rows_kept = True
    current.records = Old.objects.count()
    current.save(update_fields=["rows_kept", "records"])
    batch = []
    for values in Old.objects.order_by("matricule").values(*FIELDS).iterator():
        batch.append(New(version_id=current.pk, **values))
        if len(batch) >= 2000:
            New.objects.bulk_create(batch)
            batch = []
    New.objects.bulk_create(batch)
    row.current = current
    row.save(update_fields=["current"])
    previous = None
    for version in versions:
        ListEvent.objects.create(
            federation_list=row,
            action="imported",
            version=version,
            previous=previous,
            user_id=version.imported_by_id,
        )
        previous = version


class Migration(migrations.Migration):
    dependencies = [
        ("frbe", "0001_player_list_export"),
        ("federation", "0001_initial"),
    ]

    operations = [
        migrations.CreateModel(
            name="FederationPlayerVersioned",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                (
                    "version",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="frbe_players",
                        to="federation.listversion",
                    ),
                ),
                ("matricule", models.PositiveIntegerField(verbose_name="matricule")),
                ("name", models.CharField(db_index=True, max_length=64, verbose_name="name")),
                ("sex", models.CharField(blank=True, max_length=1, verbose_name="sex")),
                (
                    "club",
                    models.PositiveIntegerField(
                        blank=True, db_index=True, null=True, verbose_name="club"
                    ),
                ),
                ("birth_date", models.DateField(blank=True, null=True, verbose_name="birth date")),
                (
                    "rating",
                    models.PositiveSmallIntegerField(
                        blank=True, null=True, verbose_name="national Elo"
                    ),
                ),
                ("games", models.PositiveIntegerField(default=0, verbose_name="games")),
                (
                    "previous_rating",
                    models.PositiveSmallIntegerField(
                        blank=True, null=True, verbose_name="previous Elo"
                    ),
                ),
                (
                    "previous_games",
                    models.PositiveIntegerField(default=0, verbose_name="previous games"),
                ),
                ("title", models.CharField(blank=True, max_length=3, verbose_name="title")),
                ("fide_id", models.CharField(blank=True, max_length=16, verbose_name="FIDE ID")),
                (
                    "fide_nationality",
                    models.CharField(blank=True, max_length=3, verbose_name="FIDE nationality"),
                ),
                (
                    "federation",
                    models.CharField(blank=True, max_length=2, verbose_name="federation"),
                ),
                ("deceased", models.BooleanField(default=False, verbose_name="deceased")),
            ],
            options={
                "verbose_name": "federation player",
                "verbose_name_plural": "federation players",
                "ordering": ("name", "matricule"),
            },
        ),
        migrations.RunPython(to_versions, migrations.RunPython.noop),
        migrations.DeleteModel(name="PlayerListImport"),
        migrations.DeleteModel(name="FederationPlayer"),
        migrations.RenameModel(old_name="FederationPlayerVersioned", new_name="FederationPlayer"),
        migrations.AlterModelManagers(
            name="federationplayer",
            managers=[("all_versions", models.Manager())],
        ),
        migrations.AddConstraint(
            model_name="federationplayer",
            constraint=models.UniqueConstraint(
                fields=("version", "matricule"), name="frbe_player_version_matricule"
            ),
        ),
    ]
