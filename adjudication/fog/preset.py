"""What every rule set shares: the Preset interface and the common reports.

A preset answers three questions for one power: what it sees on a board
(``sight``), what it learns from a phase (``reveal``) and how the phases of
the game run (``rules``).  The pieces most rule sets use the same way (own
orders, retreats and adjustments seen in sight, knowledge from sight) live
here once.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from adjudication.fog.facts import (
    BUILD,
    DISBAND,
    ILLEGAL,
    REMOVE,
    RETREAT,
    SUCCESS,
    Act,
    PhaseFacts,
)
from adjudication.fog.knowledge import Record, Revelation, merged
from adjudication.fog.observe import Seen, masked, own_lines, seen_act, show, sort_seen
from adjudication.fog.retreats import retreat_views
from adjudication.mapgraph import MapGraph, load_map
from adjudication.setup import standard_start
from adjudication.types import Position, Unit

State = Mapping[str, Any]


@dataclass(frozen=True)
class PhaseRules:
    """How the phases of a game run under a rule set.

    ``hold_every_phase``: every retreat and adjustment phase is held for every
    power, whether or not anyone has anything to do (ruling 3, docs/rulings.md).
    ``seasons``: ``"standard"`` (Spring, Fall, Winter) or ``"two"`` (1989:
    Spring = movement + retreats, Fall/Winter = movement + retreats +
    adjustments, one deadline each).  ``centres_every_season``: centres change
    owner after every season and victory is checked then (Diplomyopia).
    ``setup``: a SETUP phase comes first (Saari: army or fleet).
    """

    hold_every_phase: bool = True
    seasons: str = "standard"
    centres_every_season: bool = False
    setup: bool = False
    orders_in_advance: bool = False
    retreat_options_offered: bool = True


class Preset:
    """The base rule set; subclasses override ``sight`` and ``reveal_movement``."""

    name = "preset"
    #: the board this rule set plays on (``adjudication/data/<board>.json``);
    #: everything above the engine learns the board from here
    board = "standard"
    rules = PhaseRules()
    #: whether seeing a centre's province shows its owner (not under 1989)
    centres_by_sight = True
    #: what every power (and so an observer) is told of the supply centres:
    #: "owners" (every centre's owner), "totals" (each power's count, without
    #: names, after each adjustment phase) or "none"
    centres_published = "none"

    def __init__(self, graph: MapGraph | None = None) -> None:
        self.graph = graph or load_map(self.board)

    # --- the start ---------------------------------------------------------

    def start(self) -> Position:
        return standard_start(self.graph)

    def initial_state(self, position: Position) -> dict[str, Any]:
        """What the rule set carries from phase to phase beyond the position."""
        return {}

    def next_state(self, facts: PhaseFacts, state: State) -> dict[str, Any]:
        """The state carried into the next phase (nothing, unless a rule set needs it)."""
        return dict(state)

    def centres_after(self, centres: Mapping[str, str], units: Iterable[Unit]) -> dict[str, str]:
        """Centre owners right after a movement phase (standard: unchanged until Fall ends)."""
        return dict(centres)

    # --- sight ---------------------------------------------------------------

    def sight(
        self, power: str, units: Iterable[Unit], centres: Mapping[str, str]
    ) -> frozenset[str]:
        raise NotImplementedError

    def seen_units(
        self,
        power: str,
        sees: frozenset[str],
        units: Iterable[Unit],
        own: Iterable[Unit],
        lookouts: Iterable[Unit] = (),
    ) -> frozenset[Unit]:
        """Own units and every unit standing in a seen province.

        ``lookouts`` are own units that look out without standing on the board
        (dislodged ones); ``sees`` already holds what they light.
        """
        return frozenset(u for u in units if u.power == power or u.province in sees) | set(own)

    def known_centres(
        self, power: str, sees: frozenset[str], centres: Mapping[str, str]
    ) -> dict[str, str | None]:
        """Owners of the centres in sight (None: neutral) and of the power's own."""
        known: dict[str, str | None] = {}
        if self.centres_by_sight:
            known = {c: centres.get(c) for c in self.graph.supply_centres if c in sees}
        known.update({c: owner for c, owner in centres.items() if owner == power})
        return known

    def static(
        self, power: str, units: Iterable[Unit], centres: Mapping[str, str], **told: Any
    ) -> Revelation:
        """What a power knows from looking at a board, before any orders."""
        units = tuple(units)
        own = [u for u in units if u.power == power]
        sees = self.sight(power, own, centres)
        return Revelation(
            sees=sees,
            units=self.seen_units(power, sees, units, own),
            centres=self.known_centres(power, sees, centres),
            **told,
        )

    # --- phases ----------------------------------------------------------------

    def reveal(
        self, facts: PhaseFacts, power: str, previous: Record | None, state: State
    ) -> Revelation:
        if facts.kind.value == "M":
            return self.reveal_movement(facts, power, previous, state)
        if facts.kind.value == "R":
            return self.reveal_retreat(facts, power, previous, state)
        return self.reveal_adjustment(facts, power, previous, state)

    def reveal_start(self, position: Position, power: str, state: State) -> Revelation:
        return self.static(power, position.units, position.centres)

    def reveal_movement(
        self, facts: PhaseFacts, power: str, previous: Record | None, state: State
    ) -> Revelation:
        raise NotImplementedError

    def reveal_retreat(
        self, facts: PhaseFacts, power: str, previous: Record | None, state: State
    ) -> Revelation:
        """Own retreats; foreign retreats whose start or end is in sight."""
        return self.changes_in_sight(facts, power, (RETREAT, DISBAND))

    def reveal_adjustment(
        self, facts: PhaseFacts, power: str, previous: Record | None, state: State
    ) -> Revelation:
        """Own builds and removals; foreign ones in provinces in sight."""
        return self.changes_in_sight(facts, power, (BUILD, REMOVE))

    def changes_in_sight(
        self,
        facts: PhaseFacts,
        power: str,
        kinds: tuple[str, ...],
        still_lit: frozenset[str] = frozenset(),
    ) -> Revelation:
        """Own orders, and foreign ones whose start was in sight before or end is now.

        ``still_lit`` are provinces the power keeps seeing this once though its
        sight no longer reaches them (a centre it has just lost).
        """
        before = self.sight_before(facts, power)
        after = self.lit_too(self.static(power, facts.after, facts.centres_after), still_lit, facts)
        foreign = [
            _masked_change(seen_act(_as_observed(act)), before, after.sees)
            for act in facts.acts
            if act.power != power and act.kind in kinds and (act.succeeded or act.kind == RETREAT)
        ]
        visible = [s for s in foreign if s.origin is not None or s.to is not None]
        unordered = [
            unordered_note(act) for act in facts.acts if act.power == power and not act.ordered
        ]
        return replace(
            after, orders=own_lines(facts, power) + sort_seen(visible), messages=tuple(unordered)
        )

    def lit_too(self, known: Revelation, places: frozenset[str], facts: PhaseFacts) -> Revelation:
        """``known`` with ``places`` in sight as well: their units and centres' owners."""
        if not places:
            return known
        return replace(
            known,
            sees=known.sees | places,
            units=known.units | {u for u in facts.after if u.province in places},
            centres={
                **known.centres,
                **{c: facts.centres_after.get(c) for c in places & self.graph.supply_centres},
            },
        )

    def sight_before(self, facts: PhaseFacts, power: str) -> frozenset[str]:
        waiting = [entry.unit for entry in facts.waiting]
        own = [u for u in (*facts.before, *waiting) if u.power == power]
        return self.sight(power, own, facts.centres_before)

    def movement_static(self, facts: PhaseFacts, power: str, **told: Any) -> Revelation:
        """Knowledge from the board after a movement phase; own dislodged units still look out."""
        own_dislodged = [d.unit for d in facts.dislodged if d.unit.power == power]
        own = [u for u in facts.after if u.power == power] + own_dislodged
        sees = self.sight(power, own, facts.centres_after)
        return Revelation(
            sees=sees,
            units=self.seen_units(
                power,
                sees,
                facts.after,
                [u for u in own if u not in own_dislodged],
                lookouts=own_dislodged,
            ),
            centres=self.known_centres(power, sees, facts.centres_after),
            **told,
        )

    def season_report(
        self, season: Sequence[tuple[PhaseFacts, Revelation]], power: str
    ) -> Revelation:
        """One report for the phases of a season played at once (1989): all
        their lines, the board as the season ends."""
        return merged([revelation for _, revelation in season])

    def with_retreats(self, revelation: Revelation, facts: PhaseFacts, power: str) -> Revelation:
        """Add the power's dislodged units and the retreats it can work out."""
        if not self.rules.retreat_options_offered:
            views = retreat_views(self.graph, facts, power, revelation, offer=False)
        else:
            views = retreat_views(self.graph, facts, power, revelation)
        return replace(
            revelation, dislodged=views, messages=revelation.messages + _retreat_notes(views)
        )


