"""The one Django-side module that talks to the rules engine and the fog rules.

Everything crossing this border is plain JSON-ready data: a position is the
"step" of docs/datc-format.md (phase, units, centers, dislodged, contested), orders
are lines of text per power, and a knowledge record is the structure of
docs/knowledge-record.md. Models never reach into ``adjudication`` themselves.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from adjudication.fog import Preset, get_preset, initial_records, observer_record, play_phase
from adjudication.fog.advance import Entry, read_entry
from adjudication.fog.play import engine_rules
from adjudication.mapgraph import MapGraph, load_map, province_of
from adjudication.orders import MOVEMENT_ORDERS, Build, Disband, Order, Retreat, Waive
from adjudication.parsing import ParseError, parse_order
from adjudication.phases import has_nothing_to_do, winner
from adjudication.serialisation import (
    StepError,
    outcome_to_json,
    position_from_step,
    position_to_step,
)
from adjudication.setup import start_1898
from adjudication.types import Position, Unit, UnitType

Json = dict[str, Any]
OBSERVER = "OBSERVER"  # games.models.OBSERVER_POWER: the record of a power with no units
GAME_MASTER = ""  # games.models.GAME_MASTER_POWER: the full record


class EngineError(Exception):
    """Adjudication could not run; the message becomes the phase's failure reason."""


@dataclass(frozen=True)
class CheckedLine:
    """One typed order line: read and ours, or the reason it is not."""

    text: str
    order: str = ""
    error: str = ""

    @property
    def ok(self) -> bool:
        return not self.error

    def as_json(self) -> Json:
        return {"text": self.text, "ok": self.ok, "order": self.order, "error": self.error}


@dataclass(frozen=True)
class Adjudicated:
    """What one phase produced: its outcome, the next board, every record."""

    outcome: Json
    next_position: Json
    records: dict[str, Json] = field(default_factory=dict)
    winner: str = ""


def graph() -> MapGraph:
    return load_map("standard")


# --- positions --------------------------------------------------------------


def rules_of(preset: str) -> Preset:
    return get_preset(preset)


def starting_position(preset: str, start_year: int, choices: dict[str, str] | None = None) -> Json:
    """The opening board as JSON: 1901's standard start or 1898's one unit each,
    with whatever state the rule set carries from phase to phase."""
    rules = rules_of(preset)
    position = start_1898(choices or {}, graph()) if start_year == 1898 else rules.start()
    return position_json(position, rules.initial_state(position))


def position_json(position: Position, state: Json) -> Json:
    return {**position_to_step(position), "state": state}


def read_position(data: Json) -> tuple[Position, Json]:
    step = {key: value for key, value in data.items() if key != "state"}
    return position_from_step(step, graph()), dict(data.get("state") or {})


def powers_on_board(position: Json) -> list[str]:
    owners = set(position.get("units", {})) | set(position.get("centers", {}))
    return sorted(
        power for power in owners if position["units"].get(power) or _centres(position, power)
    )


def _centres(position: Json, power: str) -> list[str]:
    return list(position.get("centers", {}).get(power, []))


# --- order entry: map-only helpers (ruling 2, docs/rulings.md) -----------


def unit_choices(unit_text: str, phase_kind: str, retreats: list[str] | None = None) -> list[str]:
    """Order lines offered for one own unit, from the public map alone."""
    unit = Unit.parse("", unit_text)
    if phase_kind == "R":
        return [f"{unit} R {place}" for place in retreats or []] + [f"{unit} D"]
    if phase_kind == "A":
        return [f"{unit} D"]
    return [f"{unit} H", *(f"{unit} - {place}" for place in reachable(unit))]


def reachable(unit: Unit) -> list[str]:
    """Where a unit could move without convoy: provinces, or coasts for a fleet."""
    if unit.kind is UnitType.ARMY:
        return sorted(graph().army_adjacent.get(unit.province, frozenset()))
    return sorted(graph().fleet_adjacent.get(unit.location, frozenset()))


def build_choices(free_home_centres: list[str]) -> list[str]:
    """Builds a power may order in its own unoccupied home centres."""
    lines = []
    for centre in sorted(free_home_centres):
        lines.append(f"A {centre} B")
        if graph().kind(centre) == "coast":
            lines += [f"F {location} B" for location in graph().fleet_locations(centre)]
    return [line for line in lines if not _army_at_sea(line)]


