""" "Diplomyopia", Colin Hemming 1972 (preset ``diplomyopia``).

Sight: each own unit's province and every province with any border to it.
Movement reports tell events, not orders: what a holding unit sees around
it, "succeeded" for a move, who stood a failed move off.  Land provinces are
held by garrisons: a province stays its last occupier's until another
power's unit ends a season there, and its former holder is told.  Centres
change hands every season.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import replace
from typing import Any, NamedTuple

from adjudication.fog.facts import CONVOY, MOVE, SUPPORT, Act, PhaseFacts
from adjudication.fog.knowledge import Record, Revelation
from adjudication.fog.observe import own_lines, show
from adjudication.fog.preset import PhaseRules, Preset, State
from adjudication.fog.vision import sight_by_any_border
from adjudication.types import Position, Unit, UnitType

ADJECTIVES = {
    "AUSTRIA": "Austrian",
    "ENGLAND": "English",
    "FRANCE": "French",
    "GERMANY": "German",
    "ITALY": "Italian",
    "RUSSIA": "Russian",
    "TURKEY": "Turkish",
}


def adjective(power: str) -> str:
    return ADJECTIVES.get(power, power.capitalize())


def noun(kind: UnitType, count: int = 1) -> str:
    if kind is UnitType.ARMY:
        return "army" if count == 1 else "armies"
    return "fleet" if count == 1 else "fleets"


def a_unit(unit: Unit) -> str:
    """ "a French army", "an English fleet"."""
    word = adjective(unit.power)
    article = "an" if word[0] in "AEIOU" else "a"
    return f"{article} {word} {noun(unit.kind)}"


def counted(units: Iterable[Unit]) -> str:
    """ "three French armies and an English fleet"."""
    groups = Counter((u.power, u.kind) for u in units)
    parts = []
    for (power, kind), count in sorted(groups.items()):
        if count == 1:
            parts.append(a_unit(Unit(power, kind, "")))
        else:
            parts.append(f"{count} {adjective(power)} {noun(kind, count)}")
    return _join(parts)


def _join(parts: list[str]) -> str:
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]


class Diplomyopia(Preset):
    name = "diplomyopia"
    rules = PhaseRules(centres_every_season=True)

    def sight(
        self, power: str, units: Iterable[Unit], centres: Mapping[str, str]
    ) -> frozenset[str]:
        return sight_by_any_border(self.graph, {unit.province for unit in units})

    def initial_state(self, position: Position) -> dict[str, Any]:
        return {"control": self.control_after(dict(position.centres), position.units)}

    def is_land(self, province: str) -> bool:
        return self.graph.kind(province) in ("land", "coast")

    def control_after(self, control: Mapping[str, str], units: Iterable[Unit]) -> dict[str, str]:
        """Garrisons: each land province belongs to the last power to end a season there."""
        held = dict(control)
        held.update({u.province: u.power for u in units if self.is_land(u.province)})
        return dict(sorted(held.items()))

    def next_state(self, facts: PhaseFacts, state: State) -> dict[str, Any]:
        control = dict(state.get("control", {}))
        control.update(facts.centres_before)
        return {**state, "control": self.control_after(control, facts.after)}

    def centres_after(self, centres: Mapping[str, str], units: Iterable[Unit]) -> dict[str, str]:
        held = self.control_after(centres, units)
        return {p: owner for p, owner in held.items() if p in self.graph.supply_centres}

    # --- reports ---------------------------------------------------------------

    def reveal_movement(
        self, facts: PhaseFacts, power: str, previous: Record | None, state: State
    ) -> Revelation:
        views = [self.view(facts, act, power) for act in facts.acts if act.power == power]
        messages = [m for view in views for m in view.messages]
        messages += self.captures(facts, power, state)
        known = self.movement_static(
            facts,
            power,
            orders=own_lines(facts, power),
            events=tuple(dict.fromkeys(e for view in views for e in view.events)),
            messages=tuple(dict.fromkeys(messages)),
            standoffs=frozenset(p for view in views for p in view.standoffs),
        )
        return self.with_retreats(known, facts, power)

    def reveal_retreat(
        self, facts: PhaseFacts, power: str, previous: Record | None, state: State
    ) -> Revelation:
        known = super().reveal_retreat(facts, power, previous, state)
        return replace(known, messages=known.messages + tuple(self.captures(facts, power, state)))

    def captures(self, facts: PhaseFacts, power: str, state: State) -> list[str]:
        """ "Piedmont captured by a French army": a garrison of ``power`` was taken."""
        control = {**state.get("control", {}), **facts.centres_before}
        present = {u.province for u in facts.before if u.power == power}
        return [
            f"{self.graph.provinces[unit.province].name} captured by {a_unit(unit)}"
            for unit in facts.after
            if control.get(unit.province) == power
            and unit.power != power
            and unit.province not in present
        ]

    def view(self, facts: PhaseFacts, act: Act, power: str, depth: int = 0) -> View:
        """What one unit sees of the phase, by what it was ordered to do."""
        notes = self.dislodged_note(facts, act)
        if act.kind == MOVE and not act.void:
            messages = self.move_view(facts, act)
            told = {act.target_province} & facts.contested if messages else set()
            return View([], messages + notes, frozenset(p for p in told if p))
        if self.lends_eyes(facts, act) and depth < 3:
            aided = facts.act_in(act.supported or "")
            assert aided is not None
            seen = self.view(facts, aided, power, depth + 1)
            return seen._replace(messages=seen.messages + notes)
        around = self.graph.neighbours.get(act.province, frozenset())
        return View(self.hold_view(facts, act, power), notes, around & facts.contested)

    def lends_eyes(self, facts: PhaseFacts, act: Act) -> bool:
        """A needed support sees what its unit sees; a convoying fleet the army
        reached sees what its army sees."""
        if act.void or act.kind not in (SUPPORT, CONVOY):
            return False
        if act.kind == CONVOY:
            return act.province in self.reached_fleets(facts, act)
        aided = facts.act_in(act.supported or "")
        return act.succeeded and aided is not None and _opposed(facts, aided)

    def reached_fleets(self, facts: PhaseFacts, fleet: Act) -> set[str]:
        """The fleets of ``fleet``'s chain the army reached: joined to its start by
        fleets still afloat.  Hemming: a fleet the chain broke before holds."""
        lost = {entry.unit.province for entry in facts.dislodged}
        afloat = {
            act.province
            for act in facts.acts
            if act.kind == CONVOY
            and not act.void
            and (act.supported, act.supported_to) == (fleet.supported, fleet.supported_to)
            and act.province not in lost
        }
        reached: set[str] = set()
        frontier = [fleet.supported or ""]
        while frontier:
            place = frontier.pop()
            for other in self.graph.neighbours.get(place, ()):
                if other in afloat and other not in reached:
                    reached.add(other)
                    frontier.append(other)
        return reached

    def dislodged_note(self, facts: PhaseFacts, act: Act) -> list[str]:
        for entry in facts.dislodged:
            if entry.unit == act.unit:
                origin = f" from {show(entry.attacker_from)}" if entry.attacker_from else ""
                return [f"{_unit(act.unit)} was dislodged by an attack{origin}"]
        return []

    def move_view(self, facts: PhaseFacts, act: Act) -> list[str]:
        if act.succeeded:
            return []
        target = act.target_province or ""
        opponents = facts.opponents(act)
        if not opponents:
            return []
        order = f"{_unit(act.unit)} - {show(act.target)}"
        if facts.unit_after(target) is None:
            where = [
                f"{a_unit(u)} in {show(u.location)}"
                for u in sorted(opponents, key=lambda u: (u.power, str(u)))
            ]
            return [f"{order} was stood off by {_join(where)}"]
        return [f"{order} was stood off by {counted(opponents)}"]

    def hold_view(self, facts: PhaseFacts, act: Act, power: str) -> list[str]:
        """What happens in every bordering province, and any attack on the unit."""
        events = []
        for province in sorted(self.graph.neighbours.get(act.province, ())):
            events += _province_events(facts, province, power)
        for attacker in facts.moves_into(act.province):
            if attacker.power != power:
                events.append(f"{show(act.province)} attacked from {show(attacker.unit.location)}")
        return events


class View(NamedTuple):
    """What one unit saw: report lines, messages, and the stand-offs it was told of."""

    events: list[str]
    messages: list[str]
    standoffs: frozenset[str]


def _unit(unit: Unit) -> str:
    return f"{unit.kind.value} {show(unit.location)}"


def _opposed(facts: PhaseFacts, act: Act) -> bool:
    """Was the move (or hold) contested at all?  Unopposed supports count as holds."""
    if act.kind != MOVE or act.void:
        return bool(facts.moves_into(act.province))
    target = act.target_province or ""
    rivals = [m for m in facts.moves_into(target) if m.unit != act.unit]
    stayer = facts.act_in(target)
    stayed = stayer is not None and not (
        stayer.kind == MOVE and stayer.succeeded and not stayer.void
    )
    return bool(rivals) or stayed


def _province_events(facts: PhaseFacts, province: str, power: str) -> list[str]:
    start = next((u for u in facts.before if u.province == province), None)
    fate = _fate(facts, start) if start is not None else None
    end = facts.unit_after(province)
    events = []
    if start is not None and start.power != power:
        events.append(f"{_whose(start)} {fate}")
    # Same power and type is not the same unit: whoever stands there now
    # arrived unless the unit that started there remained.
    if end is not None and fate != "remains" and end.power != power:
        events.append(f"{adjective(end.power)} {end.kind.value} arrives in {show(end.location)}")
    if province in facts.contested:
        movers = [
            a_unit(m.unit)
            for m in sorted(facts.moves_into(province), key=lambda m: (m.power, str(m.unit)))
        ]
        events.append(f"Stand-off in {show(province)} between {_join(movers)}")
    return events


def _whose(unit: Unit) -> str:
    return f"{adjective(unit.power)} {_unit(unit)}"


def _fate(facts: PhaseFacts, start: Unit) -> str:
    if any(entry.unit == start for entry in facts.dislodged):
        return "is dislodged"
    act = facts.act_in(start.province)
    if act is not None and act.kind == MOVE and act.succeeded and not act.void:
        return "leaves"
    return "remains"
