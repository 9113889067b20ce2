""" "Fog-of-War Diplomacy", Phil Reynolds 1989 (preset ``reynolds1989``).

A foreign unit is sighted when an own unit could make one legal move,
without convoy, onto its exact spot.  No foreign orders are ever reported.
Two seasons a year, each one deadline: retreats and adjustments are sent in
advance with the orders (see :mod:`adjudication.fog.advance`).  No retreat
options are offered.  After each Fall/Winter a player learns which centres it
controls and what adjustments it made.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import replace

from adjudication.fog.facts import RETREAT, PhaseFacts
from adjudication.fog.knowledge import Record, Revelation
from adjudication.fog.observe import own_lines, show
from adjudication.fog.preset import PhaseRules, Preset, State
from adjudication.fog.vision import fully_reached_1989, is_sighted_1989
from adjudication.types import PhaseKind, Position, Unit


class Reynolds1989(Preset):
    name = "reynolds1989"
    rules = PhaseRules(seasons="two", orders_in_advance=True, retreat_options_offered=False)
    centres_by_sight = False

    def sight(
        self, power: str, units: Iterable[Unit], centres: Mapping[str, str]
    ) -> frozenset[str]:
        return fully_reached_1989(self.graph, units)

    def seen_units(
        self,
        power: str,
        sees: frozenset[str],
        units: Iterable[Unit],
        own: Iterable[Unit],
        lookouts: Iterable[Unit] = (),
    ) -> frozenset[Unit]:
        """Own units, and foreign ones an own unit (dislodged ones too) could move onto.

        A dislodged unit also sees its own province, where its attacker now stands.
        """
        own = list(own)
        watchers = own + list(lookouts)
        posts = {u.province for u in lookouts}
        return frozenset(
            u
            for u in units
            if u.power == power or u.province in posts or is_sighted_1989(self.graph, watchers, u)
        ) | set(own)

    def reveal_start(self, position: Position, power: str, state: State) -> Revelation:
        return self.static(power, position.units, position.centres)

    def reveal_movement(
        self, facts: PhaseFacts, power: str, previous: Record | None, state: State
    ) -> Revelation:
        known = self.movement_static(facts, power, orders=own_lines(facts, power))
        known = replace(known, centres=_centres_told(previous, facts, power))
        return self.with_retreats(known, facts, power)

    def reveal_retreat(
        self, facts: PhaseFacts, power: str, previous: Record | None, state: State
    ) -> Revelation:
        known = self.static(power, facts.after, facts.centres_after, orders=own_lines(facts, power))
        return replace(
            known,
            units=known.units | _retreat_sightings(facts, power),
            centres=_centres_told(previous, facts, power),
        )

    def season_report(
        self, season: Sequence[tuple[PhaseFacts, Revelation]], power: str
    ) -> Revelation:
        """The season's report; a retreat sighting lasts to the season's end
        (through the Winter adjustments) while both units still stand."""
        report = super().season_report(season, power)
        standing = set(season[-1][0].after)
        kept = {
            unit
            for facts, _ in season
            if facts.kind is PhaseKind.RETREAT
            for pair in _retreat_pairs(facts)
            if set(pair) <= standing
            for unit in _retreat_sightings_of(pair, power)
        }
        return replace(report, units=report.units | kept)

    def reveal_adjustment(
        self, facts: PhaseFacts, power: str, previous: Record | None, state: State
    ) -> Revelation:
        known = self.static(power, facts.after, facts.centres_after, orders=own_lines(facts, power))
        owned = sorted(c for c, owner in facts.centres_after.items() if owner == power)
        made = [
            _made(act.kind, act.unit) for act in facts.acts if act.power == power and act.succeeded
        ]
        names = ", ".join(show(c) for c in owned) or "none"
        noun = "centre" if len(owned) == 1 else "centres"
        messages = [f"You control {len(owned)} supply {noun}: {names}"]
        messages.append("Adjustments made: " + (", ".join(made) if made else "none"))
        return replace(known, messages=tuple(messages))


def _made(kind: str, unit: Unit) -> str:
    verb = "built" if kind == "build" else "removed"
    return f"{unit.kind.value} {show(unit.location)} {verb}"


def _centres_told(previous: Record | None, facts: PhaseFacts, power: str) -> dict[str, str | None]:
    """Own centres as last told (after the last Winter), else as the phase began."""
    if previous is not None:
        return dict.fromkeys(previous.get("centers", {}).get(power, ()), power)
    return {c: owner for c, owner in facts.centres_before.items() if owner == power}


def _retreat_sightings(facts: PhaseFacts, power: str) -> frozenset[Unit]:
    """A retreated unit is seen from the province it was dislodged from, and sees back."""
    return frozenset(
        u for pair in _retreat_pairs(facts) for u in _retreat_sightings_of(pair, power)
    )


def _retreat_sightings_of(pair: tuple[Unit, Unit], power: str) -> list[Unit]:
    attacker, retreated = pair
    seen = [retreated] if attacker.power == power else []
    return seen + ([attacker] if retreated.power == power else [])


def _retreat_pairs(facts: PhaseFacts) -> list[tuple[Unit, Unit]]:
    """(the unit that dislodged, the unit that retreated) for each retreat made."""
    pairs = []
    for act in facts.acts:
        if act.kind != RETREAT or not act.succeeded or act.target is None:
            continue
        retreated = next((u for u in facts.after if u.location == act.target), None)
        attacker = facts.unit_after(act.province)
        if retreated is not None and attacker is not None:
            pairs.append((attacker, retreated))
    return pairs
