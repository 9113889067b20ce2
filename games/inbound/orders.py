"""An email's order lines, through order entry (games.order_entry) and submit_orders.

The lines are the whole sheet, as on the web: they replace the standing
orders. Under the 1989 rules the lists sent with movement orders come as

    RETREATS F Nth: Nwy if Ska empty, Edi      one line per unit
    ADJUST A Par B if Bur empty                 one line per build or removal

Each line comes back as understood by order entry, or with the error that
names its word; a sheet with any error saves nothing.
"""

from __future__ import annotations

from dataclasses import replace

from adjudication.mapgraph import MapGraph
from games import access, actions
from games.actions.orders import OrdersInvalid
from games.gateway import board
from games.inbound.commands import Command
from games.inbound.said import Said
from games.models import Phase
from games.order_entry import CheckedLine, PlayerInput, input_from_text, read_orders
from games.records import latest_knowledge

ORDER_WORDS = {"A", "F", "ARMY", "FLEET", "BUILD", "WAIVE", "REMOVE", "DISBAND"}
SHEET_WORDS = {"ORDER", "RETREATS", "ADJUST"}


def starts_an_order(game_board: MapGraph, word: str) -> bool:
    """A unit, a province of the game's board or an adjustment word: the first
    word of some order."""
    return word.upper() in ORDER_WORDS or game_board.lookup(word) is not None


def sheet_commands(commands: list[Command]) -> list[Command]:
    return [command for command in commands if command.word in SHEET_WORDS and not command.error]


def player_input(commands: list[Command]) -> PlayerInput:
    """What the email gave, for order entry: its lines through the email entry point."""
    lines = "\n".join(c.text for c in commands if c.word == "ORDER")
    return replace(
        input_from_text(lines),
        retreat_lists={c.unit: c.body for c in commands if c.word == "RETREATS"},
        adjustment_lines=tuple(c.body for c in commands if c.word == "ADJUST"),
    )


def run_orders(viewer: access.Viewer, phase: Phase | None, commands: list[Command]) -> list[Said]:
    """One Said per command, in order, then the sheet's verdict when it failed."""
    if phase is None:
        return [Said(c.text, error="There is no phase to order for.") for c in commands]
    given = player_input(commands)
    try:
        actions.submit_orders(phase, viewer.user, viewer.power, given)
    except OrdersInvalid as invalid:
        return [*matched(commands, invalid.checked), Said("", error=str(invalid))]
    except actions.ActionError as error:
        return [Said(c.text, error=str(error)) for c in commands]
    knowledge = latest_knowledge(viewer.game, viewer.power)
    draft = read_orders(board(phase.game.preset), given, knowledge, viewer.power, phase.kind)
    return matched(commands, draft.every_line, draft.extras)


def matched(
    commands: list[Command], checked: list[CheckedLine], extras: dict | None = None
) -> list[Said]:
    """Pair each command with what order entry made of it."""
    lines = [line for line in checked if line.text]
    adjustments = list((extras or {}).get("adjustment_lists", []))
    said = []
    for command in commands:
        if command.word == "RETREATS":
            said.append(retreat_said(command, lines, extras or {}))
        elif command.word == "ADJUST" and extras is not None and adjustments:
            said.append(Said(command.text, adjustments.pop(0)))
        else:
            said.append(line_said(command, lines))
    return said


def line_said(command: Command, lines: list[CheckedLine]) -> Said:
    wanted = command.body if command.word == "ADJUST" else command.text
    found = next((line for line in lines if line.text.strip() == wanted.strip()), None)
    if found is None:
        return Said(command.text, "(accepted)")
    lines.remove(found)
    return Said(command.text, found.order, found.error)


def retreat_said(command: Command, lines: list[CheckedLine], extras: dict) -> Said:
    prefix = f"{command.unit} retreats:"
    found = next((line for line in lines if line.text.startswith(prefix)), None)
    if found is not None:
        return Said(command.text, error=found.error)
    entries = extras.get("retreat_lists", {}).get(command.unit, [])
    return Said(command.text, f"If {command.unit} is dislodged: {', '.join(entries)}")
