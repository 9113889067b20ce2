"""A side-turn is now processed in one transaction and is never left
"processing": a turn an earlier version left so (its process died halfway)
opens again, and the next sweep processes it."""

from django.db import migrations, models


def reopen_stuck_turns(apps, schema_editor):
    turns = apps.get_model("games", "BattleTurn")
    turns.objects.filter(status="processing").update(status="open")


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0013_row_inserted_json"),
    ]

    operations = [
        migrations.RunPython(reopen_stuck_turns, migrations.RunPython.noop),
        migrations.AlterField(
            model_name="battleturn",
            name="status",
            field=models.CharField(
                choices=[("open", "Open"), ("done", "Done")], default="open", max_length=12
            ),
        ),
    ]
