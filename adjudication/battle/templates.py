"""Sample units a game master can start from.

The document's typical unit has 3 in every stat ("a basic infantry unit");
the others are our own, each within a point or so of it, so that a side of
any mix stays roughly balanced.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from adjudication.battle.model import Powers


@dataclass(frozen=True)
class Template:
    name: str
    att: int
    defence: int
    spd: int
    hp: int
    powers: Powers = field(default_factory=Powers)


TEMPLATES: tuple[Template, ...] = (
    Template("Infantry", 3, 3, 3, 3),
    Template("Archers", 2, 2, 3, 3, Powers(range=3)),
    Template("Cavalry", 3, 2, 5, 3),
    Template("Heavy infantry", 3, 4, 2, 4),
    Template("Skirmishers", 2, 2, 4, 2, Powers(range=2)),
    Template("Cleric", 1, 2, 3, 3, Powers(heal=True)),
    Template("Orc warband", 4, 2, 3, 3),
)


def template(name: str) -> Template:
    """A template by name, any case; KeyError naming the known ones."""
    for known in TEMPLATES:
        if known.name.lower() == name.strip().lower():
            return known
    raise KeyError(f"{name!r} is not a template ({', '.join(t.name for t in TEMPLATES)})")
