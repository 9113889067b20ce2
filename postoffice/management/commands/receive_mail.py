"""Read one email (RFC 822) on standard input and play it, for a mail server's pipe.

Postfix, in master.cf (docs/email.md, "Your own mail server"):

    fogdip unix - n n - - pipe
      flags=Rq user=fogdip argv=/srv/fogdip/.venv/bin/python /srv/fogdip/manage.py
      receive_mail --recipient ${recipient}

Exit status 0 when the message was handled, whether accepted, refused or
ignored (the mail server must not bounce or retry it); 65 (EX_DATAERR) only
when the input is not an email at all.
"""

from __future__ import annotations

import sys
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from postoffice.inbound.handler import Unreadable, handle_message

EX_DATAERR = 65


class Command(BaseCommand):
    help = "Read one email on standard input and play it (for a mail server's pipe)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "--recipient",
            action="append",
            default=[],
            help="the envelope recipient, as the mail server knows it (may be repeated)",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        raw = sys.stdin.buffer.read()
        try:
            handled = handle_message(raw, "pipe", tuple(options["recipient"]))
        except Unreadable as error:
            raise CommandError(f"not an email: {error}", returncode=EX_DATAERR) from error
        self.stdout.write(f"{handled.outcome}{': ' + handled.reason if handled.reason else ''}")
