""" "Fog of War", Diplomaticcorp 2005 (preset ``dc2005``).

Sight: each unit's province and where it could move; each owned centre sees
itself.  In a movement phase each unit watches "activity affecting" a few
provinces, chosen by its order (ruling 8, docs/rulings.md); owned centres watch moves
into themselves.  Watched orders are reported whole with their result, save
convoyed armies and convoy chains, which show only what was watched.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import replace

from adjudication.fog.facts import (
    CONVOY,
    DISBAND,
    FAIL,
    HOLD,
    MOVE,
    RETREAT,
    SUCCESS,
    SUPPORT,
    Act,
    PhaseFacts,
)
from adjudication.fog.knowledge import Record, Revelation
from adjudication.fog.observe import Seen, chain_line, own_lines, seen_act, sort_seen
from adjudication.fog.preset import Preset, State
from adjudication.fog.revealed import with_revealed_units
from adjudication.fog.vision import move_reach, owned_centres, sight_by_movement
from adjudication.types import Unit


class Dc2005(Preset):
    name = "dc2005"

    def sight(
        self, power: str, units: Iterable[Unit], centres: Mapping[str, str]
    ) -> frozenset[str]:
        return sight_by_movement(self.graph, units) | owned_centres(dict(centres), power)

    def reveal_movement(
        self, facts: PhaseFacts, power: str, previous: Record | None, state: State
    ) -> Revelation:
        watched = self.watched(facts, power)
        centres = owned_centres(dict(facts.centres_before), power)
        observed = [
            self.observe(facts, act, watched, centres)
            for act in facts.acts
            if act.power != power and not act.void
        ]
        found = [s for s in observed if s is not None]
        seen = sort_seen(found + self.holders_met(facts, power, found))
        known = self.movement_static(facts, power, orders=own_lines(facts, power) + seen)
        known = with_revealed_units(known, facts, seen)
        return self.with_retreats(known, facts, power)

    def reveal_retreat(
        self, facts: PhaseFacts, power: str, previous: Record | None, state: State
    ) -> Revelation:
        """A centre sees the unit that takes it: one lost to a retreat stays lit
        in this report, and goes dark only after the retreat phase."""
        lost = frozenset(
            act.target_province
            for act in facts.acts
            if act.kind == RETREAT
            and act.succeeded
            and act.target_province is not None
            and facts.centres_before.get(act.target_province) == power
            and act.power != power
        )
        return self.changes_in_sight(facts, power, (RETREAT, DISBAND), still_lit=lost)

    def holders_met(self, facts: PhaseFacts, power: str, seen: list[Seen]) -> list[Seen]:
        """Units that stayed in the target of an own convoyed move, as holds.

        An overland mover sees its target's occupant anyway; a convoyed army
        does not, yet the unit holding there challenged its move.
        """
        shown = {s.origin for s in seen}
        met = []
        for act in facts.acts:
            if act.power != power or act.kind != MOVE or act.void or not act.via_convoy:
                continue
            stayer = facts.act_in(act.target_province or "")
            if stayer is None or stayer.power == power or stayer.unit.location in shown:
                continue
            if stayer.kind == MOVE and not stayer.void:
                continue
            lost = any(entry.unit == stayer.unit for entry in facts.dislodged)
            met.append(replace(seen_act(stayer), kind=HOLD, result=FAIL if lost else SUCCESS))
        return met

    def watched(self, facts: PhaseFacts, power: str) -> frozenset[str]:
        """Every province some unit of ``power`` watches this phase."""
        found: set[str] = set()
        for act in facts.acts:
            if act.power == power:
                found |= self.watched_by(act)
        return frozenset(found)

    def watched_by(self, act: Act) -> set[str]:
        here = act.province
        if act.acts_as_hold:
            return {here} | set(move_reach(self.graph, act.unit))
        if act.kind == MOVE:
            return {here, act.target_province or here}
        watched = {here, act.supported_to or act.supported or here}
        if act.supported_to and act.supported in move_reach(self.graph, act.unit):
            watched.add(act.supported or here)
        return watched

    def observe(
        self, facts: PhaseFacts, act: Act, watched: frozenset[str], centres: frozenset[str]
    ) -> Seen | None:
        if act.kind == MOVE:
            return _observe_move(act, watched, centres)
        if act.kind == SUPPORT:
            return _observe_support(act, watched, centres)
        if act.kind == CONVOY and act.province in watched:
            return chain_line(self.graph, facts, act)
        return None


def _observe_move(act: Act, watched: frozenset[str], centres: frozenset[str]) -> Seen | None:
    start, end = act.province, act.target_province or ""
    start_seen, end_seen = start in watched, end in watched or end in centres
    if not (start_seen or end_seen):
        return None
    seen = seen_act(act)
    if not act.via_convoy:
        return seen
    # A convoyed army shows only the end that was watched; its owner is
    # known only if its start or arrival was.
    return replace(
        seen,
        origin=seen.origin if start_seen else None,
        to=seen.to if end_seen else None,
    )


def _observe_support(act: Act, watched: frozenset[str], centres: frozenset[str]) -> Seen | None:
    if act.supported_to is None:
        affected = {act.supported or ""} & watched
    else:
        affected = ({act.supported or "", act.supported_to} & watched) | (
            {act.supported_to} & centres
        )
    return seen_act(act) if affected else None
