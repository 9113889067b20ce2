"""What each of a power's units will do this phase, in text: the order it
has, or what the rules do without one (a unit holds; a dislodged unit is
disbanded; a build not ordered is waived; a removal not ordered is the rules'
choice). Made from the power's own knowledge record and its own sheet only,
so it tells nothing the power could not see (pure: no database)."""

from __future__ import annotations

from collections.abc import Sequence

from adjudication.record import Knowledge

HOLDS = "no order: it holds"
DISBANDED = "no order: dislodged, it will be disbanded"


def unit_plan(
    knowledge: Knowledge | None, power: str, kind: str, sheet: Sequence[str]
) -> list[str]:
    """One line per unit (per build or removal in winter), ordered units first."""
    if knowledge is None:
        return list(sheet)
    if kind == "R":
        return retreat_plan(knowledge, power, sheet)
    if kind == "A":
        return adjustment_plan(knowledge.adjustment_count(power), sheet)
    return movement_plan(knowledge.units_of(power), sheet)


def unit_key(order: str) -> str:
    """The province of the unit an order is for ("A PAR - BUR" -> "PAR")."""
    words = order.split()
    return words[1][:3] if len(words) > 1 and words[0] in ("A", "F") else ""


def unordered(units: Sequence[str], sheet: Sequence[str]) -> list[str]:
    ordered = {unit_key(order) for order in sheet}
    return [unit for unit in units if unit_key(unit) not in ordered]


def movement_plan(units: Sequence[str], sheet: Sequence[str]) -> list[str]:
    if not units and not sheet:
        return ["(you have no units)"]
    return [*sheet, *(f"{unit} H    {HOLDS}" for unit in unordered(units, sheet))]


def retreat_plan(knowledge: Knowledge, power: str, sheet: Sequence[str]) -> list[str]:
    dislodged = knowledge.dislodged_of(power)
    if not dislodged:
        return ["(none of your units was dislodged: nothing to order)"]
    options = {entry.unit: entry.retreat_options for entry in dislodged}
    lines = list(sheet)
    for unit in unordered(list(options), sheet):
        may = ", ".join(options[unit])
        lines.append(f"{unit} D    {DISBANDED}" + (f" (it may retreat to {may})" if may else ""))
    return lines


def adjustment_plan(count: int, sheet: Sequence[str]) -> list[str]:
    """``count``: builds (positive) or removals (negative) the power has."""
    if count == 0:
        return ["(no builds or removals: nothing to order)"]
    missing = abs(count) - len(sheet)
    if missing <= 0:
        return list(sheet)
    if count > 0:
        return [*sheet, f"{missing} build(s) not ordered: waived"]
    return [*sheet, f"{missing} removal(s) not ordered: the rules choose which units go"]


def adjustment_line(knowledge: Knowledge, power: str) -> str:
    """The judges' winter line: "Germany: 4 supply centres, 3 units: builds 1 unit"."""
    centres, units = len(knowledge.centres_of(power)), len(knowledge.units_of(power))
    count = knowledge.adjustment_count(power)
    change = f"builds {count}" if count > 0 else f"removes {-count}" if count < 0 else "no change"
    unit_word = "" if count == 0 else (" unit" if abs(count) == 1 else " units")
    return f"{power.title()}: {centres} supply centres, {units} units: {change}{unit_word}"


def phase_duties(knowledge: Knowledge, power: str, kind: str) -> list[str]:
    """What the phase asks of the power, as the judges' results say it: each
    dislodged unit with where it may retreat; the builds or removals due."""
    if kind == "R":
        return [
            f"Dislodged: {entry.unit}, may retreat to {listed(entry.retreat_options)}"
            for entry in knowledge.dislodged_of(power)
        ]
    if kind == "A":
        return [adjustment_line(knowledge, power)]
    return []


def listed(places: Sequence[str]) -> str:
    return ", ".join(places) or "nowhere (it can only disband)"
