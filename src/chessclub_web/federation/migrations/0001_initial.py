import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models

KINDS = ("frbe", "fse", "fide")


def lists(apps, schema_editor):
    FederationList = apps.get_model("federation", "FederationList")
    for kind in KINDS:
        FederationList.objects.get_or_create(kind=kind)


class Migration(migrations.Migration):
    initial = True

    dependencies = [
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.CreateModel(
            name="FederationList",
            fields=[
                (
                    "kind",
                    models.CharField(
                        choices=[
                            ("frbe", "FRBE-KBSB player list (PLAYER)"),
                            ("fse", "FSE/SSB ranking list"),
                            ("fide", "FIDE rating list"),
                        ],
                        max_length=8,
                        primary_key=True,
                        serialize=False,
                        verbose_name="list",
                    ),
                ),
            ],
            options={
                "verbose_name": "federation list",
                "verbose_name_plural": "federation lists",
                "permissions": (
                    (
                        "manage_federation_lists",
                        "Can import, replace and roll back the site's federation lists",
                    ),
                ),
            },
        ),
        migrations.CreateModel(
            name="ListVersion",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                ("number", models.PositiveIntegerField(verbose_name="version")),
                (
                    "imported_at",
                    models.DateTimeField(auto_now_add=True, verbose_name="imported at"),
                ),
                ("source", models.CharField(blank=True, max_length=255, verbose_name="file")),
                ("sha256", models.CharField(blank=True, max_length=64, verbose_name="SHA-256")),
                ("list_date", models.DateField(blank=True, null=True, verbose_name="list date")),
                ("records", models.PositiveIntegerField(default=0, verbose_name="records")),
                ("created", models.PositiveIntegerField(default=0, verbose_name="new")),
                ("updated", models.PositiveIntegerField(default=0, verbose_name="changed")),
                ("removed", models.PositiveIntegerField(default=0, verbose_name="removed")),
                ("rows_kept", models.BooleanField(default=True, verbose_name="records kept")),
                (
                    "federation_list",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="versions",
                        to="federation.federationlist",
                        verbose_name="list",
                    ),
                ),
                (
                    "imported_by",
                    models.ForeignKey(
                        blank=True,
                        null=True,
                        on_delete=django.db.models.deletion.SET_NULL,
                        related_name="+",
                        to=settings.AUTH_USER_MODEL,
                        verbose_name="imported by",
                    ),
                ),
            ],
            options={
                "verbose_name": "federation list version",
                "verbose_name_plural": "federation list versions",
                "ordering": ("federation_list", "-number"),
                "constraints": [
                    models.UniqueConstraint(
                        fields=("federation_list", "number"), name="federation_version_number"
                    )
                ],
            },
        ),
        migrations.AddField(
            model_name="federationlist",
            name="current",
            field=models.OneToOneField(
                blank=True,
                null=True,
                on_delete=django.db.models.deletion.SET_NULL,
                related_name="current_of",
                to="federation.listversion",
                verbose_name="current version",
            ),
        ),
        migrations.CreateModel(
            name="ListEvent",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                (
                    "action",
                    models.CharField(
                        choices=[("imported", "imported"), ("rolled_back", "rolled back")],
                        max_length=16,
                        verbose_name="action",
                    ),
                ),
                ("at", models.DateTimeField(auto_now_add=True, verbose_name="when")),
                (
                    "federation_list",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="events",
                        to="federation.federationlist",
                        verbose_name="list",
                    ),
                ),
                (
                    "previous",
                    models.ForeignKey(
                        blank=True,
                        null=True,
                        on_delete=django.db.models.deletion.PROTECT,
                        related_name="+",
                        to="federation.listversion",
                        verbose_name="previous version",
                    ),
                ),
                (
                    "user",
                    models.ForeignKey(
                        blank=True,
                        null=True,
                        on_delete=django.db.models.deletion.SET_NULL,
                        related_name="+",
                        to=settings.AUTH_USER_MODEL,
                        verbose_name="user",
                    ),
                ),
                (
                    "version",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.PROTECT,
                        related_name="+",
                        to="federation.listversion",
                        verbose_name="version",
                    ),
                ),
            ],
            options={
                "verbose_name": "federation list event",
                "verbose_name_plural": "federation list events",
                "ordering": ("-at", "-pk"),
            },
        ),
        migrations.RunPython(lists, migrations.RunPython.noop),
    ]
