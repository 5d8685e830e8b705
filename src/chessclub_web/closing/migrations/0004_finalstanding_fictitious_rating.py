"""Final standings keep the fictitious-Elo marker the *Classement* shows (spec C1, B4).

Rows stored before take the marker from the entry with the same pairing number (individual
events; a team event's rows hold teams, whose rating is empty).
"""

from django.db import migrations, models


def copy_markers(apps, schema_editor):
    FinalStanding = apps.get_model("closing", "FinalStanding")
    TournamentPlayer = apps.get_model("tournaments", "TournamentPlayer")
    marked = set(
        TournamentPlayer.objects.filter(fictitious_rating=True).values_list(
            "tournament_id", "pairing_number"
        )
    )
    if not marked:
        return
    ids = [
        pk
        for pk, tournament, number in FinalStanding.objects.exclude(rating="").values_list(
            "pk", "tournament_id", "pairing_number"
        )
        if (tournament, number) in marked
    ]
    for start in range(0, len(ids), 500):
        FinalStanding.objects.filter(pk__in=ids[start : start + 500]).update(fictitious_rating=True)


class Migration(migrations.Migration):
    dependencies = [("closing", "0003_closed_rows_triggers")]

    operations = [
        migrations.AddField(
            model_name="finalstanding",
            name="fictitious_rating",
            field=models.BooleanField(default=False, verbose_name="fictitious rating"),
        ),
        migrations.RunPython(copy_markers, migrations.RunPython.noop),
    ]
