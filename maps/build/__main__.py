"""python -m maps.build: rebuild maps/data/standard.json from Natural Earth.

Prints how the drawn borders differ from the rules' adjacency (nothing when
they agree) and exits non-zero when they differ.
"""

import argparse
import sys
from pathlib import Path

from maps.adjacency import rule_borders
from maps.build.check import border_report, drawn_borders
from maps.build.export import map_data, simplify_layout, to_json
from maps.build.partition import build_layout
from maps.build.projection import standard_canvas
from maps.build.source import load_countries
from maps.geometry import DEFAULT_MAP


def main(argv: list[str] | None = None) -> int:
    """Build the map data; return the exit status."""
    parser = argparse.ArgumentParser(prog="python -m maps.build", description=__doc__)
    parser.add_argument("--out", type=Path, default=DEFAULT_MAP, help="where to write the JSON")
    args = parser.parse_args(argv)
    canvas = standard_canvas()
    layout = simplify_layout(build_layout(load_countries(canvas), canvas))
    rules = rule_borders()
    problems = border_report(drawn_borders(layout.provinces), rules)
    for line in problems:
        print(line)
    args.out.write_text(to_json(map_data(layout, canvas)), encoding="utf-8")
    print(f"wrote {args.out}: {len(layout.provinces)} provinces, {len(rules)} borders checked")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
