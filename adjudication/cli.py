"""The engine's command line (docs/engine.md describes both commands).

    python -m adjudication resolve < steps.jsonl > outcomes.jsonl
    python -m adjudication fog --rules PRESET < steps.jsonl
    python -m adjudication battle < activations.jsonl   (docs/rules/battle.md)
    python -m adjudication battle verify replay.json [SEED] [--json]
    python -m adjudication [COMMAND] --help

Each input line gets one output line, in order; a line that cannot be read
gets ``{"error": "..."}`` naming the field or word, and the exit status is 1
if any line failed. A wrong command line gets the usage and exit status 2
(what each command accepts is in arguments.py).
"""

from __future__ import annotations

import sys
from argparse import Namespace
from collections.abc import Callable, Sequence
from typing import Any

from adjudication.arguments import engine_parser, read_command_line
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


def resolve_main(args: Namespace) -> int:
    return run_lines(sys.stdin, sys.stdout, resolve_line)


# The fog and battle commands are imported only when asked for: `resolve`
# starts in a fresh process for every batch, and compiling those packages
# would more than double its start-up.


def fog_main(args: Namespace) -> int:
    from adjudication.fog.cli import run

    return run(args.rules)


def battle_main(args: Namespace) -> int:
    """One battle activation a line (adjudication/battle/cli.py, BATTLE-CLI.md)."""
    from adjudication.battle.cli import battle_line

    return run_lines(sys.stdin, sys.stdout, battle_line)


def verify_main(args: Namespace) -> int:
    """A finished battle checked from its replay document and seed."""
    from adjudication.battle.cli import verify

    return verify(args.replay, args.seed, as_json=args.json)


COMMANDS: dict[str, Callable[[Namespace], int]] = {
    "resolve": resolve_main,
    "fog": fog_main,
    "battle": battle_main,
    "battle verify": verify_main,
}


def main(argv: Sequence[str] | None = None) -> int:
    """Run one command; the exit status (2 for a wrong command line, after its usage)."""
    args = read_command_line(engine_parser(), argv)
    if isinstance(args, int):
        return args
    return COMMANDS[args.handler](args)
