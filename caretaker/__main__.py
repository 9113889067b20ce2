"""python -m caretaker --server URL --token T --game ID: one pass for one seat."""

from __future__ import annotations

import argparse
import sys

from caretaker.client import ApiRefused, Caretaker, http_transport


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="caretaker", description=__doc__)
    parser.add_argument("--server", required=True, help="the site, e.g. https://fogdip.example")
    parser.add_argument("--token", required=True, help="a play token scoped to the seat's game")
    parser.add_argument("--game", required=True, type=int, help="the game's number")
    given = parser.parse_args(argv)
    caretaker = Caretaker(http_transport(given.server, given.token), given.game)
    try:
        print(caretaker.play_once())
    except ApiRefused as refused:
        print(f"refused: {refused}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
