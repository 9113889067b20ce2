"""What a reply's lines came to: each line as typed with what it was taken for
or why not (Said), and the whole (Outcome), for the answer and the log."""

from __future__ import annotations

from dataclasses import dataclass, field

from postoffice.inbound.commands import Command
from postoffice.inbound.tolerance import UNKNOWN


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


@dataclass
class Outcome:
    said: list[Said] = field(default_factory=list)
    words: set[str] = field(default_factory=set)  # what was done, for the log and the answer
    wants_help: bool = False  # an unknown word: the answer lists the commands
    map_phase: str = ""  # GET MAP <phase>: that phase's map, not the latest

    def done(self, command: Command, understood: str, word: str = "") -> None:
        self.said.append(Said(command.text, understood))
        self.words.add(word or command.word)

    def failed(self, command: Command, error: str) -> None:
        self.said.append(Said(command.text, error=error))
        self.wants_help = self.wants_help or command.word == UNKNOWN
