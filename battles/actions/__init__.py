"""Every write to a grid battle's data goes through this package.

The battle's pages, its email replies, the sweep and the demo call the names
exported here; the modules split the work as the battle runs: `setup` (grid,
terrain, tokens, players, before the start), `play` (the start, activations,
processing a side-turn, the game master's controls), `override` (a made roll
set by the game master, B25, B26), `end` (a concession or the game master's
stated result, B28), `press` (messages within the battle, B31), and `base`
(who may act, the battle's log). Each action checks who acts and writes in
one transaction, as `games.actions` does for Diplomacy games.

Modules of `battles` that these actions themselves call (its mail, its
reads) import the module they need directly, never this package, so that no
circle of imports runs through it.
"""

from battles.actions.base import battle_log
from battles.actions.end import concede_battle, end_battle
from battles.actions.play import (
    ActivationErrors,
    claim_due_turns,
    edit_token,
    extend_turn,
    override_roll,
    pause_battle,
    process_turn,
    process_turn_now,
    resume_battle,
    start_battle,
    submit_activation,
)
from battles.actions.press import (
    LONGEST_MESSAGE,
    may_write_to,
    send_battle_message,
    set_battle_press,
)
from battles.actions.setup import (
    Placement,
    Settings,
    assign_side,
    assign_token,
    create_battle,
    place_token,
    remove_token,
    set_terrain,
    terrain_text,
)
from common.errors import ActionError

__all__ = [
    "LONGEST_MESSAGE",
    "ActionError",
    "ActivationErrors",
    "Placement",
    "Settings",
    "assign_side",
    "assign_token",
    "battle_log",
    "claim_due_turns",
    "concede_battle",
    "create_battle",
    "edit_token",
    "end_battle",
    "extend_turn",
    "may_write_to",
    "override_roll",
    "pause_battle",
    "place_token",
    "process_turn",
    "process_turn_now",
    "remove_token",
    "resume_battle",
    "send_battle_message",
    "set_battle_press",
    "set_terrain",
    "start_battle",
    "submit_activation",
    "terrain_text",
]
