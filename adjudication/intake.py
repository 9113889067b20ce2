"""Reading and checking the orders of a phase before it is adjudicated."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from functools import partial
from typing import NamedTuple

from adjudication.mapgraph import MapGraph
from adjudication.orders import Build, Order, Waive
from adjudication.outcome import ILLEGAL, OrderResult, Result
from adjudication.parsing import parse_order
from adjudication.types import PhaseKind, Position

Checker = Callable[[Order, str, Position, MapGraph], tuple[Order, str | None]]
OrderLines = Mapping[str, Sequence[str | Order]]


class Given(NamedTuple):
    """An order as given, as read and checked; ``reason`` set when illegal."""

    power: str
    text: str
    order: Order
    reason: str | None
    province: str = ""  # of the unit ordered; "" for a waive

    @property
    def legal(self) -> bool:
        return self.reason is None

    def outcome(self, result: Result, reason: str | None = None) -> OrderResult:
        if self.reason is not None:
            return OrderResult(self.power, self.text, self.order, ILLEGAL, self.reason)
        return OrderResult(self.power, self.text, self.order, result, reason)


# Built with tuple.__new__, which skips the named tuple's Python-level
# __new__: one is made per order, so this is on the hot path.
new_given = partial(tuple.__new__, Given)


def take_orders(
    orders: OrderLines, position: Position, graph: MapGraph, check: Checker
) -> list[Given]:
    """Parse (ParseError propagates) and check every line, in the order given.

    In movement and retreat phases a second legal order for the same unit
    is illegal: the first one stands.  (In adjustment phases the count rules
    make a repeated removal fail instead, DATC 6.J.2.)
    """
    single = position.phase.kind is not PhaseKind.ADJUSTMENT
    taken: list[Given] = []
    ordered: set[str] = set()
    for power, lines in orders.items():
        power = power.upper()
        for line in lines:
            if type(line) is str:
                order, text = parse_order(line, graph), line
            else:
                order, text = line, str(line)  # type: ignore[assignment]
            checked, reason = check(order, power, position, graph)
            kind = type(checked)
            if kind is Waive:
                taken.append(new_given((power, text, checked, reason, "")))
                continue
            province = checked.location[:3]  # type: ignore[union-attr]
            if single and reason is None and kind is not Build:
                if province in ordered:
                    reason = f"the unit in {graph.name_of(province)} already has an order"
                ordered.add(province)
            taken.append(new_given((power, text, checked, reason, province)))
    return taken
