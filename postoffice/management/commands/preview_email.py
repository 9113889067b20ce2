"""Print an outbox message exactly as it will be sent (headers, text, HTML), without sending it."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from postoffice.models import OutboxMessage
from postoffice.sending import outgoing_message


class Command(BaseCommand):
    help = "Show an outbox message as it will be sent. Without an id, list recent messages."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("message_id", nargs="?", type=int)
        parser.add_argument("--text", action="store_true", help="only the plain-text body")

    def handle(self, *args: Any, **options: Any) -> None:
        if options["message_id"] is None:
            self.list_recent()
            return
        message = OutboxMessage.objects.filter(pk=options["message_id"]).first()
        if message is None:
            raise CommandError(f"There is no outbox message {options['message_id']}.")
        email = outgoing_message(message)
        if options["text"]:
            self.stdout.write(str(email.body))
            return
        # The very bytes a backend sends (as_string would re-fold and re-encode).
        self.stdout.write(email.message().as_bytes().decode("utf-8", "replace"))

    def list_recent(self) -> None:
        for row in OutboxMessage.objects.order_by("-id")[:30]:
            self.stdout.write(f"{row.pk:>6}  {row.status:<8} {row.kind:<10} {row.to_email}")
