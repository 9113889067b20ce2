"""Playing a phase under a rule set: adjudicate, then tell each power its part.

    preset = get_preset("dc2005")
    position = preset.start()
    records, gm = initial_records(preset, position)
    played = play_phase(preset, position, orders, records)
    played.records["GERMANY"]   # the knowledge record Germany may see

Each power's new record is made from its previous record and what the rule
set reveals to it this phase, nothing else.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from adjudication.engine import adjudicate
from adjudication.fog.facts import PhaseFacts, facts_from_outcome
from adjudication.fog.knowledge import Record, Revelation, next_record
from adjudication.fog.preset import Preset
from adjudication.fog.standard import Standard
from adjudication.outcome import Outcome
from adjudication.phases import DIPLOMYOPIA_RULES, STANDARD_RULES, Rules
from adjudication.types import PhaseKind, Position

Orders = Mapping[str, Sequence[str]]


@dataclass(frozen=True)
class PlayedPhase:
    """What playing one phase gives: the engine's outcome, the next position,
    every power's new knowledge record, the game master's, and the state the
    rule set carries on (Diplomyopia's garrisons)."""

    outcome: Outcome
    position: Position
    records: dict[str, Record]
    gm_record: Record
    state: dict[str, Any] = field(default_factory=dict)
    reports: dict[str, Revelation] = field(default_factory=dict)


def engine_rules(preset: Preset) -> Rules:
    return DIPLOMYOPIA_RULES if preset.rules.centres_every_season else STANDARD_RULES


def initial_records(
    preset: Preset, position: Position, state: Mapping[str, Any] | None = None
) -> tuple[dict[str, Record], Record]:
    """Every power's record before the first phase (phase ``SETUP``), and the GM's."""
    state = state if state is not None else preset.initial_state(position)
    records = {
        power: next_record(
            None, preset.reveal_start(position, power, state), preset.name, power, "SETUP"
        )
        for power in preset.graph.powers
    }
    gm = Standard(preset.graph).reveal_start(position, "", state)
    return records, next_record(None, gm, preset.name, None, "SETUP")


def resolve(preset: Preset, position: Position, orders: Orders) -> tuple[Outcome, PhaseFacts]:
    """Adjudicate one phase and restate it as facts under the preset's centre rules."""
    outcome = adjudicate(position, orders, engine_rules(preset), preset.graph)
    centres = dict(outcome.next_position.centres)
    if position.phase.kind is PhaseKind.MOVEMENT and preset.rules.centres_every_season:
        centres = preset.centres_after(position.centres, outcome.next_position.units)
    return outcome, facts_from_outcome(preset.graph, outcome, centres)


def reveal_all(
    preset: Preset, facts: PhaseFacts, records: Mapping[str, Record], state: Mapping[str, Any]
) -> dict[str, Revelation]:
    return {
        power: preset.reveal(facts, power, records.get(power), state)
        for power in preset.graph.powers
    }


def play_phase(
    preset: Preset,
    position: Position,
    orders: Orders,
    records: Mapping[str, Record],
    state: Mapping[str, Any] | None = None,
) -> PlayedPhase:
    """Adjudicate ``position``'s phase and give every power its new record."""
    state = dict(state) if state is not None else preset.initial_state(position)
    outcome, facts = resolve(preset, position, orders)
    reports = reveal_all(preset, facts, records, state)
    phase = str(position.phase)
    new_records = {
        power: next_record(records.get(power), reports[power], preset.name, power, phase)
        for power in preset.graph.powers
    }
    gm = Standard(preset.graph).reveal(facts, "", None, state)
    next_position = outcome.next_position
    if preset.rules.centres_every_season and position.phase.kind is PhaseKind.MOVEMENT:
        next_position = replace(next_position, centres=facts.centres_after)
    return PlayedPhase(
        outcome=outcome,
        position=next_position,
        records=new_records,
        gm_record=next_record(None, gm, preset.name, None, phase),
        state=preset.next_state(facts, state),
        reports=reports,
    )
