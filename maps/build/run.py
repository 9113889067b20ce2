"""The build itself: Natural Earth outlines to maps/data/standard.json, borders checked.

Imports the build's own libraries (requirements-build.txt), so the command
line (``__main__.py``) imports it only once its arguments are read.
"""

from pathlib import Path

from maps.adjacency import rule_borders
from maps.borders import border_lengths, near_pairs
from maps.build.check import border_report, drawn_borders
from maps.build.export import map_data, simplify_layout, to_json
from maps.build.partition import build_layout
from maps.build.projection import standard_canvas
from maps.build.source import load_countries
from maps.geometry import load_geometry

NEAR_PIXELS = 2  # as the tests: non-neighbours keep a clear pixel between them


def build(out: Path) -> tuple[list[str], str]:
    """Write the map data to ``out``; how its borders differ from the rules' (none
    when they agree), and a line saying what was written."""
    canvas = standard_canvas()
    layout = simplify_layout(build_layout(load_countries(canvas), canvas))
    rules = rule_borders()
    problems = border_report(drawn_borders(layout.provinces), rules)
    out.write_text(to_json(map_data(layout, canvas)), encoding="utf-8")
    problems += _raster_report(out, rules)
    return problems, f"wrote {out}: {len(layout.provinces)} provinces, {len(rules)} borders checked"


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
