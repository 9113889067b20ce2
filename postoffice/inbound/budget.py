"""Reading one email under a time and a recursion budget.

The bounds of postoffice.inbound.shape keep every known costly shape out
before parsing; this is the backstop for the shapes nobody has thought of
yet. Reading a message (postoffice.inbound.reading) touches no database, so
it may be cut short anywhere: past INBOUND_READ_SECONDS a timer interrupts
it, and a RecursionError from the parsers (nested comments, parts, quotes)
ends it too. Either way the message is refused with the reason, never
retried.

The timer is SIGALRM, which only the main thread may set: a Celery worker's
process and the pipe's command run their tasks there. In another thread
(a test's, a threaded development server) the message is read without it.
"""

from __future__ import annotations

import signal
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from types import FrameType

from django.conf import settings

from postoffice.inbound.shape import RefusedUnread

# Once the time is up the timer rings again at this interval, in case a
# library's broad ``except`` swallowed the first ring.
RING_AGAIN_SECONDS = 0.05


class OutOfTime(BaseException):
    """The timer rang. A BaseException, so no parser's ``except Exception`` keeps it."""


@contextmanager
def reading_budget() -> Iterator[None]:
    """Raises RefusedUnread when the block runs out of time or of stack."""
    seconds = float(settings.INBOUND_READ_SECONDS)
    try:
        with time_limit(seconds):
            yield
    except OutOfTime:
        raise RefusedUnread(f"reading the message took more than {seconds:g} s") from None
    except RecursionError:
        raise RefusedUnread("the message is nested too deeply to read") from None


@contextmanager
def time_limit(seconds: float) -> Iterator[None]:
    if not timer_is_ours():
        yield
        return

    def expired(signum: int, frame: FrameType | None) -> None:
        raise OutOfTime

    previous = signal.signal(signal.SIGALRM, expired)
    signal.setitimer(signal.ITIMER_REAL, seconds, RING_AGAIN_SECONDS)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def timer_is_ours() -> bool:
    """Only the main thread may set the timer, and only when nobody has set it."""
    if threading.current_thread() is not threading.main_thread():
        return False
    return hasattr(signal, "setitimer") and signal.getitimer(signal.ITIMER_REAL) == (0.0, 0.0)
