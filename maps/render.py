"""Draw one power's map from its knowledge record, and nothing else.

Public entry points: `render_map` (a Pillow image) and `render_png` (bytes).
The game master's record (power null) gives the full board with the same code.
"""

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Any

from PIL import Image

from maps import palette
from maps.arrows import Anchor, draw_stroke, plan, retreat_option
from maps.geometry import MapGeometry, load_geometry
from maps.layers import fog_start, neutral_map, province_piece
from maps.legend import draw_title, paste_legend
from maps.palette import RGB, Colours
from maps.png import palette_png
from maps.record import Location, MapKnowledge, Order, Unit, read_record
from maps.units import centre_sprite, dislodged_anchor, label_ghosts, paste_centred, unit_sprite

DEFAULT_WIDTH = 1200
PNG_COLOURS = 64  # about 37 flat colours, the rest for anti-aliased edges
# zlib-ng levels (maps/png.py): 2 writes a real map in 3.3 to 4.4 ms at 90 to
# 98 KB, under PNG_MAX_BYTES; a map over it is written again at 4 (about
# 7 ms, 93 KB for the busiest sample). Pillow's writer took 8 to 9 ms at its
# level 3 and needed its level 4 for the busiest map.
PNG_QUICK_LEVEL = 2
PNG_SMALL_LEVEL = 4
PNG_MAX_BYTES = 100_000
# The picture an email carries: a results email with its map in 60 KB
# (docs/maps.md, "The email's picture"). At 600 pixels a phone shows it about
# as large as the 1200-pixel one, which it shrinks to its screen anyway. Level 5
# was measured as the knee: 4 % smaller than level 3 for 0.3 ms more, where 6
# saves 0.5 % more for 0.5 ms and 9 another 3 % for 5 ms.
EMAIL_WIDTH = 600
EMAIL_LEVEL = 5
XY = tuple[float, float]


def _paste(image: Image.Image, piece: tuple[Image.Image, Image.Image, tuple[int, int]]) -> None:
    colours, mask, corner = piece
    image.paste(colours, corner, mask)


def _base(knowledge: MapKnowledge, geometry: MapGeometry, scale: float) -> Image.Image:
    """Fills and line art: fog over what is not seen, tints by known centre owner.

    A power's map starts from the cached fog layer and pastes in each
    province it sees from a cached piece (with its line art), tinted in the
    owner's colour where it knows one; one that sees everything starts from
    the cached neutral map and pastes only the tints.
    """
    seen = [code for code in sorted(geometry.provinces) if knowledge.can_see(code)]
    colours = geometry.colours
    tints = {code: palette.tint(owner, colours) for code, owner in knowledge.centres.items()}
    if len(seen) == len(geometry.provinces):
        image = neutral_map(geometry, scale).copy()
        seen = [code for code in seen if code in tints]
    else:
        image = fog_start(geometry, scale).copy()
    for code in seen:
        _paste(image, province_piece(geometry, scale, code, tints.get(code)))
    return image


def _anchors(knowledge: MapKnowledge, geometry: MapGeometry, scale: float) -> Anchor:
    """A function giving where a location's unit stands, in output pixels."""
    # Only seen units say which coast a fleet is on: a hidden one must not move an arrow.
    seen = [u for u in knowledge.units if knowledge.can_see(u.where.province)]
    coast_of = {u.where.province: u.where.coast for u in seen if u.where.coast}

    def anchor(location: Location) -> XY:
        coast = location.coast or coast_of.get(location.province)
        x, y = geometry.provinces[location.province].anchor(coast)
        return x * scale, y * scale

    return anchor


def _draw_centres(
    image: Image.Image, knowledge: MapKnowledge, geometry: MapGeometry, scale: float
) -> None:
    def colour(owner: str | None) -> RGB | None:
        return None if owner is None else palette.power_colour(owner, geometry.colours)

    for code, owner in sorted(knowledge.centres.items()):
        centre = geometry.provinces[code].centre
        if centre is not None and knowledge.can_see(code):
            sprite = centre_sprite(colour(owner), False, scale)
            paste_centred(image, sprite, (centre[0] * scale, centre[1] * scale))
    for ghost in knowledge.ghost_centres:
        centre = geometry.provinces[ghost.province].centre
        if centre is not None and not knowledge.can_see(ghost.province):
            sprite = centre_sprite(colour(ghost.power), True, scale)
            paste_centred(image, sprite, (centre[0] * scale, centre[1] * scale))


