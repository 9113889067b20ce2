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

#: how the Winter message of every power's record begins (read back by the game page)
CENTRE_TOTALS = "Centre totals: "


class Saari1898(Preset):
    name = "saari1898"
    rules = PhaseRules(setup=True)
    centres_published = "totals"  # see centre_totals below

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
            for s in [_observe(facts, act, before, after)]
            if s is not None
        )
        known = replace(
            known,
            orders=own_lines(facts, power) + seen,
            messages=_notices(facts, power),
            standoffs=_bounces_told(facts, power),
        )
        return self.with_retreats(known, facts, power)

    def reveal_adjustment(
        self, facts: PhaseFacts, power: str, previous: Record | None, state: State
    ) -> Revelation:
        known = super().reveal_adjustment(facts, power, previous, state)
        return replace(known, messages=(*known.messages, self.centre_totals(facts.centres_after)))

    def centre_totals(self, centres: Mapping[str, str]) -> str:
        counts = [sum(1 for owner in centres.values() if owner == p) for p in self.graph.powers]
        return CENTRE_TOTALS + ", ".join(str(n) for n in sorted(counts, reverse=True))


def _observe(
    facts: PhaseFacts, act: Act, before: frozenset[str], after: frozenset[str]
) -> Seen | None:
    during = before | after
    if act.kind == MOVE:
        shown_start, shown_end = _move_ends_shown(act, before, after)
        if not (shown_start or shown_end):
            return None
        return _with_ends(seen_act(act), shown_start, shown_end)
    if act.kind in (SUPPORT, CONVOY) and act.province in during:
        return replace(_named_order(facts, act, before, after), result=None)
    return None


def _move_ends_shown(act: Act, before: frozenset[str], after: frozenset[str]) -> tuple[bool, bool]:
    """Whether a move's start and its end are shown to a power with this sight."""
    start, end = act.province, act.target_province or ""
    if act.succeeded:
        return start in before, end in after
    # The unit never left: it is watched if its province was ever in sight.
    shown_start = start in before | after
    return shown_start, shown_start and end in before | after


def _with_ends(seen: Seen, shown_start: bool, shown_end: bool) -> Seen:
    return replace(
        seen, origin=seen.origin if shown_start else None, to=seen.to if shown_end else None
    )


def _named_order(
    facts: PhaseFacts, act: Act, before: frozenset[str], after: frozenset[str]
) -> Seen:
    """A support or convoy with the order it names masked exactly as that order
    is masked when seen itself: a supported move shows no end its own line hides."""
    seen = seen_act(act)
    mover = facts.act_in(act.supported or "")
    if act.supported_to is None or mover is None or not mover.moves_to(act.supported_to):
        return mask_aid(seen, lambda p: p in before | after)
    shown_start, shown_end = _move_ends_shown(mover, before, after)
    return mask_aid(
        seen,
        lambda p: (p == mover.province and shown_start) or (p == act.supported_to and shown_end),
    )


def _notices(facts: PhaseFacts, power: str) -> tuple[str, ...]:
    notes: list[str] = []
    for act in facts.acts:
        if act.power == power and act.kind == MOVE and act.result == FAIL:
            notes += _failure_notes(facts, act)
    return tuple(notes)


def _bounces_told(facts: PhaseFacts, power: str) -> frozenset[str]:
    """Provinces left empty by a bounce the power was told of ("Another unit
    also tried to move to Gal"): its retreats leave them off."""
    return frozenset(
        act.target_province
        for act in facts.acts
        if act.power == power
        and act.kind == MOVE
        and act.result == FAIL
        and act.target_province in facts.contested
    )


def _failure_notes(facts: PhaseFacts, act: Act) -> list[str]:
    target = act.target_province or ""
    rivals = [other for other in facts.moves_into(target) if other.unit != act.unit]
    notes = []
    if rivals:
        count = "Another unit" if len(rivals) == 1 else f"{len(rivals)} other units"
        notes.append(f"{count} also tried to move to {show(target)}")
    defenders = len(facts.defenders(target))
    if defenders:
        noun = "unit" if defenders == 1 else "units"
        notes.append(f"{show(target)} was defended by {defenders} {noun}")
    return notes
