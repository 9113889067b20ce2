"""The site operator stands in for a lost old address (docs/security.md,
"Changing the address"), after checking by other means who the person is."""

from __future__ import annotations

from typing import Any

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError, CommandParser

from accounts.address_change import follow_link, pending_change
from accounts.change_links import OLD, BadChangeLink, ChangeLink


class Command(BaseCommand):
    help = (
        "Agree to an account's pending address change in place of its lost old address. "
        "The new address must still confirm by its own link."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("username")

    def handle(self, *args: Any, **options: Any) -> None:
        user = get_user_model().objects.filter(username=options["username"]).first()
        if user is None:
            raise CommandError(f"There is no account {options['username']!r}.")
        change = pending_change(user)
        if change is None:
            raise CommandError(f"{user.get_username()} has no address change waiting.")
        try:
            change = follow_link(ChangeLink(change=change, role=OLD))
        except BadChangeLink as bad:
            raise CommandError(str(bad)) from None
        if change.outcome == change.Outcome.DONE:
            self.stdout.write(f"{user.get_username()} now uses {change.new_email}.")
        else:
            self.stdout.write(f"Agreed; the account moves once {change.new_email} confirms.")
