"""Queue a battle's email, inside the transaction of the battle's event.

Who gets it: each side's player and the players of its tokens (the same rows
`battles.actions.base.sides_of_user` reads), and the game master. Keys
name the event, the side and the person, so queueing an event twice writes
each message once. The rows carry only which turn they are about; what each
person reads is built at sending time from their own record
(`battles.emails.content`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.utils import timezone

from battles.models import GAME_MASTER_SIDE, Battle, BattleMessage, BattleTurn
from postoffice import posting
from postoffice.models import OutboxMessage

Kind = OutboxMessage.Kind
GAME_MASTER_CODE = "gm"


@dataclass(frozen=True)
class Recipient:
    side: str  # "" for the game master
    code: str  # "s<side id>" or "gm": names the side in keys and reply addresses
    user: Any


def side_recipients(battle: Battle, only: str | None = None) -> list[Recipient]:
    """Each side's player, then its tokens' players, each person once a side."""
    found: list[Recipient] = []
    codes = {}
    for side in battle.sides.select_related("player"):
        codes[side.name] = f"s{side.pk}"
        if side.player is not None:
            found.append(Recipient(side.name, codes[side.name], side.player))
    for token in battle.tokens.select_related("player").exclude(player=None):
        recipient = Recipient(token.side, codes[token.side], token.player)
        if recipient not in found:
            found.append(recipient)
    return [r for r in found if only is None or r.side == only]


def game_master(battle: Battle) -> Recipient:
    return Recipient(GAME_MASTER_SIDE, GAME_MASTER_CODE, battle.game_master)


def recipient_for(battle: Battle, user: Any, side: str) -> Recipient:
    """The person as the side the reply address named ("" the game master)."""
    if side == GAME_MASTER_SIDE:
        return Recipient(side, GAME_MASTER_CODE, user)
    return Recipient(side, f"s{battle.sides.get(name=side).pk}", user)


def everyone(battle: Battle) -> list[Recipient]:
    return [*side_recipients(battle), game_master(battle)]


def queue_one(
    kind: str,
    battle: Battle,
    event: str,
    recipient: Recipient,
    context: dict[str, Any] | None = None,
) -> OutboxMessage | None:
    """The row for one person, or None when its key was written before."""
    return posting.queue(
        kind,
        None,
        f"battle:{battle.pk}:{event}:{recipient.code}:{recipient.user.pk}",
        recipient.user.email,
        user=recipient.user,
        battle=battle,
        side=recipient.side,
        context=context,
    )


def to_each(
    kind: str,
    battle: Battle,
    event: str,
    recipients: list[Recipient],
    context: dict[str, Any] | None = None,
) -> None:
    for recipient in recipients:
        queue_one(kind, battle, event, recipient, context)


def battle_started(battle: Battle, first: BattleTurn) -> None:
    """Everyone: the dice commitment and the order; then the first side: its turn."""
    to_each(Kind.BATTLE_START, battle, "start", everyone(battle))
    turn_opened(battle, first)


def turn_opened(battle: Battle, turn: BattleTurn) -> None:
    recipients = side_recipients(battle, only=turn.side)
    to_each(Kind.BATTLE_TURN, battle, f"turn{turn.number}", recipients, {"turn": turn.number})


def turn_processed(battle: Battle, turn: BattleTurn, following: BattleTurn | None) -> None:
    """Every side its own results of the turn (the game master all); then what comes next."""
    to_each(
        Kind.BATTLE_RESULTS, battle, f"results{turn.number}", everyone(battle),
        {"turn": turn.number},
    )  # fmt: skip
    if following is not None:
        turn_opened(battle, following)
    else:
        to_each(Kind.BATTLE_END, battle, "end", everyone(battle), {"turn": turn.number})


def battle_ended(battle: Battle, turn: int) -> None:
    """Everyone: the battle is over before it was played out (conceded, or ended by the
    game master), with the seed; ``turn`` is the last side-turn played."""
    to_each(Kind.BATTLE_END, battle, "end", everyone(battle), {"turn": turn})


def results_corrected(battle: Battle, turn: BattleTurn, side_before: str | None) -> None:
    """A made roll was set and the turn re-played (ruling B25): every side its
    results again, marked as corrected (the game master all); then the end, or
    the side that now acts if that changed."""
    correction = f"{timezone.now():%Y%m%d%H%M%S%f}"
    context = {"turn": turn.number, "corrected": True}
    to_each(
        Kind.BATTLE_RESULTS, battle, f"results{turn.number}-fix{correction}", everyone(battle),
        context,
    )  # fmt: skip
    waiting = battle.open_turn()
    if battle.status == Battle.Status.FINISHED:
        to_each(Kind.BATTLE_END, battle, "end", everyone(battle), {"turn": turn.number})
    elif waiting is not None and waiting.side != side_before:
        recipients = side_recipients(battle, only=waiting.side)
        event = f"turn{waiting.number}-fix{correction}"
        to_each(Kind.BATTLE_TURN, battle, event, recipients, {"turn": waiting.number})


def queue_reminder(battle: Battle, turn: BattleTurn, recipient: Recipient) -> bool:
    """One reminder a person a deadline (a moved deadline earns a new one); True when new."""
    event = f"remind{turn.number}-{turn.deadline:%Y%m%d%H%M}"
    context = {"turn": turn.number}
    return queue_one(Kind.BATTLE_REMINDER, battle, event, recipient, context) is not None


def message_sent(battle: Battle, message: BattleMessage) -> None:
    """A message within the battle: to every player of the side it names, or the game master."""
    if message.to_side == GAME_MASTER_SIDE:
        recipients = [game_master(battle)]
    else:
        recipients = side_recipients(battle, only=message.to_side)
    context = {"message": message.pk}
    to_each(Kind.BATTLE_MESSAGE, battle, f"message{message.pk}", recipients, context)
