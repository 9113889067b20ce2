"""A player's press a page at a time, the first page by queries compiled once.

Most press pages asked are a first page (the list, a conversation, a thread,
the JSON and the API), and most games' press for one power fits on it. So the
first page is read first, by a query compiled once (common.prepared), and the
number of messages is counted by the database only when that page is full:
a page that is not full holds them all. Later pages, and the game master's
press, are read and counted as Django's Paginator reads any queryset. What
is read is what games.access's press reads give (``player_press`` is theirs).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, cast

from django.core.paginator import Page, Paginator
from django.db.models import Q, QuerySet, prefetch_related_objects

from common.prepared import prepared
from games.models import PressMessage, PressRecipient

# Messages on one page: a long game's press costs a page, not all of it.
PRESS_PAGE_SIZE = 50


def player_press(game_id: int, power: str) -> QuerySet[PressMessage]:
    """What a power received or sent: one indexed lookup on the recipient rows."""
    received = PressRecipient.objects.filter(game_id=game_id, power=power)
    messages = PressMessage.objects.filter(game_id=game_id)
    return messages.filter(Q(pk__in=received.values("message")) | Q(sender_power=power))


def player_conversation(power: str, correspondent: str) -> Q:
    """A player's conversation with ``correspondent``: what they sent it and
    what came signed with its name."""
    return Q(sender_power=power, recipients__power=correspondent) | Q(shown_as=correspondent)


def player_thread(game_id: int, power: str, thread: str) -> Q:
    """The messages of one of a player's threads (games.press.threads)."""
    received = PressRecipient.objects.filter(game_id=game_id, power=power, thread=thread)
    return Q(pk__in=received.values("message")) | Q(sender_power=power, sender_thread=thread)


def newest_first(messages: QuerySet[PressMessage]) -> QuerySet[PressMessage]:
    """As a page shows them, with what a line needs (its phase, its sender)."""
    messages = messages.select_related("phase", "sender_user")
    return messages.defer("phase__position", "phase__outcome").order_by("-created", "-id")


def with_recipients(messages: list[PressMessage]) -> list[PressMessage]:
    """Each message's recipient rows, as prefetch_related("recipients") reads them."""
    prefetch_related_objects(messages, "recipients")  # no query when there is none
    return messages


@prepared
def first_page(game_id: int, power: str) -> QuerySet[PressMessage]:
    return newest_first(player_press(game_id, power))[:PRESS_PAGE_SIZE]


@prepared
def first_page_with(game_id: int, power: str, correspondent: str) -> QuerySet[PressMessage]:
    messages = player_press(game_id, power).filter(player_conversation(power, correspondent))
    return newest_first(messages.distinct())[:PRESS_PAGE_SIZE]


@prepared
def first_page_of_thread(game_id: int, power: str, thread: str) -> QuerySet[PressMessage]:
    messages = player_press(game_id, power).filter(player_thread(game_id, power, thread))
    return newest_first(messages)[:PRESS_PAGE_SIZE]


class FirstPageFirst:
    """The list a Paginator pages: the first page's rows read first; counted
    by the database only when that page is full; any other page from ``rest``
    (built only then: building a queryset costs too)."""

    def __init__(
        self,
        first: Callable[[], list[PressMessage]],
        rest: Callable[[], QuerySet[PressMessage]],
        size: int,
    ) -> None:
        self.first, self.rest, self.size = first, rest, size
        self.first_rows: list[PressMessage] | None = None

    def first_page(self) -> list[PressMessage]:
        if self.first_rows is None:
            self.first_rows = with_recipients(self.first())
        return self.first_rows

    def count(self) -> int:
        rows = self.first_page()
        return len(rows) if len(rows) < self.size else self.rest().count()

    def __getitem__(self, window: slice) -> list[PressMessage]:
        if window.start == 0 and window.stop <= self.size:
            return self.first_page()[: window.stop]
        return list(self.rest()[window])


def page_of(
    rest: Callable[[], QuerySet[PressMessage]],
    size: int,
    number: Any,
    first: Callable[[], list[PressMessage]] | None = None,
) -> Page[PressMessage]:
    """Page ``number`` of the queryset ``rest`` gives (the last page for one past
    it), as Paginator gives it; its first page by ``first`` when given (a query
    of ``size`` rows, ordered and prefetched alike, its recipients read here)."""
    if first is None:
        return Paginator(rest(), size).get_page(number)
    # Paginator asks only count() and slices of what it pages.
    return Paginator(cast(Any, FirstPageFirst(first, rest, size)), size).get_page(number)
