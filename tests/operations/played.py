"""Games played by the server's own code, with random but legal orders from a seed."""

from __future__ import annotations

import random
from datetime import timedelta

from django.utils import timezone

from games import actions, gateway
from games.models import Game, Phase
from games.order_entry import orderable_units
from games.order_entry.choices import build_choices, free_home_centres, unit_choices
from games.records import latest_knowledge
from games.tasks import sweep_deadlines


def orders_for(game: Game, phase: Phase, power: str, chance: random.Random) -> list[str]:
    """Legal orders for one power, read from its own record as a player would."""
    board = gateway.board(game.preset)
    knowledge = latest_knowledge(game, power)
    units = orderable_units(knowledge, power, phase.kind)
    if phase.kind == "M":
        return [chance.choice(unit_choices(board, unit, "M")) for unit in units]
    if phase.kind == "R":
        return [f"{unit} D" for unit in units]
    count = knowledge.adjustment_count(power) if knowledge else 0
    if count < 0:
        return [f"{unit} D" for unit in units[:-count]]
    builds = build_choices(board, free_home_centres(board, knowledge, power))
    picked = chance.sample(builds, min(count, len(builds)))
    # One build a centre: a second in the same centre ("F TRI B" after "A TRI B")
    # the rules would pass over, and the checker refuses it.
    first = {build.split()[1][:3]: build for build in reversed(picked)}
    return [build for build in picked if first[build.split()[1][:3]] == build]


def submit_everyones_orders(game: Game, seed: int) -> Phase:
    phase = game.phases.get(status=Phase.Status.OPEN)
    chance = random.Random(f"{seed}-{phase.ordinal}")
    for seat in game.seats.exclude(power="").order_by("power"):
        lines = orders_for(game, phase, seat.power, chance)
        actions.submit_orders(phase, seat.user, seat.power, lines)
    return phase


def pass_deadline(phase: Phase) -> None:
    Phase.objects.filter(pk=phase.pk).update(deadline=timezone.now() - timedelta(seconds=1))


def play(game: Game, phases: int, seed: int = 1) -> list[str]:
    """Order, pass the deadline and sweep, ``phases`` times; the names played."""
    played = []
    for _ in range(phases):
        game.refresh_from_db()
        if game.status != Game.Status.ACTIVE:
            break
        phase = submit_everyones_orders(game, seed)
        pass_deadline(phase)
        sweep_deadlines()
        played.append(phase.name)
    return played
