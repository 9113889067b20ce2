"""What the post office asks of the games that use it.

The post office knows no game: it keeps the outbox, sends, and receives. Each
game app tells it, from its AppConfig.ready(), how to build the mail of its
outbox rows, which reminders the outbox sweep queues for it, and how to read
replies to the addresses it hands out. So the imports run one way, from the
games down to the post office, as Django's admin site is told of models.

The registers are filled once, at start-up, before any request or task runs,
and only read afterwards; registering a name again replaces it.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, ExitStack, contextmanager, nullcontext
from dataclasses import dataclass, field
from datetime import datetime
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from postoffice.compose import Draft
    from postoffice.inbound.models import InboundMessage
    from postoffice.inbound.reading import Letter
    from postoffice.models import OutboxMessage


@dataclass(frozen=True)
class Correspondent:
    """A game that sends mail: which rows are its, how each becomes a Draft
    (in the recipient's time zone, as HTML or not), and what reminders are due."""

    name: str
    owns: Callable[[OutboxMessage], bool]
    build_draft: Callable[[OutboxMessage, str, bool], Draft]
    queue_due_reminders: Callable[[datetime], int]
    # Entered around a batch of sends: work the batch's rows may share.
    batch: Callable[[], AbstractContextManager[Any]] = nullcontext


class Addressee(Protocol):
    """Whom a reply address names: a person, and the seat it is theirs in."""

    @property
    def user(self) -> Any: ...

    @property
    def seat(self) -> str:
        """Names the seat, for telling a message handled before from a new one."""
        ...

    def record_fields(self) -> dict[str, Any]:
        """What the inbound row records of whom the message was for."""
        ...


# A general address names a person, and the message names the rest:
# (the addressee it comes to, the letter as read, why not) .
Redirect = Callable[[Any, "Letter"], tuple[Addressee | None, "Letter", str]]


@dataclass(frozen=True)
class ReplyRoad:
    """Replies to one kind of reply address: which signed values are its
    (``pattern``), whom a value names while it is current, and what becomes of
    an accepted message (``accept(addressee, letter, inbound, road)``)."""

    name: str
    pattern: re.Pattern[str]
    addressee: Callable[[re.Match[str]], Any]
    accept: Callable[[Any, Letter, InboundMessage, str], object] = field(repr=False)
    redirect: Redirect | None = None


_correspondents: dict[str, Correspondent] = {}
_roads: dict[str, ReplyRoad] = {}


def register_correspondent(correspondent: Correspondent) -> None:
    _correspondents[correspondent.name] = correspondent


def register_road(road: ReplyRoad) -> None:
    _roads[road.name] = road


def correspondents() -> tuple[Correspondent, ...]:
    return tuple(_correspondents.values())


def correspondent_of(message: OutboxMessage) -> Correspondent:
    for correspondent in _correspondents.values():
        if correspondent.owns(message):
            return correspondent
    raise LookupError(f"no correspondent builds outbox row {message.pk} ({message.kind})")


@contextmanager
def sending_batch() -> Iterator[None]:
    """Every correspondent's batch context at once, around one send task's rows."""
    with ExitStack() as stack:
        for correspondent in _correspondents.values():
            stack.enter_context(correspondent.batch())
        yield


def road_for(value: str) -> tuple[ReplyRoad, re.Match[str]] | None:
    """The road whose addresses look like this signed value, with its match."""
    for road in _roads.values():
        match = road.pattern.match(value)
        if match is not None:
            return road, match
    return None
