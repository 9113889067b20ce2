"""Saari's 1898 start: each player picks the kind of their one unit."""

from __future__ import annotations

from adjudication.mapgraph import MapGraph

Pick = tuple[str, str]  # the pick in the rules' notation, and its words


def setup_picks(board: MapGraph) -> tuple[Pick, ...]:
    """An army or a fleet; a fleet on a home centre with two coasts names its
    coast (on the standard board, St Petersburg's)."""
    homes = sorted(board.starts.get("1898", {}).get("home_unit", {}).values())
    coasts = [place for home in homes for place in board.fleet_locations(home) if "/" in place]
    named = [(f"F {place}", f"A fleet in {board.name_of(place)}") for place in coasts]
    return (("A", "An army"), ("F", "A fleet"), *named)


def read_setup_pick(board: MapGraph, text: str) -> str:
    """The pick in the rules' notation; ValueError names what cannot be used."""
    picked = " ".join(text.split()).upper()
    if picked not in dict(setup_picks(board)):
        raise ValueError(f'"{text}" is not a unit choice: pick A or F.')
    return picked
