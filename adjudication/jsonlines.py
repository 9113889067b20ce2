"""JSON Lines plumbing shared by the command lines (``resolve`` and ``fog``).

Each input line is one JSON object; each answer is one line, in order, and a
line that cannot be read gets ``{"error": "..."}`` naming the field or word.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from typing import Any, TextIO

from adjudication.serialisation import StepError

# What json.dumps(answer, sort_keys=True) writes, without building a new
# encoder for every line.
_encode = json.JSONEncoder(sort_keys=True).encode


def read_object(line: str) -> dict[str, Any]:
    """One line's JSON object; StepError says why it is not one."""
    try:
        data = json.loads(line)
    except json.JSONDecodeError as error:
        raise StepError(f"bad JSON: {error.msg} at column {error.colno}") from None
    if not isinstance(data, dict):
        raise StepError("bad JSON: a line must hold one object")
    return data


def read_orders(step: dict[str, Any]) -> dict[str, list[str]]:
    """The ``orders`` field, checked to be ``{power: [text, ...]}``."""
    if "orders" not in step:
        raise StepError('missing field "orders"')
    orders = step["orders"]
    if not isinstance(orders, dict) or not all(
        isinstance(lines, list) and all(isinstance(t, str) for t in lines)
        for lines in orders.values()
    ):
        raise StepError('field "orders" must map each power to a list of order texts')
    return orders


def run_lines(lines: Iterable[str], out: TextIO, handle: Callable[[str], dict[str, Any]]) -> int:
    """Apply ``handle`` to every non-blank line; 1 if any answer is an error."""
    failed = False
    for line in lines:
        if not line.strip():
            continue
        answer = handle(line)
        failed = failed or "error" in answer
        out.write(_encode(answer) + "\n")
    out.flush()
    return 1 if failed else 0
