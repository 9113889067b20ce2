"""python -m maps.build: rebuild maps/data/standard.json from Natural Earth.

Prints how the drawn borders differ from the rules' adjacency (nothing when
they agree), first on the geometry, then on the province-id image the tests
read from the written JSON, and exits non-zero when they differ.
"""

import argparse
import sys
from pathlib import Path

from maps.geometry import DEFAULT_MAP

EXIT_STATUS = (
    "exit status: 0 when the borders agree, 1 when they differ or the build's\n"
    "libraries are missing, 2 for a wrong command line."
)


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m maps.build",
        description=__doc__,
        epilog=EXIT_STATUS,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--out", type=Path, default=DEFAULT_MAP, help="where to write the JSON")
    return parser


def main(argv: list[str] | None = None) -> int:
    """Build the map data; return the exit status."""
    args = _parser().parse_args(argv)
    # The build's libraries are not installed to run the site: --help and a
    # wrong command line are answered without them, and their absence is named.
    try:
        from maps.build.run import build
    except ModuleNotFoundError as missing:
        print(
            f"python -m maps.build: error: {missing}: "
            "pip install -r requirements-build.txt first (docs/maps.md)",
            file=sys.stderr,
        )
        return 1
    problems, written = build(args.out)
    for line in [*problems, written]:
        print(line)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
