"""Colours of the map.

The seven powers use the Okabe-Ito palette (Okabe & Ito, "Color Universal
Design", 2008), whose colours stay distinct under the common colour-vision
deficiencies; black is left for ink. Every unit also carries a letter and a
shape, so colour is never the only cue. Traditional Diplomacy hues are kept
where the palette allows (France light blue, Italy green, Turkey yellow).
Another board's powers take the same colours in the order its data lists
them (`board_colours`), so every map keeps the one PNG palette.
"""

from collections.abc import Mapping, Sequence
from typing import Final

RGB = tuple[int, int, int]
Colours = Mapping[str, RGB]  # a board's powers and their colours

POWER_COLOURS: Final[dict[str, RGB]] = {
    "AUSTRIA": (213, 94, 0),  # vermillion
    "ENGLAND": (0, 114, 178),  # blue
    "FRANCE": (86, 180, 233),  # sky blue
    "GERMANY": (230, 159, 0),  # orange
    "ITALY": (0, 158, 115),  # bluish green
    "RUSSIA": (204, 121, 167),  # reddish purple
    "TURKEY": (240, 228, 66),  # yellow
}
UNKNOWN_POWER: Final[RGB] = (150, 150, 150)
POWER_PALETTE: Final[tuple[RGB, ...]] = tuple(POWER_COLOURS.values())

LAND: Final[RGB] = (240, 234, 218)
SEA: Final[RGB] = (204, 223, 238)
IMPASSABLE: Final[RGB] = (201, 194, 181)
ISLAND: Final[RGB] = (226, 220, 202)
FOG_LAND: Final[RGB] = (196, 194, 189)
FOG_SEA: Final[RGB] = (178, 188, 198)
FOG_DOTS: Final[RGB] = (140, 140, 140)

INK: Final[RGB] = (40, 40, 40)
SEA_INK: Final[RGB] = (36, 74, 120)
LAND_BORDER: Final[RGB] = (120, 104, 86)
COAST: Final[RGB] = (72, 96, 120)
SEA_BORDER: Final[RGB] = (150, 180, 205)
HALO: Final[RGB] = (255, 255, 255)
WHITE: Final[RGB] = (255, 255, 255)
FAIL_MARK: Final[RGB] = (0, 0, 0)
GHOST_INK: Final[RGB] = (158, 158, 158)  # INK faded: outlines of last-seen things, hints

# Share of the power colour in an owned province's fill (the rest is LAND).
TINT_STRENGTH: Final = 0.6
# Share of the power colour left in a last-seen (ghost) unit or centre.
GHOST_STRENGTH: Final = 0.45


def mix(colour: RGB, other: RGB, share: float) -> RGB:
    """`share` of colour, the rest of other."""
    r, g, b = (round(c * share + o * (1 - share)) for c, o in zip(colour, other, strict=True))
    return r, g, b


def board_colours(powers: Sequence[str]) -> dict[str, RGB]:
    """A board's powers, each in its colour: the palette's, in the board's order."""
    if len(powers) > len(POWER_PALETTE):
        raise ValueError(f"{len(powers)} powers: the palette has {len(POWER_PALETTE)} colours")
    return dict(zip(powers, POWER_PALETTE, strict=False))


def power_colour(power: str | None, colours: Colours = POWER_COLOURS) -> RGB:
    """A power's colour; grey where the power is unknown (masked)."""
    return colours.get(power or "", UNKNOWN_POWER)


def tint(power: str, colours: Colours = POWER_COLOURS) -> RGB:
    """Fill of a province whose centre the power owns."""
    return mix(power_colour(power, colours), LAND, TINT_STRENGTH)


def faded(colour: RGB) -> RGB:
    """A colour as a last-seen (ghost) unit or centre wears it."""
    return mix(colour, WHITE, GHOST_STRENGTH)


def ghost(power: str | None, colours: Colours = POWER_COLOURS) -> RGB:
    """Fill of a last-seen unit or centre."""
    return faded(power_colour(power, colours))


def ink_on(colour: RGB) -> RGB:
    """Black or white, whichever reads better on the colour."""
    r, g, b = colour
    return INK if 0.299 * r + 0.587 * g + 0.114 * b > 150 else WHITE


def key_colours() -> list[RGB]:
    """Every flat colour the map uses, which the PNG palette must hold exactly."""
    powers = list(POWER_COLOURS)
    flat = [LAND, SEA, IMPASSABLE, ISLAND, FOG_LAND, FOG_SEA, FOG_DOTS, INK, SEA_INK]
    flat += [LAND_BORDER, COAST, SEA_BORDER, WHITE, UNKNOWN_POWER, ghost(None)]
    flat += [GHOST_INK]
    flat += (
        [POWER_COLOURS[p] for p in powers] + [tint(p) for p in powers] + [ghost(p) for p in powers]
    )
    return sorted(set(flat))
