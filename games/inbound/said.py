"""One line of an answer: what was typed, what it was taken for, or why not."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Said:
    text: str
    understood: str = ""
    error: str = ""

    def as_json(self) -> dict[str, str]:
        quoted = "\n".join(f"> {line}" for line in self.text.splitlines())
        return {
            "text": self.text,
            "quoted": quoted,
            "understood": self.understood,
            "error": self.error,
        }
