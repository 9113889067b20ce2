"""The broker a laptop runs with no server: kombu's SQLAlchemy transport on a
SQLite file, whose writers take SQLite's lock, so a reader never meets a
half-written message (kombu's filesystem transport let a worker die on one).

kombu hands every transport option to SQLAlchemy's ``create_engine``, which
refuses the ones meant for kombu itself (``queue_order_strategy``, which
makes a worker take adjudication before mail: fogdip.queues); this channel
keeps those for kombu.
"""

from __future__ import annotations

from typing import Any

from kombu.transport import sqlalchemy
from sqlalchemy import create_engine

# kombu's own options (kombu.transport.virtual), and those kombu's channel takes off itself.
NOT_FOR_THE_ENGINE = {"queue_order_strategy", "polling_interval", "queue_tablename"}
NOT_FOR_THE_ENGINE |= {"message_tablename", "callback", "errback", "max_retries"}
NOT_FOR_THE_ENGINE |= {"interval_start", "interval_step", "interval_max", "retry_errors"}


class Channel(sqlalchemy.Channel):
    def _engine_from_config(self) -> Any:
        conninfo = self.connection.client
        options = conninfo.transport_options
        engine_options = {k: v for k, v in options.items() if k not in NOT_FOR_THE_ENGINE}
        return create_engine(conninfo.hostname, **engine_options)


class Transport(sqlalchemy.Transport):
    Channel = Channel
