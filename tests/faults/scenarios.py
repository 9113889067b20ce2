"""The fault scenarios, shared by the tests (one run each) and bench/faults.py (many).

Each scenario plays a seven-player fog game's first phase through real
worker processes while injecting one kind of fault, then lets time pass and
sends the sweeps, and checks the promises: the phase adjudicated exactly
once, no order lost, every outbox message accepted by the provider exactly
once, and the next phase open. It counts what it did in ``faults.figures``.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any

from django.db import connection
from django.utils import timezone

from games import actions
from games.models import Game, KnowledgeRecord, LogEntry, Phase
from games.tests.emails.conftest import make_game
from postoffice.models import OutboxMessage
from tests.faults.harness import Faults, let_time_pass, wait_until
from tests.faults.provider import accepted_message_ids
from tests.operations.played import pass_deadline, submit_everyones_orders

SWEEP_DEADLINES = "games.tasks.sweep_deadlines"
SWEEP_OUTBOX = "postoffice.tasks.sweep_outbox"
ADJUDICATE = "games.tasks.adjudicate_phase_task"
SEND = "postoffice.tasks.send_message"


@dataclass
class Played:
    game: Game
    phase: Phase
    orders: dict[str, list[str]]


def prepare(run: int) -> Played:
    """A started game with every power's orders in and the deadline passed."""
    game, _, _ = make_game("dc2005", suffix=f"-{run}")
    phase = submit_everyones_orders(game, seed=run)
    orders = {sheet.power: list(sheet.parsed) for sheet in phase.order_sheets.all()}
    pass_deadline(phase)
    return Played(game, phase, orders)


# --- what must hold after each scenario ----------------------------------------


def check_promises(faults: Faults, played: Played) -> None:
    """Wait for the game to go on, drain the outbox, then check every promise."""
    wait_until(lambda: _next_phase_open(played), "the next phase to open")
    drain_outbox(faults, played.game)
    phase = played.phase
    log = LogEntry.objects.filter(game=played.game, detail=phase.name)
    adjudications = log.filter(action="adjudicated")
    faults.count("phases adjudicated")
    faults.count("adjudications of one phase beyond the first", adjudications.count() - 1)
    assert adjudications.count() == 1
    records = KnowledgeRecord.objects.filter(game=played.game, ordinal=phase.ordinal)
    assert records.count() == 9  # seven powers, the observer, the game master
    stored = {sheet.power: list(sheet.parsed) for sheet in phase.order_sheets.all()}
    faults.count("orders lost", sum(len(o) for o in played.orders.values()) - _kept(played, stored))
    assert stored == played.orders
    check_each_message_once(faults, played.game)


def _next_phase_open(played: Played) -> bool:
    return Phase.objects.filter(
        game=played.game, ordinal=played.phase.ordinal + 1, status=Phase.Status.OPEN
    ).exists()


def _kept(played: Played, stored: dict[str, list[str]]) -> int:
    return sum(len(set(o) & set(stored.get(p, []))) for p, o in played.orders.items())


def check_each_message_once(faults: Faults, game: Game) -> None:
    accepted = Counter(accepted_message_ids(faults.directory))
    rows = list(OutboxMessage.objects.filter(game=game))
    expected = {row.message_id_header for row in rows}
    faults.count("emails", len(rows))
    faults.count("emails accepted twice", sum(1 for m in expected if accepted[m] > 1))
    faults.count("emails never accepted", sum(1 for m in expected if accepted[m] == 0))
    assert all(row.status == OutboxMessage.Status.SENT for row in rows), _statuses(rows)
    assert {m: accepted[m] for m in expected} == dict.fromkeys(expected, 1)


def _statuses(rows: list[OutboxMessage]) -> dict[str, str]:
    return {row.key: f"{row.status} {row.last_error}" for row in rows if row.status != "sent"}


def drain_outbox(faults: Faults, game: Game, sweeps: int = 8) -> None:
    """Sweep the outbox until every message is sent, letting retry delays pass."""
    rows = OutboxMessage.objects.filter(game=game)
    for _ in range(sweeps):
        if not rows.exclude(status=OutboxMessage.Status.SENT).exists():
            return
        let_time_pass(OutboxMessage, "next_attempt", minutes=400, game=game, status="pending")
        faults.send(SWEEP_OUTBOX)
        wait_until(lambda: _sweep_done(game), "the outbox sweep")
    raise AssertionError(f"unsent after {sweeps} sweeps: {_statuses(list(rows))}")


def _sweep_done(game: Game) -> bool:
    rows = OutboxMessage.objects.filter(game=game)
    busy = rows.filter(status=OutboxMessage.Status.SENDING)
    due = rows.filter(status=OutboxMessage.Status.PENDING, next_attempt__lte=timezone.now())
    return not busy.exists() and not due.exists()


