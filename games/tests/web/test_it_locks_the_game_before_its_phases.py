"""Actions lock a game's row before any of its phases (games.actions.base.lock_game).

Each test holds the game's lock in one thread, as a rollback does, starts an
action in another, waits until that action waits for a lock, and then locks
every phase of the game, as a rollback goes on to do. An action that had
taken a phase first would now wait for the game while the holder waits for
its phase: PostgreSQL would break the deadlock by failing one of them.
Taking the game first, the action simply waits its turn.

Orders sent while the phase is being adjudicated wait likewise, and are then
refused: never accepted into a phase whose orders were already read. The
last two players to click "ready" at once each see the other's click.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from datetime import timedelta

import pytest
from django.db import connection, transaction
from django.utils import timezone

from games import actions
from games.actions.base import lock_game
from games.actions.clock import extend_for_missing_orders
from games.actions.processing import adjudicate_phase, claim_phase_now
from games.gateway import BoardEdit
from games.models import Game, LogEntry, OrderSheet, Phase
from games.tests.web.conftest import Personas, forming_game, open_phase, pass_deadline, start

pytestmark = pytest.mark.postgres

WAIT_SECONDS = 20


def someone_waits_for_a_lock() -> bool:
    with connection.cursor() as cursor:
        # Statistics views hold still within a transaction unless told not to.
        cursor.execute("SELECT pg_stat_clear_snapshot()")
        cursor.execute(
            "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database()"
            " AND wait_event_type = 'Lock' AND pid <> pg_backend_pid()"
        )
        return bool(cursor.fetchone()[0])


def race(
    action: Callable[[], object], first: Callable[[], object], then: Callable[[], object]
) -> object:
    """Run ``action`` while another transaction has done ``first``; once the
    action waits for a lock (or has ended), that transaction does ``then`` and
    commits. Returns what the action returned, or the ActionError it raised."""
    started, done = threading.Event(), threading.Event()
    outcome: dict[str, object] = {}

    def hold() -> None:
        with transaction.atomic():
            first()
            started.set()
            give_up = time.monotonic() + WAIT_SECONDS
            while not (done.is_set() or someone_waits_for_a_lock()):
                assert time.monotonic() < give_up, "the action neither waited nor ended"
                time.sleep(0.02)
            then()

    def act() -> None:
        started.wait(WAIT_SECONDS)
        try:
            outcome["result"] = action()
        except actions.ActionError as refusal:
            outcome["result"] = refusal
        finally:
            done.set()

    def guarded(function: Callable[[], None], name: str) -> Callable[[], None]:
        def run() -> None:
            try:
                function()
            except Exception as error:  # reported by the test
                outcome[name] = error
            finally:
                connection.close()

        return run

    threads = [
        threading.Thread(target=guarded(hold, "holder")),
        threading.Thread(target=guarded(act, "actor")),
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=2 * WAIT_SECONDS)
    failures = {key: value for key, value in outcome.items() if key != "result"}
    assert not failures, failures
    return outcome.get("result")


def race_a_rollbacks_locks(game: Game, action: Callable[[], object]) -> object:
    """Run ``action`` while another transaction holds the game, then its phases."""
    return race(
        action,
        first=lambda: lock_game(game),
        then=lambda: list(Phase.objects.select_for_update().filter(game=game)),
    )


@pytest.fixture
def spring(require_postgres: None, people: Personas) -> Phase:
    game = forming_game(people)
    start(game, people)
    return open_phase(game)


@pytest.mark.django_db(transaction=True)
def test_an_adjudication_waits_for_the_game(spring: Phase) -> None:
    assert claim_phase_now(spring)
    race_a_rollbacks_locks(spring.game, lambda: adjudicate_phase(spring.pk))
    spring.refresh_from_db()
    assert spring.status == Phase.Status.DONE


@pytest.mark.django_db(transaction=True)
def test_a_pause_waits_for_the_game(spring: Phase, people: Personas) -> None:
    race_a_rollbacks_locks(spring.game, lambda: actions.pause_game(spring.game, people.gm))
    assert Game.objects.get(pk=spring.game_id).status == Game.Status.PAUSED


@pytest.mark.django_db(transaction=True)
def test_a_new_deadline_waits_for_the_game(spring: Phase, people: Personas) -> None:
    later = timedelta(hours=5)
    race_a_rollbacks_locks(
        spring.game, lambda: actions.extend_deadline(spring.game, people.gm, later)
    )
    assert Phase.objects.get(pk=spring.pk).deadline == spring.deadline + later


@pytest.mark.django_db(transaction=True)
def test_a_grace_extension_waits_for_the_game(spring: Phase) -> None:
    Game.objects.filter(pk=spring.game_id).update(grace_minutes=60, grace_extensions=1)
    pass_deadline(spring)
    extended = race_a_rollbacks_locks(
        spring.game, lambda: extend_for_missing_orders(spring.pk, timezone.now())
    )
    assert extended is True
    assert Phase.objects.get(pk=spring.pk).extensions == 1


@pytest.mark.django_db(transaction=True)
def test_a_board_edit_waits_for_the_game(spring: Phase, people: Personas) -> None:
    edit = BoardEdit("add", "Burgundy", unit="A", power="GERMANY")
    entry = race_a_rollbacks_locks(
        spring.game, lambda: actions.edit_board(spring.game, people.gm, edit)
    )
    assert isinstance(entry, LogEntry) and "A BUR (GERMANY)" in entry.detail


@pytest.mark.django_db(transaction=True)
def test_orders_sent_as_the_phase_is_adjudicated_are_refused_not_lost(
    spring: Phase, people: Personas
) -> None:
    def claim_and_adjudicate() -> None:
        assert claim_phase_now(spring)
        adjudicate_phase(spring.pk)

    late = race(
        lambda: actions.submit_orders(spring, people.player, "FRANCE", ["A Par - Bur"]),
        first=claim_and_adjudicate,
        then=lambda: None,
    )
    assert isinstance(late, actions.ActionError) and "closed" in str(late)
    assert not OrderSheet.objects.filter(phase=spring, power="FRANCE").exclude(parsed=[]).exists()


@pytest.mark.django_db(transaction=True)
def test_a_sweep_passes_over_a_phase_a_rollback_removed(spring: Phase) -> None:
    pass_deadline(spring)
    Phase.objects.filter(pk=spring.pk).delete()
    assert extend_for_missing_orders(spring.pk, timezone.now()) is False


@pytest.mark.django_db(transaction=True)
def test_the_last_two_players_ready_at_once_end_the_phase_early(
    spring: Phase, people: Personas
) -> None:
    race(
        lambda: actions.set_ready(spring, people.other, "GERMANY", True),
        first=lambda: actions.set_ready(spring, people.player, "FRANCE", True),
        then=lambda: None,
    )
    assert Phase.objects.get(pk=spring.pk).early_end is not None
