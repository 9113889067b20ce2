"""The engine plays Triad from its data alone: moves, bounces, convoys, victory."""

from __future__ import annotations

from adjudication.engine import adjudicate
from adjudication.fog.play import engine_rules
from adjudication.phases import winner
from adjudication.types import Phase, PhaseKind, Position, Season, Unit
from tests.boards.triad import TRIAD, TRIAD_PRESETS


def spring(units: dict[str, list[str]], centres: dict[str, str] | None = None) -> Position:
    return Position(
        phase=Phase(Season.SPRING, 1901, PhaseKind.MOVEMENT),
        units=tuple(Unit.parse(power, text) for power, texts in units.items() for text in texts),
        centres=centres or {},
        variant=TRIAD.name,
    )


def test_it_starts_from_the_boards_own_opening():
    start = TRIAD_PRESETS["triad_standard"]().start()
    assert sorted(map(str, start.units)) == ["A EHL", "A NWD", "A SFD", "F EPT", "F NHB", "F SPT"]
    assert {c for c, owner in start.centres.items() if owner == "NORTH"} == {"NHB", "NWD"}
    assert "WPL" not in start.centres  # neutral
    assert start.variant == "triad"


def test_it_moves_and_bounces_on_the_boards_borders():
    position = spring({"NORTH": ["A NWD"], "SOUTH": ["A SFD"], "EAST": ["A EHL"]})
    orders = {"NORTH": ["A NWD - WPL"], "SOUTH": ["A SFD - WPL"], "EAST": ["A EHL - NHB"]}
    outcome = adjudicate(position, orders, graph=TRIAD)
    moved = sorted(str(u) for u in outcome.next_position.units)
    assert moved == ["A NHB", "A NWD", "A SFD"]


def test_it_convoys_across_the_middle_sea():
    position = spring({"NORTH": ["A WPL", "F MSE"]})
    orders = {"NORTH": ["A WPL - EPT", "F MSE C A WPL - EPT"]}
    outcome = adjudicate(position, orders, graph=TRIAD)
    assert sorted(str(u) for u in outcome.next_position.units) == ["A EPT", "F MSE"]


def test_it_refuses_a_move_across_no_border():
    position = spring({"NORTH": ["A NWD"]})
    outcome = adjudicate(position, {"NORTH": ["A NWD - SFD"]}, graph=TRIAD)
    assert [str(u) for u in outcome.next_position.units] == ["A NWD"]


def test_it_counts_victory_on_the_boards_centres():
    preset = TRIAD_PRESETS["triad_standard"]()
    owners = {"NWD": "NORTH", "NHB": "NORTH", "WPL": "NORTH", "EHL": "NORTH", "SFD": "SOUTH"}
    assert TRIAD.victory_centres == 4
    assert winner(spring({}, owners), engine_rules(preset)) == "NORTH"
