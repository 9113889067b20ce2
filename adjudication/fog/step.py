"""Reading one ``fog`` command line: a step plus the rule set's extra fields.

Extra fields (all optional, documented in docs/fog.md):

* ``centers`` -- the ownership when the phase opens, as in docs/datc-format.md:
  when given, every centre not listed is unowned. A movement or retreat step
  without the field starts from the rule set's opening ownership (every
  power's home centres; Saari's one home centre each), which is what the
  rule documents' own examples assume; an adjustment step must give it;
* ``control`` -- Diplomyopia's garrisons, ``{power: [province, ...]}``: land
  provinces a power holds though no unit of its stands there;
* ``retreat_lists`` / ``adjustment_lists`` -- under ``reynolds1989`` the
  retreats and adjustments sent with the movement orders
  (:mod:`adjudication.fog.advance`); a movement step that has either is
  played as the whole season and reported once;
* ``phase: "SETUP"`` -- Saari's opening: ``orders`` give each power's pick,
  ``["A"]``, ``["F"]`` or ``["F STP/NC"]`` (no pick: an army).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from adjudication.fog.advance import check_lists
from adjudication.fog.knowledge import Revelation
from adjudication.fog.observe import show
from adjudication.fog.play import adjudicated, play_season, season_report
from adjudication.fog.preset import Preset
from adjudication.jsonlines import read_orders
from adjudication.serialisation import StepError, position_from_step, read_province
from adjudication.types import Position


@dataclass(frozen=True)
class StepInput:
    position: Position
    orders: Mapping[str, list[str]]
    state: Mapping[str, Any] = field(default_factory=dict)
    setup: bool = False
    advance: Mapping[str, Any] | None = None

    def reveal(self, preset: Preset) -> dict[str, Revelation]:
        if self.setup:
            return {p: _setup_report(preset, self.position, p) for p in preset.graph.powers}
        if self.advance is None:
            return adjudicated(preset, self.position, self.orders, {}, self.state).reports
        sighted = {p: _sighted(preset, self.position, p) for p in preset.graph.powers}
        season = play_season(
            preset, self.position, self.orders, {}, self.state, sighted, self.advance
        )
        return {p: season_report(preset, season, p) for p in preset.graph.powers}


def _sighted(preset: Preset, position: Position, power: str) -> frozenset[str]:
    """Where the report before this season showed a foreign unit."""
    known = preset.static(power, position.units, position.centres).units
    return frozenset(unit.province for unit in known if unit.power != power)


def read_step(preset: Preset, data: Mapping[str, Any]) -> StepInput:
    if str(data.get("phase", "")).strip().upper() == "SETUP":
        return _read_setup(preset, data)
    step = dict(data)
    if str(step.get("variant", preset.graph.name)).lower() != preset.graph.name:
        raise StepError(f'field "variant": the fog rules play on the {preset.graph.name} map')
    if "centers" not in step and not str(step.get("phase", "")).upper().endswith("A"):
        step["centers"] = opening_centers(preset)
    position = position_from_step(step, preset.graph)
    state = dict(preset.initial_state(position))
    if "control" in step:
        state["control"] = {**state.get("control", {}), **_read_control(preset, step["control"])}
    return StepInput(position, read_orders(step), state, advance=_read_advance(preset, step))


def opening_centers(preset: Preset) -> dict[str, list[str]]:
    """Who owns which centre at the start of a game under this rule set."""
    owners: dict[str, list[str]] = {}
    for centre, owner in sorted(preset.start().centres.items()):
        owners.setdefault(owner, []).append(centre)
    return owners


def _read_advance(preset: Preset, step: Mapping[str, Any]) -> dict[str, Any] | None:
    """The 1989 lists; other rule sets, and phases other than movement, ignore them."""
    wanted = preset.rules.orders_in_advance and str(step["phase"]).upper().endswith("M")
    if not wanted or not ("retreat_lists" in step or "adjustment_lists" in step):
        return None
    advance = {
        "retreat_lists": step.get("retreat_lists", {}),
        "adjustment_lists": step.get("adjustment_lists", {}),
    }
    try:
        check_lists(preset.graph, advance["retreat_lists"], advance["adjustment_lists"])
    except ValueError as error:
        raise StepError(str(error)) from None
    return advance


def _read_control(preset: Preset, value: object) -> dict[str, str]:
    if not isinstance(value, dict) or not all(isinstance(v, list) for v in value.values()):
        raise StepError('field "control" must map each power to a list of provinces')
    return {
        read_province(province, preset.graph): str(power).upper()
        for power, provinces in value.items()
        for province in provinces
    }


def _read_setup(preset: Preset, data: Mapping[str, Any]) -> StepInput:
    if not preset.rules.setup:
        raise StepError(f'field "phase": SETUP is not a phase under {preset.name}')
    orders = read_orders(dict(data)) if "orders" in data else {}
    choices = {power.upper(): _pick(lines) for power, lines in orders.items() if lines}
    try:
        position = preset.start(choices)  # type: ignore[call-arg]
    except ValueError as error:
        raise StepError(f'field "orders": {error}') from None
    return StepInput(position, orders, setup=True)


def _pick(lines: list[str]) -> str:
    """``"F"``, ``"F TRI"``, ``"F STP/NC"`` -> what the 1898 start reads."""
    words = lines[0].strip().upper().split()
    if len(words) > 1 and "/" in words[1]:
        return f"{words[0]} {words[1]}"
    return words[0] if words else "A"


def _setup_report(preset: Preset, position: Position, power: str) -> Revelation:
    known = preset.reveal_start(position, power, {})
    own = [f"{u.kind.value} {show(u.location)}" for u in position.units_of(power)]
    return Revelation(
        sees=known.sees,
        units=known.units,
        centres=known.centres,
        messages=tuple(f"You start with {text}" for text in own),
    )
