"""``python -m adjudication fog --rules PRESET``: per-power reports as JSON Lines.

Each input line is a step (docs/datc-format.md) plus the extra fields a rule set
needs from earlier seasons (docs/fog.md lists them).  Each output line is
``{"reports": {POWER: {sees, units, centers, lines, messages}}}``, or
``{"error": "..."}`` naming the field or word; the exit status is 1 if any
line failed, 2 for a wrong command line (adjudication/arguments.py).
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from typing import Any

from adjudication.arguments import fog_parser, read_command_line
from adjudication.fog.knowledge import report
from adjudication.fog.preset import Preset
from adjudication.fog.step import read_step
from adjudication.jsonlines import read_object, run_lines
from adjudication.parsing import ParseError
from adjudication.serialisation import StepError


def report_line(preset: Preset, line: str) -> dict[str, Any]:
    """One input line -> the reports of every power (or an error object)."""
    try:
        step = read_step(preset, read_object(line))
        revelations = step.reveal(preset)
    except (StepError, ParseError, ValueError) as error:
        return {"error": str(error)}
    powers = sorted(preset.graph.powers)
    return {"reports": {power: report(revelations[power]) for power in powers}}


def run(preset: Preset) -> int:
    """Every line of standard input reported under ``preset``; 1 if any line failed."""
    return run_lines(sys.stdin, sys.stdout, lambda line: report_line(preset, line))


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m adjudication.fog.cli --rules PRESET``, the fog command on its own."""
    args = read_command_line(fog_parser("python -m adjudication.fog.cli"), argv)
    if isinstance(args, int):
        return args
    return run(args.rules)


if __name__ == "__main__":
    sys.exit(main())
