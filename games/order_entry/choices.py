"""What a power may order, from its own knowledge record and the public map.

Everything offered here is worked out from the power's own record (its units,
its centres, its dislodged units and their retreats) and from the map alone,
never from other units, so an order menu reveals nothing hidden
(ruling 2, docs/rulings.md). The map is the game's board
(``games.gateway.board``), passed in by the caller.
"""

from __future__ import annotations

from collections.abc import Sequence

from adjudication.destinations import move_destinations
from adjudication.mapgraph import MEMO_SIZE, MapGraph
from adjudication.record import DislodgedUnit, Knowledge
from adjudication.types import Unit
from games.order_entry.support_menu import support_and_convoy_orders

Menu = Sequence[tuple[str, str]]  # (value, label) choices, a tuple when kept
OrderRow = tuple[str, str, Menu]  # label, initial, choices


def orderable_units(knowledge: Knowledge | None, power: str, phase_kind: str) -> list[str]:
    """The units a power may order in a phase, from its own record alone."""
    if knowledge is None:
        return []
    if phase_kind == "R":
        return [entry.unit for entry in knowledge.dislodged_of(power)]
    return list(knowledge.units_of(power))


def has_something_to_order(knowledge: Knowledge | None, power: str, phase_kind: str) -> bool:
    """Whether the power's own record leaves it anything to decide this phase."""
    if knowledge is None:
        return False
    if phase_kind == "A":
        return knowledge.adjustment_count(power) != 0
    return bool(orderable_units(knowledge, power, phase_kind))


def unit_choices(
    board: MapGraph, unit_text: str, phase_kind: str, retreats: tuple[str, ...] = ()
) -> list[str]:
    """Order lines offered for one own unit, from the public map alone."""
    unit = Unit.parse("", unit_text)
    if phase_kind == "R":
        return [f"{unit} R {place}" for place in retreats] + [f"{unit} D"]
    if phase_kind == "A":
        return [f"{unit} D"]
    return [f"{unit} H", *(f"{unit} - {place}" for place in move_destinations(board, unit))]


def home_centres(board: MapGraph, power: str) -> list[str]:
    return sorted(board.home_centres.get(power, frozenset()))


def free_home_centres(board: MapGraph, knowledge: Knowledge | None, power: str) -> list[str]:
    """Own home centres the power owns and sees empty: where it may build."""
    if knowledge is None:
        return []
    owned = set(knowledge.centres_of(power))
    occupied = knowledge.occupied()
    return [c for c in home_centres(board, power) if c in owned and c not in occupied]


def build_choices(board: MapGraph, free_centres: list[str]) -> list[str]:
    """Builds a power may order in its own unoccupied home centres."""
    lines = []
    for centre in sorted(free_centres):
        lines.append(f"A {centre} B")
        if board.kind(centre) == "coast":
            lines += [f"F {location} B" for location in board.fleet_locations(centre)]
    return [line for line in lines if not _army_at_sea(board, line)]


def _army_at_sea(board: MapGraph, line: str) -> bool:
    return line.startswith("A ") and board.is_sea(line[2:5])


# --- the order menus ------------------------------------------------------------


def order_rows(
    board: MapGraph, knowledge: Knowledge | None, power: str, phase_kind: str, given: list[str]
) -> list[OrderRow]:
    """One menu per own unit (or per build/removal), offering map-legal orders;
    each starts at the order already given for it, if any."""
    if phase_kind == "A":
        return adjustment_rows(board, knowledge, power, given)
    retreats = {entry.unit: entry.retreat_options for entry in _dislodged(knowledge, power)}
    own = knowledge.units_of(power) if knowledge else ()
    rows = []
    for unit in orderable_units(knowledge, power, phase_kind):
        menu = unit_menu(board, unit, phase_kind, retreats.get(unit, ()), own)
        offered = {value for value, _ in menu}
        initial = next((order for order in given if order in offered), "")
        rows.append((unit_label(board, unit), initial, menu))
    return rows


