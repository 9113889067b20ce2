"""From what a player gave to an order sheet: one entry point for every road.

The web form's menus and typed box, the 1989 lists with their IF conditions,
and the body of an email all become a :class:`PlayerInput`; :func:`read_orders`
turns it into an :class:`OrderDraft` (the orders to save, the lists sent in
advance, and a CheckedLine per line so each error is shown beside its line),
reading only the power's own knowledge record and the public map.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from adjudication.mapgraph import MapGraph
from adjudication.record import Knowledge
from games.order_entry.advance import read_lists
from games.order_entry.choices import orderable_units
from games.order_entry.lines import (
    CheckedLine,
    check_line,
    one_order_per_unit,
    refuse_duplicates,
    unit_key,
)
from games.order_entry.rules_check import own_side

QUOTE_MARK = ">"  # a line quoted from an earlier email
SIGNATURE_MARK = "-- "  # the line that starts an email signature


@dataclass(frozen=True)
class PlayerInput:
    """What a player gave: order lines (typed, or mailed: one a unit), the
    menus' picks (a typed line for the same unit wins over a pick) and, under
    the 1989 rules, the lists sent in advance."""

    lines: tuple[str, ...] = ()
    picks: tuple[str, ...] = ()
    retreat_lists: Mapping[str, str] = field(default_factory=dict)
    adjustment_lines: tuple[str, ...] = ()


def input_from_text(body: str) -> PlayerInput:
    """An email body's orders: one a line; quoted lines and the signature are
    not orders and are left out."""
    lines = []
    for line in body.splitlines():
        if line.rstrip() == SIGNATURE_MARK.rstrip():
            break
        if not line.lstrip().startswith(QUOTE_MARK):
            lines.append(line)
    return PlayerInput(lines=tuple(lines))


@dataclass(frozen=True)
class OrderDraft:
    """The orders read from a PlayerInput, ready to save if every line is ok."""

    checked: tuple[CheckedLine, ...]
    orders: tuple[str, ...]
    extras: dict[str, Any]
    problems: tuple[CheckedLine, ...] = ()

    @property
    def ok(self) -> bool:
        return all(line.ok for line in self.checked) and not self.problems

    @property
    def typed(self) -> str:
        return "\n".join(line.text for line in self.checked)

    @property
    def every_line(self) -> list[CheckedLine]:
        return [*self.checked, *self.problems]


def read_orders(
    board: MapGraph,
    given: PlayerInput | Sequence[str],
    knowledge: Knowledge | None,
    power: str,
    phase_kind: str,
) -> OrderDraft:
    """Read every line against the game's board and the power's own units; a
    plain list of lines is a PlayerInput with nothing sent in advance."""
    given = given if isinstance(given, PlayerInput) else PlayerInput(lines=tuple(given))
    units = orderable_units(knowledge, power, phase_kind)
    side = own_side(knowledge, power, phase_kind)
    typed = [
        check_line(board, line, units, phase_kind, side) for line in given.lines if line.strip()
    ]
    picks = [
        check_line(board, line, units, phase_kind, side) for line in given.picks if line.strip()
    ]
    overridden = {unit_key(line.order) for line in typed if line.ok and phase_kind != "A"}
    kept = [line for line in picks if unit_key(line.order) not in overridden]
    checked = tuple(refuse_duplicates(board, kept + typed, phase_kind, side))
    extras, problems = read_lists(board, given.retreat_lists, given.adjustment_lines, units)
    orders = one_order_per_unit([line.order for line in checked if line.ok])
    return OrderDraft(checked, tuple(orders), extras, tuple(problems))
