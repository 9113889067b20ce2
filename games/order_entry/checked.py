"""One order line as the player gave it, and what the site made of it."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class CheckedLine:
    """One line as the player gave it: read and theirs, or the reason it is not."""

    text: str
    order: str = ""
    error: str = ""

    @property
    def ok(self) -> bool:
        return not self.error

    def as_json(self) -> dict[str, Any]:
        return {"text": self.text, "ok": self.ok, "order": self.order, "error": self.error}
