"""Knowledge records: what one power knows after a phase, as plain JSON.

A rule set turns a phase into a :class:`Revelation` for each power (what it
learns now); :func:`next_record` folds that into the power's previous record,
keeping what went dark as ghosts "last seen in <phase>".  The shape is the one
in docs/knowledge-record.md; all keys and lists are sorted so the same
knowledge always gives the same bytes.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from adjudication.fog.observe import Seen
from adjudication.types import Unit, units_by_power

Record = dict[str, Any]


@dataclass(frozen=True)
class RetreatView:
    """An own dislodged unit and the retreats its owner can work out."""

    unit: Unit
    options: tuple[str, ...]

    def as_json(self) -> dict[str, Any]:
        return {
            "power": self.unit.power,
            "unit": str(self.unit),
            "retreat_options": list(self.options),
        }


@dataclass(frozen=True)
class Revelation:
    """What one power knows right after a phase, before ghosts are added.

    ``centres`` maps each centre whose owner the power knows to that owner
    (None: neutral).  ``orders`` are the observed orders, own first;
    ``events`` are report lines that are not orders (Diplomyopia);
    ``standoffs`` the provinces those lines told of a stand-off in.
    """

    sees: frozenset[str]
    units: frozenset[Unit]
    centres: Mapping[str, str | None]
    orders: tuple[Seen, ...] = ()
    events: tuple[str, ...] = ()
    messages: tuple[str, ...] = ()
    dislodged: tuple[RetreatView, ...] = ()
    standoffs: frozenset[str] = frozenset()

    @property
    def lines(self) -> list[str]:
        return [seen.line for seen in self.orders] + list(self.events)


def merged(reports: Sequence[Revelation]) -> Revelation:
    """One report for several phases told at once: all their lines, the last board."""
    last = reports[-1]
    return replace(
        last,
        orders=tuple(seen for r in reports for seen in r.orders),
        events=tuple(event for r in reports for event in r.events),
        messages=tuple(message for r in reports for message in r.messages),
    )


def centres_by_owner(centres: Mapping[str, str | None]) -> dict[str, list[str]]:
    found: dict[str, list[str]] = {}
    for centre, owner in centres.items():
        if owner is not None:
            found.setdefault(owner, []).append(centre)
    return {owner: sorted(found[owner]) for owner in sorted(found)}


def report(revelation: Revelation) -> dict[str, Any]:
    """The report of docs/engine.md: sees, units, centers, lines, messages."""
    return {
        "sees": sorted(revelation.sees),
        "units": units_by_power(revelation.units),
        "centers": centres_by_owner(revelation.centres),
        "lines": revelation.lines,
        "messages": list(revelation.messages),
    }


def next_record(
    previous: Record | None,
    revelation: Revelation,
    preset: str,
    power: str | None,
    phase: str,
    lit_centres: frozenset[str] = frozenset(),
) -> Record:
    """The power's record after ``phase``: this phase's knowledge plus ghosts.

    ``lit_centres`` are the centres whose owner sight reveals (all of them,
    except under 1989): a seen one that was neutral leaves a neutral ghost.
    """
    record = report(revelation)
    record.update(
        preset=preset,
        power=power,
        phase=phase,
        ghosts={
            "units": _unit_ghosts(previous, revelation),
            "centers": _centre_ghosts(previous, revelation, lit_centres),
        },
        dislodged=[
            view.as_json() for view in sorted(revelation.dislodged, key=lambda v: str(v.unit))
        ],
        orders=[seen.as_json() for seen in revelation.orders],
    )
    return dict(sorted(record.items()))


def known_units(record: Record) -> list[Unit]:
    """The units a record says stand on the board."""
    return [
        Unit.parse(power, text)
        for power, texts in record.get("units", {}).items()
        for text in texts
    ]


def _unit_ghosts(previous: Record | None, now: Revelation) -> list[dict[str, Any]]:
    if previous is None:
        return []
    # A province is settled when seen now, or when a unit was watched leaving it.
    left = {
        s.origin[:3] for s in now.orders if s.kind == "move" and s.result == "success" and s.origin
    }
    lit = now.sees | {unit.province for unit in now.units} | left
    candidates = [
        {"power": unit.power, "unit": str(unit), "seen": previous["phase"]}
        for unit in known_units(previous)
        if unit.power != previous.get("power")
    ]
    candidates += list(previous.get("ghosts", {}).get("units", ()))
    return _latest(candidates, lambda g: g["unit"][2:5], lit)


def _centre_ghosts(
    previous: Record | None, now: Revelation, lit_centres: frozenset[str]
) -> list[dict[str, Any]]:
    if previous is None:
        return []
    candidates = [
        {"province": centre, "power": owner, "seen": previous["phase"]}
        for centre, owner in sorted(_record_centres(previous, lit_centres).items())
    ]
    candidates += list(previous.get("ghosts", {}).get("centers", ()))
    return _latest(candidates, lambda g: g["province"], set(now.centres))


def _record_centres(record: Record, lit_centres: frozenset[str]) -> dict[str, str | None]:
    """Centres whose owner the record knew, neutral ones included."""
    known: dict[str, str | None] = dict.fromkeys(sorted(lit_centres & set(record.get("sees", ()))))
    for owner, centres in record.get("centers", {}).items():
        for centre in centres:
            known[centre] = owner
    return known


def _latest(
    candidates: Sequence[dict[str, Any]], place: Any, lit: Iterable[str]
) -> list[dict[str, Any]]:
    """One ghost per place, the first listed (the most recent), none where now lit."""
    lit = set(lit)
    chosen: dict[str, dict[str, Any]] = {}
    for ghost in candidates:
        key = place(ghost)
        if key not in lit and key not in chosen:
            chosen[key] = ghost
    return [chosen[key] for key in sorted(chosen)]
