"""The map's legend as HTML, set beside the web pages' picture.

The picture the pages show is drawn without its legend (maps_adapter.page_png):
drawn inside a 1,200-pixel picture, the legend's type shrank to about 3 px on
a phone and its panel took a corner of the board. Here it is text the browser
sets at a readable size, with the same entries as the drawn legend
(maps.legend): the board's powers in their colours, then the symbols.

Like the drawn legend it depends on the board alone, never on a record: every
viewer of a rule set's games reads the same legend, so it can tell nothing of
what any power knows. It is made once a process per rule set.
"""

from __future__ import annotations

from functools import lru_cache

from django.utils.html import format_html, format_html_join
from django.utils.safestring import SafeString

from games.maps_adapter import colours_of
from maps import palette
from maps.legend import EXAMPLE_COLOUR, EXAMPLES

RGB = tuple[int, int, int]


def _hex(colour: RGB) -> str:
    return "#{:02x}{:02x}{:02x}".format(*colour)


INK = _hex(palette.INK)
GREY = _hex(palette.UNKNOWN_POWER)
OWN = _hex(EXAMPLE_COLOUR)
FADED = _hex(palette.GHOST_INK)
ARROW = f'<line x1="3" y1="8" x2="21" y2="8" stroke="{GREY}" stroke-width="2"{{dash}}/>'
TIP = f'<path d="M21 8 l-6 -4 v8 z" fill="{GREY}"/>'
DOT = f'<circle cx="21" cy="8" r="2.5" fill="{GREY}"/>'
CROSS = f'<path d="M9 3 l6 10 M15 3 l-6 10" stroke="{INK}" stroke-width="2"/>'


def _unit(letter: str, x: float, y: float, fill: str, ink: str) -> str:
    body = (
        f'<circle cx="{x}" cy="{y}" r="6" fill="{fill}" stroke="{ink}"/>'
        if letter == "A"
        else f'<path d="M{x - 7} {y - 3} h14 l-3 7 h-8 z" fill="{fill}" stroke="{ink}"/>'
    )
    place = f'x="{x}" y="{y + 3}" font-size="8" text-anchor="middle"'
    text = f'<text {place} fill="#fff">{letter}</text>'
    return body + text


# Each symbol of maps.legend.EXAMPLES, drawn in SVG on a 24 x 16 box.
SYMBOLS = {
    "army": _unit("A", 12, 8, OWN, INK),
    "fleet": _unit("F", 12, 8, OWN, INK),
    "dislodged": _unit("A", 9, 6, OWN, INK) + _unit("A", 15, 10, OWN, INK),
    "option": f'<circle cx="12" cy="8" r="6" fill="none" stroke="{OWN}" stroke-dasharray="2 2"/>',
    "centre": f'<circle cx="12" cy="8" r="4" fill="#fff" stroke="{INK}"/>',
    "ghost": _unit("A", 12, 8, "#e6e6e6", FADED),
    "fog": f'<rect x="2" y="2" width="20" height="12" fill="{_hex(palette.FOG_LAND)}" '
    f'stroke="{INK}"/><path d="M6 6h1M12 10h1M17 5h1" stroke="{_hex(palette.FOG_DOTS)}"/>',
    "move": ARROW.format(dash="") + TIP,
    "support": ARROW.format(dash=' stroke-dasharray="4 3"') + DOT,
    "convoy": ARROW.format(dash=' stroke-dasharray="1 3"') + DOT,
    "hold": f'<circle cx="12" cy="8" r="5" fill="none" stroke="{GREY}" stroke-width="2"/>',
    "fail": ARROW.format(dash="") + TIP + CROSS,
}


def _icon(inside: str) -> SafeString:
    return format_html(
        '<svg class="map-legend-icon" viewBox="0 0 24 16" width="24" height="16" '
        'aria-hidden="true" focusable="false">{}</svg>',
        SafeString(inside),
    )


def _chip(colour: RGB) -> SafeString:
    rect = f'<rect x="2" y="3" width="20" height="10" rx="2" fill="{_hex(colour)}" stroke="{INK}"/>'
    return _icon(rect)


@lru_cache(maxsize=16)
def map_legend(preset: str) -> SafeString:
    """The legend of the rule set's board, as one HTML list."""
    powers = format_html_join(
        "",
        '<li class="map-legend-power">{}<span>{}</span></li>',
        ((_chip(colour), name.title()) for name, colour in colours_of(preset).items()),
    )
    symbols = format_html_join(
        "", "<li>{}<span>{}</span></li>", ((_icon(SYMBOLS[key]), text) for key, text in EXAMPLES)
    )
    return format_html(
        '<div class="map-legend" role="group" aria-label="The map\'s legend">'
        '<h3 class="map-legend-title">Legend</h3><ul>{}{}</ul></div>',
        powers,
        symbols,
    )
