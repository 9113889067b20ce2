"""Fonts and haloed text.

Pillow's bundled default font (a FreeType font when ``size`` is given) keeps
the renderer free of system fonts and downloads.
"""

from functools import lru_cache

from PIL import ImageDraw, ImageFont

from maps.palette import HALO, RGB

Font = ImageFont.FreeTypeFont | ImageFont.ImageFont


@lru_cache(maxsize=16)
def font(size: int) -> Font:
    """Pillow's default font at a pixel size."""
    return ImageFont.load_default(size=size)


def haloed(
    draw: ImageDraw.ImageDraw,
    xy: tuple[float, float],
    text: str,
    size: int,
    fill: RGB,
    *,
    anchor: str = "mm",
    halo: int = 2,
) -> None:
    """Text with a light outline so it reads over any fill or border."""
    draw.text(
        xy, text, font=font(size), fill=fill, anchor=anchor, stroke_width=halo, stroke_fill=HALO
    )


def text_width(text: str, size: int) -> float:
    """Width of a text at a size, for laying out panels."""
    return float(font(size).getlength(text))
