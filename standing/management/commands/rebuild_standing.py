"""Recompute every player's figures from the stored stints (docs/standing.md)."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand

from standing.figures import rebuild


class Command(BaseCommand):
    help = "Recompute every player's counts, reliability and rating from the stored facts."

    def handle(self, *args: Any, **options: Any) -> None:
        rated = rebuild()
        self.stdout.write(f"Rebuilt the figures; {rated} finished game(s) rated.")
