"""The small battle `make run`'s demo shows under way: a river ford, fog, three tokens a side.

Created once: running the seed again finds the battle by name and leaves it.
"""

from __future__ import annotations

from typing import Any

from django.db import transaction

from adjudication.battle.templates import template
from battles import actions
from battles.models import Battle

DEMO_BATTLE_NAME = "Demo: skirmish at the ford"
TERRAIN = "water e1 e2 e3 e5 e6 e7 e8\ntrees b6 b7 h2\nhill a1 i8"
TOKENS = (
    ("Knight-1", "Red", "b3", "Cavalry", "Sir Aldric"),
    ("Archers-1", "Red", "a4", "Archers", ""),
    ("Cleric-1", "Red", "b5", "Cleric", ""),
    ("Orc-1", "Green", "h4", "Orc warband", "Grukk"),
    ("Orc-2", "Green", "h5", "Orc warband", ""),
    ("Skirmishers-1", "Green", "i6", "Skirmishers", ""),
)


@transaction.atomic
def create_demo_battle(game_master: Any, red: Any, green: Any) -> Battle:
    """A fogged 9x8 battle, started, with one turn already played by whoever rolled first."""
    existing = Battle.objects.filter(name=DEMO_BATTLE_NAME, game_master=game_master).first()
    if existing is not None:
        return existing
    settings = actions.Settings(DEMO_BATTLE_NAME, 9, 8, ("Red", "Green"), sight=3)
    battle = actions.create_battle(game_master, settings)
    actions.set_terrain(battle, game_master, TERRAIN)
    for name, side, at, kind, character in TOKENS:
        chosen = template(kind)
        actions.place_token(battle, game_master, actions.Placement(
            name, side, at, chosen.att, chosen.defence, chosen.spd, chosen.hp,
            chosen.powers.range, chosen.powers.heal, character, 1 if character else 0,
        ))  # fmt: skip
    actions.assign_side(battle, game_master, "Red", red)
    actions.assign_side(battle, game_master, "Green", green)
    turn = actions.start_battle(battle, game_master)
    first = red if turn.side == "Red" else green
    advance = "Knight-1 move c3 d3" if turn.side == "Red" else "Orc-1 move g4 f4"
    actions.submit_activation(battle, first, advance)
    battle.refresh_from_db()
    return battle
