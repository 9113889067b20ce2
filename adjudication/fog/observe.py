"""Observed orders: what one power learns of an order, and how it reads.

A :class:`Seen` is an order with some fields masked (``None``), and renders
as a report line in the short notation, ``???`` for each masked part:
"A ??? - Sil (succeeds)", "A Sil S A ??? - War", "F Mao C Wes - Eng".
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, replace
from typing import Any

from adjudication.fog.facts import (
    BUILD,
    CONVOY,
    DISBAND,
    HOLD,
    MOVE,
    REMOVE,
    RETREAT,
    SUPPORT,
    Act,
    Given,
    PhaseFacts,
)
from adjudication.mapgraph import MapGraph, province_of
from adjudication.orders import (
    Build,
    Convoy,
    Disband,
    Move,
    Retreat,
    SupportHold,
    SupportMove,
    Waive,
)
from adjudication.types import PhaseKind, UnitType

MASK = "???"
RESULT_WORDS = {"success": "succeeds", "fail": "fails", "illegal": "illegal"}
_KIND_RANK = {MOVE: 0, RETREAT: 0, HOLD: 1, SUPPORT: 2, CONVOY: 3, DISBAND: 4, BUILD: 4, REMOVE: 4}


@dataclass(frozen=True, slots=True)
class Seen:
    """One observed order.  ``None`` in a place field means masked.

    ``whole_mask`` renders a support or convoy as "S ???" (the supported
    unit is not seen at all); ``to_masked`` marks a supported move whose
    destination is hidden ("S A Sil - ???"), not a support to hold; ``link``
    marks a convoy line whose first part is the previous fleet of a chain,
    not the army ("F Mao C Wes - Eng").
    """

    power: str | None
    unit: str
    origin: str | None
    kind: str
    result: str | None
    to: str | None = None
    target_unit: str | None = None
    target_from: str | None = None
    target_to: str | None = None
    via_convoy: bool = False
    whole_mask: bool = False
    to_masked: bool = False
    link: bool = False

    @property
    def text(self) -> str:
        return render(self)

    @property
    def line(self) -> str:
        word = RESULT_WORDS.get(self.result or "")
        return f"{self.text} ({word})" if word else self.text

    def as_json(self) -> dict[str, Any]:
        entry: dict[str, Any] = {
            "power": self.power,
            "unit": self.unit,
            "from": self.origin,
            "kind": self.kind,
            "result": self.result,
            "text": self.text,
        }
        if self.kind in (MOVE, RETREAT):
            entry["to"] = self.to
        if self.kind == MOVE:
            entry["via_convoy"] = self.via_convoy
        if self.kind in (SUPPORT, CONVOY):
            entry["target_from"] = self.target_from
            if self.target_to is not None or self.kind == CONVOY or self.to_masked:
                entry["target_to"] = self.target_to
        return entry


def show(location: str | None) -> str:
    """``"SPA/SC"`` -> ``"Spa/sc"``; None -> ``"???"``."""
    if location is None:
        return MASK
    head = location[:1] + location[1:3].lower()
    return f"{head}/{location[4:].lower()}" if "/" in location else head


def render(seen: Seen) -> str:
    head = f"{seen.unit} {show(seen.origin)}"
    if seen.kind == HOLD:
        return f"{head} H"
    if seen.kind == MOVE:
        via = " (via convoy)" if seen.via_convoy else ""
        return f"{head} - {show(seen.to)}{via}"
    if seen.kind == RETREAT:
        return f"{head} R {show(seen.to)}"
    if seen.kind in (DISBAND, REMOVE):
        return f"{head} D"
    if seen.kind == BUILD:
        return f"{head} B"
    if seen.kind == "waive":
        return "WAIVE"
    return _render_aid(seen, head)


def _render_aid(seen: Seen, head: str) -> str:
    letter = "S" if seen.kind == SUPPORT else "C"
    if seen.whole_mask:
        return f"{head} {letter} ???"
    first = show(seen.target_from)
    if not seen.link and seen.target_unit:
        first = f"{seen.target_unit} {first}"
    if seen.target_to is None and seen.kind == SUPPORT and not seen.to_masked:
        return f"{head} {letter} {first}"
    return f"{head} {letter} {first} - {show(seen.target_to)}"


def sort_seen(seen: Iterable[Seen]) -> tuple[Seen, ...]:
    """Observed orders in report order: moves, holds, supports, convoys; then by text."""
    unique = {(s.line, repr(s)): s for s in seen}
    return tuple(
        sorted(unique.values(), key=lambda s: (_KIND_RANK.get(s.kind, 5), s.line, s.power or ""))
    )


# --- whole orders, unmasked -------------------------------------------------


def seen_act(act: Act) -> Seen:
    """``act`` as an observer who sees all of it would read it."""
    unit = act.unit.kind.value
    if act.kind in (MOVE, RETREAT):
        return Seen(
            act.power,
            unit,
            act.unit.location,
            act.kind,
            act.result,
            act.target,
            via_convoy=act.via_convoy,
        )
    if act.kind in (SUPPORT, CONVOY):
        kind = (act.supported_kind or UnitType.ARMY).value
        return Seen(
            act.power,
            unit,
            act.unit.location,
            act.kind,
            act.result,
            target_unit=kind,
            target_from=act.supported,
            target_to=act.supported_at or act.supported_to,
        )
    return Seen(act.power, unit, act.unit.location, act.kind, act.result)


def seen_given(given: Given) -> Seen:
    """A power's own order line, exactly as it gave it, with its result."""
    order = given.order
    if isinstance(order, Waive):
        return Seen(given.power, "", None, "waive", given.result)
    head = Seen(given.power, _letter(given), getattr(order, "location", None), HOLD, given.result)
    if isinstance(order, Move):
        return replace(head, kind=MOVE, to=order.target, via_convoy=order.via_convoy)
    if isinstance(order, Retreat):
        return replace(head, kind=RETREAT, to=order.target)
    if isinstance(order, SupportHold | SupportMove):
        to = order.target if isinstance(order, SupportMove) else None
        kind = order.supported_kind.value if order.supported_kind else None
        return replace(
            head, kind=SUPPORT, target_unit=kind, target_from=order.supported, target_to=to
        )
    if isinstance(order, Convoy):
        return replace(
            head, kind=CONVOY, target_unit="A", target_from=order.army_from, target_to=order.army_to
        )
    return replace(head, kind={Build: BUILD, Disband: DISBAND}.get(type(order), HOLD))