def _draw_units(
    image: Image.Image, knowledge: MapKnowledge, anchor: Anchor, scale: float, colours: Colours
) -> None:
    def draw(unit: Unit, at: XY, is_ghost: bool) -> None:
        colour = palette.power_colour(unit.power, colours)
        paste_centred(image, unit_sprite(unit.kind, colour, is_ghost, scale), at)

    ghosts = [g for g in knowledge.ghost_units if not knowledge.can_see(g.unit.where.province)]
    for ghost in ghosts:
        draw(ghost.unit, anchor(ghost.unit.where), True)
    for unit in knowledge.units:
        if knowledge.can_see(unit.where.province):
            draw(unit, anchor(unit.where), False)
    for unit in knowledge.dislodged:
        if knowledge.can_see(unit.where.province):
            draw(unit, dislodged_anchor(anchor(unit.where), scale), False)
    label_ghosts(image, [(anchor(g.unit.where), g.seen) for g in ghosts], scale)


def _origin_aware(order: Order, knowledge: MapKnowledge, anchor: Anchor, scale: float) -> Anchor:
    """Point an own dislodged unit's order at where that unit is drawn."""
    dislodged = {u.where.province for u in knowledge.dislodged if u.power == order.power}
    origin = order.origin
    if origin is None or origin.province not in dislodged:
        return anchor

    def shifted(location: Location) -> XY:
        point = anchor(location)
        return dislodged_anchor(point, scale) if location == origin else point

    return shifted


def _draw_retreat_options(
    image: Image.Image, knowledge: MapKnowledge, anchor: Anchor, scale: float, colours: Colours
) -> None:
    """A faint ring on each seen place a seen dislodged unit may retreat to."""
    for unit, options in sorted(knowledge.retreat_options.items(), key=str):
        colour = palette.power_colour(unit.power, colours)
        if knowledge.can_see(unit.where.province):
            for option in options:
                if knowledge.can_see(option.province):
                    draw_stroke(image, retreat_option(anchor(option), colour), scale)


def _draw_orders(
    image: Image.Image, knowledge: MapKnowledge, anchor: Anchor, scale: float, colours: Colours
) -> None:
    for order in knowledge.orders:
        stroke = plan(order, _origin_aware(order, knowledge, anchor, scale), scale, colours)
        if stroke is not None:
            draw_stroke(image, stroke, scale)


def _draw_board(knowledge: MapKnowledge, geometry: MapGeometry, scale: float) -> Image.Image:
    """Everything but the title panel and the legend: provinces, centres,
    units, retreat options and orders. Of the viewer it uses only whether
    they see each province."""
    colours = geometry.colours
    image = _base(knowledge, geometry, scale)
    anchor = _anchors(knowledge, geometry, scale)
    _draw_centres(image, knowledge, geometry, scale)
    _draw_units(image, knowledge, anchor, scale, colours)
    _draw_retreat_options(image, knowledge, anchor, scale, colours)
    _draw_orders(image, knowledge, anchor, scale, colours)
    return image


@dataclass(frozen=True, eq=False)
class _Board:
    geometry: MapGeometry
    scale: float
    knows: MapKnowledge  # the viewer's knowledge, their name left out
    image: Image.Image


# Boards drawn so far inside `boards_shared`, the latest last; None outside it.
_SHARED: ContextVar[list[_Board] | None] = ContextVar("shared_boards", default=None)
SHARED_BOARDS = 2  # a deadline's maps come one power after another; 3.6 MB each


@contextmanager
def boards_shared() -> Iterator[None]:
    """Maps drawn inside draw the board once for viewers who see the whole
    board and know the same.

    In plain standard play every power knows the whole board, so a
    deadline's seven maps differ only in their title panel: the board is
    drawn for the first and copied for the rest. The copy is the very
    pixels a fresh drawing gives. Meant for drawing a deadline's maps
    together (the results emails' send task), never for a lone request,
    where a quicker map could tell a player that someone else had just
    been shown the same board.
    """
    token = _SHARED.set([])
    try:
        yield
    finally:
        _SHARED.reset(token)


def _sees_everything(knowledge: MapKnowledge, geometry: MapGeometry) -> bool:
    return all(knowledge.can_see(code) for code in geometry.provinces)


def _board(knowledge: MapKnowledge, geometry: MapGeometry, scale: float) -> Image.Image:
    shared = _SHARED.get()
    # Only a board that sees everything is kept: fogged powers almost never
    # know exactly the same, and keeping theirs cost half a millisecond a map.
    if shared is None or not _sees_everything(knowledge, geometry):
        return _draw_board(knowledge, geometry, scale)
    # Every board kept sees everything, so the viewer's name is not drawn on
    # it; whether they are the game master stays in the key all the same.
    knows = replace(knowledge, power=None if knowledge.power is None else "")
    for board in shared:
        if board.geometry is geometry and board.scale == scale and board.knows == knows:
            return board.image.copy()
    image = _draw_board(knowledge, geometry, scale)
    shared.append(_Board(geometry, scale, knows, image.copy()))
    del shared[:-SHARED_BOARDS]
    return image


