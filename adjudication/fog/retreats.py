"""Retreats offered to a dislodged unit, worked out from what its owner knows.

Ruling 5 (docs/rulings.md): the list comes from the owner's knowledge, not the true
board; the adjudicator still applies the real rules (an illegal retreat
disbands the unit).  A province is left off when the owner knows a unit
stands there, knows it was left empty by a stand-off, or is where the attack
came from overland (the attacker's move into its province is always seen).
"""

from __future__ import annotations

from collections import Counter

from adjudication.fog.facts import FAIL, MOVE, PhaseFacts
from adjudication.fog.knowledge import RetreatView, Revelation
from adjudication.fog.vision import location_reach
from adjudication.mapgraph import MapGraph, province_of


def retreat_views(
    graph: MapGraph, facts: PhaseFacts, power: str, known: Revelation, offer: bool = True
) -> tuple[RetreatView, ...]:
    """The power's dislodged units with the retreats it can work out (none unless ``offer``)."""
    views = []
    for entry in facts.dislodged:
        if entry.unit.power != power:
            continue
        barred = _barred(known, entry.attacker_from, entry.via_convoy)
        options = sorted(
            p for p in location_reach(graph, entry.unit) if province_of(p) not in barred
        )
        views.append(RetreatView(entry.unit, tuple(options) if offer else ()))
    return tuple(views)


def _barred(known: Revelation, attacker: str | None, via_convoy: bool) -> set[str]:
    barred = {unit.province for unit in known.units}
    barred |= known_standoffs(known)
    if attacker and not via_convoy:
        barred.add(province_of(attacker))
    return barred


def known_standoffs(known: Revelation) -> set[str]:
    """Provinces the power saw two or more moves fail to enter, or was told of a
    stand-off in (Diplomyopia's events), and now sees empty."""
    failed = Counter(
        province_of(seen.to)
        for seen in known.orders
        if seen.kind == MOVE and seen.result == FAIL and seen.to is not None
    )
    occupied = {unit.province for unit in known.units}
    standoffs = {p for p, count in failed.items() if count >= 2} | known.standoffs
    return {p for p in standoffs if p not in occupied}
