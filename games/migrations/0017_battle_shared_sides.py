from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [("games", "0016_merge_0015_api_tokens_0015_battle_endings")]

    operations = [
        migrations.AddField(
            model_name="battleturn",
            name="parts",
            field=models.JSONField(default=list),
        ),
    ]
