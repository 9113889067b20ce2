"""An email's order lines, through order entry (games.order_entry) and submit_orders.

Each order replaces its unit's standing order, unit by unit as njudge does;
the other units keep theirs (CLEAR empties the sheet first). Under the 1989
rules the lists sent with movement orders come as

    RETREATS F Nth: Nwy if Ska empty, Edi      one line per unit
    ADJUST A Par B if Bur empty                 one line per build or removal

Each line comes back as understood by order entry, or with the error that
names its word. The good lines are kept and saved, as the judges do; two
orders for one unit in one email are refused, naming both lines.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from adjudication.mapgraph import MapGraph
from games import access, actions
from games.actions.orders import OrdersInvalid
from games.gateway import board
from games.models import Phase
from games.order_entry import CheckedLine, PlayerInput, input_from_text, read_orders
from games.records import latest_knowledge
from postoffice.inbound.commands import Command
from postoffice.inbound.said import Said

ORDER_WORDS = {"A", "F", "ARMY", "FLEET", "BUILD", "WAIVE", "REMOVE", "DISBAND"}
SHEET_WORDS = {"ORDER", "RETREATS", "ADJUST"}
ORDER_MARKS = {"-", "H", "HOLD", "HOLDS", "S", "SUPPORT", "SUPPORTS", "C", "CONVOY", "CONVOYS"}
NOTHING_SAVED = "no line could be used, so nothing was saved: your standing orders are unchanged"
SOME_SAVED = (
    "{refused} line(s) could not be used; the other orders were saved, each in place "
    "of its unit's standing order"
)
SECOND_ORDER = 'a second order for the unit in {unit}: "{first}" came first; this line was not used'
# A run of dashes, with or without its arrowhead, is one sign, matched at once:
# "-+>|-" tried again at every dash of a run without ">" took time in the square
# of its length (a line of 100,000 dashes: 20 s).
ORDER_SIGNS = re.compile(r"-+>?|=>")


def starts_an_order(game_board: MapGraph, word: str) -> bool:
    """A unit, a province of the game's board or an adjustment word: the first
    word of some order."""
    return word.upper() in ORDER_WORDS or game_board.lookup(word) is not None


def reads_as_an_order(game_board: MapGraph, line: str) -> bool:
    """Whether a whole line reads as an order ("A MUN - RUH", "Par H", "Build
    F Lon", "WAIVE") rather than talk ("A good idea", "Paris is yours"): its
    first word starts an order and its second is a unit, a place or an
    order's sign. Order entry still says whether it is a good order."""
    words = [word.split("/")[0].strip(",.!?()") for word in ORDER_SIGNS.sub(" - ", line).split()]
    words = [word.upper() for word in words if word]
    if words[:1] == ["WAIVE"]:
        return True
    if len(words) < 2 or not starts_an_order(game_board, words[0]):
        return False
    second = words[1]
    return second in ORDER_MARKS or starts_an_order(game_board, second)


def sheet_commands(commands: list[Command]) -> list[Command]:
    return [command for command in commands if command.word in SHEET_WORDS and not command.error]


def player_input(commands: list[Command]) -> PlayerInput:
    """What the email gave, for order entry: its lines (without their numbering
    or comments) through the email entry point."""
    lines = "\n".join(c.body or c.text for c in commands if c.word == "ORDER")
    return replace(
        input_from_text(lines),
        retreat_lists={c.unit: c.body for c in commands if c.word == "RETREATS"},
        adjustment_lines=tuple(c.body for c in commands if c.word == "ADJUST"),
    )


@dataclass(frozen=True)
class SheetOutcome:
    """One Said per command, in order; the sheet's verdict when not every line
    went; ``saved`` when the sheet was written (``cleared``: from nothing, as
    CLEAR asks); ``held`` when every line was used too (so a READY sent with
    it stands)."""

    said: list[Said]
    verdict: Said | None = None
    held: bool = False
    saved: bool = False
    cleared: bool = False


def run_orders(
    viewer: access.Viewer, phase: Phase | None, commands: list[Command], fresh: bool = False
) -> SheetOutcome:
    """Keep the good lines, report the bad, as the judges do: each line that
    reads replaces its unit's standing order (``fresh``: the standing sheet is
    emptied first); each other line is refused with its word."""
    if phase is None:
        return SheetOutcome(
            [Said(c.text, error="There is no phase to order for.") for c in commands]
        )
    said = checked(viewer, phase, commands)
    good = [command for command, line in zip(commands, said, strict=True) if not line.error]
    if not good and not fresh:
        return SheetOutcome(said, Said("", error=NOTHING_SAVED))
    new_orders = [
        line.understood
        for command, line in zip(commands, said, strict=True)
        if command.word == "ORDER" and not line.error
    ]
    given = over_standing(viewer, phase, good, new_orders, fresh)
    try:
        actions.submit_orders(phase, viewer.user, viewer.power, given)
    except OrdersInvalid as invalid:
        return SheetOutcome(matched(commands, invalid.checked), Said("", error=str(invalid)))
    except actions.ActionError as error:
        return SheetOutcome([Said(c.text, error=str(error)) for c in commands])
    if len(good) < len(commands):
        refused = len(commands) - len(good)
        verdict = Said("", error=SOME_SAVED.format(refused=refused))
        return SheetOutcome(said, verdict, saved=True, cleared=fresh)
    return SheetOutcome(said, held=True, saved=True, cleared=fresh)


def over_standing(
    viewer: access.Viewer, phase: Phase, good: list[Command], new_orders: list[str], fresh: bool
) -> PlayerInput:
    """The email's good lines over the standing sheet, as njudge merges them:
    a unit's new order replaces its old one and every other unit keeps its
    own (a WAIVE sent replaces the waives standing); under the 1989 rules a
    unit's new list replaces its old one, and a new adjustment list the old."""
    given = player_input(good)
    sheet = None if fresh else access.access_own_orders(viewer, phase)
    if sheet is None:
        return given
    ordered = {unit_of(order) for order in new_orders} - {""}
    waived = any(order.split()[-1:] == ["WAIVE"] for order in new_orders)
    kept = [
        order
        for order in sheet.parsed
        if (unit_of(order) not in ordered if unit_of(order) else not waived)
    ]
    old_lists = {
        unit: ", ".join(entries) for unit, entries in sheet.extras.get("retreat_lists", {}).items()
    }
    return replace(
        given,
        lines=(*kept, *given.lines),
        retreat_lists={**old_lists, **given.retreat_lists},
        adjustment_lines=given.adjustment_lines or tuple(sheet.extras.get("adjustment_lists", [])),
    )


def checked(viewer: access.Viewer, phase: Phase, commands: list[Command]) -> list[Said]:
    """Each command as order entry reads it, a second order for a unit refused."""
    knowledge = latest_knowledge(viewer.game, viewer.power)
    game_board = board(phase.game.preset)
    draft = read_orders(game_board, player_input(commands), knowledge, viewer.power, phase.kind)
    extras = None if draft.problems else draft.extras
    return refuse_second_orders(commands, matched(commands, draft.every_line, extras))


def refuse_second_orders(commands: list[Command], said: list[Said]) -> list[Said]:
    """A second order for a unit is refused, naming both lines: which one the
    writer meant is theirs to say, not ours to guess."""
    first_for: dict[str, Said] = {}
    answer = []
    for command, line in zip(commands, said, strict=True):
        ordered = command.word == "ORDER" and not line.error
        unit = unit_of(line.understood) if ordered else ""
        first = first_for.setdefault(unit, line) if unit else line
        if first is not line:
            line = Said(line.text, error=SECOND_ORDER.format(unit=unit, first=first.text))
        answer.append(line)
    return answer


def unit_of(order: str) -> str:
    """The province of the unit an order (in the rules' notation) is for; "" for none."""
    words = order.split()
    if len(words) < 2 or words[-1] == "WAIVE" or words[0] not in ("A", "F"):
        return ""
    return words[1][:3]


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
    wanted = command.body or command.text
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
