"""An animated picture of a game: stored map pictures as the frames of one GIF.

The frames are the PNG pictures the renderer already drew (games keeps them
in storage), so the animation is the same drawing, never a second one. Every
map shares the renderer's fixed palette (maps.render.png_palette), which GIF's
256 colours hold whole; frames of other sizes are refused rather than scaled.
"""

import io
from collections.abc import Sequence

from PIL import Image

FRAME_MS = 1500  # long enough to read a season's arrows
LAST_FRAME_MS = 5000  # the final position stays before the loop starts again


def animate(frames: Sequence[bytes], frame_ms: int = FRAME_MS) -> bytes:
    """One looping GIF from PNG frames of the same size, shown in order."""
    if not frames:
        raise ValueError("an animation needs at least one frame")
    images = [Image.open(io.BytesIO(frame)) for frame in frames]
    sizes = {image.size for image in images}
    if len(sizes) > 1:
        raise ValueError(f"frames differ in size: {sorted(sizes)}")
    durations = [frame_ms] * (len(images) - 1) + [LAST_FRAME_MS]
    buffer = io.BytesIO()
    first, *rest = [image.convert("P") if image.mode != "P" else image for image in images]
    first.save(
        buffer,
        format="GIF",
        save_all=True,
        append_images=rest,
        duration=durations,
        loop=0,
        disposal=1,
        optimize=False,
    )
    return buffer.getvalue()
