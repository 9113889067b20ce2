"""The engine's command line (docs/engine.md describes both commands).

    python -m adjudication resolve < steps.jsonl > outcomes.jsonl
    python -m adjudication fog --rules PRESET < steps.jsonl
    python -m adjudication battle < activations.jsonl   (docs/rules/battle.md)
    python -m adjudication battle verify replay.json [SEED] [--json]

Each input line gets one output line, in order; a line that cannot be read
gets ``{"error": "..."}`` naming the field or word, and the exit status is 1
if any line failed.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence
from typing import Any

from adjudication.engine import adjudicate, next_phase
from adjudication.jsonlines import read_object, read_orders, run_lines
from adjudication.parsing import ParseError
from adjudication.phases import STANDARD_RULES
from adjudication.serialisation import (
    StepError,
    centres_json,
    outcome_to_json,
    position_from_step,
)

USAGE = (
    "usage: python -m adjudication {resolve | fog --rules PRESET | battle} < lines.jsonl\n"
    "       python -m adjudication battle verify replay.json [SEED] [--json]"
)


def resolve_line(line: str) -> dict[str, Any]:
    """One input line -> its output object (an ``error`` object if unreadable)."""
    try:
        step = read_object(line)
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
    # the centres change hands at once.  In other seasons they cannot change.
    if position.phase.season in STANDARD_RULES.centre_seasons:
        settled = next_phase(outcome.next_position, hold_empty_phases=False)
        answer["centers"] = centres_json(settled.centres)
    for power in orders:  # a power that gave no orders still gets its (empty) list
        answer["results"].setdefault(power.upper(), [])
    return answer


def resolve_main(args: Sequence[str]) -> int:
    if args:
        print(f"resolve takes no arguments\n{USAGE}", file=sys.stderr)
        return 2
    return run_lines(sys.stdin, sys.stdout, resolve_line)


# The fog and battle commands are imported only when asked for: `resolve`
# starts in a fresh process for every batch, and compiling those packages
# would more than double its start-up.


def fog_main(args: Sequence[str]) -> int:
    from adjudication.fog.cli import main

    return main(args)


def battle_main(args: Sequence[str]) -> int:
    """One battle activation a line (adjudication/battle/cli.py, BATTLE-CLI.md), or
    ``verify``: a finished battle checked from its replay document and seed."""
    from adjudication.battle.cli import battle_line

    if args and args[0] == "verify":
        from adjudication.battle.cli import verify_main

        return verify_main(args[1:])
    if args:
        print(f"battle takes no arguments\n{USAGE}", file=sys.stderr)
        return 2
    return run_lines(sys.stdin, sys.stdout, battle_line)


COMMANDS: dict[str, Callable[[Sequence[str]], int]] = {
    "resolve": resolve_main,
    "fog": fog_main,
    "battle": battle_main,
}


def main(argv: Sequence[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if not args or args[0] not in COMMANDS:
        print(USAGE, file=sys.stderr)
        return 2
    return COMMANDS[args[0]](args[1:])
