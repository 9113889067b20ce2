"""A phase as the fog rules read it: who ordered what, and what came of it.

The resolver says what happened; :class:`PhaseFacts` restates it per unit
("acts") so that each rule set can ask "what did the unit in Bur do?"
without knowing the resolver's internals.  Building the facts is pure.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace

from adjudication.mapgraph import MapGraph, province_of
from adjudication.orders import (
    Build,
    Convoy,
    Disband,
    Move,
    Order,
    Retreat,
    SupportHold,
    SupportMove,
    Waive,
)
from adjudication.outcome import MovementFacts, Outcome
from adjudication.types import Dislodged, Phase, PhaseKind, Position, Unit, UnitType
from adjudication.vocabulary import OrderKind

HOLD = OrderKind.HOLD.value
MOVE = OrderKind.MOVE.value
SUPPORT = OrderKind.SUPPORT.value
CONVOY = OrderKind.CONVOY.value
RETREAT = OrderKind.RETREAT.value
DISBAND = OrderKind.DISBAND.value
BUILD = OrderKind.BUILD.value
REMOVE = OrderKind.REMOVE.value
WAIVE = OrderKind.WAIVE.value

SUCCESS = "success"
FAIL = "fail"
ILLEGAL = "illegal"


@dataclass(frozen=True, slots=True)
class Act:
    """What one unit did in a phase.

    ``supported`` / ``supported_to`` name the supported or convoyed unit's
    province and destination; ``supported_to`` is None for a support to hold.
    ``supported_at`` is that destination as ordered, coast included
    ("SPA/NC"), for the report line.
    ``void`` marks an order that counts as a hold: illegal, or a support or
    convoy that matched no order.  ``ordered`` is False for a unit left
    without orders (it holds), or removed by the civil-disorder rule.
    """

    unit: Unit
    kind: str
    result: str
    target: str | None = None
    supported: str | None = None
    supported_kind: UnitType | None = None
    supported_to: str | None = None
    supported_at: str | None = None
    via_convoy: bool = False
    ordered: bool = True
    void: bool = False

    @property
    def power(self) -> str:
        return self.unit.power

    @property
    def province(self) -> str:
        return self.unit.province

    @property
    def acts_as_hold(self) -> bool:
        return self.kind == HOLD or self.void

    @property
    def target_province(self) -> str | None:
        return province_of(self.target) if self.target else None

    def moves_to(self, province: str) -> bool:
        return self.kind == MOVE and not self.void and self.target_province == province

    @property
    def succeeded(self) -> bool:
        return self.result == SUCCESS


@dataclass(frozen=True, slots=True)
class Given:
    """One order line as a power gave it, with its result (its own report line)."""

    power: str
    order: Order | None
    result: str
    unit: Unit | None
    text: str = ""


@dataclass(frozen=True)
class PhaseFacts:
    """Everything that happened in one phase, true and complete."""

    phase: Phase
    before: tuple[Unit, ...]
    after: tuple[Unit, ...]
    acts: tuple[Act, ...]
    given: Mapping[str, tuple[Given, ...]]
    centres_before: Mapping[str, str]
    centres_after: Mapping[str, str]
    dislodged: tuple[Dislodged, ...] = ()
    contested: frozenset[str] = frozenset()
    waiting: tuple[Dislodged, ...] = ()

    @property
    def kind(self) -> PhaseKind:
        return self.phase.kind

    def act_in(self, province: str) -> Act | None:
        for act in self.acts:
            if act.province == province and act.kind not in (BUILD,):
                return act
        return None

    def unit_after(self, province: str) -> Unit | None:
        for unit in self.after:
            if unit.province == province:
                return unit
        return None

    def moves_into(self, province: str) -> tuple[Act, ...]:
        return tuple(act for act in self.acts if act.moves_to(province))

    def defenders(self, province: str) -> tuple[Unit, ...]:
        """The unit that stayed in ``province`` and the uncut supports it got to hold.

        A unit that tried to move away and failed defends alone: supports of
        its own move elsewhere defend nothing here.  (One rule for every
        report that counts a defence: Saari's defender count, Diplomyopia's
        "stood off by".)
        """
        stayer = self.act_in(province)
        if stayer is None or stayer.kind in (RETREAT, DISBAND, REMOVE):
            return ()
        if stayer.kind == MOVE and not stayer.void:
            return () if stayer.succeeded else (stayer.unit,)
        return (stayer.unit, *(s.unit for s in self.supports_of(stayer) if s.succeeded))

    def opponents(self, mover: Act) -> tuple[Unit, ...]:
        """Every unit that really opposed ``mover``'s move: the target's
        defenders, and each other move into the target with its uncut supports."""
        target = mover.target_province or ""
        found = list(self.defenders(target))
        for rival in self.moves_into(target):
            if rival.unit != mover.unit:
                found += [rival.unit, *(s.unit for s in self.supports_of(rival) if s.succeeded)]
        return tuple(u for u in dict.fromkeys(found) if u != mover.unit)

    def supports_of(self, mover: Act) -> tuple[Act, ...]:
        """Matched supports for ``mover``'s move (or hold, when it holds)."""
        to = mover.target_province if mover.kind == MOVE and not mover.void else None
        return tuple(
            act
            for act in self.acts
            if act.kind == SUPPORT
            and not act.void
            and act.supported == mover.province
            and act.supported_to == to
        )