def unit_menu(
    board: MapGraph, unit: str, phase_kind: str, retreats: tuple[str, ...], own: tuple[str, ...]
) -> Menu:
    """Every order the map allows ``unit``, labelled, kept in the map's memo:
    it depends on the unit, the phase's kind, its retreats and (for supports
    and convoys) the power's own units only, and labelling a menu of moves,
    supports and convoys afresh was a tenth of the game page's CPU."""
    key = ("unit menu", unit, phase_kind, retreats, own if phase_kind == "M" else ())
    found: Menu | None = board.memo.get(key)
    if found is None:
        values = unit_choices(board, unit, phase_kind, retreats)
        if phase_kind == "M":
            values += support_and_convoy_orders(board, unit, own)
        if len(board.memo) > MEMO_SIZE:
            board.memo.clear()
        found = board.memo[key] = labelled(board, values)
    return found


def _dislodged(knowledge: Knowledge | None, power: str) -> tuple[DislodgedUnit, ...]:
    return knowledge.dislodged_of(power) if knowledge else ()


def adjustment_rows(
    board: MapGraph, knowledge: Knowledge | None, power: str, given: list[str]
) -> list[OrderRow]:
    count = knowledge.adjustment_count(power) if knowledge else 0
    values = adjustment_choices(board, knowledge, power)
    label = "Build" if count > 0 else "Remove"
    if count > 0:
        values.append("WAIVE")
    chosen = [order for order in given if order in values]
    return [
        (f"{label} {n + 1}", chosen[n] if n < len(chosen) else "", labelled(board, values))
        for n in range(abs(count))
    ]


def adjustment_choices(board: MapGraph, knowledge: Knowledge | None, power: str) -> list[str]:
    """What the map offers in an adjustment phase, from the power's own record:
    the builds its free home centres allow when it is owed builds, its units'
    removals when it must remove, nothing when it is even."""
    count = knowledge.adjustment_count(power) if knowledge else 0
    if count > 0:
        return build_choices(board, free_home_centres(board, knowledge, power))
    if count < 0:
        return [f"{unit} D" for unit in orderable_units(knowledge, power, "A")]
    return []


def labelled(board: MapGraph, values: list[str]) -> Menu:
    return tuple((value, choice_label(board, value)) for value in values)


def choice_label(board: MapGraph, order: str) -> str:
    """Words for a menu entry: "A PAR - BUR" -> "Move to Burgundy"."""
    words = order.split()
    if words == ["WAIVE"]:
        return "Waive this build"
    if len(words) > 2 and words[2] in ("S", "C"):
        return _support_or_convoy_label(board, words[2:])
    action = words[2] if len(words) > 2 else ""
    place = board.name_of(words[3]) if len(words) > 3 else ""
    if action == "B":
        kind = "army" if words[0] == "A" else "fleet"
        return f"Build {kind} in {board.name_of(words[1])}"
    move = f"Move to {place}" + (" via convoy" if words[-1] == "VIA" else "")
    labels = {"H": "Hold", "-": move, "R": f"Retreat to {place}", "D": "Disband"}
    return labels.get(action, order)


def _support_or_convoy_label(board: MapGraph, words: list[str]) -> str:
    """``S A PAR - BUR`` -> "Support Paris into Burgundy"; ``S BUR`` ->
    "Support Burgundy to hold"; ``C A BRE - LON`` -> "Convoy Brest to London"."""
    kind, rest = words[0], [word for word in words[1:] if word not in ("A", "F")]
    if kind == "C":
        return f"Convoy {board.name_of(rest[0])} to {board.name_of(rest[2])}"
    if len(rest) == 1:
        return f"Support {board.name_of(rest[0])} to hold"
    return f"Support {board.name_of(rest[0])} into {board.name_of(rest[2])}"


def unit_label(board: MapGraph, unit: str) -> str:
    kind, location = unit.split()
    return f"{'Army' if kind == 'A' else 'Fleet'} in {board.name_of(location)}"
