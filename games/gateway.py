"""The server's one gateway to the rules: the engine and the fog rules.

Everything crossing here is plain JSON-ready data: a position is the "step" of
docs/datc-format.md (phase, units, centers, dislodged, contested) plus the
rule set's ``state``; orders are lines of text per power; a knowledge record
is the structure of docs/knowledge-record.md. Models and actions never reach
into ``adjudication`` themselves for play; order entry (games.order_entry)
reads the public map and the power's own record.

Names on this side say "phase" (``run_phase``, ``PhaseResult``); the rules'
own entry points are ``adjudication.fog.play_phase`` and, below it,
``adjudication.engine.adjudicate``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from adjudication.edits import BoardEdit, EditError, apply_edit  # noqa: F401 (used by actions)
from adjudication.fog import Preset, get_preset, initial_records, observer_record, play_phase
from adjudication.fog.edit import edited_records
from adjudication.fog.play import engine_rules
from adjudication.fog.saari1898 import CENTRE_TOTALS
from adjudication.mapgraph import MapGraph
from adjudication.parsing import ParseError
from adjudication.phases import has_nothing_to_do, winner
from adjudication.record import GAME_MASTER, OBSERVER
from adjudication.serialisation import (
    StepError,
    outcome_to_json,
    position_from_step,
    position_to_step,
)
from adjudication.setup import start_1898
from adjudication.types import Position

Json = dict[str, Any]


class EngineError(Exception):
    """Adjudication could not run; the message becomes the phase's failure reason."""


@dataclass(frozen=True)
class PhaseResult:
    """What running one phase produced: its outcome, the next board, every record."""

    outcome: Json
    next_position: Json
    records: dict[str, Json] = field(default_factory=dict)
    winner: str = ""


def rules_of(preset: str) -> Preset:
    return get_preset(preset)


def board(preset: str) -> MapGraph:
    """The board the rule set plays on: the one place the server learns its map
    (provinces, powers, home centres), so a new board is data plus a preset."""
    return rules_of(preset).graph


def powers(preset: str) -> tuple[str, ...]:
    """The powers of the rule set's board, in the board's order."""
    return board(preset).powers


def centres_published(preset: str) -> str:
    """What the rule set tells everyone of the centres: "owners", "totals" or "none"."""
    return str(rules_of(preset).centres_published)


def centre_totals_in(messages: tuple[str, ...]) -> str:
    """The published centre totals among a record's messages ("5, 4, 3, ..."), or ""."""
    found = [m for m in messages if m.startswith(CENTRE_TOTALS)]
    return found[-1].removeprefix(CENTRE_TOTALS) if found else ""


def orders_in_advance(preset: str) -> bool:
    """Retreat and adjustment lists go with the movement orders (the 1989 rules)."""
    return bool(rules_of(preset).rules.orders_in_advance)


def two_seasons(preset: str) -> bool:
    """One deadline a season: movement, retreats (and adjustments) together (1989)."""
    return rules_of(preset).rules.seasons == "two"


# --- positions --------------------------------------------------------------


def starting_position(preset: str, start_year: int, choices: dict[str, str] | None = None) -> Json:
    """The opening board as JSON: 1901's standard start or 1898's one unit each,
    with whatever state the rule set carries from phase to phase."""
    rules = rules_of(preset)
    position = start_1898(choices or {}, rules.graph) if start_year == 1898 else rules.start()
    return position_json(position, rules.initial_state(position))


def position_json(position: Position, state: Json) -> Json:
    return {**position_to_step(position), "state": state}


def read_position(data: Json, graph: MapGraph) -> tuple[Position, Json]:
    step = {key: value for key, value in data.items() if key != "state"}
    return position_from_step(step, graph), dict(data.get("state") or {})


def powers_on_board(position: Json) -> list[str]:
    owners = set(position.get("units", {})) | set(position.get("centers", {}))
    return sorted(
        power for power in owners if position["units"].get(power) or _centres(position, power)
    )


def _centres(position: Json, power: str) -> list[str]:
    return list(position.get("centers", {}).get(power, []))


# --- running phases ------------------------------------------------------------


def run_phase(
    preset: str,
    position_data: Json,
    orders: dict[str, list[str]],
    previous: dict[str, Json],
    extras: dict[str, Json] | None = None,
) -> PhaseResult:
    """Resolve one phase and work out what every power may know after it.

    ``previous`` holds each power's record before the phase (and OBSERVER's);
    ``extras`` each power's lists sent in advance (reynolds1989).
    """
    rules = rules_of(preset)
    position, state = read_position(position_data, rules.graph)
    previous = {key: record for key, record in previous.items() if key != GAME_MASTER}
    try:
        advance = advance_lists(extras or {})
        played = play_phase(rules, position, orders, previous, state, advance)
    except (ParseError, StepError) as error:
        raise EngineError(str(error)) from error
    records = {**played.records, GAME_MASTER: played.gm_record, OBSERVER: played.observer_record}
    return PhaseResult(
        outcome=outcome_to_json(played.outcome),
        next_position=position_json(played.position, played.state),
        records=records,
        winner=winner(played.position, engine_rules(rules)) or "",
    )


def run_phase_if_nothing_to_do(
    preset: str, position_data: Json, previous: dict[str, Json]
) -> PhaseResult | None:
    """Standard games play out, with no orders, a retreat or adjustment phase
    where nobody has a choice; fog games hold every phase (ruling 3, docs/rulings.md)."""
    rules = rules_of(preset)
    position, _ = read_position(position_data, rules.graph)
    if rules.rules.hold_every_phase or not has_nothing_to_do(position, rules.graph):
        return None
    return run_phase(preset, position_data, {}, previous)


def opening_records(preset: str, position_data: Json) -> dict[str, Json]:
    """The records before the first phase: what each power knows at the start."""
    rules = rules_of(preset)
    position, state = read_position(position_data, rules.graph)
    records, gm_record = initial_records(rules, position, state)
    records = {**records, GAME_MASTER: gm_record}
    records[OBSERVER] = observer_record(rules, position)
    return records


def advance_lists(extras: dict[str, Json]) -> Json:
    """The ``advance`` argument of play_phase from each power's saved lists."""
    return {
        "retreat_lists": {p: e.get("retreat_lists", {}) for p, e in extras.items()},
        "adjustment_lists": {p: e.get("adjustment_lists", []) for p, e in extras.items()},
    }


# --- board edits ---------------------------------------------------------------


@dataclass(frozen=True)
class BoardEdited:
    """A board edit: the new position, what changed in words, and the new
    records of the powers whose view it changed (and the game master's)."""

    position: Json
    description: str
    records: dict[str, Json]


def edit_board(
    preset: str, position_data: Json, edit: BoardEdit, records: dict[str, Json]
) -> BoardEdited:
    """Apply the game master's edit; EditError names what is wrong with it."""
    rules = rules_of(preset)
    before, state = read_position(position_data, rules.graph)
    after, description = apply_edit(before, edit, rules.graph)
    changed = edited_records(rules, before, after, records, state)
    return BoardEdited(position_json(after, state), description, changed)
