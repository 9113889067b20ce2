"""Static layers of the map, built once per process from the neutral map.

The province-id image holds one 8-bit value per pixel: the province's number,
that number plus ISLAND_OFFSET on decoration islands lying in a sea province,
or a fixed value for impassable land and lakes. Fills, fog and the fog mask
are then palette or lookup-table operations on that one image. Nothing here
depends on a record, so nothing here can leak what a power cannot see.
"""

from collections.abc import Iterable, Sequence
from functools import lru_cache

from PIL import Image, ImageDraw

from maps import palette
from maps.geometry import MapGeometry, ProvinceShape, Ring
from maps.palette import RGB
from maps.text import haloed

ISLAND_OFFSET = 100
LAKE_ID = 253
IMPASSABLE_ID = 254
SUPERSAMPLE = 2  # line art is drawn this many times larger, then reduced
LABEL_SIZE = 11
FOG_DOT_SPACING = 4
CENTRE_RADIUS = 4.5
Box = tuple[int, int, int, int]


def scaled(ring: Ring, scale: float) -> list[tuple[float, float]]:
    """A flat ring as points, multiplied by scale."""
    return [(ring[i] * scale, ring[i + 1] * scale) for i in range(0, len(ring), 2)]


def _size(geometry: MapGeometry, scale: float) -> tuple[int, int]:
    return round(geometry.width * scale), round(geometry.height * scale)


def _fill_rings(draw: ImageDraw.ImageDraw, rings: Iterable[Ring], scale: float, value: int) -> None:
    for ring in rings:
        draw.polygon(scaled(ring, scale), fill=value, outline=value)


def _drawing_order(geometry: MapGeometry) -> list[ProvinceShape]:
    # Seas first: land drawn later fills the holes seas leave for islands.
    return sorted(geometry.provinces.values(), key=lambda p: (not p.is_sea, p.code))


def _islands_in_seas(ids: Image.Image, geometry: MapGeometry, scale: float) -> Image.Image:
    mask = Image.new("L", ids.size, 0)
    _fill_rings(ImageDraw.Draw(mask), geometry.islands, scale, 255)
    lifted = ids.point(lambda v: v + ISLAND_OFFSET if v < ISLAND_OFFSET else v)
    sea_only = ids.point(_sea_lut(geometry))
    ids.paste(lifted, (0, 0), Image.composite(mask, Image.new("L", ids.size, 0), sea_only))
    return ids


def _sea_lut(geometry: MapGeometry) -> list[int]:
    numbers = geometry.province_ids()
    seas = {numbers[p.code] for p in geometry.provinces.values() if p.is_sea}
    return [255 if value in seas else 0 for value in range(256)]


@lru_cache(maxsize=8)
def province_id_image(geometry: MapGeometry, scale: float) -> Image.Image:
    """The 8-bit province-id image at a scale of the canvas."""
    ids = Image.new("L", _size(geometry, scale), 0)
    draw = ImageDraw.Draw(ids)
    numbers = geometry.province_ids()
    for province in _drawing_order(geometry):
        _fill_rings(draw, province.polygons, scale, numbers[province.code])
    _fill_rings(draw, geometry.impassable, scale, IMPASSABLE_ID)
    _fill_rings(draw, geometry.lakes, scale, LAKE_ID)
    return _islands_in_seas(ids, geometry, scale)


def province_of_id(value: int) -> int:
    """The province number an id-image value belongs to (0 for none)."""
    if value in (LAKE_ID, IMPASSABLE_ID):
        return 0
    return value - ISLAND_OFFSET if value > ISLAND_OFFSET else value


def colour_table(geometry: MapGeometry, colours: dict[str, RGB], fog: bool = False) -> list[int]:
    """A 256-entry palette for the id image: provinces in the given colours."""
    land, sea = (palette.FOG_LAND, palette.FOG_SEA) if fog else (palette.LAND, palette.SEA)
    island = palette.FOG_LAND if fog else palette.ISLAND
    table = [sea] * 256
    for code, number in geometry.province_ids().items():
        shape = geometry.provinces[code]
        table[number] = colours.get(code, sea if shape.is_sea else land)
        table[number + ISLAND_OFFSET] = island
    table[LAKE_ID], table[IMPASSABLE_ID] = (sea, palette.IMPASSABLE)
    return [channel for rgb in table for channel in rgb]


