"""Press as a viewer may read it: each sender as signed (the true sender only
to the game master, or on one's own), grouped into threads (ruling 28)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any, cast

from django.core.paginator import Page
from django.db.models import (
    Q,
    QuerySet,
)
from django.http import Http404

from games.access.viewers import Viewer
from games.models import (
    PressMessage,
    PressRecipient,
)
from games.press import pages as press_pages
from games.press import rules as press_rules
from games.press.models import GAME_MASTER_SIGNATURE


@dataclass(frozen=True)
class PressLine:
    """One press message as one viewer may see it."""

    sender: str  # as signed: a power's name or "Anonymous"
    true_sender: str  # "" unless the viewer is the game master or the sender
    to: str  # "Everyone" or the receiving powers' names
    body: str
    phase_label: str
    created: datetime
    outgoing: bool
    thread: str = ""  # the thread it sits in for a player (games.press.threads); "" otherwise
    unread: bool = False  # received, and its thread not opened since
    id: str = ""  # the message's stable token, the same for every reader
    signed: str = ""  # as signed, upper case: a power, ANONYMOUS or GM
    recipients: tuple[str, ...] = ()  # as `to` says it, upper case: powers, or EVERYONE

    def as_json(self) -> dict[str, Any]:
        fields = ["sender", "true_sender", "to", "body", "phase_label", "outgoing"]
        fields += ["thread", "unread"]
        return {name: getattr(self, name) for name in fields} | {
            "created": self.created.isoformat()
        }


def require_press(viewer: Viewer) -> None:
    if not press_rules.has_press(viewer.game):
        raise Http404("This game has no press")


def readable_press(viewer: Viewer) -> QuerySet[PressMessage]:
    """The game master: every message; a player: what their power received or
    sent; an observer: nothing. One indexed lookup on the recipient rows."""
    if viewer.is_player:
        return press_pages.player_press(viewer.game.pk, viewer.power)
    messages = PressMessage.objects.filter(game=viewer.game)
    return messages if viewer.is_game_master else messages.none()


def access_press(
    viewer: Viewer, correspondent: str = "", limit: int | None = None
) -> list[PressLine]:
    """The viewer's press, newest first (the ``limit`` newest if given);
    ``correspondent`` keeps one conversation (see with_correspondent)."""
    messages = press_messages(viewer, correspondent)
    receivable = press_rules.powers_in_game(viewer.game)
    return [press_line(viewer, message, receivable) for message in messages[:limit]]


def access_press_page(
    viewer: Viewer, correspondent: str, number: Any, size: int
) -> Page[PressLine]:
    """One page of the viewer's press, newest first: a long game's press costs a
    page, not all of it. Past the last page gives the last. A player's first
    page is read by a query compiled once (games.press.pages)."""
    require_press(viewer)
    first = first_press_page(viewer, correspondent) if size == press_pages.PRESS_PAGE_SIZE else None
    found = press_pages.page_of(lambda: press_messages(viewer, correspondent), size, number, first)
    receivable = press_rules.powers_in_game(viewer.game)
    lines = [press_line(viewer, message, receivable) for message in found.object_list]
    return Page(lines, found.number, cast(Any, found.paginator))


def first_press_page(viewer: Viewer, correspondent: str) -> Callable[[], list[PressMessage]] | None:
    """The first page of press_messages, by a query compiled once: a player's only."""
    if not viewer.is_player:
        return None
    game_id, power = viewer.game.pk, viewer.power
    if correspondent:
        found = press_pages.first_page_with
        return lambda: found(game_id=game_id, power=power, correspondent=correspondent)
    return lambda: press_pages.first_page(game_id=game_id, power=power)


def press_messages(viewer: Viewer, correspondent: str) -> QuerySet[PressMessage]:
    require_press(viewer)
    messages = readable_press(viewer)
    if correspondent:
        messages = messages.filter(with_correspondent(viewer, correspondent)).distinct()
    return press_pages.newest_first(messages.prefetch_related("recipients"))


def with_correspondent(viewer: Viewer, power: str) -> Q:
    """A player's conversation with ``power``: what they sent it and what came
    signed with its name. The game master's: what ``power`` truly sent or received."""
    if viewer.is_game_master:
        return Q(sender_power=power) | Q(recipients__power=power)
    return press_pages.player_conversation(viewer.power, power)


