"""python -m maps.battle: draw one side's battle record as a PNG.

python -m maps.battle record.json -o view.png --title "Skirmish at the ford"
cat record.json | python -m maps.battle > view.png
python -m maps.battle --help
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path

from adjudication.battle.knowledge import SideRecord
from adjudication.battle.knowledge_json import record_from_json
from maps.battle.render import render_battle_png

EXIT_STATUS = (
    "exit status: 0 when the PNG was written, 1 when the record cannot be read\n"
    "(one line on standard error names the problem), 2 for a wrong command line."
)


class UsageError(Exception):
    """A problem with the command's input, reported without a traceback."""


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m maps.battle",
        description="Draw one side's view of a grid battle from its record (docs/rules/battle.md).",
        epilog=EXIT_STATUS,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("record", nargs="?", default="-", help="record JSON (default: stdin)")
    parser.add_argument("-o", "--output", default="-", help="PNG file (default: stdout)")
    parser.add_argument("-t", "--title", default="Battle", help="heading, e.g. the battle's name")
    return parser


def read_record(source: str) -> SideRecord:
    name = "stdin" if source == "-" else source
    try:
        text = sys.stdin.read() if source == "-" else Path(source).read_text(encoding="utf-8")
        return record_from_json(json.loads(text))
    except OSError as error:
        raise UsageError(f"cannot read {name}: {error.strerror}") from None
    except json.JSONDecodeError as error:
        raise UsageError(f"{name} is not JSON: {error.msg} at line {error.lineno}") from None
    except KeyError as error:
        raise UsageError(f"{name}: missing field {error}") from None
    except (TypeError, ValueError) as error:
        raise UsageError(f"{name} is not a battle record: {error}") from None


def main(argv: Sequence[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    try:
        png = render_battle_png(read_record(args.record), args.title)
    except UsageError as error:
        print(f"python -m maps.battle: {error}", file=sys.stderr)
        return 1
    if args.output == "-":
        sys.stdout.buffer.write(png)
    else:
        Path(args.output).write_bytes(png)
    return 0
