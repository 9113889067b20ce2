"""The web tests' personas and games (games/tests/web/conftest.py), and helpers to
run the deadline sweep at a chosen moment and read the mail it queues."""

from __future__ import annotations

import re
from datetime import datetime, timedelta
from typing import Any

from django.utils import timezone

from games import actions
from games.models import Game
from games.tests.web.conftest import (  # noqa: F401  (fixtures)
    eager_celery,
    fast_passwords,
    fog_game,
    game,
    people,
)
from postoffice.compose import build_message
from postoffice.models import OutboxMessage
from postoffice.sending import draft_of

GAME_ID = re.compile(r"/games/\d+/")


def sweep(now: datetime | None = None) -> list[int]:
    """The beat sweep at ``now``: claim what is due and adjudicate it."""
    claimed = actions.claim_due_phases(now or timezone.now())
    for pk in claimed:
        actions.adjudicate_phase(pk)
    return claimed


def later(minutes: float) -> datetime:
    return timezone.now() + timedelta(minutes=minutes)


def deadline_mail(of_game: Game, power: str | None = None) -> list[OutboxMessage]:
    rows = OutboxMessage.objects.filter(game=of_game, kind=OutboxMessage.Kind.DEADLINE)
    if power is not None:
        rows = rows.filter(power=power)
    return list(rows.order_by("created", "id"))


def as_read(row: OutboxMessage) -> tuple[str, str]:
    """The subject and text a recipient reads, with the game's number taken out
    (two games in one test differ in it, and in nothing else a player sees)."""
    email: Any = build_message(draft_of(row))
    return email.subject, GAME_ID.sub("/games/N/", str(email.body))
