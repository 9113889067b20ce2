"""The position as a power knows it, in words, for players who read email as
text: its own units and centres, every unit and centre it knows of now, and
what it saw earlier with when it last saw it. Made from the power's own
knowledge record only (the results, STATUS and catch-up emails pass it), so
it tells nothing the map would not show."""

from __future__ import annotations

from adjudication.record import Knowledge
from adjudication.vocabulary import phase_label


def position_lines(knowledge: Knowledge, power: str) -> list[str]:
    lines = [
        f"Your units ({len(knowledge.units_of(power))}): {listed(knowledge.units_of(power))}",
        f"Your centres ({len(knowledge.centres_of(power))}): "
        f"{listed(sorted(knowledge.centres_of(power)))}",
    ]
    lines += known_now(knowledge, power)
    lines += seen_before(knowledge)
    return lines


def listed(items: tuple[str, ...] | list[str]) -> str:
    return ", ".join(items) or "none"


def seen(items: tuple[str, ...] | list[str]) -> str:
    """Another power's units or centres as far as the power sees them: "none
    seen", never "none", which would read as owning none."""
    return ", ".join(items) or "none seen"


def known_now(knowledge: Knowledge, power: str) -> list[str]:
    others = sorted(set(knowledge.units) | set(knowledge.centers))
    lines = []
    for other in others:
        if other == power:
            continue
        units, centres = knowledge.units_of(other), sorted(knowledge.centres_of(other))
        if units or centres:
            name = other.title() if other else "Unowned"
            lines.append(f"{name}: units {seen(units)}; centres {seen(centres)}")
    return ["Others you see now:", *[f"  {line}" for line in lines]] if lines else []


def seen_before(knowledge: Knowledge) -> list[str]:
    """Units and centre owners seen earlier, not now, with the phase last seen."""
    lines = [
        f"  {ghost.unit} ({owner(ghost.power)}), last seen {phase_label(ghost.seen)}"
        for ghost in knowledge.ghost_units
    ]
    lines += [
        f"  centre {ghost.province} ({owner(ghost.power, 'neutral')}), "
        f"last seen {phase_label(ghost.seen)}"
        for ghost in knowledge.ghost_centres
    ]
    return ["Seen before, not now:", *lines] if lines else []


def owner(power: str | None, unknown: str = "owner unknown") -> str:
    return power.title() if power else unknown
