"""The pairing history's lines are in the audit log (``audit`` 0003): its table goes."""

from django.db import migrations


class Migration(migrations.Migration):
    dependencies = [
        ("audit", "0003_copy_history"),
        ("pairings", "0003_pairing_change_message_params"),
    ]

    operations = [
        migrations.DeleteModel(
            name="PairingChange",
        ),
    ]
