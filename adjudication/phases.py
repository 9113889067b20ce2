"""The order of phases, the rule options around it, and centre ownership.

The sequence and the seasons after which centres change hands are options
of :class:`Rules`, so fog presets (Diplomyopia: ownership every season;
Reynolds 1989: two deadlines a year) build on them without touching the
resolver.  Skipping phases with nothing to do is the caller's choice
(:func:`next_phase` with ``hold_empty_phases``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass

from adjudication.mapgraph import MapGraph
from adjudication.resolver import BackupRule, szykman_backup
from adjudication.types import Phase, PhaseKind, Position, Season, Unit

Sequence = Callable[[Phase], Phase]


def standard_sequence(phase: Phase) -> Phase:
    """S M, S R, F M, F R, W A, then Spring of the next year."""
    if phase.kind is PhaseKind.MOVEMENT:
        return Phase(phase.season, phase.year, PhaseKind.RETREAT)
    if phase.kind is PhaseKind.RETREAT and phase.season is Season.SPRING:
        return Phase(Season.FALL, phase.year, PhaseKind.MOVEMENT)
    if phase.kind is PhaseKind.RETREAT:
        return Phase(Season.WINTER, phase.year, PhaseKind.ADJUSTMENT)
    return Phase(Season.SPRING, phase.year + 1, PhaseKind.MOVEMENT)


@dataclass(frozen=True)
class Rules:
    """Rule options.  ``centre_seasons``: seasons after whose retreats
    supply centres change owner (standard: Fall only)."""

    victory_centres: int = 18
    centre_seasons: frozenset[Season] = frozenset({Season.FALL})
    sequence: Sequence = standard_sequence
    backup: BackupRule = szykman_backup


STANDARD_RULES = Rules()
DIPLOMYOPIA_RULES = Rules(centre_seasons=frozenset({Season.SPRING, Season.FALL}))


def changes_centres(phase: Phase, rules: Rules) -> bool:
    """Does finishing ``phase`` settle who owns the centres?"""
    return phase.kind is PhaseKind.RETREAT and phase.season in rules.centre_seasons


def occupy_centres(
    centres: Mapping[str, str], units: Iterable[Unit], graph: MapGraph
) -> dict[str, str]:
    """Each supply centre with a unit in it now belongs to that unit's power."""
    owners = dict(centres)
    for unit in units:
        if unit.province in graph.supply_centres:
            owners[unit.province] = unit.power
    return owners


def winner(position: Position, rules: Rules = STANDARD_RULES) -> str | None:
    """The power holding at least ``victory_centres`` centres, if any."""
    counts: dict[str, int] = {}
    for owner in position.centres.values():
        counts[owner] = counts.get(owner, 0) + 1
    leaders = [power for power, count in counts.items() if count >= rules.victory_centres]
    return min(leaders) if len(leaders) == 1 else None


def adjustment_counts(position: Position) -> dict[str, int]:
    """``{power: centres - units}``: positive builds, negative removals."""
    counts = dict.fromkeys(position.powers(), 0)
    for owner in position.centres.values():
        counts[owner] += 1
    for unit in position.units:
        counts[unit.power] -= 1
    return counts


def has_nothing_to_do(position: Position, graph: MapGraph) -> bool:
    """True when no power has a choice to make in this phase."""
    if position.phase.kind is PhaseKind.RETREAT:
        return not position.dislodged
    if position.phase.kind is PhaseKind.MOVEMENT:
        return False
    return all(
        count == 0 or (count > 0 and not free_home_centres(position, power, graph))
        for power, count in adjustment_counts(position).items()
    )


def free_home_centres(position: Position, power: str, graph: MapGraph) -> list[str]:
    """Home centres a power owns with no unit in them: where it may build."""
    homes = graph.home_centres.get(power, frozenset())
    return sorted(
        c for c in homes if position.centres.get(c) == power and position.unit_in(c) is None
    )
