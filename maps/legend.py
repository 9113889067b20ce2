"""The title panel and the legend."""

from functools import lru_cache

from PIL import Image, ImageDraw

from maps import palette
from maps.arrows import Stroke, draw_stroke
from maps.layers import stipple
from maps.palette import POWER_COLOURS
from maps.record import Knowledge
from maps.text import font, text_width
from maps.units import centre_sprite, paste_centred, unit_sprite

SEASONS = {"S": "Spring", "F": "Fall", "W": "Winter"}
STAGES = {"M": "movement", "R": "retreats", "A": "adjustments"}
PANEL_FILL = (255, 255, 255, 232)
PANEL_ORIGIN = (8, 8)
LEGEND_TOP = 232
LEGEND_WIDTH = 172
ROW = 15
TEXT_SIZE = 11
TITLE_SIZE = 19
SUBTITLE_SIZE = 13
LINE_GAP = 4
PADDING = 7


def describe_phase(phase: str) -> str:
    """'F1901R' -> 'Fall 1901, retreats'."""
    if phase == "SETUP":
        return "Before the first move"
    return f"{SEASONS[phase[0]]} {phase[1:5]}, {STAGES[phase[5]]}"


def viewpoint(knowledge: Knowledge) -> str:
    """Whose map this is."""
    return "Game master's view" if knowledge.power is None else f"{knowledge.power.title()}'s view"


def _panel(draw: ImageDraw.ImageDraw, box: tuple[float, float, float, float], scale: float) -> None:
    draw.rounded_rectangle(box, radius=5 * scale, fill=PANEL_FILL, outline=palette.INK, width=1)


@lru_cache(maxsize=64)
def title_panel(title: str, subtitle: str, scale: float) -> Image.Image:
    """The title panel (RGBA); cached, as a game's maps share their titles."""
    lines = [(title, round(TITLE_SIZE * scale)), (subtitle, round(SUBTITLE_SIZE * scale))]
    pad, gap = PADDING * scale, LINE_GAP * scale
    width = round(max(text_width(text, size) for text, size in lines) + 2 * pad)
    height = round(sum(size + gap for _, size in lines) + 2 * pad)
    panel = Image.new("RGBA", (width, height), (0, 0, 0, 0))
    draw = ImageDraw.Draw(panel)
    _panel(draw, (0, 0, width - 1, height - 1), scale)
    top = pad
    for text, size in lines:
        draw.text((pad, top), text, font=font(size), fill=palette.INK)
        top += size + gap
    return panel


def draw_title(image: Image.Image, title: str, knowledge: Knowledge, scale: float) -> None:
    """Game name, phase and viewpoint in a panel at the top left."""
    subtitle = f"{describe_phase(knowledge.phase)} · {viewpoint(knowledge)}"
    panel = title_panel(title, subtitle, scale)
    image.paste(panel, (round(PANEL_ORIGIN[0] * scale), round(PANEL_ORIGIN[1] * scale)), panel)


def _fog_swatch(image: Image.Image, x: float, y: float, scale: float) -> None:
    swatch = Image.new("RGB", (round(20 * scale), round(12 * scale)), palette.FOG_LAND)
    swatch.paste(palette.FOG_DOTS, (0, 0, *swatch.size), stipple(swatch.size))
    ImageDraw.Draw(swatch).rectangle(
        (0, 0, swatch.width - 1, swatch.height - 1), outline=palette.INK
    )
    image.paste(swatch, (round(x - swatch.width / 2), round(y - swatch.height / 2)))


def _example_rows(scale: float) -> list[tuple[str, str]]:
    return [
        ("army", "Army"),
        ("fleet", "Fleet"),
        ("centre", "Supply centre"),
        ("ghost", "Last seen: S01 = Spring 1901"),
        ("fog", "Not seen now (fog)"),
        ("move", "Move"),
        ("support", "Support"),
        ("convoy", "Convoy"),
        ("fail", "Failed order"),
    ]


def _example(image: Image.Image, key: str, at: tuple[float, float], scale: float) -> None:
    x, y = at
    sprites = {
        "army": lambda: unit_sprite("A", "ENGLAND", False, scale * 0.8),
        "fleet": lambda: unit_sprite("F", "ENGLAND", False, scale * 0.8),
        "centre": lambda: centre_sprite(None, False, scale),
        "ghost": lambda: unit_sprite("A", "ENGLAND", True, scale * 0.8),
    }
    if key in sprites:
        paste_centred(image, sprites[key](), at)
    elif key == "fog":
        _fog_swatch(image, x, y, scale)
    else:
        style = {"move": "solid", "support": "dashed", "convoy": "dotted", "fail": "solid"}[key]
        tip = "arrow" if key in ("move", "fail") else "dot"
        stroke = Stroke(
            (x - 12 * scale, y),
            (x + 12 * scale, y),
            style,
            palette.UNKNOWN_POWER,
            tip,
            key == "fail",
        )
        draw_stroke(image, stroke, scale * 0.8)


@lru_cache(maxsize=8)
def legend(scale: float) -> Image.Image:
    """The legend panel (RGBA), the same on every map."""
    rows = [(name.title(), colour) for name, colour in POWER_COLOURS.items()]
    examples = _example_rows(scale)
    height = (len(rows) + len(examples) + 1) * ROW * scale + 2 * PADDING * scale
    panel = Image.new("RGBA", (round(LEGEND_WIDTH * scale), round(height)), (0, 0, 0, 0))
    draw = ImageDraw.Draw(panel)
    _panel(draw, (0, 0, panel.width - 1, panel.height - 1), scale)
    size, y = round(TEXT_SIZE * scale), PADDING * scale + ROW * scale / 2
    for name, colour in rows:
        draw.rounded_rectangle(
            (10 * scale, y - 5 * scale, 30 * scale, y + 5 * scale),
            2,
            fill=colour,
            outline=palette.INK,
        )
        draw.text((38 * scale, y), name, font=font(size), fill=palette.INK, anchor="lm")
        y += ROW * scale
    y += ROW * scale * 0.5
    for key, text in examples:
        _example(panel, key, (20 * scale, y), scale)
        draw.text(
            (38 * scale, y),
            text,
            font=font(round(size * 0.85) if key == "ghost" else size),
            fill=palette.INK,
            anchor="lm",
        )
        y += ROW * scale
    return panel


def paste_legend(image: Image.Image, scale: float) -> None:
    """Put the legend on the left, below the title, over the open Atlantic."""
    panel = legend(scale)
    image.paste(panel, (round(PANEL_ORIGIN[0] * scale), round(LEGEND_TOP * scale)), panel)
