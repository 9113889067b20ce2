"""Unit and supply-centre symbols, drawn once per look and pasted.

An army is a disc marked A, a fleet a ship's hull marked F: shape and letter
tell them apart without colour. Last-seen (ghost) symbols are paler and carry
the phase they were seen in. Sprites are drawn large and reduced, because
Pillow does not anti-alias shapes.
"""

from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache

from PIL import Image, ImageDraw

from maps import palette
from maps.palette import RGB
from maps.text import font, haloed

SUPERSAMPLE = 4
UNIT_RADIUS = 11.0
CENTRE_RADIUS = 4.5
DISLODGED_OFFSET = (16.0, 13.0)
GHOST_LABEL_SIZE = 9
# Ship's hull, in unit radii around the anchor: flat deck, narrower keel,
# with a low bridge on deck so it reads as a ship at a glance.
HULL = (
    (-1.3, -0.35),
    (-0.45, -0.35),
    (-0.45, -0.8),
    (0.45, -0.8),
    (0.45, -0.35),
    (1.3, -0.35),
    (0.85, 0.75),
    (-0.85, 0.75),
)

XY = tuple[float, float]


def _canvas(half: float) -> tuple[Image.Image, ImageDraw.ImageDraw, float]:
    side = round(2 * half * SUPERSAMPLE)
    image = Image.new("RGBA", (side, side), (0, 0, 0, 0))
    return image, ImageDraw.Draw(image), side / 2


@dataclass(frozen=True)
class Sprite:
    """A small picture split into colour and coverage, ready to paste on RGB."""

    colour: Image.Image
    coverage: Image.Image

    @classmethod
    def of(cls, image: Image.Image) -> "Sprite":
        return cls(image.convert("RGB"), image.getchannel("A"))


def _reduce(image: Image.Image) -> Sprite:
    return Sprite.of(image.reduce(SUPERSAMPLE))


def _outline_colour(is_ghost: bool) -> RGB:
    return palette.GHOST_INK if is_ghost else palette.INK


def _draw_body(
    draw: ImageDraw.ImageDraw, kind: str, centre: float, radius: float, fill: RGB, outline: RGB
) -> None:
    line = max(1, round(radius / 6))
    if kind == "A":
        box = (centre - radius, centre - radius, centre + radius, centre + radius)
        draw.ellipse(box, fill=fill, outline=outline, width=line)
    else:
        points = [(centre + x * radius, centre + y * radius) for x, y in HULL]
        draw.polygon(points, fill=fill, outline=outline, width=line)


@lru_cache(maxsize=128)
def unit_sprite(kind: str, colour: RGB, is_ghost: bool, scale: float) -> Sprite:
    """An army or fleet symbol in its power's colour, centred in the image."""
    radius = UNIT_RADIUS * scale
    image, draw, centre = _canvas(radius * 1.4)
    fill = palette.faded(colour) if is_ghost else colour
    big_radius = radius * SUPERSAMPLE
    _draw_body(draw, kind, centre, big_radius, fill, _outline_colour(is_ghost))
    letter = palette.mix(palette.ink_on(fill), fill, 0.55) if is_ghost else palette.ink_on(fill)
    size = round(big_radius * 1.25)
    draw.text(
        (centre, centre + big_radius * (0.15 if kind == "F" else 0.05)),
        kind,
        font=font(size),
        fill=letter,
        anchor="mm",
    )
    return _reduce(image)


@lru_cache(maxsize=64)
def centre_sprite(colour: RGB | None, is_ghost: bool, scale: float) -> Sprite:
    """A supply-centre marker filled with its owner's colour (None: neutral, white)."""
    radius = CENTRE_RADIUS * scale
    image, draw, centre = _canvas(radius * 1.5)
    big = radius * SUPERSAMPLE
    fill = palette.WHITE
    if colour is not None:
        fill = palette.faded(colour) if is_ghost else colour
    box = (centre - big, centre - big, centre + big, centre + big)
    draw.ellipse(box, fill=fill, outline=_outline_colour(is_ghost), width=SUPERSAMPLE)
    return _reduce(image)


def paste_centred(target: Image.Image, sprite: Sprite, at: XY) -> None:
    """Paste a sprite so its centre lands on a point."""
    left = round(at[0] - sprite.colour.width / 2)
    top = round(at[1] - sprite.colour.height / 2)
    target.paste(sprite.colour, (left, top), sprite.coverage)


def short_phase(phase: str) -> str:
    """'S1901M' -> 'S01': season initial and year, for small labels."""
    return phase[0] + phase[3:5] if len(phase) == 6 else phase


def label_ghosts(target: Image.Image, labels: Iterable[tuple[XY, str]], scale: float) -> None:
    """Write each ghost's last-seen phase at its upper right.

    Below would collide with province labels, which often sit under units.
    """
    draw = ImageDraw.Draw(target)
    size = round(GHOST_LABEL_SIZE * max(scale, 0.75))
    for (x, y), phase in labels:
        at = (x + (UNIT_RADIUS + 2) * scale, y - 7 * scale)
        haloed(draw, at, short_phase(phase), size, palette.INK, anchor="lm")


def dislodged_anchor(anchor: XY, scale: float) -> XY:
    """Own dislodged units stand beside the unit that took their place."""
    return anchor[0] + DISLODGED_OFFSET[0] * scale, anchor[1] + DISLODGED_OFFSET[1] * scale
