"""python -m maps render: draw a knowledge record as a PNG.

python -m maps render record.json -o map.png --title "Game 12"
cat record.json | python -m maps render --title "Game 12" > map.png
python -m maps [render] --help
"""

import argparse
import json
import sys
from pathlib import Path
from typing import Any, BinaryIO

from maps.record import RecordError
from maps.render import DEFAULT_WIDTH, render_png

MIN_WIDTH, MAX_WIDTH = 300, 4000
EXIT_STATUS = (
    "exit status: 0 when the PNG was written, 2 for a wrong command line or a record\n"
    "that cannot be read or drawn (one line on standard error names the problem)."
)


class UsageError(Exception):
    """A problem with the command's input, reported without a traceback."""


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m maps",
        description="Draw FogDip maps (docs/maps.md).",
        epilog=EXIT_STATUS,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    commands = parser.add_subparsers(
        dest="command", title="commands", metavar="COMMAND", required=True
    )
    render = commands.add_parser(
        "render",
        help="draw one knowledge record as a PNG",
        description="Draw one knowledge record (docs/knowledge-record.md) as a PNG.",
        epilog=EXIT_STATUS,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    render.add_argument("record", nargs="?", default="-", help="record JSON file (default: stdin)")
    render.add_argument("-o", "--output", default="-", help="PNG file to write (default: stdout)")
    render.add_argument("-t", "--title", default="FogDip", help="heading, e.g. the game's name")
    render.add_argument(
        "-w",
        "--width",
        type=width,
        default=DEFAULT_WIDTH,
        help=f"image width in pixels, {MIN_WIDTH} to {MAX_WIDTH} (default: {DEFAULT_WIDTH})",
    )
    return parser


def width(text: str) -> int:
    """A ``--width`` argparse takes, or why not (a usage error, with the usage)."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number of pixels: {text!r}") from None
    if not MIN_WIDTH <= value <= MAX_WIDTH:
        raise argparse.ArgumentTypeError(
            f"must be between {MIN_WIDTH} and {MAX_WIDTH}, got {value}"
        )
    return value


def _read_text(source: str) -> str:
    if source == "-":
        return sys.stdin.read()
    try:
        return Path(source).read_text(encoding="utf-8")
    except OSError as error:
        raise UsageError(f"cannot read {source}: {error.strerror}") from error


def _parse(text: str, source: str) -> Any:
    name = "stdin" if source == "-" else source
    if not text.strip():
        raise UsageError(f"{name} is empty: expected a knowledge record (JSON)")
    try:
        return json.loads(text)
    except json.JSONDecodeError as error:
        raise UsageError(
            f"{name} is not JSON: {error.msg} at line {error.lineno} column {error.colno}"
        ) from error


def _target(output: str) -> BinaryIO:
    if output != "-":
        return Path(output).open("wb")
    if sys.stdout.isatty():
        raise UsageError("refusing to write a PNG to a terminal: use -o FILE or redirect stdout")
    return sys.stdout.buffer


def _render(args: argparse.Namespace) -> None:
    record = _parse(_read_text(args.record), args.record)
    try:
        png = render_png(record, args.title, width=args.width)
    except RecordError as error:
        raise UsageError(f"bad knowledge record: {error}") from error
    target = _target(args.output)
    target.write(png)
    target.flush()
    if target is not sys.stdout.buffer:
        target.close()


def main(argv: list[str] | None = None) -> int:
    """Run the command line; return the exit status (2 for bad input).

    A wrong command line, or ``--help``, exits inside argparse (status 2, or 0)."""
    args = _parser().parse_args(argv)
    try:
        _render(args)
    except UsageError as error:
        print(f"python -m maps {args.command}: error: {error}", file=sys.stderr)
        return 2
    return 0
