"""An accessibility check written for these tests, run in the browser over a
page as drawn: the serious failures a screen reader or keyboard user meets.

Each rule returns the elements that break it, named so a failure says where:
a control without an accessible name, an aria-describedby or aria-labelledby
naming an id the page lacks, an image without alt text, a button or link
with no name, an id used twice, a field shown with an error but not marked
aria-invalid, no language on the page, and no skip link to the content as
the first thing the keyboard reaches.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

CHECK = (Path(__file__).parent / "accessibility_check.js").read_text()


def problems(page: Any) -> list[str]:
    """What the check finds on the page as it stands."""
    found: list[str] = page.evaluate(CHECK)
    return found