@lru_cache(maxsize=8)
def _id_palette_image(geometry: MapGeometry, scale: float) -> Image.Image:
    ids = province_id_image(geometry, scale)
    return Image.frombytes("P", ids.size, ids.tobytes())


def paint(geometry: MapGeometry, scale: float, table: Sequence[int]) -> Image.Image:
    """The province-id image coloured through a palette table, as RGB."""
    painted = _id_palette_image(geometry, scale).copy()
    painted.putpalette(list(table))
    return painted.convert("RGB")


def stipple(size: tuple[int, int]) -> Image.Image:
    """A mask of staggered dots, the texture that says 'fog'.

    Rows of the pattern repeat every few lines, which keeps the PNG small.
    """
    step = FOG_DOT_SPACING
    tile = Image.new("L", (step * 16, step * 16), 0)
    for y in range(0, tile.height, step):
        shift = step // 2 if (y // step) % 2 else 0
        for x in range(shift, tile.width, step):
            tile.putpixel((x, y), 255)
    mask = Image.new("L", size, 0)
    for top in range(0, size[1], tile.height):
        for left in range(0, size[0], tile.width):
            mask.paste(tile, (left, top))
    return mask


@lru_cache(maxsize=8)
def fog_image(geometry: MapGeometry, scale: float) -> Image.Image:
    """The whole map as fog: neutral greys, stippled."""
    fog = paint(geometry, scale, colour_table(geometry, {}, fog=True))
    fog.paste(palette.FOG_DOTS, (0, 0, *fog.size), stipple(fog.size))
    return fog


def _outline_rings(
    draw: ImageDraw.ImageDraw, rings: Iterable[Ring], scale: float, colour: RGB, width: int
) -> None:
    for ring in rings:
        points = scaled(ring, scale)
        draw.line([*points, points[0]], fill=colour, width=width, joint="curve")


def _draw_borders(draw: ImageDraw.ImageDraw, geometry: MapGeometry, scale: float) -> None:
    seas = [p for p in geometry.provinces.values() if p.is_sea]
    lands = [p for p in geometry.provinces.values() if not p.is_sea]
    for province in seas:
        _outline_rings(draw, province.polygons, scale, palette.SEA_BORDER, SUPERSAMPLE)
    for province in lands:
        _outline_rings(draw, province.polygons, scale, palette.LAND_BORDER, SUPERSAMPLE)
    for rings in (geometry.impassable, geometry.lakes, geometry.islands):
        _outline_rings(draw, rings, scale, palette.COAST, SUPERSAMPLE)


def _draw_centre_rings(draw: ImageDraw.ImageDraw, geometry: MapGeometry, scale: float) -> None:
    radius = CENTRE_RADIUS * scale
    for province in geometry.provinces.values():
        if province.centre is not None:
            x, y = province.centre[0] * scale, province.centre[1] * scale
            box = (x - radius, y - radius, x + radius, y + radius)
            draw.ellipse(box, fill=palette.WHITE, outline=palette.INK, width=SUPERSAMPLE)


def _draw_labels(draw: ImageDraw.ImageDraw, geometry: MapGeometry, scale: float) -> None:
    size = round(LABEL_SIZE * max(scale, 0.75))
    for province in geometry.provinces.values():
        colour = palette.SEA_INK if province.is_sea else palette.INK
        x, y = province.label
        haloed(draw, (x * scale, y * scale), province.code.title(), size, colour)


