"""What a grid battle tells the post office (postoffice.registry): how its
outbox rows become mail, which reminders are due, and whose replies its
addresses bring. Registered once, by BattlesConfig.ready()."""

from __future__ import annotations

from battles.addresses import BATTLE_VALUE, battle_addressee_of
from battles.emails.content import build_battle_draft
from battles.emails.reminders import queue_due_battle_reminders
from battles.replies import answer_battle_letter
from postoffice import registry
from postoffice.models import OutboxMessage


def is_a_battles_row(message: OutboxMessage) -> bool:
    return message.battle_id is not None


def register() -> None:
    registry.register_correspondent(
        registry.Correspondent(
            name="battles",
            owns=is_a_battles_row,
            build_draft=build_battle_draft,
            queue_due_reminders=queue_due_battle_reminders,
        )
    )
    road = registry.ReplyRoad("battle", BATTLE_VALUE, battle_addressee_of, answer_battle_letter)
    registry.register_road(road)
