"""Name each outbox message by a random token instead of its row number.

The Message-ID header and the provider's metadata used to carry the row id,
from which a recipient could count the mail others received in between.
Existing rows get a token each before the column becomes unique.
"""

import secrets

from django.db import migrations, models

import games.mail.models


def give_each_row_a_token(apps, schema_editor):
    outbox = apps.get_model("games", "OutboxMessage")
    for message in outbox.objects.filter(token__isnull=True).only("pk"):
        outbox.objects.filter(pk=message.pk).update(token=secrets.token_hex(16))


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0002_press"),
    ]

    operations = [
        migrations.AddField(
            model_name="outboxmessage",
            name="token",
            field=models.CharField(max_length=32, null=True),
        ),
        migrations.RunPython(give_each_row_a_token, migrations.RunPython.noop),
        migrations.AlterField(
            model_name="outboxmessage",
            name="token",
            field=models.CharField(
                default=games.mail.models.new_message_token, max_length=32, unique=True
            ),
        ),
    ]
