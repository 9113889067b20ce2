"""A line of 100,000 dashes in an email (found by bench/fuzz.py, seed
20261128:57): deciding whether it reads as an order took 20 s of CPU, the
sign pattern trying again at every dash, so one email held a web process (the
webhook) or a worker that long. The run is now one sign, read at once."""

from __future__ import annotations

import time

import pytest

from games.gateway import board
from games.replies.orders import reads_as_an_order

BOARD = board("standard")


def test_it_reads_a_line_of_dashes_in_linear_time() -> None:
    started = time.process_time()
    assert not reads_as_an_order(BOARD, "-" * 100_000)
    assert reads_as_an_order(BOARD, "A " + "-" * 100_000)  # a unit and a sign, as before
    assert time.process_time() - started < 0.5


@pytest.mark.parametrize(
    "line",
    ["A MUN - RUH", "A MUN -> RUH", "A MUN--->RUH", "A MUN => RUH", "Par - Bur", "F LON-NTH"],
)
def test_it_still_reads_orders_with_every_sign(line: str) -> None:
    assert reads_as_an_order(BOARD, line)


@pytest.mark.parametrize("line", ["A good idea", "Paris is yours", "-- Jan", "=> see below"])
def test_it_still_tells_talk_from_orders(line: str) -> None:
    assert not reads_as_an_order(BOARD, line)