def _army_at_sea(line: str) -> bool:
    return line.startswith("A ") and graph().is_sea(line[2:5])


def home_centres(power: str) -> list[str]:
    return sorted(graph().home_centres.get(power, frozenset()))


def province_name(location: str) -> str:
    return graph().name_of(location)


# --- order entry: checking typed lines ----------------------------------------

_ORDERS_BY_PHASE: dict[str, tuple[type, ...]] = {
    "M": MOVEMENT_ORDERS,
    "R": (Retreat, Disband),
    "A": (Build, Disband, Waive),
}


def check_lines(text: str, own_units: list[str], phase_kind: str) -> list[CheckedLine]:
    """Each non-empty line read against the map and the power's own units only."""
    lines = [line.strip() for line in text.splitlines()]
    return [check_line(line, own_units, phase_kind) for line in lines if line]


def check_line(text: str, own_units: list[str], phase_kind: str) -> CheckedLine:
    try:
        order = parse_order(text, graph())
    except ParseError as error:
        return CheckedLine(text, error=str(error))
    problem = _phase_problem(order, phase_kind) or _ownership_problem(order, own_units, text)
    return CheckedLine(text, order=_normalised(order, own_units), error=problem)


def _phase_problem(order: Order, phase_kind: str) -> str:
    if isinstance(order, _ORDERS_BY_PHASE.get(phase_kind, ())):
        return ""
    word = str(order).split()[-1] if not isinstance(order, Waive) else "WAIVE"
    return f'could not use "{word}": not an order for this phase'


def _ownership_problem(order: Order, own_units: list[str], text: str) -> str:
    if isinstance(order, Waive | Build):
        return ""
    own = {Unit.parse("", text).province for text in own_units}
    if province_of(order.location) in own:
        return ""
    return f'could not use "{_as_typed(order.location[:3], text)}": you have no unit there'


def _normalised(order: Order, own_units: list[str]) -> str:
    """The order in the engine's notation, with the unit's type filled in."""
    if isinstance(order, Waive | Build) or order.kind is not None:
        return str(order)
    for text in own_units:
        unit = Unit.parse("", text)
        if unit.province == province_of(order.location):
            return f"{unit.kind.value} {order}"
    return str(order)


# --- adjudication -------------------------------------------------------------


def adjudicate(
    preset: str,
    position_data: Json,
    orders: dict[str, list[str]],
    previous: dict[str, Json],
    extras: dict[str, Json] | None = None,
) -> Adjudicated:
    """Resolve one phase and work out what every power may know after it.

    ``previous`` holds each power's record before the phase (and OBSERVER's);
    ``extras`` each power's lists sent in advance (reynolds1989).
    """
    rules = rules_of(preset)
    position, state = read_position(position_data)
    previous = {key: record for key, record in previous.items() if key != GAME_MASTER}
    try:
        advance = advance_lists(extras or {})
        played = play_phase(rules, position, orders, previous, state, advance)
    except (ParseError, StepError) as error:
        raise EngineError(str(error)) from error
    records = {**played.records, GAME_MASTER: played.gm_record, OBSERVER: played.observer_record}
    return Adjudicated(
        outcome=outcome_to_json(played.outcome),
        next_position=position_json(played.position, played.state),
        records=records,
        winner=winner(played.position, engine_rules(rules)) or "",
    )


def play_if_nothing_to_do(
    preset: str, position_data: Json, previous: dict[str, Json]
) -> Adjudicated | None:
    """Standard games play out, with no orders, a retreat or adjustment phase
    where nobody has a choice; fog games hold every phase (ruling 3)."""
    rules = rules_of(preset)
    position, _ = read_position(position_data)
    if rules.rules.hold_every_phase or not has_nothing_to_do(position, graph()):
        return None
    return adjudicate(preset, position_data, {}, previous)


def opening_records(preset: str, position_data: Json) -> dict[str, Json]:
    """The records before the first phase: what each power knows at the start."""
    rules = rules_of(preset)
    position, state = read_position(position_data)
    records, gm_record = initial_records(rules, position, state)
    records = {**records, GAME_MASTER: gm_record}
    records[OBSERVER] = observer_record(rules, position)
    return records


