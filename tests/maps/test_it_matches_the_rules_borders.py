"""The drawn map has exactly the rules' borders, read off the province-id image."""

from maps.adjacency import rule_borders
from maps.borders import border_lengths, near_pairs
from maps.geometry import load_geometry

MIN_BORDER_PIXELS = 4
NEAR_PIXELS = 2  # non-neighbours must keep at least one clear pixel between them


def _names(pairs: set[frozenset[str]]) -> list[str]:
    return sorted("-".join(sorted(pair)) for pair in pairs)


def test_every_rules_border_is_drawn_and_no_other():
    drawn = set(border_lengths(load_geometry()))
    rules = set(rule_borders())
    assert _names(rules - drawn) == [], "missing borders"
    assert _names(drawn - rules) == [], "extra borders"
    assert len(rules) == 206


def test_every_border_is_long_enough_to_see():
    lengths = border_lengths(load_geometry())
    short = {pair for pair, length in lengths.items() if length < MIN_BORDER_PIXELS}
    assert _names(short) == []


def test_no_two_non_neighbours_come_close():
    close = near_pairs(load_geometry(), NEAR_PIXELS)
    assert _names(close - set(rule_borders())) == []


def test_every_province_has_its_anchors_inside_the_canvas():
    geometry = load_geometry()
    assert len(geometry.provinces) == 75
    for province in geometry.provinces.values():
        points = [province.unit, province.label, *(xy for _, xy in province.coasts)]
        for x, y in points:
            assert 0 <= x < geometry.width and 0 <= y < geometry.height, province.code
    coasts = {code: [c for c, _ in p.coasts] for code, p in geometry.provinces.items() if p.coasts}
    assert coasts == {"BUL": ["EC", "SC"], "SPA": ["NC", "SC"], "STP": ["NC", "SC"]}