# --- the scenarios -------------------------------------------------------------


def kill_while_adjudicating(faults: Faults, run: int) -> None:
    played = prepare(run)
    first = faults.start_worker(pause="adjudicate")
    faults.send(SWEEP_DEADLINES)
    faults.wait_for_file("paused-adjudicate")
    first.kill()
    played.phase.refresh_from_db()
    assert played.phase.status == Phase.Status.ADJUDICATING  # claimed, nothing written
    assert not KnowledgeRecord.objects.filter(game=played.game, ordinal=1).exists()
    let_time_pass(Phase, "claimed", pk=played.phase.pk)
    faults.start_worker()
    faults.send(SWEEP_DEADLINES)
    check_promises(faults, played)


def kill_while_sending(faults: Faults, run: int) -> None:
    played = prepare(run)
    first = faults.start_worker(pause="send")
    faults.send(SWEEP_OUTBOX)
    faults.wait_for_file("paused-send")
    first.kill()
    sending = OutboxMessage.objects.filter(game=played.game, status="sending")
    assert sending.count() == 1  # claimed, not yet handed to the provider
    let_time_pass(OutboxMessage, "claimed", game=played.game, status="sending")
    faults.start_worker()
    faults.send(SWEEP_DEADLINES)
    check_promises(faults, played)


def deliver_every_task_twice(faults: Faults, run: int) -> None:
    """Two workers on one queue; every task sent twice at once."""
    played = prepare(run)
    faults.start_worker()
    faults.start_worker()
    assert actions.claim_phase_now(played.phase)
    for task, args in [(ADJUDICATE, (played.phase.pk,)), (SWEEP_DEADLINES, ())] * 2:
        faults.send(task, *args)
    faults.count("duplicate tasks injected", 2)
    wait_until(lambda: _next_phase_open(played), "the next phase to open")
    for message_id in OutboxMessage.objects.filter(game=played.game).values_list("pk", flat=True):
        faults.send(SEND, message_id)
        faults.send(SEND, message_id)
        faults.count("duplicate tasks injected")
    check_promises(faults, played)


def drop_the_connection_while_adjudicating(faults: Faults, run: int) -> None:
    """The worker's database connection is cut inside its adjudication transaction."""
    played = prepare(run)
    faults.start_worker(pause="adjudicate")
    faults.send(SWEEP_DEADLINES)
    faults.wait_for_file("paused-adjudicate")
    faults.count("connections dropped", terminate_other_backends())
    faults.resume("adjudicate")
    wait_until(lambda: _claim_left(played), "the cut transaction to roll back")
    assert not KnowledgeRecord.objects.filter(game=played.game, ordinal=1).exists()
    let_time_pass(Phase, "claimed", pk=played.phase.pk)
    faults.send(SWEEP_DEADLINES)
    check_promises(faults, played)


def _claim_left(played: Played) -> bool:
    """The worker has given up: its transaction is gone, the claim still there."""
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database()"
            " AND pid <> pg_backend_pid() AND state LIKE 'idle in transaction%%'"
        )
        (open_transactions,) = cursor.fetchone()
    phase = Phase.objects.get(pk=played.phase.pk)
    return open_transactions == 0 and phase.status != Phase.Status.OPEN


def terminate_other_backends() -> int:
    """pg_terminate_backend for every other session in a transaction on this database."""
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity"
            " WHERE datname = current_database() AND pid <> pg_backend_pid()"
            " AND state LIKE 'idle in transaction%%'"
        )
        return sum(1 for (done,) in cursor.fetchall() if done)


PROVIDER_FAILURES = "timeout,5xx,timeout,5xx,5xx,timeout"


def provider_times_out_and_fails(faults: Faults, run: int) -> None:
    played = prepare(run)
    faults.start_worker(provider=PROVIDER_FAILURES)
    faults.count("provider failures injected", len(PROVIDER_FAILURES.split(",")))
    faults.send(SWEEP_DEADLINES)
    check_promises(faults, played)
    retried = OutboxMessage.objects.filter(game=played.game, attempts__gt=1)
    faults.count("emails retried", retried.count())
    assert retried.count() >= 1


SCENARIOS: dict[str, Any] = {
    "kill while adjudicating": kill_while_adjudicating,
    "kill while sending": kill_while_sending,
    "every task delivered twice": deliver_every_task_twice,
    "connection dropped while adjudicating": drop_the_connection_while_adjudicating,
    "provider times out and answers 5xx": provider_times_out_and_fails,
}
