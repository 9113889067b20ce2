"""Which provinces touch on the drawn map, read off the province-id image.

Used by the tests and the build to prove the drawing matches the rules'
adjacency using Pillow alone: pairing each pixel with its neighbour at a
given offset and counting the distinct (id, id) pairs is done in C by
``Image.getcolors``.
"""

from collections import Counter

from PIL import Image

from maps.geometry import MapGeometry
from maps.layers import province_id_image, province_of_id

Pair = frozenset[str]
# Offsets whose pixel pairs make up a border's length.
EDGE_OFFSETS = ((1, 0), (0, 1))


def _pairs_at(ids: Image.Image, dx: int, dy: int) -> Counter[tuple[int, int]]:
    width, height = ids.size
    left, top = max(0, -dx), max(0, -dy)
    here = ids.crop((left, top, width - max(0, dx), height - max(0, dy)))
    there = ids.crop((left + dx, top + dy, width - max(0, dx) + dx, height - max(0, dy) + dy))
    colours = Image.merge("LA", (here, there)).getcolors(256 * 256) or []
    pairs: Counter[tuple[int, int]] = Counter()
    for count, pair in colours:
        assert isinstance(pair, tuple)  # two-band images give (a, b) pairs
        if pair[0] != pair[1]:
            pairs[(pair[0], pair[1])] = count
    return pairs


def _by_code(counts: Counter[tuple[int, int]], geometry: MapGeometry) -> Counter[Pair]:
    code_of = {number: code for code, number in geometry.province_ids().items()}
    named: Counter[Pair] = Counter()
    for (a, b), count in counts.items():
        a, b = province_of_id(a), province_of_id(b)
        if a != b and a in code_of and b in code_of:
            named[frozenset((code_of[a], code_of[b]))] += count
    return named


def border_lengths(geometry: MapGeometry) -> Counter[Pair]:
    """Pixel length of every drawn border between two provinces."""
    ids = province_id_image(geometry, 1)
    counts: Counter[tuple[int, int]] = Counter()
    for dx, dy in EDGE_OFFSETS:
        counts += _pairs_at(ids, dx, dy)
    return _by_code(counts, geometry)


def near_pairs(geometry: MapGeometry, reach: int) -> set[Pair]:
    """Pairs of provinces with pixels no more than `reach` pixels apart."""
    ids = province_id_image(geometry, 1)
    offsets = [
        (dx, dy)
        for dx in range(-reach, reach + 1)
        for dy in range(0, reach + 1)
        if (dy > 0 or dx > 0) and dx * dx + dy * dy <= reach * reach
    ]
    counts: Counter[tuple[int, int]] = Counter()
    for dx, dy in offsets:
        counts += _pairs_at(ids, dx, dy)
    return set(_by_code(counts, geometry))
