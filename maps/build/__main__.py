"""python -m maps.build: rebuild maps/data/standard.json from Natural Earth.

Prints how the drawn borders differ from the rules' adjacency (nothing when
they agree), first on the geometry, then on the province-id image the tests
read from the written JSON, and exits non-zero when they differ.
"""

import argparse
import sys
from pathlib import Path

from maps.adjacency import rule_borders
from maps.borders import border_lengths, near_pairs
from maps.build.check import border_report, drawn_borders
from maps.build.export import map_data, simplify_layout, to_json
from maps.build.partition import build_layout
from maps.build.projection import standard_canvas
from maps.build.source import load_countries
from maps.geometry import DEFAULT_MAP, load_geometry

NEAR_PIXELS = 2  # as the tests: non-neighbours keep a clear pixel between them


def _raster_report(path: Path, rules: frozenset[frozenset[str]]) -> list[str]:
    geometry = load_geometry(path)
    drawn = border_lengths(geometry)
    near = near_pairs(geometry, NEAR_PIXELS) - set(drawn)
    report = border_report(drawn, rules)
    return [f"id image: {line}" for line in report] + [
        f"id image: non-neighbours within {NEAR_PIXELS} px: {'-'.join(sorted(pair))}"
        for pair in sorted(near, key=sorted)
        if pair not in rules
    ]


def main(argv: list[str] | None = None) -> int:
    """Build the map data; return the exit status."""
    parser = argparse.ArgumentParser(prog="python -m maps.build", description=__doc__)
    parser.add_argument("--out", type=Path, default=DEFAULT_MAP, help="where to write the JSON")
    args = parser.parse_args(argv)
    canvas = standard_canvas()
    layout = simplify_layout(build_layout(load_countries(canvas), canvas))
    rules = rule_borders()
    problems = border_report(drawn_borders(layout.provinces), rules)
    args.out.write_text(to_json(map_data(layout, canvas)), encoding="utf-8")
    problems += _raster_report(args.out, rules)
    for line in problems:
        print(line)
    print(f"wrote {args.out}: {len(layout.provinces)} provinces, {len(rules)} borders checked")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
