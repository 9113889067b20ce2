"""Mikko Saari's fog on the 1898 start (preset ``saari1898``).

Sight: every own centre and every own unit, with every province bordering
them.  Foreign moves are shown by what was in sight: the start if it was in
sight before the turn, the end if it is in sight after ("A ??? - Sil",
"A Sil - ???"); supports and convoys in sight are shown with the named order
masked the same way ("A Sil S A ??? - War", "A Sil S ???").  A failed move
learns how many units defended its target, or that another unit tried the
same province.  Each Winter every player learns the seven centre totals.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import replace

from adjudication.fog.facts import CONVOY, FAIL, ILLEGAL, MOVE, SUPPORT, Act, PhaseFacts
from adjudication.fog.knowledge import Record, Revelation
from adjudication.fog.observe import Seen, mask_aid, own_lines, seen_act, show, sort_seen
from adjudication.fog.preset import PhaseRules, Preset, State
from adjudication.fog.vision import owned_centres, sight_by_any_border
from adjudication.setup import start_1898
from adjudication.types import Position, Unit


class Saari1898(Preset):
    name = "saari1898"
    rules = PhaseRules(setup=True)

    def start(self, choices: Mapping[str, str] | None = None) -> Position:
        return start_1898(choices, self.graph)

    def sight(
        self, power: str, units: Iterable[Unit], centres: Mapping[str, str]
    ) -> frozenset[str]:
        places = {unit.province for unit in units} | owned_centres(dict(centres), power)
        return sight_by_any_border(self.graph, places)

    def reveal_movement(
        self, facts: PhaseFacts, power: str, previous: Record | None, state: State
    ) -> Revelation:
        before = self.sight_before(facts, power)
        known = self.movement_static(facts, power)
        after = known.sees
        seen = sort_seen(
            s
            for act in facts.acts
            if act.power != power and act.result != ILLEGAL
            for s in [_observe(act, before, after)]
            if s is not None
        )
        known = replace(
            known, orders=own_lines(facts, power) + seen, messages=_notices(facts, power)
        )
        return self.with_retreats(known, facts, power)

    def reveal_adjustment(
        self, facts: PhaseFacts, power: str, previous: Record | None, state: State
    ) -> Revelation:
        known = super().reveal_adjustment(facts, power, previous, state)
        return replace(known, messages=(*known.messages, self.centre_totals(facts.centres_after)))

    def centre_totals(self, centres: Mapping[str, str]) -> str:
        counts = [sum(1 for owner in centres.values() if owner == p) for p in self.graph.powers]
        return "Centre totals: " + ", ".join(str(n) for n in sorted(counts, reverse=True))


def _observe(act: Act, before: frozenset[str], after: frozenset[str]) -> Seen | None:
    during = before | after
    if act.kind == MOVE:
        return _observe_move(act, before, after, during)
    if act.kind in (SUPPORT, CONVOY) and act.province in during:
        return replace(mask_aid(seen_act(act), lambda p: p in during), result=None)
    return None


def _observe_move(
    act: Act, before: frozenset[str], after: frozenset[str], during: frozenset[str]
) -> Seen | None:
    seen = seen_act(act)
    start, end = act.province, act.target_province or ""
    if act.succeeded:
        shown_start, shown_end = start in before, end in after
    else:
        # The unit never left: it is watched if its province was ever in sight.
        shown_start = start in during
        shown_end = shown_start and end in during
    if not (shown_start or shown_end):
        return None
    return replace(
        seen, origin=seen.origin if shown_start else None, to=seen.to if shown_end else None
    )


def _notices(facts: PhaseFacts, power: str) -> tuple[str, ...]:
    notes: list[str] = []
    for act in facts.acts:
        if act.power == power and act.kind == MOVE and act.result == FAIL:
            notes += _failure_notes(facts, act)
    return tuple(notes)


def _failure_notes(facts: PhaseFacts, act: Act) -> list[str]:
    target = act.target_province or ""
    rivals = [other for other in facts.moves_into(target) if other.unit != act.unit]
    notes = []
    if rivals:
        count = "Another unit" if len(rivals) == 1 else f"{len(rivals)} other units"
        notes.append(f"{count} also tried to move to {show(target)}")
    defenders = _defenders(facts, target)
    if defenders:
        noun = "unit" if defenders == 1 else "units"
        notes.append(f"{show(target)} was defended by {defenders} {noun}")
    return notes


def _defenders(facts: PhaseFacts, province: str) -> int:
    """The unit that stayed in ``province`` and the hold supports it was given."""
    stayer = facts.act_in(province)
    if stayer is None:
        return 0
    if stayer.kind == MOVE and not stayer.void:
        return 0 if stayer.succeeded else 1
    supports = [s for s in facts.supports_of(stayer) if s.succeeded]
    return 1 + len(supports)
