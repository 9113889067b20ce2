"""One clock for both worlds: frozen, moved on only by the script.

Every time the server reads goes through ``django.utils.timezone.now`` (the
models' ``auto_now`` fields too), so patching it is enough for two worlds
played one after the other to see the same instants.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime, timedelta
from unittest import mock

# A Monday at noon UTC, well in the future, so no deadline falls on a weekend
# by accident and nothing compares with the real time.
START = datetime(2031, 3, 3, 12, 0, tzinfo=UTC)


class Clock:
    def __init__(self, start: datetime = START) -> None:
        self.now = start

    def __call__(self) -> datetime:
        return self.now

    def advance(self, by: timedelta) -> datetime:
        self.now += by
        return self.now

    @contextmanager
    def frozen(self) -> Iterator[Clock]:
        with mock.patch("django.utils.timezone.now", self):
            yield self
