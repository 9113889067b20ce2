"""Email verification: the confirmed address, and outbox rows held until it is.

Accounts made before verification existed already received game email at
their address; they keep it as confirmed rather than going silent mid-game.
"""

from typing import Any

from django.conf import settings
from django.db import migrations, models


def confirm_existing_addresses(apps: Any, schema_editor: Any) -> None:
    User = apps.get_model(*settings.AUTH_USER_MODEL.split("."))
    EmailSettings = apps.get_model("games", "EmailSettings")
    for user in User.objects.exclude(email=""):
        mail, _ = EmailSettings.objects.get_or_create(user=user)
        mail.verified_address = user.email
        mail.save(update_fields=["verified_address"])


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0004_inbound_mail"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.AddField(
            model_name="emailsettings",
            name="verified_address",
            field=models.EmailField(blank=True, max_length=254),
        ),
        migrations.AlterField(
            model_name="outboxmessage",
            name="status",
            field=models.CharField(
                choices=[
                    ("pending", "Waiting to be sent"),
                    ("sending", "Being sent"),
                    ("sent", "Sent"),
                    ("failed", "Failed"),
                    ("held", "Held until the address is confirmed"),
                ],
                default="pending",
                max_length=8,
            ),
        ),
        migrations.RunPython(confirm_existing_addresses, migrations.RunPython.noop),
    ]
