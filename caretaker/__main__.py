"""python -m caretaker --server URL --token T --game ID: one pass for one seat."""

from __future__ import annotations

import argparse
import sys
from urllib.parse import urlsplit

from caretaker.client import Caretaker, CaretakerError, http_transport

PROG = "python -m caretaker"
EXIT_STATUS = (
    "exit status: 0 when the pass was made, 1 when the server refused it, could not\n"
    "be reached or the token plays no power (one line on standard error says which),\n"
    "2 for a wrong command line."
)


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog=PROG,
        description=__doc__,
        epilog=EXIT_STATUS,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument(
        "--server", required=True, type=server, help="the site, e.g. https://fogdip.example"
    )
    parser.add_argument("--token", required=True, help="a play token scoped to the seat's game")
    parser.add_argument("--game", required=True, type=int, help="the game's number")
    return parser


def server(text: str) -> str:
    """An http(s) address; anything else is a wrong command line, not a failed request."""
    address = urlsplit(text)
    if address.scheme not in ("http", "https") or not address.netloc:
        raise argparse.ArgumentTypeError(f"not an http(s) address: {text!r}")
    return text


def main(argv: list[str] | None = None) -> int:
    given = _parser().parse_args(argv)
    caretaker = Caretaker(http_transport(given.server, given.token), given.game)
    try:
        print(caretaker.play_once())
    except CaretakerError as error:
        print(f"{PROG}: error: {error}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
