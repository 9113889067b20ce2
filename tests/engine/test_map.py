"""The standard map data and the graph built from it."""

import json
from pathlib import Path

from adjudication.destinations import (
    convoy_destinations,
    convoy_routes,
    move_destinations,
    support_move_targets,
)
from adjudication.mapgraph import load_map
from adjudication.setup import standard_start, start_1898
from adjudication.types import Unit, UnitType

FORMAT_CODES = [
    "ADR",
    "AEG",
    "ALB",
    "ANK",
    "APU",
    "ARM",
    "BAL",
    "BAR",
    "BEL",
    "BER",
    "BLA",
    "BOH",
    "BOT",
    "BRE",
    "BUD",
    "BUL",
    "BUR",
    "CLY",
    "CON",
    "DEN",
    "EAS",
    "EDI",
    "ENG",
    "FIN",
    "GAL",
    "GAS",
    "GRE",
    "HEL",
    "HOL",
    "ION",
    "IRI",
    "KIE",
    "LON",
    "LVN",
    "LVP",
    "LYO",
    "MAO",
    "MAR",
    "MOS",
    "MUN",
    "NAF",
    "NAO",
    "NAP",
    "NTH",
    "NWG",
    "NWY",
    "PAR",
    "PIC",
    "PIE",
    "POR",
    "PRU",
    "ROM",
    "RUH",
    "RUM",
    "SER",
    "SEV",
    "SIL",
    "SKA",
    "SMY",
    "SPA",
    "STP",
    "SWE",
    "SWI",
    "SYR",
    "TRI",
    "TUN",
    "TUS",
    "TYR",
    "TYS",
    "UKR",
    "VEN",
    "VIE",
    "WAL",
    "WAR",
    "WES",
    "YOR",
]


def test_it_has_exactly_the_datc_codes():
    graph = load_map()
    assert sorted(graph.provinces) == sorted(FORMAT_CODES)
    assert graph.kind("SWI") == "impassable"
    assert len([p for p in graph.provinces.values() if p.kind != "impassable"]) == 75


def test_it_has_34_supply_centres_and_the_home_centres():
    graph = load_map()
    assert len(graph.supply_centres) == 34
    assert graph.home_centres["RUSSIA"] == {"MOS", "SEV", "STP", "WAR"}
    assert all(homes <= graph.supply_centres for homes in graph.home_centres.values())


def test_split_coasts_have_their_own_fleet_borders():
    graph = load_map()
    assert graph.fleet_locations("SPA") == ("SPA/NC", "SPA/SC")
    assert graph.fleet_can_reach("MAO", "SPA/NC")
    assert not graph.fleet_can_reach("LYO", "SPA/NC")
    assert graph.fleet_target_coasts("BLA", "BUL") == ("BUL/EC",)
    assert graph.fleet_target_coasts("BAR", "STP") == ("STP/NC",)


def test_borders_are_symmetric_and_merge_army_and_fleet_borders():
    graph = load_map()
    for province, found in graph.neighbours.items():
        assert all(province in graph.neighbours[other] for other in found)
    assert ("ENG", "LON") in graph.borders
    assert ("BUR", "MUN") in graph.borders
    assert ("BUL", "CON") in graph.borders
    assert all(a < b for a, b in graph.borders)


def test_full_names_are_looked_up():
    graph = load_map()
    assert graph.lookup("Munich") == "MUN"
    assert graph.lookup("st petersburg") == "STP"
    assert graph.lookup("Gulf of Lyon") == "LYO"
    assert graph.lookup("Mid-Atlantic Ocean") == "MAO"
    assert graph.lookup("North Africa") == "NAF"
    assert graph.name_of("STP/SC") == "St Petersburg (south coast)"


def test_the_map_file_is_plain_json():
    path = Path(__file__).parents[2] / "adjudication" / "data" / "standard.json"
    data = json.loads(path.read_text())
    assert {"provinces", "army_borders", "fleet_borders", "starts"} <= set(data)


def test_the_1901_start():
    start = standard_start()
    assert str(start.phase) == "S1901M"
    assert len(start.units) == 22
    assert str(start.unit_in("STP")) == "F STP/SC"
    assert len(start.centres) == 22


def test_the_1898_start_takes_each_powers_choice():
    start = start_1898({"ENGLAND": "F", "RUSSIA": "F STP/NC"})
    assert str(start.phase) == "S1898M"
    assert {str(u) for u in start.units} == {
        "A TRI",
        "F EDI",
        "A BRE",
        "A KIE",
        "A NAP",
        "F STP/NC",
        "A ANK",
    }
    assert start.centres_of("GERMANY") == ("KIE",)
    assert "BER" not in start.centres


def test_destinations_by_map_alone():
    graph = load_map()
    fleet = Unit("FRANCE", UnitType.FLEET, "MAO")
    assert "SPA/NC" in move_destinations(graph, fleet)
    assert "LON" in convoy_destinations(graph, "BRE")
    assert "MUN" in support_move_targets(graph, Unit("FRANCE", UnitType.ARMY, "BUR"))["RUH"]
    assert "LON" in convoy_routes(graph, Unit("ENGLAND", UnitType.FLEET, "NTH"))
    assert convoy_routes(graph, Unit("ENGLAND", UnitType.FLEET, "LON")) == ()
