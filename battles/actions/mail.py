"""The battle master's hand on the battle's outbox: failed mail sent again."""

from __future__ import annotations

from typing import Any

from django.db import transaction

from battles.actions.base import battle_log, require_battle_master
from postoffice.actions import send_failed_again
from postoffice.models import OutboxMessage


@transaction.atomic
def retry_failed_battle_messages(battle: Any, game_master: Any) -> int:
    """A battle's failed mail, sent again (the battle's own outbox page)."""
    require_battle_master(battle, game_master)
    count = send_failed_again(OutboxMessage.objects.filter(battle=battle))
    battle_log(battle, game_master, "retry email", f"{count} message(s)")
    return count
