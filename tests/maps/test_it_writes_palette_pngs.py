"""maps/png.py writes a palette image as PNG bytes (zlib-ng deflating):
read back by Pillow, the same indices and palette as Pillow's own file, in
chunks a strict reader accepts, and equal bytes for equal images."""

from __future__ import annotations

import io
import struct
import zlib

import pytest
from PIL import Image

from maps.png import SIGNATURE, palette_png
from maps.render import encode_png, render_map
from tests.maps.test_it_is_deterministic import TITLE, record


def a_map() -> Image.Image:
    drawn = render_map(record("germany_f1901m"), TITLE)
    return Image.open(io.BytesIO(encode_png(drawn)))


def chunks(png: bytes) -> list[tuple[bytes, bytes]]:
    """Every chunk, its CRC checked as a strict reader would."""
    assert png.startswith(SIGNATURE)
    found, at = [], len(SIGNATURE)
    while at < len(png):
        (length,) = struct.unpack(">I", png[at : at + 4])
        kind, data = png[at + 4 : at + 8], png[at + 8 : at + 8 + length]
        (crc,) = struct.unpack(">I", png[at + 8 + length : at + 12 + length])
        assert crc == zlib.crc32(kind + data), kind
        found.append((kind, data))
        at += 12 + length
    return found


def pillows_own(image: Image.Image) -> Image.Image:
    buffer = io.BytesIO()
    image.save(buffer, format="PNG")
    return Image.open(buffer)


def test_pillow_reads_back_the_same_indices_and_palette() -> None:
    image = a_map()
    for level in (1, 2, 4):
        back = Image.open(io.BytesIO(palette_png(image, level)))
        theirs = pillows_own(image)
        assert back.mode == "P" and back.size == image.size == (1200, 1024)
        assert back.tobytes() == theirs.tobytes() == image.tobytes()
        assert back.getpalette() == theirs.getpalette()


def test_its_chunks_are_whole_and_its_rows_unfiltered() -> None:
    image = a_map()
    png = palette_png(image, 2)
    kinds = [kind for kind, _ in chunks(png)]
    assert kinds == [b"IHDR", b"PLTE", b"IDAT", b"IEND"]
    header, palette, data = (data for _, data in chunks(png)[:3])
    assert struct.unpack(">IIBBBBB", header) == (1200, 1024, 8, 3, 0, 0, 0)
    assert palette == bytes(image.getpalette() or [])
    rows = zlib.decompress(data)
    assert len(rows) == 1024 * 1201 and rows[::1201] == bytes(1024)  # filter "none" each row


def test_equal_images_give_equal_bytes_and_levels_trade_time_for_size() -> None:
    image = a_map()
    assert palette_png(image, 2) == palette_png(image.copy(), 2)
    assert len(palette_png(image, 4)) < len(palette_png(image, 1))


def test_it_names_an_image_it_cannot_write() -> None:
    with pytest.raises(ValueError, match="palette images only, not mode 'RGB'"):
        palette_png(Image.new("RGB", (2, 2)), 2)