def _letter(given: Given) -> str:
    """The unit's type as written, else the type of the unit it names."""
    kind = getattr(given.order, "kind", None)
    if kind is not None:
        return str(kind.value)
    return given.unit.kind.value if given.unit else MASK


def own_lines(facts: PhaseFacts, power: str) -> tuple[Seen, ...]:
    """The power's own orders in the order given, with their results."""
    seen = tuple(seen_given(g) for g in facts.given.get(power, ()))
    if facts.kind is PhaseKind.ADJUSTMENT:
        seen = tuple(replace(s, kind=REMOVE) if s.kind == DISBAND else s for s in seen)
    return seen


# --- masking -----------------------------------------------------------------


def masked(seen: Seen, shows: Callable[[str], bool]) -> Seen:
    """Mask every place in ``seen`` for which ``shows(province)`` is False."""

    def keep(location: str | None) -> str | None:
        return location if location and shows(province_of(location)) else None

    return replace(
        seen,
        origin=keep(seen.origin),
        to=keep(seen.to),
        target_from=keep(seen.target_from),
        target_to=keep(seen.target_to),
    )


def mask_aid(seen: Seen, shows: Callable[[str], bool]) -> Seen:
    """Mask a support's or convoy's named order; "S ???" if none of it shows."""
    target_from = (
        seen.target_from if seen.target_from and shows(province_of(seen.target_from)) else None
    )
    target_to = seen.target_to if seen.target_to and shows(province_of(seen.target_to)) else None
    if target_from is None and target_to is None:
        return replace(seen, target_from=None, target_to=None, target_unit=None, whole_mask=True)
    hidden_end = seen.target_to is not None and target_to is None
    return replace(seen, target_from=target_from, target_to=target_to, to_masked=hidden_end)


# --- convoy chains -------------------------------------------------------------


def convoy_links(graph: MapGraph, facts: PhaseFacts, fleet: Act) -> tuple[str, str, bool]:
    """(previous link, next link, previous is the army) of ``fleet`` in its chain.

    The chain is made of the fleets ordered to convoy the same army on the
    same journey; the nearest link towards each end is chosen, ties broken
    alphabetically, so the answer never depends on anything but the orders.
    """
    start, end = fleet.supported or "", fleet.supported_to or ""
    chain = _chain_fleets(facts, fleet)
    from_start = _distances(graph, chain, start)
    from_end = _distances(graph, chain, end)
    here = fleet.unit.province
    previous = _nearer(graph, here, chain, from_start, start)
    following = _nearer(graph, here, chain, from_end, end)
    return previous, following, previous == start


def _chain_fleets(facts: PhaseFacts, fleet: Act) -> frozenset[str]:
    return frozenset(
        act.province
        for act in facts.acts
        if act.kind == CONVOY
        and not act.void
        and act.supported == fleet.supported
        and act.supported_to == fleet.supported_to
    )


def _distances(graph: MapGraph, chain: frozenset[str], end: str) -> Mapping[str, int]:
    found = {end: 0}
    frontier = [end]
    while frontier:
        nxt = []
        for place in frontier:
            for other in sorted(graph.neighbours.get(place, ())):
                if other in chain and other not in found:
                    found[other] = found[place] + 1
                    nxt.append(other)
        frontier = nxt
    return found


def _nearer(
    graph: MapGraph, here: str, chain: frozenset[str], distance: Mapping[str, int], end: str
) -> str:
    touching = sorted(graph.neighbours.get(here, ()))
    if end in touching:
        return end
    mine = distance.get(here, 99)
    closer = [p for p in touching if p in chain and distance.get(p, 99) < mine]
    return closer[0] if closer else end


def chain_line(graph: MapGraph, facts: PhaseFacts, fleet: Act) -> Seen:
    """A watched convoying fleet: shows only the previous and next link."""
    previous, following, from_army = convoy_links(graph, facts, fleet)
    base = seen_act(fleet)
    return replace(base, target_from=previous, target_to=following, link=not from_army)
