"""The title panel and the legend."""

from functools import lru_cache

from PIL import Image, ImageDraw

from adjudication.vocabulary import PHASE_KIND_NAMES, SEASON_NAMES, SETUP
from maps import palette
from maps.arrows import Stroke, draw_stroke, retreat_option
from maps.layers import stipple
from maps.palette import POWER_COLOURS, RGB
from maps.record import MapKnowledge
from maps.text import font, text_width
from maps.units import centre_sprite, paste_centred, unit_sprite

XY = tuple[float, float]
PANEL_FILL = (255, 255, 255, 232)
PANEL_ORIGIN = (8, 8)
LEGEND_TOP = 232
LEGEND_WIDTH = 172
ROW = 16
TEXT_SIZE = 11
TITLE_SIZE = 19
SUBTITLE_SIZE = 13
LINE_GAP = 4
PADDING = 7


def describe_phase(phase: str) -> str:
    """'F1901R' -> 'Fall 1901, retreats'."""
    if phase == SETUP:
        return "Before the first move"
    return f"{SEASON_NAMES[phase[0]]} {phase[1:5]}, {PHASE_KIND_NAMES[phase[5]]}"


def viewpoint(knowledge: MapKnowledge) -> str:
    """Whose map this is."""
    if knowledge.observer:
        return "Observer's view"
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


def draw_title(image: Image.Image, title: str, knowledge: MapKnowledge, scale: float) -> None:
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


EXAMPLES = (
    ("army", "Army"),
    ("fleet", "Fleet"),
    ("dislodged", "Own unit, dislodged"),
    ("option", "It may retreat here"),
    ("centre", "Supply centre"),
    ("ghost", "Last seen: S01 = Spring 1901"),
    ("fog", "Not seen now (fog)"),
    ("move", "Move"),
    ("support", "Support"),
    ("convoy", "Convoy"),
    ("hold", "Hold"),
    ("fail", "Failed order"),
)
EXAMPLE_STROKES = {
    "move": ("solid", "arrow"),
    "support": ("dashed", "dot"),
    "convoy": ("dotted", "dot"),
    "fail": ("solid", "arrow"),
}
SYMBOL_SCALE = 0.8  # legend symbols are a little smaller than the map's
EXAMPLE_COLOUR = POWER_COLOURS["ENGLAND"]  # the symbols' examples, in one power's colour
Key = tuple[tuple[str, RGB], ...]  # the board's powers and colours, as the legend lists them
STANDARD_KEY: Key = tuple(POWER_COLOURS.items())


def _sprite_example(image: Image.Image, key: str, at: XY, scale: float) -> None:
    small = scale * SYMBOL_SCALE
    if key == "dislodged":
        paste_centred(
            image,
            unit_sprite("A", EXAMPLE_COLOUR, False, small * 0.8),
            (at[0] - 4 * scale, at[1] - 2 * scale),
        )
        paste_centred(
            image,
            unit_sprite("A", EXAMPLE_COLOUR, False, small * 0.8),
            (at[0] + 4 * scale, at[1] + 2 * scale),
        )
        return
    sprites = {
        "army": lambda: unit_sprite("A", EXAMPLE_COLOUR, False, small),
        "fleet": lambda: unit_sprite("F", EXAMPLE_COLOUR, False, small),
        "centre": lambda: centre_sprite(None, False, scale),
        "ghost": lambda: unit_sprite("A", EXAMPLE_COLOUR, True, small),
    }
    paste_centred(image, sprites[key](), at)


def _stroke_example(image: Image.Image, key: str, at: XY, scale: float) -> None:
    x, y = at
    if key == "hold":
        ring = Stroke(at, at, "ring", palette.UNKNOWN_POWER, "none", False)
        draw_stroke(image, ring, scale * 0.6)
        return
    if key == "option":
        draw_stroke(image, retreat_option(at, EXAMPLE_COLOUR), scale * SYMBOL_SCALE)
        return
    style, tip = EXAMPLE_STROKES[key]
    start, end = (x - 12 * scale, y), (x + 12 * scale, y)
    stroke = Stroke(start, end, style, palette.UNKNOWN_POWER, tip, key == "fail")
    draw_stroke(image, stroke, scale * SYMBOL_SCALE)


def _example(image: Image.Image, key: str, at: XY, scale: float) -> None:
    if key == "fog":
        _fog_swatch(image, at[0], at[1], scale)
    elif key in EXAMPLE_STROKES or key in ("hold", "option"):
        _stroke_example(image, key, at, scale)
    else:
        _sprite_example(image, key, at, scale)


def _power_rows(draw: ImageDraw.ImageDraw, top: float, scale: float, key: Key) -> float:
    y = top
    for name, colour in key:
        chip = (10 * scale, y - 5 * scale, 30 * scale, y + 5 * scale)
        draw.rounded_rectangle(chip, 2, fill=colour, outline=palette.INK)
        draw.text(
            (38 * scale, y),
            name.title(),
            font=font(round(TEXT_SIZE * scale)),
            fill=palette.INK,
            anchor="lm",
        )
        y += ROW * scale
    return y


def _example_rows(panel: Image.Image, top: float, scale: float) -> None:
    draw = ImageDraw.Draw(panel)
    y = top
    for key, text in EXAMPLES:
        _example(panel, key, (20 * scale, y), scale)
        size = round(TEXT_SIZE * scale * (0.85 if key == "ghost" else 1))
        draw.text((38 * scale, y), text, font=font(size), fill=palette.INK, anchor="lm")
        y += ROW * scale


@lru_cache(maxsize=8)
def legend(scale: float, key: Key = STANDARD_KEY) -> Image.Image:
    """The legend panel (RGBA), the same on every map of a board."""
    rows = len(key) + len(EXAMPLES) + 0.5
    height = round(rows * ROW * scale + 2 * PADDING * scale)
    panel = Image.new("RGBA", (round(LEGEND_WIDTH * scale), height), (0, 0, 0, 0))
    draw = ImageDraw.Draw(panel)
    _panel(draw, (0, 0, panel.width - 1, panel.height - 1), scale)
    after_powers = _power_rows(draw, PADDING * scale + ROW * scale / 2, scale, key)
    _example_rows(panel, after_powers + ROW * scale * 0.5, scale)
    return panel


def paste_legend(image: Image.Image, scale: float, key: Key = STANDARD_KEY) -> None:
    """Put the legend on the left, below the title, over the open Atlantic."""
    panel = legend(scale, key)
    image.paste(panel, (round(PANEL_ORIGIN[0] * scale), round(LEGEND_TOP * scale)), panel)