def _as_observed(act: Act) -> Act:
    """Another power's illegal retreat is seen as what it amounts to: a disband."""
    if act.kind == RETREAT and act.result == ILLEGAL:
        return replace(act, kind=DISBAND, result=SUCCESS, target=None)
    return act


def _masked_change(seen: Seen, before: frozenset[str], after: frozenset[str]) -> Seen:
    """A retreat or adjustment: its start shown if seen before, its end if seen after."""
    if seen.kind == BUILD:
        return masked(seen, lambda p: p in after)
    shown_origin = seen.origin if seen.origin and seen.origin[:3] in before else None
    shown_to = seen.to if seen.to and seen.to[:3] in after else None
    return replace(seen, origin=shown_origin, to=shown_to)


def unordered_note(act: Act) -> str:
    """Your unit that went without the order it needed."""
    unit = f"{act.unit.kind.value} {show(act.unit.location)}"
    if act.kind == REMOVE:
        return f"{unit} removed by the civil-disorder rule"
    return f"{unit} disbanded: no retreat ordered"


def _retreat_notes(views: Iterable[Any]) -> tuple[str, ...]:
    notes = []
    for view in views:
        unit = f"{view.unit.kind.value} {show(view.unit.location)}"
        if view.options:
            places = ", ".join(o[:1] + o[1:].lower() for o in view.options)
            notes.append(f"{unit} was dislodged; it may retreat to {places}")
        else:
            notes.append(f"{unit} was dislodged")
    return tuple(notes)
