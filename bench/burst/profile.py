"""One game's deadline in this process, warm, timed and profiled: adjudicate
the phase (engine, fog, seven records, seven outbox rows) and send its seven
results emails (seven maps drawn, seven messages composed and written)."""

from __future__ import annotations

import cProfile
import io
import pstats
import time
from dataclasses import dataclass

from django.db import connection
from django.test.utils import CaptureQueriesContext

from games.actions.processing import adjudicate_phase, claim_phase_now
from games.models import Phase
from postoffice.models import OutboxMessage
from postoffice.sending import send_outbox_message


@dataclass(frozen=True)
class Deadline:
    adjudicate_ms: float
    send_ms: float
    adjudicate_queries: int
    send_queries: int

    @property
    def total_ms(self) -> float:
        return self.adjudicate_ms + self.send_ms


def one_deadline(game_id: int) -> Deadline:
    phase = Phase.objects.get(game_id=game_id, status=Phase.Status.OPEN)
    assert claim_phase_now(phase)
    with CaptureQueriesContext(connection) as adjudicating:
        started = time.perf_counter()
        adjudicate_phase(phase.pk)
        adjudicated = time.perf_counter()
    rows = OutboxMessage.objects.filter(phase=phase, kind=OutboxMessage.Kind.RESULTS)
    with CaptureQueriesContext(connection) as sending:
        sending_started = time.perf_counter()
        for message_id in rows.values_list("pk", flat=True):
            assert send_outbox_message(message_id) == "sent"
        sent = time.perf_counter()
    return Deadline(
        1000 * (adjudicated - started),
        1000 * (sent - sending_started),
        len(adjudicating.captured_queries),
        len(sending.captured_queries),
    )


def profile_deadline(game_id: int, top: int = 25) -> str:
    profiler = cProfile.Profile()
    profiler.enable()
    one_deadline(game_id)
    profiler.disable()
    out = io.StringIO()
    pstats.Stats(profiler, stream=out).sort_stats("cumulative").print_stats(top)
    return out.getvalue()