# --- reading a power's own record for order entry ------------------------------


def orderable_units(record: Json | None, power: str, phase_kind: str) -> list[str]:
    """The units a power may order in a phase, from its own record alone."""
    record = record or {}
    if phase_kind == "R":
        return [d["unit"] for d in record.get("dislodged", []) if d.get("power") == power]
    return list(record.get("units", {}).get(power, []))


def adjustment_count(record: Json | None, power: str) -> int:
    """Builds (positive) or removals (negative) due, from the power's own record."""
    record = record or {}
    centres = record.get("centers", {}).get(power, [])
    return len(centres) - len(record.get("units", {}).get(power, []))


def free_home_centres(record: Json | None, power: str) -> list[str]:
    """Own home centres the power owns and sees empty: where it may build."""
    record = record or {}
    owned = set(record.get("centers", {}).get(power, []))
    occupied = {u.split()[1][:3] for units in record.get("units", {}).values() for u in units}
    return [c for c in home_centres(power) if c in owned and c not in occupied]


def choice_label(order: str) -> str:
    """Words for a menu entry: "A PAR - BUR" -> "Move to Burgundy"."""
    words = order.split()
    if words == ["WAIVE"]:
        return "Waive this build"
    action = words[2] if len(words) > 2 else ""
    place = province_name(words[3]) if len(words) > 3 else ""
    if action == "B":
        kind = "army" if words[0] == "A" else "fleet"
        return f"Build {kind} in {province_name(words[1])}"
    labels = {"H": "Hold", "-": f"Move to {place}", "R": f"Retreat to {place}", "D": "Disband"}
    return labels.get(action, order)


def unit_label(unit: str) -> str:
    kind, location = unit.split()
    return f"{'Army' if kind == 'A' else 'Fleet'} in {province_name(location)}"


# --- orders sent in advance (reynolds1989) -------------------------------------


def orders_in_advance(preset: str) -> bool:
    """Retreat and adjustment lists go with the movement orders (the 1989 rules)."""
    return bool(rules_of(preset).rules.orders_in_advance)


def read_retreat_list(text: str) -> list[str]:
    """``"Albania if Ser empty, ADR"`` -> ``["ALB IF SER EMPTY", "ADR"]``; ValueError
    names the word that is not a province."""
    return [_retreat_entry(part) for part in text.split(",") if part.strip()]


def _retreat_entry(text: str) -> str:
    entry = read_entry(text)
    body = _province_code(entry.text, text)
    if entry.province is None:
        return body
    return f"{body} IF {_province_code(entry.province, text)} {_condition_word(entry)}"


def _province_code(word: str, typed: str = "") -> str:
    code = graph().lookup(word)
    if code is None:
        raise ValueError(f'could not read "{_as_typed(word.strip(), typed)}": not a province')
    return code


def _as_typed(word: str, typed: str) -> str:
    """The word as the player wrote it (the list reader upper-cases it)."""
    start = typed.lower().find(word.lower())
    return typed[start : start + len(word)] if start >= 0 else word


def read_adjustment_list(lines: list[str], own_units: list[str]) -> list[CheckedLine]:
    """Builds and removals in priority order, each with an optional IF condition."""
    return [_adjustment_entry(line, own_units) for line in lines if line.strip()]


def _adjustment_entry(text: str, own_units: list[str]) -> CheckedLine:
    entry = read_entry(text)
    checked = check_line(entry.text, own_units, "A")
    if not checked.ok or entry.province is None:
        return CheckedLine(text, checked.order, checked.error)
    try:
        condition = f"IF {_province_code(entry.province, text)} {_condition_word(entry)}"
    except ValueError as error:
        return CheckedLine(text, error=str(error))
    return CheckedLine(text, order=f"{checked.order} {condition}")


def _condition_word(entry: Entry) -> str:
    return "OCCUPIED" if entry.wants_occupied else "EMPTY"


def advance_lists(extras: dict[str, Json]) -> Json:
    """The ``advance`` argument of play_phase from each power's saved lists."""
    return {
        "retreat_lists": {p: e.get("retreat_lists", {}) for p, e in extras.items()},
        "adjustment_lists": {p: e.get("adjustment_lists", []) for p, e in extras.items()},
    }
