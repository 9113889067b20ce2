"""Units an observed order pins down, though their province is out of sight.

"The unit is revealed, the province stays dark" (ruling 9, docs/rulings.md): a
power that watched a unit's order knows where that unit stands afterwards
when the result says so: a move that succeeded ends at its destination; a
hold, support or convoy that succeeded was not dislodged.  Failed orders pin
nothing down (the unit may have been dislodged), and masked places pin
nothing either.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace

from adjudication.fog.facts import MOVE, SUCCESS, PhaseFacts
from adjudication.fog.knowledge import Revelation
from adjudication.fog.observe import Seen
from adjudication.mapgraph import province_of
from adjudication.types import Unit


def with_revealed_units(
    known: Revelation, facts: PhaseFacts, observed: Iterable[Seen]
) -> Revelation:
    pinned = {unit for seen in observed for unit in _pinned(facts, seen)}
    occupied = {unit.province for unit in known.units}
    extra = {unit for unit in pinned if unit.province not in occupied}
    return replace(known, units=known.units | extra)


def _pinned(facts: PhaseFacts, seen: Seen) -> list[Unit]:
    if seen.power is None or seen.result != SUCCESS:
        return []
    place = seen.to if seen.kind == MOVE else seen.origin
    if place is None:
        return []
    unit = facts.unit_after(province_of(place))
    return [unit] if unit is not None and unit.power == seen.power else []