def access_press_message(viewer: Viewer, token: str) -> PressLine:
    require_press(viewer)
    message = readable_press(viewer).filter(token=token).first()
    if message is None:
        raise Http404("No such message")
    return press_line(viewer, message, press_rules.powers_in_game(viewer.game))


def press_line(viewer: Viewer, message: PressMessage, receivable: Sequence[str]) -> PressLine:
    """``receivable``: the powers press may go to (every power that has had a
    player), against which a list naming all but one reads "Everyone"."""
    outgoing = viewer.is_player and message.sender_power == viewer.power
    own_row = None if outgoing else own_recipient_row(viewer, message)
    return PressLine(
        sender=press_rules.sender_label(message.shown_as),
        true_sender=true_sender(viewer, message, outgoing),
        to=recipients_label(message, receivable),
        body=message.body,
        phase_label=message.phase.label if message.phase else "",
        created=message.created,
        outgoing=outgoing,
        thread=message.sender_thread if outgoing else (own_row.thread if own_row else ""),
        unread=own_row is not None and own_row.read_at is None,
        id=message.token,
        signed=message.shown_as,
        recipients=recipient_powers(message, receivable),
    )


def own_recipient_row(viewer: Viewer, message: PressMessage) -> PressRecipient | None:
    """The player's own row of a message received (from the prefetched rows)."""
    if not viewer.is_player:
        return None
    rows = [row for row in message.recipients.all() if row.power == viewer.power]
    return rows[0] if rows else None


def true_sender(viewer: Viewer, message: PressMessage, outgoing: bool) -> str:
    if outgoing:
        return "you"
    if not viewer.is_game_master:
        return ""
    sender = message.sender_power.title() or "Game master"
    return f"{sender} ({message.sender_user or 'nobody'})"


def recipients_label(message: PressMessage, powers: Sequence[str] = ()) -> str:
    """Whom a message went to, as any reader may be told: a list that leaves
    out one power only reads "Everyone", like a broadcast, for the power it
    leaves out is its sender. ``powers`` are those press may go to, not the
    board's: in a game with an empty seat, a list of every seated power but
    one would otherwise name its sender. Decided from the list alone (the
    sender is never among its own recipients), never from who truly sent it."""
    named = recipient_powers(message, powers)
    return "Everyone" if named == (EVERYONE,) else ", ".join(power.title() for power in named)


EVERYONE = "EVERYONE"


def recipient_powers(message: PressMessage, powers: Sequence[str] = ()) -> tuple[str, ...]:
    """recipients_label's list, as power names: (EVERYONE,) where it reads "Everyone"."""
    named = [recipient.power for recipient in message.recipients.all()]
    if message.broadcast or (leaves_out_its_sender(message) and len(set(powers) - set(named)) == 1):
        return (EVERYONE,)
    return tuple(named)


def leaves_out_its_sender(message: PressMessage) -> bool:
    """A power's message never goes to its own power, so the one power its list
    leaves out may be its sender; the game master's leaves out no sender, and
    its signature is public, so its list is read as it is."""
    return message.shown_as != GAME_MASTER_SIGNATURE


def access_press_since(
    viewer: Viewer, correspondent: str, since: str, size: int
) -> list[PressLine]:
    """The viewer's press after the message ``since`` (one it may read), oldest
    first, at most ``size``: a cursor that does not shift as messages come.
    A message the viewer may not read is no cursor: 404, as for no game."""
    messages = press_messages(viewer, correspondent)
    cursor = readable_press(viewer).filter(token=since).values("created", "id").first()
    if cursor is None:
        raise Http404("No such message")
    later = Q(created__gt=cursor["created"]) | Q(created=cursor["created"], id__gt=cursor["id"])
    after = messages.filter(later).order_by("created", "id")[:size]
    receivable = press_rules.powers_in_game(viewer.game)
    return [press_line(viewer, message, receivable) for message in after]


def access_press_powers(viewer: Viewer) -> list[str]:
    """The powers a player may write to: every power with a player. Where a
    message need not be signed, the sender's own power too: a list naming
    everyone but the sender would give the sender away."""
    powers = press_rules.powers_in_game(viewer.game)
    if len(access_press_signatures(viewer)) > 1:
        return powers
    return [power for power in powers if power != viewer.power]


def access_press_signatures(viewer: Viewer) -> list[str]:
    """Whom the player's messages may claim to come from, their own power first."""
    return press_rules.allowed_shown_as(viewer.game, viewer.power)
