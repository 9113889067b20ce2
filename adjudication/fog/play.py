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
from adjudication.fog.advance import adjustment_orders, foreign_sightings, retreat_orders
from adjudication.fog.facts import PhaseFacts, facts_from_outcome
from adjudication.fog.knowledge import Record, Revelation, merged, next_record
from adjudication.fog.preset import Preset
from adjudication.fog.standard import Standard
from adjudication.outcome import Outcome
from adjudication.phases import DIPLOMYOPIA_RULES, STANDARD_RULES, Rules
from adjudication.record import OBSERVER
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
    outcomes: tuple[Outcome, ...] = ()
    observer_record: Record = field(default_factory=dict)


def lit_centres(preset: Preset) -> frozenset[str]:
    """Centres whose owner a power learns by seeing their province."""
    return preset.graph.supply_centres if preset.centres_by_sight else frozenset()


def engine_rules(preset: Preset) -> Rules:
    """The engine's rules for the preset, with its board's victory count."""
    rules = DIPLOMYOPIA_RULES if preset.rules.centres_every_season else STANDARD_RULES
    return replace(rules, victory_centres=preset.graph.victory_centres)


def observer_record(preset: Preset, position: Position) -> Record:
    """What an observer (not the game master) may see before play: a power with nothing."""
    known = preset.reveal_start(position, OBSERVER, preset.initial_state(position))
    return next_record(None, known, preset.name, None, "SETUP")


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
        for power in (*preset.graph.powers, OBSERVER)
    }


def play_phase(
    preset: Preset,
    position: Position,
    orders: Orders,
    records: Mapping[str, Record],
    state: Mapping[str, Any] | None = None,
    advance: Mapping[str, Any] | None = None,
) -> PlayedPhase:
    """Adjudicate ``position``'s phase and give every power its new record.

    Under ``reynolds1989`` a movement phase is a whole season: ``advance``
    carries the ``retreat_lists`` and ``adjustment_lists`` sent with the
    orders (see :mod:`adjudication.fog.advance`), the retreat phase (and in
    Fall the adjustment phase) are played from them, and one record covers
    the season.
    """
    state = dict(state) if state is not None else preset.initial_state(position)
    if preset.rules.orders_in_advance and position.phase.kind is PhaseKind.MOVEMENT:
        sighted = {p: foreign_sightings(r.get("units", {}), p) for p, r in records.items()}
        season = play_season(preset, position, orders, records, state, sighted, advance or {})
    else:
        season = [adjudicated(preset, position, orders, records, state)]
    return _played(preset, season, records, state)


@dataclass(frozen=True)
class Adjudicated:
    """One phase adjudicated and told: the engine's outcome, the facts, each power's part."""

    outcome: Outcome
    facts: PhaseFacts
    reports: dict[str, Revelation]
    position: Position


def adjudicated(
    preset: Preset,
    position: Position,
    orders: Orders,
    records: Mapping[str, Record],
    state: Mapping[str, Any],
) -> Adjudicated:
    outcome, facts = resolve(preset, position, orders)
    next_position = outcome.next_position
    if preset.rules.centres_every_season and position.phase.kind is PhaseKind.MOVEMENT:
        next_position = replace(next_position, centres=facts.centres_after)
    return Adjudicated(outcome, facts, reveal_all(preset, facts, records, state), next_position)


def play_season(
    preset: Preset,
    position: Position,
    orders: Orders,
    records: Mapping[str, Record],
    state: Mapping[str, Any],
    sighted: Mapping[str, frozenset[str]],
    advance: Mapping[str, Any],
) -> list[Adjudicated]:
    """Movement, then the retreats and adjustments sent in advance (1989)."""
    season = [adjudicated(preset, position, orders, records, state)]
    lists = advance.get("retreat_lists", {})
    retreats = retreat_orders(season[-1].position, lists, sighted, preset.graph)
    season.append(adjudicated(preset, season[-1].position, retreats, records, state))
    if season[-1].position.phase.kind is PhaseKind.ADJUSTMENT:
        lists = advance.get("adjustment_lists", {})
        builds = adjustment_orders(season[-1].position, lists, sighted, preset.graph)
        season.append(adjudicated(preset, season[-1].position, builds, records, state))
    return season


def season_report(preset: Preset, season: Sequence[Adjudicated], power: str) -> Revelation:
    """One report for the phases of a season told at once (one phase: its own)."""
    return preset.season_report([(step.facts, step.reports[power]) for step in season], power)


def _played(
    preset: Preset,
    season: Sequence[Adjudicated],
    records: Mapping[str, Record],
    state: dict[str, Any],
) -> PlayedPhase:
    phase = str(season[-1].facts.phase)
    reports = {p: season_report(preset, season, p) for p in preset.graph.powers}
    gm = merged([Standard(preset.graph).reveal(step.facts, "", None, state) for step in season])
    for step in season:
        state = preset.next_state(step.facts, state)
    return PlayedPhase(
        outcome=season[-1].outcome,
        position=season[-1].position,
        records={
            p: next_record(records.get(p), reports[p], preset.name, p, phase, lit_centres(preset))
            for p in reports
        },
        gm_record=next_record(None, gm, preset.name, None, phase),
        state=state,
        reports=reports,
        outcomes=tuple(step.outcome for step in season),
        observer_record=next_record(
            records.get(OBSERVER),
            season_report(preset, season, OBSERVER),
            preset.name,
            None,
            phase,
            lit_centres(preset),
        ),
    )
