"""Messages within a battle, under the press rule the game master picks.

A message goes at once to the side it is written to (every player of that
side) or to the game master, and to nobody else; what it says, when it goes and
to whom are its sender's choice alone, never anything the board hides.
"""

from __future__ import annotations

from typing import Any

from django.db import transaction

from battles.actions.base import battle_log, require_battle_master, require_side
from battles.emails import notify
from battles.models import GAME_MASTER_SIDE, Battle, BattleMessage, Press
from common.errors import ActionError

LONGEST_MESSAGE = 4000  # characters


@transaction.atomic
def set_battle_press(battle: Battle, game_master: Any, rule: str) -> None:
    require_battle_master(battle, game_master)
    if rule not in Press.values:
        raise ActionError(f"{rule!r} is not a press rule ({', '.join(Press.values)}).")
    battle.press = rule
    battle.save(update_fields=["press"])
    battle_log(battle, game_master, "set press", Press(rule).label)


def may_write_to(battle: Battle, from_side: str) -> list[str]:
    """Whom a side (GAME_MASTER_SIDE: the game master) may write to, under the rule:
    the game master to any side; a side to the game master, and to the other sides
    when the press is open."""
    sides = battle.side_names()
    if from_side == GAME_MASTER_SIDE:
        return sides
    if battle.press == Press.NONE:
        return []
    others = [s for s in sides if s != from_side] if battle.press == Press.OPEN else []
    return [GAME_MASTER_SIDE, *others]


@transaction.atomic
def send_battle_message(
    battle: Battle, sender: Any, from_side: str, to_side: str, text: str
) -> BattleMessage:
    """One message, queued to its recipients in the same transaction."""
    battle = Battle.objects.select_for_update().get(pk=battle.pk)
    if from_side == GAME_MASTER_SIDE:
        require_battle_master(battle, sender)
    else:
        require_side(battle, sender, from_side)
    text = text.strip()
    if not text:
        raise ActionError("The message is empty.")
    if len(text) > LONGEST_MESSAGE:
        raise ActionError(f"A message is at most {LONGEST_MESSAGE} characters.")
    allowed = may_write_to(battle, from_side)
    to = next((s for s in allowed if s.casefold() == to_side.casefold()), None)
    if to is None:
        raise ActionError(_refusal(battle, to_side))
    message = BattleMessage.objects.create(
        battle=battle, sender=sender, from_side=from_side, to_side=to, text=text
    )
    battle_log(battle, sender, "send message", f"{message} ({len(text)} characters)")
    notify.message_sent(battle, message)
    return message


def _refusal(battle: Battle, to_side: str) -> str:
    rule = Press(battle.press)
    if rule == Press.NONE:
        return "This battle has no messages: the game master set no press."
    who = to_side or "the game master"
    return f"You cannot write to {who} in this battle ({rule.label.lower()})."
