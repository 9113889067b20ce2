"""The game master's hand on the game's outbox: failed mail sent again."""

from __future__ import annotations

from typing import Any

from django.db import transaction

from games.actions.base import log, require_game_master
from postoffice.actions import send_failed_again
from postoffice.models import OutboxMessage


@transaction.atomic
def retry_failed_messages(game: Any, game_master: Any) -> int:
    require_game_master(game, game_master)
    count = send_failed_again(OutboxMessage.objects.filter(game=game))
    log(game, game_master, "retry email", f"{count} message(s)")
    return count
