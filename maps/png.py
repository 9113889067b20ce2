"""PNG files of palette images, compressed by zlib-ng.

Pillow draws every map; this writes the file. Pillow's PNG writer gives no
choice of compressor, and with the zlib it is built with, deflating a map's
1.2 million palette indices took 6 to 8 ms of the 15 ms a fogged map cost in
all. zlib-ng (the `zlib-ng` package) deflates the same rows at its level 2 in
about 2.6 ms, and smaller than zlib's level 3 (docs/maps.md, "The PNG
file"). The file holds what Pillow's would for the same image: the header,
the palette, the rows unfiltered (as the PNG specification advises for
palette images), and the end; the rows in one IDAT chunk.
"""

from __future__ import annotations

import struct
import zlib

from PIL import Image
from zlib_ng import zlib_ng

SIGNATURE = b"\x89PNG\r\n\x1a\n"
EIGHT_BITS, PALETTE_COLOUR = 8, 3  # IHDR: bits per index, colour type "indexed"
NO_FILTER = 0


def palette_png(image: Image.Image, level: int) -> bytes:
    """``image``, a palette ("P") image of at most 256 colours, as PNG bytes,
    deflated at zlib-ng ``level``. Equal images give equal bytes."""
    if image.mode != "P":
        raise ValueError(f"palette_png writes palette images only, not mode {image.mode!r}")
    width, height = image.size
    header = struct.pack(">IIBBBBB", width, height, EIGHT_BITS, PALETTE_COLOUR, 0, 0, 0)
    return b"".join(
        [
            SIGNATURE,
            _chunk(b"IHDR", header),
            _chunk(b"PLTE", bytes(image.getpalette() or [0, 0, 0])),
            _chunk(b"IDAT", zlib_ng.compress(_filtered_rows(image), level)),
            _chunk(b"IEND", b""),
        ]
    )


def _filtered_rows(image: Image.Image) -> bytes:
    """Each row of indices after its filter byte (none): the image pasted one
    pixel to the right of a column of zeros, copied out whole."""
    rows = Image.new("P", (image.width + 1, image.height), NO_FILTER)
    rows.paste(image, (1, 0))  # a palette image into a palette image: indices copied as they are
    return rows.tobytes()


def _chunk(kind: bytes, data: bytes) -> bytes:
    crc = zlib.crc32(data, zlib.crc32(kind))
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", crc)