def facts_from_outcome(
    graph: MapGraph, outcome: Outcome, centres_after: Mapping[str, str]
) -> PhaseFacts:
    """Restate the resolver's :class:`Outcome` of one phase as facts.

    ``centres_after`` is the ownership the rule set says holds after the
    phase (Diplomyopia moves centres every season, the others after Fall).
    """
    position = outcome.position
    given = _given(position, outcome)
    if position.phase.kind is PhaseKind.MOVEMENT:
        acts = _movement_acts(graph, position, given, outcome.facts)
    elif position.phase.kind is PhaseKind.RETREAT:
        acts = _retreat_acts(position.dislodged, given)
    else:
        acts = _adjustment_acts(position.units, given, outcome.next_position.units)
    after = outcome.next_position.units
    return PhaseFacts(
        phase=position.phase,
        before=position.units,
        after=tuple(after),
        acts=acts,
        given=given,
        centres_before=dict(position.centres),
        centres_after=dict(centres_after),
        dislodged=outcome.dislodged,
        contested=outcome.contested,
        waiting=position.dislodged,
    )


def _given(position: Position, outcome: Outcome) -> dict[str, tuple[Given, ...]]:
    units = {unit.province: unit for unit in position.units}
    units.update({entry.unit.province: entry.unit for entry in position.dislodged})
    given: dict[str, list[Given]] = {}
    for entry in outcome.orders:
        location = getattr(entry.order, "location", None)
        unit = units.get(province_of(location)) if location else None
        given.setdefault(entry.power, []).append(
            Given(entry.power, entry.order, entry.result.value, unit, entry.text)
        )
    return {power: tuple(given[power]) for power in sorted(given)}


def _movement_acts(
    graph: MapGraph,
    position: Position,
    given: Mapping[str, tuple[Given, ...]],
    facts: MovementFacts | None,
) -> tuple[Act, ...]:
    raw = _first_orders(position.units, given)
    via = {move.source: move.via_convoy for move in (facts.moves if facts else ())}
    acts = [_movement_act(graph, unit, raw.get(unit.province), via) for unit in position.units]
    void = {s.supporter for s in (facts.supports if facts else ()) if s.void}
    return _mark_void([replace(a, void=True) if a.province in void else a for a in acts])


def _first_orders(
    before: Sequence[Unit], given: Mapping[str, tuple[Given, ...]]
) -> dict[str, Given]:
    """The order each unit acts on: its power's first legal one, else its first one."""
    found: dict[str, Given] = {}
    for lines in given.values():
        for line in lines:
            unit = line.unit
            if unit is None or unit.power != line.power:
                continue
            earlier = found.get(unit.province)
            if earlier is None or (earlier.result == ILLEGAL and line.result != ILLEGAL):
                found[unit.province] = line
    return found


