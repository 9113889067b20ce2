"""Press: a player sends a message; the game master writes to powers, and opens
and closes press."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from django.db import transaction
from django.utils import timezone

from common.text import require_storable
from games.actions.base import (
    ActionError,
    lock_game,
    log,
    require_game_master,
    require_seat,
    require_status,
)
from games.emails import notify
from games.models import Game
from games.press.models import EVERYONE, GAME_MASTER_SIGNATURE, PressMessage, PressRecipient
from games.press.rules import (
    MAX_BODY,
    allowed_shown_as,
    has_press,
    powers_in_game,
    sender_label,
    why_closed,
)
from games.press.threads import received_thread, sent_thread


@transaction.atomic
def send_press(
    game: Game, user: Any, power: str, recipients: list[str], body: str, shown_as: str
) -> PressMessage:
    """Store a message, one row per receiving power, and queue its emails."""
    game = lock_game(game)
    closed = why_closed(game)
    if closed:
        raise ActionError(closed)
    seated = powers_in_game(game)
    require_seat(game, user, power)
    receivers = receiving_powers(recipients, power, seated)
    check_shown_as(game, power, shown_as)
    text = checked_body(body)
    broadcast = EVERYONE in recipients
    message = PressMessage.objects.create(
        game=game,
        phase=game.current_phase(),
        sender_power=power,
        sender_user=user,
        shown_as=shown_as,
        broadcast=broadcast,
        body=text,
        sender_thread=sent_thread(broadcast, power, receivers),
        # Read now, not bound as the field's default at import: a clock
        # patched where Django keeps it (tests/twoworlds/clock.py) holds here too.
        created=timezone.now(),
    )
    PressRecipient.objects.bulk_create(recipient_rows(message, receivers))
    notify.press_sent(message, [p for p in receivers if p != power])
    return message


def recipient_rows(message: PressMessage, receivers: list[str]) -> list[PressRecipient]:
    """One row per receiving power, filed in the thread that power sees it in;
    a sender among its own recipients has written it, so has read it."""
    rows = []
    for receiver in receivers:
        own = receiver == message.sender_power
        thread = (
            message.sender_thread
            if own
            else received_thread(message.broadcast, message.shown_as, receiver, receivers)
        )
        read_at = message.created if own else None
        rows.append(
            PressRecipient(
                message=message, game=message.game, power=receiver, thread=thread, read_at=read_at
            )
        )
    return rows


@transaction.atomic
def mark_thread_read(
    game: Game, user: Any, power: str, thread: str, shown_at: datetime | None = None
) -> int:
    """A player opened one of their power's threads: every message in it sent
    by ``shown_at`` (when the page read them; a message that came after was
    not shown) counts as read, for their power (a new player of the power
    inherits the marks). Nobody else is told: there are no read receipts."""
    require_seat(game, user, power)
    unread = PressRecipient.objects.filter(
        game=game, power=power, thread=thread, read_at__isnull=True
    )
    if shown_at is not None:
        unread = unread.filter(message__created__lte=shown_at)
    return unread.update(read_at=timezone.now())


def receiving_powers(recipients: list[str], sender: str, seated: list[str]) -> list[str]:
    """Every other seated power for EVERYONE; else the chosen powers, which
    may include the sender's own (a black-press sender may hide among them)."""
    if EVERYONE in recipients:
        return [p for p in seated if p != sender]
    unknown = [p for p in recipients if p not in seated]
    if unknown:
        raise ActionError(f"{unknown[0].title()} is not a power in this game.")
    chosen = sorted(set(recipients))
    if not [p for p in chosen if p != sender]:
        raise ActionError("Choose at least one other power, or everyone.")
    return chosen


def check_shown_as(game: Game, power: str, shown_as: str) -> None:
    if shown_as in allowed_shown_as(game, power):
        return
    mode = game.get_press_mode_display()
    raise ActionError(f"{mode} does not let you send as {sender_label(shown_as)}.")


def checked_body(body: str) -> str:
    require_storable("The message", body)
    text = body.strip()
    if not text:
        raise ActionError("Write a message before sending.")
    if len(text) > MAX_BODY:
        raise ActionError(f"The message is {len(text):,} characters long; at most {MAX_BODY:,}.")
    return text


@transaction.atomic
def set_press_open(game: Game, game_master: Any, open_: bool) -> None:
    """The game master's switch: closed press refuses every message until reopened."""
    require_game_master(game, game_master)
    if not has_press(game):
        raise ActionError("This game has no press: it is a gunboat game.")
    Game.objects.filter(pk=game.pk).update(press_open=open_)
    log(game, game_master, "press", "opened" if open_ else "closed")
    game.refresh_from_db()


@transaction.atomic
def send_game_master_press(
    game: Game, game_master: Any, recipients: list[str], body: str
) -> PressMessage:
    """Press from the game master, signed "Game master", to some powers or
    everyone; press closed by the switch still lets it through."""
    require_game_master(game, game_master)
    game = lock_game(game)
    if not has_press(game):
        raise ActionError("This game has no press: it is a gunboat game.")
    require_status(game, Game.Status.ACTIVE, Game.Status.PAUSED)
    receivers = game_master_receivers(recipients, powers_in_game(game))
    message = PressMessage.objects.create(
        game=game,
        phase=game.current_phase(),
        sender_power="",
        sender_user=game_master,
        shown_as=GAME_MASTER_SIGNATURE,
        broadcast=EVERYONE in recipients,
        body=checked_body(body),
        created=timezone.now(),
    )
    PressRecipient.objects.bulk_create(recipient_rows(message, receivers))
    log(game, game_master, "game master press", f"to {', '.join(receivers)}")
    notify.press_sent(message, receivers)
    return message


def game_master_receivers(recipients: list[str], seated: list[str]) -> list[str]:
    if EVERYONE in recipients:
        return seated
    unknown = [p for p in recipients if p not in seated]
    if unknown:
        raise ActionError(f"{unknown[0].title()} is not a power in this game.")
    if not recipients:
        raise ActionError("Choose at least one power, or everyone.")
    return sorted(set(recipients))
