"""Saari's 1898 start: each player picks the kind of their one unit."""

from __future__ import annotations

SETUP_PICKS: tuple[tuple[str, str], ...] = (
    ("A", "An army"),
    ("F", "A fleet"),
    ("F STP/NC", "A fleet (St Petersburg, north coast)"),
    ("F STP/SC", "A fleet (St Petersburg, south coast)"),
)


def read_setup_pick(text: str) -> str:
    """The pick in the rules' notation; ValueError names what cannot be used."""
    picked = " ".join(text.split()).upper()
    if picked not in dict(SETUP_PICKS):
        raise ValueError(f'"{text}" is not a unit choice: pick A or F.')
    return picked
