"""Draw one side's view of a battle from its record, and nothing else.

Public entry points: `render_battle` (a Pillow image) and `render_battle_png`
(bytes). The game master's record (side None) gives the whole battle with
the same code. The grid with terrain, fog over what the side does not see,
last-seen ghosts faded with their turn, tokens with HP bars, this turn's moves
and attacks as arrows, and the dice under the grid.
"""

from __future__ import annotations

import io

from PIL import Image, ImageDraw

from adjudication.battle.knowledge import Event, Ghost, Seen, SideRecord
from adjudication.battle.squares import Square, column_name
from maps.battle import palette
from maps.battle.marks import arrow, terrain_mark
from maps.text import font, haloed

MARGIN = 28  # room for column letters and row numbers
MAX_PICTURE = 1100  # the grid's longer side, in pixels
XY = tuple[float, float]


class Layout:
    """Where each square is drawn."""

    def __init__(self, record: SideRecord) -> None:
        grid = record.grid
        self.cell = max(22, min(64, MAX_PICTURE // max(grid.width, grid.height)))
        self.width = grid.width
        self.height = grid.height
        self.top = MARGIN + 30  # the title above

    def corner(self, square: Square) -> XY:
        return MARGIN + square.col * self.cell, self.top + square.row * self.cell

    def centre(self, square: Square) -> XY:
        x, y = self.corner(square)
        return x + self.cell / 2, y + self.cell / 2

    @property
    def bottom(self) -> int:
        return self.top + self.height * self.cell


def render_battle(record: SideRecord, title: str) -> Image.Image:
    layout = Layout(record)
    lines = dice_lines(record)
    size = (MARGIN * 2 + layout.width * layout.cell, layout.bottom + 24 + 18 * (len(lines) + 1))
    image = Image.new("RGB", size, palette.PAPER)
    draw = ImageDraw.Draw(image)
    _title(draw, record, title)
    _squares(draw, record, layout)
    _labels(draw, layout)
    for ghost in record.ghosts:
        _ghost(draw, record, layout, ghost)
    for token in record.tokens:
        _token(draw, record, layout, token)
    for event in record.events:
        _event(draw, record, layout, event)
    _dice(draw, layout, lines)
    return image


def render_battle_png(record: SideRecord, title: str) -> bytes:
    buffer = io.BytesIO()
    render_battle(record, title).save(buffer, format="PNG", compress_level=6)
    return buffer.getvalue()


def _title(draw: ImageDraw.ImageDraw, record: SideRecord, title: str) -> None:
    whose = "game master" if record.side is None else record.side
    text = f"{title}: {whose}'s view after turn {record.turn}"
    if record.winner:
        text += f", {record.winner} has won"
    draw.text((MARGIN, 10), text, font=font(16), fill=palette.INK)


def _squares(draw: ImageDraw.ImageDraw, record: SideRecord, layout: Layout) -> None:
    for square in record.grid.squares():
        kind = record.grid.at(square).value
        fill = palette.TERRAIN_COLOURS[kind]
        if square not in record.sees:
            fill = palette.blend(fill, palette.FOG, palette.FOG_ALPHA)
        x, y = layout.corner(square)
        box = (x, y, x + layout.cell, y + layout.cell)
        draw.rectangle(box, fill=fill, outline=palette.GRID)
        terrain_mark(draw, kind, box, square not in record.sees)


def _labels(draw: ImageDraw.ImageDraw, layout: Layout) -> None:
    for col in range(layout.width):
        x, _ = layout.centre(Square(col, 0))
        label = column_name(col)
        draw.text((x, layout.top - 10), label, font=font(12), fill=palette.INK, anchor="mm")
    for row in range(layout.height):
        _, y = layout.centre(Square(0, row))
        draw.text((MARGIN - 6, y), str(row + 1), font=font(12), fill=palette.INK, anchor="rm")


def _disc(layout: Layout, square: Square) -> tuple[float, float, float, float]:
    x, y = layout.centre(square)
    radius = layout.cell * 0.36
    return x - radius, y - radius - layout.cell * 0.06, x + radius, y + radius - layout.cell * 0.06


def _token(draw: ImageDraw.ImageDraw, record: SideRecord, layout: Layout, token: Seen) -> None:
    colour = palette.side_colour(record.sides, token.side)
    disc = _disc(layout, token.at)
    draw.ellipse(disc, fill=colour, outline=palette.INK, width=2 if token.character else 1)
    centre = ((disc[0] + disc[2]) / 2, (disc[1] + disc[3]) / 2)
    haloed(draw, centre, token.id, max(9, layout.cell // 5), palette.INK)
    _hp_bar(draw, layout, token)
    if token.character:
        x, y = disc[2], disc[1]
        draw.regular_polygon((x - 3, y + 3, 5), 5, fill=(250, 210, 40), outline=palette.INK)


def _hp_bar(draw: ImageDraw.ImageDraw, layout: Layout, token: Seen) -> None:
    x, y = layout.corner(token.at)
    left, right = x + layout.cell * 0.15, x + layout.cell * 0.85
    top = y + layout.cell * 0.82
    bottom = top + max(3, layout.cell * 0.09)
    draw.rectangle((left, top, right, bottom), fill=palette.HP_LOST, outline=palette.INK)
    if token.max_hp > 0 and token.hp > 0:
        filled = left + (right - left) * token.hp / token.max_hp
        draw.rectangle((left, top, filled, bottom), fill=palette.HP_FULL, outline=palette.INK)


def _ghost(draw: ImageDraw.ImageDraw, record: SideRecord, layout: Layout, ghost: Ghost) -> None:
    token = ghost.token
    base = palette.blend(palette.TERRAIN_COLOURS["normal"], palette.FOG, palette.FOG_ALPHA)
    colour = palette.side_colour(record.sides, token.side)
    faded = palette.blend(base, colour, palette.GHOST_ALPHA)
    disc = _disc(layout, token.at)
    draw.ellipse(disc, fill=faded, outline=palette.GRID)
    centre = ((disc[0] + disc[2]) / 2, (disc[1] + disc[3]) / 2)
    size = max(8, layout.cell // 6)
    draw.text(centre, token.id, font=font(size), fill=palette.INK, anchor="mm")
    x, y = layout.corner(token.at)
    seen = f"t{ghost.turn}"
    draw.text((x + 2, y + layout.cell - 2), seen, font=font(size), fill=palette.INK, anchor="ld")


def _event(draw: ImageDraw.ImageDraw, record: SideRecord, layout: Layout, event: Event) -> None:
    points = [layout.centre(square) for square in event.path]
    if len(points) > 1:
        colour = palette.side_colour(record.sides, event.side)
        arrow(draw, points, colour, layout.cell)
    if event.target_at is None:
        return
    end = layout.centre(event.target_at)
    colour = palette.HEAL if event.kind == "heal" else palette.ATTACK
    if points:
        arrow(draw, [points[-1], end], colour, layout.cell, dashed=event.kind == "shoot")
    if event.dice is not None:
        label = f"{event.attack} v {event.defence}" + (f" -{event.damage}" if event.damage else "")
        x, y = layout.corner(event.target_at)
        at = (
            ((points[-1][0] + end[0]) / 2, (points[-1][1] + end[1]) / 2)
            if points
            else (x + layout.cell / 2, y + 7)
        )
        haloed(draw, at, label, max(9, layout.cell // 5), palette.ATTACK)


def dice_lines(record: SideRecord) -> list[str]:
    """Each combat of the turn the side saw, with its dice, in order."""
    lines = []
    for event in record.events:
        if event.dice is None:
            continue
        who = event.token or "an unseen token"
        target = event.target or "an unseen token"
        outcome = f"{event.damage} damage" + (", falls" if event.fell else "")
        lines.append(
            f"{who} ({event.side}) {event.kind}s {target}: attack {event.dice[0]} -> "
            f"{event.attack}, defence {event.dice[1]} -> {event.defence}; {outcome}"
        )
    return lines


def _dice(draw: ImageDraw.ImageDraw, layout: Layout, lines: list[str]) -> None:
    y = layout.bottom + 14
    heading = "Dice this turn" if lines else "No dice seen this turn"
    draw.text((MARGIN, y), heading, font=font(13), fill=palette.INK)
    for line in lines:
        y += 18
        draw.text((MARGIN, y), line, font=font(12), fill=palette.INK)
