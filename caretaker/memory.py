"""What the power's own records say of its last movement phases: where its moves bounced.

Each record lists the orders the power gave in the phase it reports, with
their results (``docs/knowledge-record.md``). Read over its last two
movement phases, they say where a move of its own failed, and whether it
failed there both times. The caretaker goes back to a province that
bounced it in either phase only with support, and not at all after two
bounces in a row: a third would repeat a bounce over two phases.

    bounce_runs(current, earlier)     # {"RUM": 2, "GAL": 1}
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from adjudication.mapgraph import province_of
from adjudication.record import Knowledge, parse_record

REMEMBERED = 2  # movement phases looked back on: enough to see two bounces in a row
# Earlier records that hold the last two movement phases: a movement phase,
# its retreats and the Winter come between two Springs at most.
EARLIER_RECORDS = 4
MOVEMENT_KINDS = frozenset({"hold", "move", "support", "convoy"})


def _is_movement(knowledge: Knowledge) -> bool:
    """A record that reports movement orders of the power's own (under the 1989
    rules one record tells a whole season, named after its last phase)."""
    return any(
        order.power == knowledge.power and order.kind in MOVEMENT_KINDS
        for order in knowledge.orders
    )


def bounce_runs(current: Knowledge, earlier: Sequence[Mapping[str, Any]]) -> dict[str, int]:
    """Per province where a move of the power's own failed in one of its last two
    movement phases: 2 when it failed in both, else 1."""
    known = [parse_record(record) for record in earlier] + [current]
    movement = [k for k in known if k.power == current.power and _is_movement(k)]
    runs: dict[str, int] = {}
    for knowledge in movement[-REMEMBERED:]:
        for province in _failed_moves(knowledge, current.power):
            runs[province] = runs.get(province, 0) + 1
    return runs


def _failed_moves(knowledge: Knowledge, power: str | None) -> set[str]:
    return {
        province_of(order.to)
        for order in knowledge.orders
        if order.power == power and order.kind == "move" and order.to and order.result == "fail"
    }
