"""What a Diplomacy game tells the post office (postoffice.registry): how its
outbox rows become mail, which reminders are due, and whose replies its
addresses bring. Registered once, by GamesConfig.ready()."""

from __future__ import annotations

from games.emails.batch import sent_together
from games.emails.content import build_draft
from games.emails.reminders import queue_due_reminders
from games.replies.addresses import PERSON_VALUE, VALUE, person_of, seat_of
from games.replies.letters import answer_game_letter
from games.replies.naming import game_named
from postoffice import registry
from postoffice.models import OutboxMessage


def is_a_games_row(message: OutboxMessage) -> bool:
    return message.battle_id is None


def register() -> None:
    registry.register_correspondent(
        registry.Correspondent(
            name="games",
            owns=is_a_games_row,
            build_draft=build_draft,
            queue_due_reminders=queue_due_reminders,
            # A deadline's results are sent a batch at a time: they read the
            # open phase once, and powers who know the same board share its drawing.
            batch=sent_together,
        )
    )
    registry.register_road(registry.ReplyRoad("seat", VALUE, seat_of, answer_game_letter))
    registry.register_road(
        registry.ReplyRoad("person", PERSON_VALUE, person_of, answer_game_letter, game_named)
    )
