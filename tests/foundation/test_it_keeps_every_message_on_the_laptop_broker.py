"""The broker `make run` uses with nothing configured (fogdip/broker.py, a
SQLite file): several writers publishing at once, as web, beat and worker
do, leave every message whole for the reader, and kombu's sorted queue
order survives the options SQLAlchemy would refuse."""

from __future__ import annotations

import threading
from typing import Any

from kombu import Connection

WRITERS = 4
EACH = 25


def connect(path: Any) -> Any:
    """A connection as a worker of `make run` opens it (kombu's stubs know
    neither a transport named by its path nor SimpleQueue)."""
    options = {"queue_order_strategy": "sorted", "polling_interval": 0.1}
    transport: Any = "fogdip.broker:Transport"
    return Connection(f"sqlite:///{path}", transport=transport, transport_options=options)


def test_concurrent_writers_leave_every_message_whole(tmp_path):
    path = tmp_path / "broker.sqlite3"
    with connect(path) as setup:
        setup.SimpleQueue("mail").close()  # the tables, made once

    def write(writer: int) -> None:
        with connect(path) as connection:
            queue = connection.SimpleQueue("mail")
            for n in range(EACH):
                queue.put({"writer": writer, "n": n, "text": "x" * 2000})
            queue.close()

    threads = [threading.Thread(target=write, args=(w,)) for w in range(WRITERS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    got = set()
    with connect(path) as connection:
        queue = connection.SimpleQueue("mail")
        for _ in range(WRITERS * EACH):
            message = queue.get(timeout=5)
            assert message.payload["text"] == "x" * 2000
            got.add((message.payload["writer"], message.payload["n"]))
            message.ack()
        queue.close()
    assert got == {(w, n) for w in range(WRITERS) for n in range(EACH)}
