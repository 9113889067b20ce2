"""One world: a fog game of seven players played on the script's clock.

A world is built, played and read inside a savepoint that is then rolled
back, so the second world of a pair starts from the same empty database
with the same names, and neither sees the other (the lobby and the
dashboard list every game). Time moves only by the script: the beat's
sweeps run at fixed ticks, so the sweep times are the same in both worlds
whatever happens in them.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any

from django.contrib.auth.models import User
from django.core.cache import cache

from battles.actions.play import claim_due_turns
from battles.emails.reminders import queue_due_battle_reminders
from games import actions
from games.emails.reminders import queue_due_reminders
from games.models import Game, OrderSheet, Phase
from games.order_entry import orderable_units
from games.records import latest_knowledge
from postoffice.models import OutboxMessage
from tests.fixtures import confirmed_user
from tests.twoworlds.clock import Clock
from tests.twoworlds.mailtext import message_text

POWERS = ("AUSTRIA", "ENGLAND", "FRANCE", "GERMANY", "ITALY", "RUSSIA", "TURKEY")
VIEWER = "ENGLAND"
# The beat sweeps every few seconds; the script's coarser tick keeps the
# worlds quick and is the same in both.
TICK = timedelta(minutes=15)
# Public settings of every world: short phases, grace on, a reminder an hour
# before each deadline.
CLOCK_SETTINGS = {
    "movement_minutes": 60,
    "retreat_minutes": 30,
    "adjustment_minutes": 30,
    "grace_minutes": 30,
    "grace_extensions": 1,
    "ready_delay_minutes": 5,
}

Step = Callable[["World"], None]


@dataclass
class World:
    game: Game
    master: User
    players: dict[str, User]
    clock: Clock
    # Powers that send nothing from the phase of this ordinal on.
    silent: dict[str, int] = field(default_factory=dict)
    # Orders a power gives instead of holding, by the phase's ordinal.
    orders: dict[tuple[int, str], list[str]] = field(default_factory=dict)
    acted: set[tuple[int, str]] = field(default_factory=set)
    battle_ids: list[int] = field(default_factory=list)
    # The viewer's mail as the outbox sweep sent it, by row: rendered at the
    # first sweep after it was queued, as the real sweep would send it.
    sent: dict[int, str] = field(default_factory=dict)

    @property
    def viewer(self) -> User:
        return self.players[VIEWER]

    def open_phase(self) -> Phase | None:
        return self.game.phases.filter(status=Phase.Status.OPEN).order_by("-ordinal").first()

    def refresh(self) -> None:
        self.game.refresh_from_db()

    def fresh(self) -> World:
        """The world as it started, for the next script to play from: with
        what its shared ticks (shared_ticks) left, each world its own copy."""
        self.refresh()
        return World(
            self.game,
            self.master,
            dict(self.players),
            self.clock,
            silent=dict(self.silent),
            orders=dict(self.orders),
            acted=set(self.acted),
            battle_ids=list(self.battle_ids),
            sent=dict(self.sent),
        )


def build(preset: str, clock: Clock, **settings: Any) -> World:
    """A started game: a game master and seven players with confirmed
    addresses (``empty_seats``: the powers that never get one)."""
    cache.clear()
    master = confirmed_user("gm", "gm@example.org")
    empty = settings.pop("empty_seats", ())
    fields = {**CLOCK_SETTINGS, **settings}
    game = actions.create_game(master, name="Two worlds", preset=preset, start_year=1901)
    Game.objects.filter(pk=game.pk).update(**fields)
    players = {}
    for power in (power for power in POWERS if power not in empty):
        user = confirmed_user(power.lower(), f"{power.lower()}@example.org")
        actions.join(game, user, [power])
        players[power] = user
    actions.assign_powers(game, master, by_preference=True)
    actions.start_game(game, master)
    game.refresh_from_db()
    return World(game, master, players, clock)


def default_orders(world: World, phase: Phase, power: str) -> list[str]:
    """What a power that plays along sends: its orders for this phase if the
    script gives any, else holds, disbands and waived builds."""
    given = world.orders.get((phase.ordinal, power))
    if given is not None:
        return given
    knowledge = latest_knowledge(world.game, power)
    units = orderable_units(knowledge, power, phase.kind)
    if phase.kind == "M":
        return [f"{unit} H" for unit in units]
    if phase.kind == "R":
        return [f"{unit} D" for unit in units]
    count = knowledge.adjustment_count(power) if knowledge is not None else 0
    if count > 0:
        return ["WAIVE"] * count
    return [f"{unit} D" for unit in units[:-count]] if count < 0 else []


def play_along(world: World) -> None:
    """Every power not silenced sends its orders once in each phase it sees open."""
    phase = world.open_phase()
    if phase is None:
        return
    for power in (power for power in POWERS if power in world.players):
        quiet = phase.ordinal >= world.silent.get(power, phase.ordinal + 1)
        if quiet or (phase.pk, power) in world.acted:
            continue
        world.acted.add((phase.pk, power))
        lines = default_orders(world, phase, power)
        if lines:
            actions.submit_orders(phase, world.players[power], power, lines)


def sweep(now: datetime) -> None:
    """What beat does at one tick: due phases, due battle turns, reminders."""
    for phase_id in actions.claim_due_phases(now) + actions.reclaim_stuck_phases(now):
        actions.adjudicate_phase(phase_id)
    claim_due_turns(now)
    queue_due_reminders(now)
    queue_due_battle_reminders(now)


def send_new_mail(sent: dict[int, str], reader: User) -> None:
    """Render the reader's mail queued since the last sweep."""
    for row in OutboxMessage.objects.filter(user=reader).exclude(pk__in=list(sent)):
        sent[row.pk] = message_text(row)


def run(
    world: World, until: timedelta, at: dict[int, list[Step]] | None = None, first_tick: int = 0
) -> None:
    """Tick by tick until ``until`` has passed: at each tick the steps due
    then (by tick number), the players' orders, then the sweep. From
    ``first_tick`` when the ticks before it were played already (shared_ticks)."""
    steps = at or {}
    for tick in range(first_tick, ticks_in(until) + 1):
        play_tick(world, steps.get(tick, []))
    world.refresh()


def play_tick(world: World, steps: list[Step]) -> None:
    for step in steps:
        step(world)
    play_along(world)
    world.clock.advance(TICK)
    sweep(world.clock.now)
    send_new_mail(world.sent, world.viewer)


def ticks_in(until: timedelta) -> int:
    return int(until / TICK)


def shared_ticks(scripts: Sequence[tuple[timedelta, Mapping[int, Sequence[Step]]]]) -> int:
    """How many first ticks every script plays alike, no step of its own due
    yet: the worlds of one start play them once, before they part (pairs.py)."""
    firsts = [
        min(tick for tick, due in steps.items() if due)
        for _, steps in scripts
        if any(steps.values())
    ]
    return min([*firsts, *(ticks_in(until) + 1 for until, _ in scripts)])


def has_sheet(phase: Phase, power: str) -> bool:
    return OrderSheet.objects.filter(phase=phase, power=power).exists()
