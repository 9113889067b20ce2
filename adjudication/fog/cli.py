"""``python -m adjudication fog --rules PRESET``: per-power reports as JSON Lines.

Each input line is a step (docs/datc-format.md) plus the extra fields a rule set
needs from earlier seasons (docs/fog.md lists them).  Each output line is
``{"reports": {POWER: {sees, units, centers, lines, messages}}}``, or
``{"error": "..."}`` naming the field or word; the exit status is 1 if any
line failed.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from typing import Any

from adjudication.fog import get_preset
from adjudication.fog.knowledge import report
from adjudication.fog.preset import Preset
from adjudication.fog.step import read_step
from adjudication.jsonlines import read_object, run_lines
from adjudication.parsing import ParseError
from adjudication.serialisation import StepError

USAGE = "usage: python -m adjudication fog --rules PRESET < steps.jsonl"


def report_line(preset: Preset, line: str) -> dict[str, Any]:
    """One input line -> the reports of every power (or an error object)."""
    try:
        step = read_step(preset, read_object(line))
        revelations = step.reveal(preset)
    except (StepError, ParseError, ValueError) as error:
        return {"error": str(error)}
    powers = sorted(preset.graph.powers)
    return {"reports": {power: report(revelations[power]) for power in powers}}


def read_rules(argv: Sequence[str]) -> str:
    """The preset name from ``--rules NAME`` or ``--rules=NAME``."""
    args = list(argv)
    for index, arg in enumerate(args):
        if arg == "--rules" and index + 1 < len(args):
            return args[index + 1]
        if arg.startswith("--rules="):
            return arg.split("=", 1)[1]
    raise ValueError("missing --rules PRESET")


def main(argv: Sequence[str] | None = None) -> int:
    try:
        preset = get_preset(read_rules(sys.argv[1:] if argv is None else argv))
    except ValueError as error:
        print(f"{error}\n{USAGE}", file=sys.stderr)
        return 2
    return run_lines(sys.stdin, sys.stdout, lambda line: report_line(preset, line))


if __name__ == "__main__":
    sys.exit(main())
