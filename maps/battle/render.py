"""Draw one side's view of a battle from its record, and nothing else.

Public entry points: `render_battle` (a Pillow image) and `render_battle_png`
(bytes). The game master's record (side None) gives the whole battle with
the same code. The grid with terrain, fog over what the side does not see,
last-seen ghosts faded with their turn, tokens with HP bars, this turn's moves
and attacks as arrows, and the dice under the grid.
"""

from __future__ import annotations

import io
from dataclasses import dataclass

from PIL import Image, ImageDraw

from adjudication.battle.knowledge import Event, Ghost, Seen, SideRecord
from adjudication.battle.squares import Square, column_name
from maps.battle import palette
from maps.battle.labels import Box, Words, fitted, placed
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

    @property
    def right(self) -> int:
        return MARGIN * 2 + self.width * self.cell


def render_battle(record: SideRecord, title: str) -> Image.Image:
    layout = Layout(record)
    lines = dice_lines(record)
    size = (MARGIN * 2 + layout.width * layout.cell, layout.bottom + 24 + 18 * (len(lines) + 1))
    image = Image.new("RGB", size, palette.PAPER)
    draw = ImageDraw.Draw(image)
    _title(draw, record, title)
    _squares(draw, record, layout)
    _labels(draw, layout)
    words = plan_words(record, layout)
    for fallen, square in words.fallen:
        _fallen(draw, layout, square, words.names[fallen])
    for ghost in record.ghosts:
        _ghost(draw, record, layout, ghost, words.names[ghost.token.id])
    for token in record.tokens:
        _token(draw, record, layout, token, words.names[token.id])
    for event in record.events:
        _event(draw, record, layout, event)
    for label in words.labels:
        haloed(draw, label.at, label.text, label.size, palette.ATTACK)
    _dice(draw, layout, lines)
    return image


@dataclass(frozen=True)
class Plan:
    """Every word the picture draws on the grid, placed before anything is drawn."""

    names: dict[str, Words]  # each standing, ghost or fallen token's name, by its id
    labels: tuple[Words, ...]  # each combat's totals, clear of the names and each other
    fallen: tuple[tuple[str, Square], ...]  # tokens that fell this turn, where they stood


def fallen_this_turn(record: SideRecord) -> tuple[tuple[str, Square], ...]:
    """Each token the side saw fall this turn and its square, unless a token stands there now."""
    held = {t.at for t in record.tokens}
    return tuple(
        (e.target, e.target_at)
        for e in record.events
        if e.fell and e.target and e.target_at and e.target_at not in held
    )


def plan_words(record: SideRecord, layout: Layout) -> Plan:
    fallen = fallen_this_turn(record)
    names: dict[str, Words] = {}
    for ghost in record.ghosts:
        names[ghost.token.id] = _name(layout, ghost.token.id, ghost.token.at, layout.cell // 6)
    for name, square in fallen:
        names[name] = _name(layout, name, square, layout.cell // 6)
    for token in record.tokens:
        names[token.id] = _name(layout, token.id, token.at, layout.cell // 5)
    taken = [words.box for words in names.values()]
    taken += [_hp_box(layout, t.at) for t in record.tokens]  # a label covers no HP bar either
    labels = []
    for event in record.events:
        label = _combat_label(layout, event, taken)
        if label is not None:
            labels.append(label)
            taken.append(label.box)
    return Plan(names, tuple(labels), fallen)


def _name(layout: Layout, name: str, square: Square, largest: int) -> Words:
    disc = _disc(layout, square)
    centre = ((disc[0] + disc[2]) / 2, (disc[1] + disc[3]) / 2)
    return fitted(name, centre, (disc[2] - disc[0]) * 0.92, max(9, largest))


def _combat_label(layout: Layout, event: Event, taken: list[Box]) -> Words | None:
    """The totals (and damage) by the attack's arrow, or over the target if no arrow
    is seen, moved the least it takes to cover no name and no other label."""
    if event.dice is None or event.target_at is None:
        return None
    text = f"{event.attack} v {event.defence}" + (f" -{event.damage}" if event.damage else "")
    end = layout.centre(event.target_at)
    if event.path:
        start = layout.centre(event.path[-1])
        wanted = ((start[0] + end[0]) / 2, (start[1] + end[1]) / 2)
    else:
        wanted = (end[0], end[1] - layout.cell / 2 + 7)
    inside = (0.0, float(layout.top), float(layout.right), float(layout.bottom))
    return placed(text, wanted, max(9, layout.cell // 5), taken, inside)


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


def _token(
    draw: ImageDraw.ImageDraw, record: SideRecord, layout: Layout, token: Seen, name: Words
) -> None:
    colour = palette.side_colour(record.sides, token.side)
    disc = _disc(layout, token.at)
    draw.ellipse(disc, fill=colour, outline=palette.INK, width=2 if token.character else 1)
    haloed(draw, name.at, name.text, name.size, palette.INK)
    _hp_bar(draw, layout, token)
    if token.character:
        x, y = disc[2], disc[1]
        draw.regular_polygon((x - 3, y + 3, 5), 5, fill=(250, 210, 40), outline=palette.INK)


def _hp_bar(draw: ImageDraw.ImageDraw, layout: Layout, token: Seen) -> None:
    left, top, right, bottom = _hp_box(layout, token.at)
    draw.rectangle((left, top, right, bottom), fill=palette.HP_LOST, outline=palette.INK)
    if token.max_hp > 0 and token.hp > 0:
        filled = left + (right - left) * token.hp / token.max_hp
        draw.rectangle((left, top, filled, bottom), fill=palette.HP_FULL, outline=palette.INK)


def _hp_box(layout: Layout, square: Square) -> Box:
    x, y = layout.corner(square)
    top = y + layout.cell * 0.82
    return x + layout.cell * 0.15, top, x + layout.cell * 0.85, top + max(3, layout.cell * 0.09)


def _ghost(
    draw: ImageDraw.ImageDraw, record: SideRecord, layout: Layout, ghost: Ghost, name: Words
) -> None:
    token = ghost.token
    base = palette.blend(palette.TERRAIN_COLOURS["normal"], palette.FOG, palette.FOG_ALPHA)
    colour = palette.side_colour(record.sides, token.side)
    faded = palette.blend(base, colour, palette.GHOST_ALPHA)
    disc = _disc(layout, token.at)
    draw.ellipse(disc, fill=faded, outline=palette.GRID)
    draw.text(name.at, name.text, font=font(name.size), fill=palette.INK, anchor="mm")
    size = max(8, layout.cell // 6)
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


def _fallen(draw: ImageDraw.ImageDraw, layout: Layout, square: Square, name: Words) -> None:
    """A token that fell this turn stays on its square, pale and crossed out, with its name."""
    left, top, right, bottom = _disc(layout, square)
    pale = palette.blend(palette.PAPER, palette.FALLEN, 0.35)
    draw.ellipse((left, top, right, bottom), fill=pale, outline=palette.FALLEN)
    draw.line((left + 3, top + 3, right - 3, bottom - 3), fill=palette.FALLEN, width=3)
    draw.line((left + 3, bottom - 3, right - 3, top + 3), fill=palette.FALLEN, width=3)
    haloed(draw, name.at, name.text, name.size, palette.INK)


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
