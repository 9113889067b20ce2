"""Colours of the battle picture.

Sides take the Okabe-Ito colours (distinct under the common colour-vision
deficiencies) in set-up order, which every side knows; each token also
carries its id, so colour is never the only cue.
"""

from typing import Final

from maps.palette import RGB

SIDE_COLOURS: Final[tuple[RGB, ...]] = (
    (213, 94, 0),  # vermillion
    (0, 114, 178),  # blue
    (0, 158, 115),  # bluish green
    (204, 121, 167),  # reddish purple
    (230, 159, 0),  # orange
    (86, 180, 233),  # sky blue
    (240, 228, 66),  # yellow
)
TERRAIN_COLOURS: Final[dict[str, RGB]] = {
    "normal": (238, 232, 213),
    "water": (178, 210, 235),
    "trees": (170, 205, 150),
    "hill": (222, 204, 160),
    "mountain": (190, 178, 165),
}
TERRAIN_INK: Final[dict[str, RGB]] = {
    "water": (70, 120, 170),
    "trees": (40, 110, 50),
    "hill": (150, 120, 70),
    "mountain": (100, 90, 80),
}
FOG: Final[RGB] = (150, 150, 150)
FOG_ALPHA: Final[float] = 0.55
GRID: Final[RGB] = (160, 150, 130)
INK: Final[RGB] = (40, 40, 40)
PAPER: Final[RGB] = (255, 255, 255)
HP_FULL: Final[RGB] = (60, 170, 60)
HP_LOST: Final[RGB] = (200, 50, 50)
ATTACK: Final[RGB] = (200, 30, 30)
HEAL: Final[RGB] = (30, 150, 60)
GHOST_ALPHA: Final[float] = 0.35
FALLEN: Final[RGB] = (110, 110, 110)  # the cross over a token that fell this turn


def side_colour(sides: tuple[str, ...], side: str) -> RGB:
    index = sides.index(side) if side in sides else len(SIDE_COLOURS) - 1
    return SIDE_COLOURS[index % len(SIDE_COLOURS)]


def blend(colour: RGB, over: RGB, alpha: float) -> RGB:
    """``over`` laid on ``colour`` with opacity ``alpha``."""
    r, g, b = (round(c * (1 - alpha) + o * alpha) for c, o in zip(colour, over, strict=True))
    return (r, g, b)
