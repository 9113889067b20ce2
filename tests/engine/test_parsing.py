"""The order parser: every notation players type, and its error messages."""

import json
from pathlib import Path

import pytest

from adjudication.mapgraph import load_map
from adjudication.orders import Build, Convoy, Disband, Hold, Move, Retreat, Waive
from adjudication.parsing import ParseError, _canonical, _Reader, parse_order
from adjudication.types import UnitType

NOTATIONS = [
    ("A PAR - BUR", "A PAR - BUR"),
    ("a par->bur", "A PAR - BUR"),
    ("A Par to Bur", "A PAR - BUR"),
    ("Army Paris to Burgundy", "A PAR - BUR"),
    ("A Par holds", "A PAR H"),
    ("A PAR H", "A PAR H"),
    ("A Par hold", "A PAR H"),
    ("F Mid-Atlantic Ocean - Gulf of Lyon", "F MAO - LYO"),
    ("F North Atlantic Ocean - Norwegian Sea", "F NAO - NWG"),
    ("A North Africa - Tunis", "A NAF - TUN"),
    ("A St Petersburg - Moscow", "A STP - MOS"),
    ("A St. Petersburg - Moscow", "A STP - MOS"),
    ("F spa/sc - wes", "F SPA/SC - WES"),
    ("F Spa(sc) - MAO", "F SPA/SC - MAO"),
    ("F GAS - spa nc", "F GAS - SPA/NC"),
    ("F GAS - SPA/NC", "F GAS - SPA/NC"),
    ("F gas - Spain north coast", "F GAS - SPA/NC"),
    ("F St Petersburg north coast - Barents Sea", "F STP/NC - BAR"),
    ("A Mun S A Ber", "A MUN S A BER"),
    ("A Mun supports A Ber", "A MUN S A BER"),
    ("A Mun S Ber", "A MUN S BER"),
    ("A Mun S A Ber H", "A MUN S A BER"),
    ("A Par S A Mar - Bur", "A PAR S A MAR - BUR"),
    ("f mao s f gol - spa(sc)", "F MAO S F LYO - SPA/SC"),
    ("F NTH C A LON - BEL", "F NTH C A LON - BEL"),
    ("F North Sea convoys A London to Belgium", "F NTH C A LON - BEL"),
    ("A LON - BEL VIA", "A LON - BEL VIA"),
    ("A Lon - Bel via convoy", "A LON - BEL VIA"),
    ("A Lon - Bel (via convoy)", "A LON - BEL VIA"),
    ("F TRI R ALB", "F TRI R ALB"),
    ("F Tri retreat to Alb", "F TRI R ALB"),
    ("F TRI D", "F TRI D"),
    ("F Tri disband", "F TRI D"),
    ("A PAR B", "A PAR B"),
    ("Build A Paris", "A PAR B"),
    ("build fleet St Petersburg (nc)", "F STP/NC B"),
    ("Remove A Par", "A PAR D"),
    ("A Par remove", "A PAR D"),
    ("waive", "WAIVE"),
    ("WAIVE", "WAIVE"),
]


@pytest.mark.parametrize(("text", "canonical"), NOTATIONS)
def test_it_reads_each_notation(text, canonical):
    assert str(parse_order(text)) == canonical


def test_it_keeps_the_structure():
    assert parse_order("A Par - Bur") == Move(UnitType.ARMY, "PAR", "BUR")
    assert parse_order("Bur H") == Hold(None, "BUR")
    assert parse_order("F NTH C A LON - BEL") == Convoy(UnitType.FLEET, "NTH", "LON", "BEL")
    assert parse_order("F TRI R ALB") == Retreat(UnitType.FLEET, "TRI", "ALB")
    assert parse_order("A PAR D") == Disband(UnitType.ARMY, "PAR")
    assert parse_order("F STP/NC B") == Build(UnitType.FLEET, "STP/NC")
    assert parse_order("waive") == Waive()


def test_it_does_not_read_two_provinces_as_one():
    # "SWE - DEN" must not be read as "Sweden"
    assert str(parse_order("F SKA C A SWE - DEN")) == "F SKA C A SWE - DEN"


def test_it_does_not_read_an_abbreviation_and_an_order_word_as_one_name():
    # "RUH R" is Ruhr retreating, not "Ruhr"; the full name still reads.
    assert parse_order("A RUH R BEL") == Retreat(UnitType.ARMY, "RUH", "BEL")
    assert parse_order("A Ruhr R Bel") == Retreat(UnitType.ARMY, "RUH", "BEL")
    assert parse_order("F Gulf of Lyon - Spa sc") == parse_order("F LYO - SPA/SC")


ERRORS = [
    ("A Munchen - Bur", 'could not read "Munchen": not a province'),
    ("A Mun - Bavaria", 'could not read "Bavaria": not a province'),
    ("A Mun X", 'could not read "X": expected an order'),
    ("A Mun - Bur now", 'could not read "now": unexpected word'),
    ("F Spa/xx - MAO", 'could not read "xx": not a coast'),
    ("Par B", 'could not read "Par B": a build must say army or fleet'),
    ("A Mun", 'could not read "A Mun": no order given'),
    ("", "could not read an empty order"),
]


@pytest.mark.parametrize(("text", "message"), ERRORS)
def test_it_names_the_word_it_could_not_read(text, message):
    with pytest.raises(ParseError) as error:
        parse_order(text)
    assert str(error.value).startswith(message)


def _orders_in(path):
    cases = json.loads(path.read_text())
    return {
        text
        for case in cases
        for step in case["steps"]
        for lines in step["orders"].values()
        for text in lines
    }


def test_it_reads_the_exact_notation_as_the_full_reader_does():
    # parse_order reads lines in the exact DATC notation word by word; the
    # full reader must give the very same order for every one of them.
    graph = load_map()
    data = Path(__file__).parent
    texts = _orders_in(data.parent / "data" / "datc-public.json")
    texts |= _orders_in(data / "data" / "datc-6F-6G.json")
    locations = [loc for code in sorted(graph.provinces) for loc in graph.fleet_locations(code)]
    for source in locations:
        texts |= {
            f"A {source} H",
            f"F {source} H",
            f"A {source} - BUR",
            f"F {source} - {source} VIA",
        }
        texts |= {
            f"F NTH S A {source}",
            f"A PAR S F {source} - SPA/NC",
            f"F NTH C A {source} - BEL",
        }
    texts |= {
        "A PAR - BUR VIA",
        "A PAR - BUR via",
        "A PAR  H",
        "F SPA/XC H",
        "A XYZ H",
        "A PAR S A BUR -",
    }
    compared = 0
    for text in sorted(texts):
        fast = _canonical(text, graph)
        if fast is not None:
            assert fast == _Reader(text, graph).order(), text
            compared += 1
    assert compared > 500
