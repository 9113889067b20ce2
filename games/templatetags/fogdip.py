"""Template filters for the game pages."""

from __future__ import annotations

from django import template

register = template.Library()

SEASONS = {"S": "Spring", "F": "Fall", "W": "Winter"}
KINDS = {"M": "movement", "R": "retreats", "A": "adjustments"}


@register.filter
def phase_label(name: str) -> str:
    """``"S1901M"`` -> ``"Spring 1901 movement"``; ``"SETUP"`` -> the opening position."""
    if name == "SETUP":
        return "Opening position"
    if len(name) < 3 or name[0] not in SEASONS or name[-1] not in KINDS:
        return name
    return f"{SEASONS[name[0]]} {name[1:-1]} {KINDS[name[-1]]}"
