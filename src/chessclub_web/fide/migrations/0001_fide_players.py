"""FIDE's rating list: one row per FIDE ID, updated in place by each import (a
``federation.ListVersion``), and what each import read."""

import django.db.models.deletion
from django.db import migrations, models

import chessclub_web.fide.models


class Migration(migrations.Migration):
    initial = True

    dependencies = [
        ("federation", "0001_initial"),
    ]

    operations = [
        migrations.CreateModel(
            name="FideImport",
            fields=[
                (
                    "version",
                    models.OneToOneField(
                        on_delete=django.db.models.deletion.CASCADE,
                        primary_key=True,
                        related_name="fide_import",
                        serialize=False,
                        to="federation.listversion",
                        verbose_name="version",
                    ),
                ),
                ("layout", models.CharField(max_length=16, verbose_name="layout")),
                (
                    "time_control",
                    models.CharField(blank=True, max_length=8, verbose_name="time control"),
                ),
                ("skipped", models.PositiveIntegerField(default=0, verbose_name="lines left out")),
                ("problems", models.JSONField(blank=True, default=list, verbose_name="problems")),
                (
                    "omitted",
                    models.PositiveIntegerField(default=0, verbose_name="problems not listed"),
                ),
            ],
            options={
                "verbose_name": "FIDE list import",
                "verbose_name_plural": "FIDE list imports",
            },
        ),
        migrations.CreateModel(
            name="FidePlayer",
            fields=[
                (
                    "fide_id",
                    models.PositiveBigIntegerField(
                        primary_key=True, serialize=False, verbose_name="FIDE ID"
                    ),
                ),
                ("name", models.CharField(max_length=128, verbose_name="name")),
                (
                    "name_key",
                    chessclub_web.fide.models.BytewiseCharField(
                        max_length=128, verbose_name="name as searched"
                    ),
                ),
                (
                    "federation",
                    models.CharField(blank=True, max_length=3, verbose_name="federation"),
                ),
                ("sex", models.CharField(blank=True, max_length=1, verbose_name="sex")),
                ("title", models.CharField(blank=True, max_length=5, verbose_name="title")),
                (
                    "w_title",
                    models.CharField(blank=True, max_length=5, verbose_name="women's title"),
                ),
                (
                    "o_title",
                    models.CharField(blank=True, max_length=64, verbose_name="other titles"),
                ),
                (
                    "foa_title",
                    models.CharField(
                        blank=True, max_length=5, verbose_name="FIDE Online Arena title"
                    ),
                ),
                (
                    "standard_rating",
                    models.PositiveIntegerField(
                        blank=True, null=True, verbose_name="standard rating"
                    ),
                ),
                (
                    "standard_games",
                    models.PositiveIntegerField(
                        blank=True, null=True, verbose_name="standard games"
                    ),
                ),
                (
                    "standard_k",
                    models.PositiveIntegerField(blank=True, null=True, verbose_name="standard K"),
                ),
                (
                    "rapid_rating",
                    models.PositiveIntegerField(blank=True, null=True, verbose_name="rapid rating"),
                ),
                (
                    "rapid_games",
                    models.PositiveIntegerField(blank=True, null=True, verbose_name="rapid games"),
                ),
                (
                    "rapid_k",
                    models.PositiveIntegerField(blank=True, null=True, verbose_name="rapid K"),
                ),
                (
                    "blitz_rating",
                    models.PositiveIntegerField(blank=True, null=True, verbose_name="blitz rating"),
                ),
                (
                    "blitz_games",
                    models.PositiveIntegerField(blank=True, null=True, verbose_name="blitz games"),
                ),
                (
                    "blitz_k",
                    models.PositiveIntegerField(blank=True, null=True, verbose_name="blitz K"),
                ),
                (
                    "birth_year",
                    models.PositiveIntegerField(blank=True, null=True, verbose_name="birth year"),
                ),
                ("flag", models.CharField(blank=True, max_length=4, verbose_name="flag")),
                (
                    "rapid_inactive",
                    models.BooleanField(default=False, verbose_name="inactive in rapid"),
                ),
                (
                    "blitz_inactive",
                    models.BooleanField(default=False, verbose_name="inactive in blitz"),
                ),
                (
                    "changed_in",
                    models.ForeignKey(
                        db_constraint=False,
                        db_index=False,
                        on_delete=django.db.models.deletion.PROTECT,
                        related_name="+",
                        to="federation.listversion",
                        verbose_name="last changed in",
                    ),
                ),
            ],
            options={
                "verbose_name": "FIDE player",
                "verbose_name_plural": "FIDE players",
                "indexes": [models.Index(fields=["name_key"], name="fide_player_name_key")],
            },
        ),
    ]
