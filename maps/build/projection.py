"""Lambert conformal conic projection of Europe onto the canvas.

A conic keeps Scandinavia and Anatolia in proportion, which a plain
longitude/latitude grid does not.
"""

import math
from dataclasses import dataclass

STANDARD_PARALLELS = (40.0, 64.0)
CENTRE = (15.0, 52.0)  # lon, lat

CANVAS_WIDTH = 1200
# Places the window must show (lon, lat): Portugal, Ireland, the Caucasus,
# Syria, Tunis, the North Cape, Kola and Morocco.
MUST_SHOW = (
    (-9.5, 36.8),
    (-10.6, 52.0),
    (46.0, 41.0),
    (36.0, 34.5),
    (10.0, 35.0),
    (26.0, 71.2),
    (41.0, 68.0),
    (-6.0, 35.0),
)
# Extra room around them as a share of their width: left, top, right, bottom;
# the Atlantic needs space for its sea labels.
MARGINS = (0.06, 0.025, 0.0, 0.02)


def _t(lat: float) -> float:
    return math.tan(math.pi / 4 + math.radians(lat) / 2)


def _cone() -> tuple[float, float, float]:
    lat1, lat2 = STANDARD_PARALLELS
    cos1, cos2 = math.cos(math.radians(lat1)), math.cos(math.radians(lat2))
    n = math.log(cos1 / cos2) / math.log(_t(lat2) / _t(lat1))
    f = cos1 * _t(lat1) ** n / n
    rho0 = f / _t(CENTRE[1]) ** n
    return n, f, rho0


def lambert(lon: float, lat: float) -> tuple[float, float]:
    """Project to unit-sphere Lambert coordinates (y grows northward)."""
    n, f, rho0 = _cone()
    rho = f / _t(lat) ** n
    theta = n * math.radians(lon - CENTRE[0])
    return rho * math.sin(theta), rho0 - rho * math.cos(theta)


@dataclass(frozen=True)
class Canvas:
    """Maps Lambert coordinates onto pixels of a canvas CANVAS_WIDTH wide."""

    left: float
    top: float
    scale: float
    width: int
    height: int

    def to_pixels(self, lon: float, lat: float) -> tuple[float, float]:
        x, y = lambert(lon, lat)
        return (x - self.left) * self.scale, (self.top - y) * self.scale


def standard_canvas() -> Canvas:
    """The canvas that shows every MUST_SHOW place with MARGINS around them."""
    points = [lambert(lon, lat) for lon, lat in MUST_SHOW]
    xs, ys = [x for x, _ in points], [y for _, y in points]
    span = max(xs) - min(xs)
    left = min(xs) - MARGINS[0] * span
    right = max(xs) + MARGINS[2] * span
    top = max(ys) + MARGINS[1] * span
    bottom = min(ys) - MARGINS[3] * span
    scale = CANVAS_WIDTH / (right - left)
    return Canvas(left, top, scale, CANVAS_WIDTH, round((top - bottom) * scale))
