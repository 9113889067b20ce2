"""What the engine's command lines accept: every command, its arguments and its help.

Only argparse and names live here. Building the parser imports neither the
fog nor the battle package (a fog preset is looked up only once ``--rules``
is given), so ``resolve``, started afresh for every batch, pays nothing for
the other commands (docs/engine.md, "Why it is fast").
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from adjudication.fog.preset import Preset

PROG = "python -m adjudication"

LINES_STATUS = (
    "exit status: 0 when every line was answered, 1 when a line failed (its answer\n"
    'is {"error": "..."} naming the field or word), 2 for a wrong command line.'
)
VERIFY_STATUS = (
    "exit status: 0 when the seed matches the commitment, 1 when it does not or the\n"
    "file cannot be read (the reason on standard error), 2 for a wrong command line."
)
RESOLVE_DESCRIPTION = (
    "Each input line is a DATC step (phase, units, orders, and where the phase\n"
    "needs them centers, dislodged, contested, retreat_options; optional variant);\n"
    "each output line holds units, dislodged, contested, results and centers."
)
FOG_DESCRIPTION = (
    "Each input line is a step (docs/datc-format.md) plus what the rule set needs\n"
    "from earlier seasons (docs/fog.md); each output line is\n"
    '{"reports": {POWER: {sees, units, centers, lines, messages}}}.'
)
BATTLE_DESCRIPTION = (
    "Each input line is one side's activation: the battle, the side, its tokens'\n"
    "actions and the dice (docs/battle-cli.md); each output line is the battle\n"
    "after it, a result per action, the dice used and the winner."
)
VERIFY_DESCRIPTION = (
    "Check a finished battle from its replay document and the seed revealed when\n"
    "it ended: the seed against the commitment, then every roll and the final\n"
    "board, played again with the rules alone (docs/battle-cli.md)."
)


def engine_parser() -> argparse.ArgumentParser:
    """``python -m adjudication`` and its commands; each sets ``handler`` to its name."""
    parser = _parser(
        PROG,
        "The rules engine from the shell: JSON Lines on standard input, one JSON\n"
        "object a line on standard output, in order (docs/engine.md).",
        LINES_STATUS,
    )
    commands = parser.add_subparsers(title="commands", metavar="COMMAND", required=True)
    _command(commands, "resolve", "adjudicate a Diplomacy step a line", RESOLVE_DESCRIPTION)
    add_fog_arguments(
        _command(commands, "fog", "each power's report of a step under a fog rule", FOG_DESCRIPTION)
    )
    _add_verify(
        _command(commands, "battle", "one side's battle activation a line", BATTLE_DESCRIPTION)
    )
    return parser


def fog_parser(prog: str) -> argparse.ArgumentParser:
    """The fog command on its own (``python -m adjudication.fog.cli``)."""
    parser = _parser(prog, FOG_DESCRIPTION, LINES_STATUS)
    add_fog_arguments(parser)
    return parser


def add_fog_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--rules",
        required=True,
        type=preset,
        metavar="PRESET",
        help="the rule set: standard, dc2005, reynolds1989, diplomyopia or saari1898",
    )


def preset(name: str) -> Preset:
    """The rule set called ``name`` (any case); argparse reports an unknown one."""
    from adjudication.fog import get_preset

    try:
        return get_preset(name)
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def _add_verify(battle: argparse.ArgumentParser) -> None:
    """``battle verify``: the battle command's one subcommand, which may be left out."""
    battle.usage = "%(prog)s [-h] [verify ...]"  # argparse would show COMMAND as required
    commands = battle.add_subparsers(title="commands", metavar="COMMAND")
    verify = commands.add_parser(
        "verify",
        prog=f"{battle.prog} verify",
        help="check a finished battle from its replay document and seed",
        description=VERIFY_DESCRIPTION,
        epilog=VERIFY_STATUS,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    verify.set_defaults(handler="battle verify")
    verify.add_argument("replay", metavar="replay.json", help="the replay document, as downloaded")
    verify.add_argument(
        "seed", metavar="SEED", nargs="?", help="the revealed seed (default: the document's own)"
    )
    verify.add_argument("--json", action="store_true", help="print one JSON object, not text")


def _command(commands: Any, name: str, summary: str, description: str) -> argparse.ArgumentParser:
    parser: argparse.ArgumentParser = commands.add_parser(
        name,
        help=summary,
        description=description,
        epilog=LINES_STATUS,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.set_defaults(handler=name)
    return parser


def _parser(prog: str, description: str, epilog: str) -> argparse.ArgumentParser:
    return argparse.ArgumentParser(
        prog=prog,
        description=description,
        epilog=epilog,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )


def read_command_line(
    parser: argparse.ArgumentParser, argv: Sequence[str] | None
) -> argparse.Namespace | int:
    """The parsed arguments, or the exit status once argparse has answered itself:
    0 after printing the help, 2 after printing the usage and the error.

    The commands' ``main`` returns its status rather than exiting, so a caller
    in the same process (the tests) gets 2 for a wrong command line, as before."""
    try:
        parsed, extra = parser.parse_known_args(argv)
        _take_late_seed(parsed, extra)
        if extra:
            parser.error(f"unrecognized arguments: {' '.join(extra)}")
    except SystemExit as stop:
        return stop.code if isinstance(stop.code, int) else 2
    return parsed


def _take_late_seed(parsed: argparse.Namespace, extra: list[str]) -> None:
    """``battle verify replay.json --json SEED``: argparse fills the optional SEED
    (with nothing) before it meets ``--json``, and the seed is left over. The
    command has always taken ``--json`` anywhere, so the seed is taken here."""
    if getattr(parsed, "seed", "") is None and extra[:1] and not extra[0].startswith("-"):
        parsed.seed = extra.pop(0)
