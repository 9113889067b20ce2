"""The engine's command line (docs/engine.md describes both commands).

    python -m adjudication resolve < steps.jsonl > outcomes.jsonl
    python -m adjudication fog --rules PRESET < steps.jsonl

Each input line gets one output line, in order; a line that cannot be read
gets ``{"error": "..."}`` naming the field or word, and the exit status is 1
if any line failed.
"""

from __future__ import annotations

import importlib
import importlib.util
import json
import sys
from collections.abc import Callable, Iterable, Sequence
from typing import Any, TextIO

from adjudication.engine import adjudicate, next_phase
from adjudication.parsing import ParseError
from adjudication.serialisation import (
    StepError,
    centres_json,
    outcome_to_json,
    position_from_step,
)

USAGE = "usage: python -m adjudication {resolve | fog --rules PRESET} < steps.jsonl"


def resolve_line(line: str) -> dict[str, Any]:
    """One input line -> its output object (an ``error`` object if unreadable)."""
    try:
        step = json.loads(line)
    except json.JSONDecodeError as error:
        return {"error": f"bad JSON: {error.msg} at column {error.colno}"}
    if not isinstance(step, dict):
        return {"error": "bad JSON: a line must hold one object"}
    try:
        position = position_from_step(step)
        orders = read_orders(step)
        outcome = adjudicate(position, orders, facts=False)
    except (StepError, ParseError) as error:
        return {"error": str(error)}
    except Exception as error:  # a bug: report it on this line and carry on
        return {"error": f"internal error: {type(error).__name__}: {error}"}
    answer = outcome_to_json(outcome)
    # Centres as the standard game has them once this turn is over: after
    # a Fall movement with nothing to retreat, the retreats are skipped and
    # the centres change hands at once.
    settled = next_phase(outcome.next_position, hold_empty_phases=False)
    answer["centers"] = centres_json(settled.centres)
    for power in orders:  # a power that gave no orders still gets its (empty) list
        answer["results"].setdefault(power.upper(), [])
    return answer


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
        out.write(json.dumps(answer, sort_keys=True) + "\n")
    return 1 if failed else 0


def resolve_main(args: Sequence[str]) -> int:
    if args:
        print(f"resolve takes no arguments\n{USAGE}", file=sys.stderr)
        return 2
    return run_lines(sys.stdin, sys.stdout, resolve_line)


def fog_main(args: Sequence[str]) -> int:
    # The fog rules live in adjudication/fog (another module's owner); load
    # them only when asked for, so `resolve` never depends on them.
    if importlib.util.find_spec("adjudication.fog") is None or (
        importlib.util.find_spec("adjudication.fog.cli") is None
    ):
        print("the fog command is not available: adjudication.fog.cli is missing", file=sys.stderr)
        return 2
    module = importlib.import_module("adjudication.fog.cli")
    result = module.main(list(args))
    return int(result or 0)


COMMANDS: dict[str, Callable[[Sequence[str]], int]] = {"resolve": resolve_main, "fog": fog_main}


def main(argv: Sequence[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if not args or args[0] not in COMMANDS:
        print(USAGE, file=sys.stderr)
        return 2
    return COMMANDS[args[0]](args[1:])
