"""A player's press as conversations (ruling 28): the threads, one thread's
pages, the unread count and the open phase's press beside the map. Reads of
the power's own rows only, through games.access's checks; kept apart from
games.access, which holds every other read a player sees."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any, cast

from django.core.paginator import Page
from django.db.models import Count, Max, Q, QuerySet, prefetch_related_objects

from common.prepared import prepared
from games.access import (
    PressLine,
    Viewer,
    access_press_powers,
    press_line,
    readable_press,
    require_press,
)
from games.models import Phase, PressMessage, PressRecipient
from games.press import pages as press_pages
from games.press import rules as press_rules
from games.press import threads as press_threads
from games.press.models import EVERYONE


@dataclass(frozen=True)
class PressThread:
    """One of a player's conversations (games.press.threads), as the list shows it."""

    key: str
    label: str
    unread: int
    last: datetime | None
    can_reply: bool


def access_threads(viewer: Viewer) -> list[PressThread]:
    """A player's threads, the latest first, each with its unread count: two
    aggregate queries over the power's own rows, never another power's."""
    require_press(viewer)
    if not viewer.is_player:
        return []
    received = threads_received(game_id=viewer.game.pk, power=viewer.power)
    unread = {thread: count for thread, count, _ in received}
    last = {thread: when for thread, _, when in received}
    for key, when in threads_sent(game_id=viewer.game.pk, power=viewer.power):
        last[key] = max(filter(None, (last.get(key), when)))
    found = [press_thread(key, unread.get(key, 0), when) for key, when in last.items()]
    return sorted(found, key=lambda thread: (thread.last, thread.key), reverse=True)


# Compiled once (common.prepared): every press page lists the threads.


@prepared
def threads_received(
    game_id: int, power: str
) -> QuerySet[PressRecipient, tuple[str, int, datetime | None]]:
    """Each thread of the power's received rows: its unread count, its latest message."""
    rows = PressRecipient.objects.filter(game_id=game_id, power=power).values("thread")
    unread = Count("pk", filter=Q(read_at__isnull=True))
    counted = rows.annotate(unread=unread, last=Max("message__created"))
    return counted.values_list("thread", "unread", "last")


@prepared
def threads_sent(game_id: int, power: str) -> QuerySet[PressMessage, tuple[str, datetime | None]]:
    """Each thread of what the power sent: its latest message."""
    rows = PressMessage.objects.filter(game_id=game_id, sender_power=power)
    latest = rows.values("sender_thread").annotate(last=Max("created"))
    return latest.values_list("sender_thread", "last")


def press_thread(key: str, unread: int, last: datetime | None) -> PressThread:
    reply = key not in press_threads.NO_REPLY
    return PressThread(key, press_threads.thread_label(key), unread, last, reply)


def access_thread(
    viewer: Viewer,
    key: str,
    threads: list[PressThread] | None = None,
    press_powers: list[str] | None = None,
) -> PressThread | None:
    """The thread ``key`` of a player (among ``threads`` when already read):
    one they have, or a new one with powers they may write to; None for
    anything else. ``press_powers``: access_press_powers(viewer), when the
    caller has it already."""
    if not viewer.is_player or not key:
        return None
    found = access_threads(viewer) if threads is None else threads
    known = {thread.key: thread for thread in found}
    if key in known:
        return known[key]
    powers = press_threads.powers_of(key)
    if press_powers is None:
        press_powers = access_press_powers(viewer)
    writable = set(press_powers) - {viewer.power}
    well_formed = bool(powers) and press_threads.join(powers) == key
    if key == EVERYONE or (well_formed and set(powers) <= writable):
        return press_thread(key, 0, None)
    return None


def access_thread_page(viewer: Viewer, key: str, number: Any, size: int) -> Page[PressLine]:
    """One page of a player's thread, newest first, with its unread marks; the
    first page by a query compiled once (games.press.pages)."""
    require_press(viewer)
    game_id, power = viewer.game.pk, viewer.power

    def messages() -> QuerySet[PressMessage]:
        in_thread = press_pages.player_thread(game_id, power, key)
        found = readable_press(viewer).filter(in_thread).prefetch_related("recipients")
        return press_pages.newest_first(found)

    def first() -> list[PressMessage]:
        return press_pages.first_page_of_thread(game_id=game_id, power=power, thread=key)

    compiled_first = viewer.is_player and size == press_pages.PRESS_PAGE_SIZE
    found = press_pages.page_of(messages, size, number, first if compiled_first else None)
    receivable = press_rules.powers_in_game(viewer.game)
    lines = [press_line(viewer, message, receivable) for message in found.object_list]
    return Page(lines, found.number, cast(Any, found.paginator))


# The most of a phase's press the game page may show beside the map.
PHASE_PRESS_MOST = 20


def access_phase_press(viewer: Viewer, phase: Phase | None, limit: int) -> list[PressLine]:
    """A player's press of the open phase, newest first, for the game page
    (at most PHASE_PRESS_MOST): what readable_press gives a player, asked
    as one compiled query, as every page asks it."""
    if phase is None or not viewer.is_player or not press_rules.has_press(viewer.game):
        return []
    found = phase_press(game_id=viewer.game.pk, power=viewer.power, phase_id=phase.pk)
    messages = found[: min(limit, PHASE_PRESS_MOST)]
    prefetch_related_objects(messages, "recipients")  # no query when there is none
    if not messages:
        return []
    receivable = press_rules.powers_in_game(viewer.game)
    return [press_line(viewer, message, receivable) for message in messages]


@prepared
def phase_press(game_id: int, power: str, phase_id: int) -> QuerySet[PressMessage]:
    received = PressRecipient.objects.filter(game_id=game_id, power=power).values("message")
    own = Q(pk__in=received) | Q(sender_power=power)
    rows = PressMessage.objects.filter(own, game_id=game_id, phase_id=phase_id)
    rows = rows.select_related("phase", "sender_user").defer("phase__position", "phase__outcome")
    return rows.order_by("-created", "-id")[:PHASE_PRESS_MOST]