def _movement_act(
    graph: MapGraph,
    unit: Unit,
    line: Given | None,
    via: Mapping[str, bool],
) -> Act:
    if line is None:
        return Act(unit, HOLD, SUCCESS, ordered=False)
    order, result = line.order, line.result
    if isinstance(order, Move):
        by_convoy = via.get(
            unit.province, order.via_convoy or not _adjacent(graph, unit, order.target)
        )
        return Act(
            unit, MOVE, result, target=order.target, via_convoy=by_convoy, void=result == ILLEGAL
        )
    if isinstance(order, SupportHold | SupportMove):
        to = order.target if isinstance(order, SupportMove) else None
        return _aided(unit, SUPPORT, result, order.supported, order.supported_kind, to)
    if isinstance(order, Convoy):
        return _aided(unit, CONVOY, result, order.army_from, UnitType.ARMY, order.army_to)
    return Act(unit, HOLD, result, void=result == ILLEGAL)


def _aided(
    unit: Unit, kind: str, result: str, supported: str, of: UnitType | None, to: str | None
) -> Act:
    to_province = province_of(to) if to else None
    return Act(
        unit,
        kind,
        result,
        supported=province_of(supported),
        supported_kind=of,
        supported_to=to_province,
        supported_at=to,
        void=result == ILLEGAL,
    )


def _adjacent(graph: MapGraph, unit: Unit, target: str) -> bool:
    if unit.kind is UnitType.ARMY:
        return graph.army_can_reach(unit.location, target)
    return province_of(target) in {
        province_of(t) for t in graph.fleet_adjacent.get(unit.location, ())
    }


def _mark_void(acts: list[Act]) -> tuple[Act, ...]:
    """A support or convoy is void when the unit it names did not do that."""
    by_province = {act.province: act for act in acts}
    return tuple(_voided(act, by_province) for act in acts)


def _voided(act: Act, by_province: Mapping[str, Act]) -> Act:
    if act.kind not in (SUPPORT, CONVOY) or act.void:
        return act
    aided = by_province.get(act.supported or "")
    if aided is None or not _matches(act, aided):
        return Act(act.unit, act.kind, act.result, ordered=act.ordered, void=True)
    if act.kind == CONVOY and not aided.via_convoy:
        # The engine sent the army over land: the convoy carried nothing and
        # counts as a hold, though the order named a real move.
        return replace(act, void=True)
    return act


def _matches(act: Act, aided: Act) -> bool:
    if act.kind == CONVOY and aided.unit.kind is not UnitType.ARMY:
        return False
    if act.supported_to is None:
        return not (aided.kind == MOVE and not aided.void)
    return aided.moves_to(act.supported_to)


def _retreat_acts(
    waiting: Sequence[Dislodged], given: Mapping[str, tuple[Given, ...]]
) -> tuple[Act, ...]:
    orders: dict[tuple[str, str], Given] = {}
    for lines in given.values():
        for line in lines:
            location = getattr(line.order, "location", "")
            key = (line.power, province_of(location))
            orders.setdefault(key, line)
    acts = []
    for entry in waiting:
        unit = entry.unit
        acts.append(_retreat_act(unit, orders.get((unit.power, unit.province))))
    return tuple(acts)


def _retreat_act(unit: Unit, line: Given | None) -> Act:
    if line is None:
        return Act(unit, DISBAND, SUCCESS, ordered=False)
    if isinstance(line.order, Retreat):
        return Act(unit, RETREAT, line.result, target=line.order.target)
    return Act(unit, DISBAND, line.result)


def _adjustment_acts(
    before: Sequence[Unit], given: Mapping[str, tuple[Given, ...]], after: Sequence[Unit]
) -> tuple[Act, ...]:
    acts = []
    for lines in given.values():
        for line in lines:
            act = _adjustment_act(line)
            if act is not None:
                acts.append(act)
    after_set = set(after)
    ordered_removals = {act.unit for act in acts if act.kind == REMOVE and act.succeeded}
    for unit in before:
        if unit not in after_set and unit not in ordered_removals:
            acts.append(Act(unit, REMOVE, SUCCESS, ordered=False))
    return tuple(acts)


def _adjustment_act(line: Given) -> Act | None:
    order = line.order
    if isinstance(order, Build):
        return Act(Unit(line.power, order.kind, order.location), BUILD, line.result)
    if isinstance(order, Disband) and line.unit is not None:
        return Act(line.unit, REMOVE, line.result)
    if isinstance(order, Waive):
        return None
    return None
