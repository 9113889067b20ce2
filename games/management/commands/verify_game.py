"""Re-adjudicate a game's stored history and prove every position, record and map identical.

Exits 0 when the replay matches what is stored, 1 with the first difference
otherwise (games/verify.py). Used after a restore (docs/operations.md).
"""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from games.verify import VerifyError, verify_game


class Command(BaseCommand):
    help = "Replay a game from its first phase and compare it with the stored history."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("game_id", type=int)
        parser.add_argument("--no-maps", action="store_true", help="skip drawing the maps")

    def handle(self, *args: Any, **options: Any) -> None:
        try:
            verified = verify_game(options["game_id"], maps=not options["no_maps"])
        except VerifyError as error:
            raise CommandError(str(error)) from error
        counts = (
            f"{verified.phases} phases replayed, {verified.records} knowledge records "
            f"and {verified.maps} maps compared"
        )
        if verified.difference is not None:
            self.stderr.write(f"Game {options['game_id']} differs: {verified.difference}")
            raise CommandError(f"verification failed after {counts}", returncode=1)
        self.stdout.write(f"Game {options['game_id']} verified: {counts}, all identical.")