def render_map(
    record: Any,
    title: str,
    *,
    width: int = DEFAULT_WIDTH,
    geometry: MapGeometry | None = None,
    legend: bool = True,
) -> Image.Image:
    """The map one knowledge record allows, as an RGB image `width` pixels wide,
    drawn on ``geometry`` (the board's drawing; by default the standard board's).
    ``legend`` False leaves the legend out, for a page that sets it beside the
    picture in its own type (the game page on a phone).

    Raises maps.record.RecordError when the record is malformed.
    """
    geometry = geometry or load_geometry()
    colours = geometry.colours
    provinces = frozenset(geometry.provinces)
    knowledge = read_record(record, provinces, geometry.impassable_codes, frozenset(colours))
    scale = width / geometry.width
    image = _board(knowledge, geometry, scale)
    draw_title(image, title, knowledge, scale)
    if legend:
        paste_legend(image, scale, tuple(colours.items()))
    return image


def _sample_records(geometry: MapGeometry) -> list[dict[str, Any]]:
    """Made-up records that use every colour a map can: a full board and a fogged one."""
    powers = sorted(palette.POWER_COLOURS)
    codes = sorted(geometry.provinces)
    kind = {code: "F" if geometry.provinces[code].is_sea else "A" for code in codes}
    units = {p: [f"{kind[c]} {c}" for c in codes[i :: len(powers)]] for i, p in enumerate(powers)}
    centres = [c for c in codes if geometry.provinces[c].supply_centre]
    owners = {p: centres[i :: len(powers)] for i, p in enumerate(powers)}
    ghosts = [{"power": p, "unit": u, "seen": "S1901M"} for p, us in units.items() for u in us]
    board: dict[str, Any] = {"power": None, "phase": "S1901M", "sees": [], "units": units}
    board["centers"] = owners
    fogged = {"power": powers[0], "phase": "S1901M", "sees": [], "units": {}, "centers": {}}
    return [board, {**fogged, "ghosts": {"units": ghosts, "centers": []}}]


@lru_cache(maxsize=4)
def png_palette(width: int) -> Image.Image:
    """A fixed output palette: the map's flat colours exactly, plus blends.

    The blends (anti-aliased edges, text) are chosen once from made-up
    sample maps. One palette for every map keeps encoding fast (a
    nearest-colour lookup instead of a fresh quantisation) and makes equal
    maps equal bytes.
    """
    key = palette.key_colours()
    samples = _sample_records(load_geometry())
    maps = [render_map(record, "Palette sample", width=width) for record in samples]
    sample = Image.new("RGB", (maps[0].width, maps[0].height * len(maps)))
    for index, image in enumerate(maps):
        sample.paste(image, (0, image.height * index))
    blends = sample.quantize(
        PNG_COLOURS - len(key), Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE
    )
    chosen = Image.new("P", (1, 1))
    chosen.putpalette(
        [c for rgb in key for c in rgb]
        + (blends.getpalette() or [])[: 3 * (PNG_COLOURS - len(key))]
    )
    return chosen


def encode_png(image: Image.Image, level: int | None = None) -> bytes:
    """PNG bytes in the fixed palette of PNG_COLOURS colours: small and quick to write.

    Without ``level``, deflated at PNG_QUICK_LEVEL, or PNG_SMALL_LEVEL when
    that is over PNG_MAX_BYTES; with it, at that zlib-ng level alone.
    """
    reduced = image.quantize(palette=png_palette(image.width), dither=Image.Dither.NONE)
    if level is not None:
        return palette_png(reduced, level)
    quick = palette_png(reduced, PNG_QUICK_LEVEL)
    return quick if len(quick) <= PNG_MAX_BYTES else palette_png(reduced, PNG_SMALL_LEVEL)


def render_png(
    record: Any,
    title: str,
    *,
    width: int = DEFAULT_WIDTH,
    geometry: MapGeometry | None = None,
    level: int | None = None,
    legend: bool = True,
) -> bytes:
    """`render_map` encoded as PNG bytes (``level``: see `encode_png`)."""
    image = render_map(record, title, width=width, geometry=geometry, legend=legend)
    return encode_png(image, level)
