"""Read one email (RFC 822) on standard input and play it, for a mail server's pipe.

Postfix, in master.cf (docs/email.md, "Your own mail server"):

    fogdip unix - n n - - pipe
      flags=Rq user=fogdip argv=/srv/fogdip/.venv/bin/python /srv/fogdip/manage.py
      receive_mail --recipient ${recipient}

The message is read here, in the pipe's own process, under the same budget
as a worker's (postoffice.inbound.budget). Exit status, whatever the input:

- 0 when the message was handled, whether accepted, refused or ignored (the
  mail server must not bounce or retry it), including a message that ran
  out of its budget or tripped the parser: recorded as refused;
- 65 (EX_DATAERR) only when the input is not an email at all;
- 75 (EX_TEMPFAIL) only when the database could not record it: the mail
  server keeps the message and tries again later.

Never 1: that would make the mail server bounce the message to its sender,
who may be forged.
"""

from __future__ import annotations

import logging
import sys
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.db import DatabaseError

from postoffice.inbound.handler import Handled, Unreadable, handle_message, record_unread

EX_DATAERR = 65
EX_TEMPFAIL = 75
ROAD = "pipe"
logger = logging.getLogger(__name__)


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
            handled = handled_or_refused(raw, tuple(options["recipient"]))
        except Unreadable as error:
            raise CommandError(f"not an email: {error}", returncode=EX_DATAERR) from error
        except DatabaseError as error:
            logger.warning("inbound mail via the pipe not recorded: %s", error)
            raise CommandError(f"try again later: {error}", returncode=EX_TEMPFAIL) from error
        self.stdout.write(f"{handled.outcome}{': ' + handled.reason if handled.reason else ''}")


def handled_or_refused(raw: bytes, recipients: tuple[str, ...]) -> Handled:
    """The handler's outcome; a message it trips on is recorded as refused.
    Unreadable and DatabaseError go to the caller, for their exit statuses."""
    try:
        return handle_message(raw, ROAD, recipients)
    except (Unreadable, DatabaseError):
        raise
    except Exception as error:  # the input's fault: exit 1 would bounce it
        logger.warning("inbound mail via the pipe could not be read", exc_info=True)
        return record_unread(raw, ROAD, f"the message could not be read ({type(error).__name__})")
