"""Full information (preset ``standard``): everyone sees everything."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import replace

from adjudication.fog.facts import PhaseFacts
from adjudication.fog.knowledge import Record, RetreatView, Revelation
from adjudication.fog.observe import own_lines
from adjudication.fog.preset import PhaseRules, Preset, State, unordered_note
from adjudication.types import Unit


class Standard(Preset):
    name = "standard"
    rules = PhaseRules(hold_every_phase=False)
    centres_published = "owners"

    def sight(
        self, power: str, units: Iterable[Unit], centres: Mapping[str, str]
    ) -> frozenset[str]:
        return frozenset(self.graph.provinces)

    def reveal(
        self, facts: PhaseFacts, power: str, previous: Record | None, state: State
    ) -> Revelation:
        """Every order of every power, as given, with its result: own first."""
        others = tuple(
            seen
            for other in sorted(facts.given)
            if other != power
            for seen in own_lines(facts, other)
        )
        known = self.movement_static(facts, power, orders=own_lines(facts, power) + others)
        notes = tuple(
            unordered_note(act) for act in facts.acts if not act.ordered and act.kind != "hold"
        )
        known = replace(known, units=frozenset(facts.after), messages=notes)
        views = tuple(
            RetreatView(d.unit, d.retreat_options) for d in facts.dislodged if d.unit.power == power
        )
        return replace(known, dislodged=views)
