"""Orders sent in advance under the 1989 rules (preset ``reynolds1989``).

With each movement order set a player may send, for each unit, a retreat
list in order of preference, and with Fall orders a list of builds and
removals in order of priority.  Any entry may carry a condition on a foreign
unit seen in the player's last report: ``IF <province> EMPTY`` or
``IF <province> OCCUPIED``.  A condition naming any other province voids its
entry.  The first legal retreat whose condition holds is used (none: the unit
disbands); from the adjustment list the entries whose condition holds are
handed to the adjudicator in order, which takes as many as are due (none
given: no builds, removals by the civil-disorder rule).

    {"retreat_lists": {"AUSTRIA": {"F TRI": ["ALB IF SER EMPTY", "ADR"]}},
     "adjustment_lists": {"GERMANY": ["A BER B", "F KIE B IF HOL OCCUPIED"]}}
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from adjudication.mapgraph import MapGraph, load_map, province_of
from adjudication.parsing import ParseError, parse_location
from adjudication.types import Position

_CONDITION = re.compile(r"^(.*?)\s+IF\s+(.+?)\s+(EMPTY|OCCUPIED)\s*$", re.IGNORECASE)

RetreatLists = Mapping[str, Mapping[str, Sequence[str]]]
AdjustmentLists = Mapping[str, Sequence[str]]


@dataclass(frozen=True)
class Entry:
    """One list entry: what to do, and the condition it waits on, if any."""

    text: str
    province: str | None = None
    wants_occupied: bool = False

    def allowed(self, position: Position, sighted: frozenset[str]) -> bool:
        """Its condition names a sighted province and holds on the board now."""
        if self.province is None:
            return True
        if self.province not in sighted:
            return False
        return (position.unit_in(self.province) is not None) == self.wants_occupied


def read_entry(text: str, graph: MapGraph | None = None) -> Entry:
    """``"ALB IF SER EMPTY"`` -> Entry("ALB", "SER", False).

    Given the map, province names are read too: "Albania if Serbia empty".
    """
    match = _CONDITION.match(text.strip())
    if match is None:
        return Entry(_code(text, graph))
    body, province, state = match.groups()
    return Entry(_code(body, graph), _code(province, graph), state.upper() == "OCCUPIED")


def _code(words: str, graph: MapGraph | None) -> str:
    """A province (or coast: "Spa/nc") as its code when the map knows it, else
    the words in capitals."""
    if graph is None:
        return words.strip().upper()
    try:
        return parse_location(words, graph)
    except ParseError:
        return graph.lookup(words) or words.strip().upper()


def retreat_orders(
    position: Position,
    lists: RetreatLists,
    sighted: Mapping[str, frozenset[str]],
    graph: MapGraph | None = None,
) -> dict[str, list[str]]:
    """The retreat phase's orders: each dislodged unit's first usable choice, or disband.

    ``graph`` is the preset's board; without it, the board the position names."""
    graph = graph or load_map(position.variant)
    orders: dict[str, list[str]] = {}
    for entry in position.dislodged:
        unit, power = entry.unit, entry.unit.power
        wishes = _wishes_for(_by_power(lists).get(power, {}), str(unit), graph)
        seen = sighted.get(power, frozenset())
        choice = next(
            (
                place
                for w in wishes
                for place in [_retreat_to(w.text, entry.retreat_options)]
                if place is not None and w.allowed(position, seen)
            ),
            None,
        )
        orders.setdefault(power, []).append(f"{unit} R {choice}" if choice else f"{unit} D")
    return orders


def _retreat_to(wish: str, options: Sequence[str]) -> str | None:
    """The legal retreat a list entry names, coast and all, else None.

    A coast given is honoured as given; a province without one names the
    coast only when a single coast of it is open ("SPA" for a fleet that
    could reach both coasts is ambiguous, so not legal).
    """
    if wish in options:
        return wish
    if "/" in wish:
        return None
    same = [option for option in options if province_of(option) == wish]
    return same[0] if len(same) == 1 else None


def _wishes_for(lists: Mapping[str, Sequence[str]], unit: str, graph: MapGraph) -> list[Entry]:
    for key, entries in lists.items():
        if key.strip().upper() == unit:
            return [read_entry(text, graph) for text in entries]
    return []


def adjustment_orders(
    position: Position,
    lists: AdjustmentLists,
    sighted: Mapping[str, frozenset[str]],
    graph: MapGraph | None = None,
) -> dict[str, list[str]]:
    """The adjustment phase's orders: each list, conditions applied, in priority order."""
    graph = graph or load_map(position.variant)
    return {
        power: [
            e.text
            for e in (read_entry(text, graph) for text in entries)
            if e.allowed(position, sighted.get(power, frozenset()))
        ]
        for power, entries in _by_power(lists).items()
    }


def _by_power(lists: Mapping[str, Any]) -> dict[str, Any]:
    """Power names in any case, as the command accepts them."""
    return {str(power).upper(): entries for power, entries in lists.items()}


def foreign_sightings(record_units: Mapping[str, Sequence[str]], power: str) -> frozenset[str]:
    """Provinces where the power's last report showed a foreign unit."""
    return frozenset(
        province_of(text.split()[1])
        for owner, texts in record_units.items()
        if owner != power
        for text in texts
    )


def check_lists(graph: MapGraph, retreats: object, adjustments: object) -> None:
    """Raise ValueError naming the field when the lists are not shaped as documented."""
    if not isinstance(retreats, dict) or not all(
        isinstance(v, dict) and all(isinstance(x, list) for x in v.values())
        for v in retreats.values()
    ):
        raise ValueError('field "retreat_lists" must map each power to {unit: [retreat, ...]}')
    if not isinstance(adjustments, dict) or not all(
        isinstance(v, list) for v in adjustments.values()
    ):
        raise ValueError('field "adjustment_lists" must map each power to a list of orders')
    for entries in [*adjustments.values(), *(x for v in retreats.values() for x in v.values())]:
        for text in entries:
            entry = read_entry(str(text), graph)
            if entry.province is not None and entry.province not in graph.provinces:
                raise ValueError(f'could not read "{entry.province}": not a province')
