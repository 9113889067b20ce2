"""1989 retreat and adjustment lists: preference order, conditions, voids."""

from adjudication.fog.advance import adjustment_orders, read_entry, retreat_orders
from adjudication.serialisation import position_from_step

RETREAT_STEP = {
    "phase": "S1901R",
    "units": {"ITALY": ["A TRI", "A ALB"], "TURKEY": ["F ADR"]},
    "dislodged": [{"power": "AUSTRIA", "unit": "F TRI", "attacker_from": "TYR"}],
}


def test_it_reads_a_condition():
    entry = read_entry("alb if ser empty")
    assert (entry.text, entry.province, entry.wants_occupied) == ("ALB", "SER", False)
    assert read_entry("F KIE B IF HOL OCCUPIED").text == "F KIE B"


def test_it_takes_the_first_legal_retreat():
    position = position_from_step(RETREAT_STEP)
    orders = retreat_orders(position, {"AUSTRIA": {"F TRI": ["ALB", "VEN", "ADR"]}}, {})
    assert orders == {"AUSTRIA": ["F TRI R VEN"]}


def test_it_disbands_when_no_retreat_is_legal():
    position = position_from_step(RETREAT_STEP)
    assert retreat_orders(position, {"AUSTRIA": {"F TRI": ["ALB"]}}, {}) == {"AUSTRIA": ["F TRI D"]}


def test_it_skips_an_entry_whose_condition_fails():
    position = position_from_step(RETREAT_STEP)
    lists = {"AUSTRIA": {"F TRI": ["VEN IF ADR EMPTY", "ADR"]}}
    sighted = {"AUSTRIA": frozenset({"ADR"})}
    assert retreat_orders(position, lists, sighted) == {"AUSTRIA": ["F TRI D"]}
    lists = {"AUSTRIA": {"F TRI": ["VEN IF ADR OCCUPIED"]}}
    assert retreat_orders(position, lists, sighted) == {"AUSTRIA": ["F TRI R VEN"]}


def test_it_voids_a_condition_on_a_province_not_sighted():
    position = position_from_step(RETREAT_STEP)
    lists = {"AUSTRIA": {"F TRI": ["VEN IF ADR OCCUPIED"]}}
    assert retreat_orders(position, lists, {}) == {"AUSTRIA": ["F TRI D"]}


def test_it_keeps_adjustments_in_priority_order():
    step = {"phase": "W1901A", "units": {"GERMANY": ["A BER"], "FRANCE": ["A HOL"]}, "centers": {}}
    position = position_from_step(step)
    lists = {"GERMANY": ["F KIE B IF HOL EMPTY", "A MUN B", "A KIE B IF HOL OCCUPIED"]}
    sighted = {"GERMANY": frozenset({"HOL"})}
    assert adjustment_orders(position, lists, sighted) == {"GERMANY": ["A MUN B", "A KIE B"]}


def test_it_reads_province_names_given_the_map():
    from adjudication.mapgraph import load_map

    entry = read_entry("Albania if Mid-Atlantic Ocean occupied", load_map())
    assert (entry.text, entry.province, entry.wants_occupied) == ("ALB", "MAO", True)
    position = position_from_step(RETREAT_STEP)
    lists = {"austria": {"f tri": ["Venice", "Adriatic Sea"]}}
    assert retreat_orders(position, lists, {}) == {"AUSTRIA": ["F TRI R VEN"]}
