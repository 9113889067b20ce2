"""The supply-centre chart: each power's count of centres over the game, as SVG.

Plain data in (a label and each power's count per step, and the board's
colours), text out: no script, no style sheet, nothing fetched, so the
picture is safe under the site's Content-Security-Policy and reads offline.
"""

from collections.abc import Mapping, Sequence
from xml.sax.saxutils import escape

from maps.palette import RGB

WIDTH, HEIGHT = 760, 360
LEFT, RIGHT, TOP, BOTTOM = 48, 130, 20, 44  # room for the axes and the key
Step = tuple[str, Mapping[str, int]]  # a label ("1901") and each power's count


def centre_chart_svg(steps: Sequence[Step], colours: Mapping[str, RGB], win: int) -> str:
    """A line per power (in ``colours`` order), the y axis up to ``win`` centres."""
    if not steps:
        raise ValueError("a chart needs at least one step")
    top = max([win, *(count for _, counts in steps for count in counts.values())])
    parts = [_frame(steps, top, win)]
    for rank, (power, rgb) in enumerate(colours.items()):
        counts = [counts.get(power, 0) for _, counts in steps]
        parts.append(_line(power, counts, top, rgb, rank))
    body = "\n".join(parts)
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{HEIGHT}" '
        f'viewBox="0 0 {WIDTH} {HEIGHT}" font-family="sans-serif" font-size="12">\n'
        f"<title>Supply centres per power</title>\n{body}\n</svg>\n"
    )


def _x(index: int, count: int) -> float:
    span = WIDTH - LEFT - RIGHT
    return LEFT + (span * index / (count - 1) if count > 1 else span / 2)


def _y(value: int, top: int) -> float:
    return TOP + (HEIGHT - TOP - BOTTOM) * (1 - value / top)


def _frame(steps: Sequence[Step], top: int, win: int) -> str:
    """The axes, a grid line every five centres, the winning line dashed, the step labels."""
    lines = [f'<rect width="{WIDTH}" height="{HEIGHT}" fill="#ffffff"/>']
    for value in range(0, top + 1, 5):
        y = _y(value, top)
        lines.append(_hline(y, "#dddddd") + _text(LEFT - 6, y + 4, str(value), "end"))
    lines.append(_hline(_y(win, top), "#888888", dashed=True))
    every = max(1, len(steps) // 12)  # at most a dozen labels under the axis
    for index, (label, _) in enumerate(steps):
        if index % every == 0 or index == len(steps) - 1:
            lines.append(_text(_x(index, len(steps)), HEIGHT - BOTTOM + 18, label, "middle"))
    return "\n".join(lines)


def _hline(y: float, colour: str, dashed: bool = False) -> str:
    dash = ' stroke-dasharray="6 4"' if dashed else ""
    return (
        f'<line x1="{LEFT}" y1="{y:.1f}" x2="{WIDTH - RIGHT}" y2="{y:.1f}" '
        f'stroke="{colour}"{dash}/>'
    )


def _text(x: float, y: float, words: str, anchor: str) -> str:
    return f'<text x="{x:.1f}" y="{y:.1f}" text-anchor="{anchor}">{escape(words)}</text>'


def _line(power: str, counts: Sequence[int], top: int, rgb: RGB, rank: int) -> str:
    colour = "#{:02x}{:02x}{:02x}".format(*rgb)
    points = " ".join(
        f"{_x(index, len(counts)):.1f},{_y(count, top):.1f}" for index, count in enumerate(counts)
    )
    key_y = TOP + 16 * rank + 8
    name = escape(power.title())
    return (
        f"<g><title>{name}: {counts[-1]}</title>"
        f'<polyline points="{points}" fill="none" stroke="{colour}" stroke-width="2.5"/>'
        f'<rect x="{WIDTH - RIGHT + 12}" y="{key_y - 9}" width="12" height="12" fill="{colour}"/>'
        + _text(WIDTH - RIGHT + 30, key_y + 1, f"{power.title()} {counts[-1]}", "start")
        + "</g>"
    )
