from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [("games", "0014_battle_turns_open_or_done")]

    operations = [
        migrations.AddField(
            model_name="battle",
            name="ended_by",
            field=models.CharField(blank=True, max_length=12),
        ),
        migrations.AddField(
            model_name="battle",
            name="result_note",
            field=models.CharField(blank=True, max_length=300),
        ),
    ]