@lru_cache(maxsize=8)
def line_art(geometry: MapGeometry, scale: float) -> Image.Image:
    """Borders, coasts, centre markers and labels on transparency (RGBA)."""
    big_scale = scale * SUPERSAMPLE
    big = Image.new("RGBA", _size(geometry, big_scale), (0, 0, 0, 0))
    draw = ImageDraw.Draw(big)
    _draw_borders(draw, geometry, big_scale)
    _draw_centre_rings(draw, geometry, big_scale)
    art = big.resize(_size(geometry, scale), Image.Resampling.BOX)
    _draw_labels(ImageDraw.Draw(art), geometry, scale)
    return art


@lru_cache(maxsize=8)
def neutral_map(geometry: MapGeometry, scale: float) -> Image.Image:
    """The neutral fills with the line art on top: every map starts from this."""
    return _with_art(paint(geometry, scale, colour_table(geometry, {})), geometry, scale)


@lru_cache(maxsize=8)
def fogged_map(geometry: MapGeometry, scale: float) -> Image.Image:
    """The fog layer with the line art on top, pasted wherever a power cannot see."""
    return _with_art(fog_image(geometry, scale).copy(), geometry, scale)


def _with_art(
    fills: Image.Image, geometry: MapGeometry, scale: float, box: Box | None = None
) -> Image.Image:
    """`fills` (the whole map, or `box` of it) with the line art on top."""
    art = line_art(geometry, scale)
    if box is not None:
        art = art.crop(box)
    fills.paste(art, (0, 0), art)
    return fills


@lru_cache(maxsize=8)
def province_boxes(geometry: MapGeometry, scale: float) -> dict[str, tuple[int, int, int, int]]:
    """Each province's bounding box in output pixels, a pixel to spare."""
    boxes = {}
    for code, province in geometry.provinces.items():
        points = [xy for ring in province.polygons for xy in scaled(ring, scale)]
        xs, ys = [x for x, _ in points], [y for _, y in points]
        boxes[code] = (int(min(xs)) - 1, int(min(ys)) - 1, int(max(xs)) + 2, int(max(ys)) + 2)
    return boxes


@lru_cache(maxsize=8)
def fog_start(geometry: MapGeometry, scale: float) -> Image.Image:
    """The fogged map, but clear where no province lies (impassable land):
    a power's map starts from this and pastes in what it sees."""
    clear = province_id_image(geometry, scale).point(
        [255 if province_of_id(value) == 0 and value != LAKE_ID else 0 for value in range(256)]
    )
    image = fogged_map(geometry, scale).copy()
    image.paste(neutral_map(geometry, scale), (0, 0), clear)
    return image


def _province_box(geometry: MapGeometry, scale: float, code: str) -> Box:
    width, height = _size(geometry, scale)
    left, top, right, bottom = province_boxes(geometry, scale)[code]
    return max(left, 0), max(top, 0), min(right, width), min(bottom, height)


@lru_cache(maxsize=256)
def _province_mask(geometry: MapGeometry, scale: float, code: str) -> Image.Image:
    """Where a province lies in its box, its islands included: one for all its colours.

    A 1-bit mask: Pillow pastes through it by copying, about four times
    quicker than blending through an 8-bit one, and the mask is all or
    nothing anyway.
    """
    number = geometry.province_ids()[code]
    lut = [255 if province_of_id(value) == number else 0 for value in range(256)]
    box = _province_box(geometry, scale, code)
    mask = province_id_image(geometry, scale).crop(box).point(lut)
    return mask.convert("1", dither=Image.Dither.NONE)


@lru_cache(maxsize=1024)
def province_piece(
    geometry: MapGeometry, scale: float, code: str, colour: RGB | None
) -> tuple[Image.Image, Image.Image, tuple[int, int]]:
    """A province's box with the line art on top, its mask and its corner.

    The province is in `colour`, or in its neutral colour (None). Pasted
    through the mask, it gives exactly the pixels of painting the whole map
    and drawing the line art over it.
    """
    box = _province_box(geometry, scale, code)
    fills = _id_palette_image(geometry, scale).crop(box)
    fills.putpalette(colour_table(geometry, {} if colour is None else {code: colour}))
    piece = _with_art(fills.convert("RGB"), geometry, scale, box)
    return piece, _province_mask(geometry, scale, code), box[:2]
