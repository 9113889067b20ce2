"""The caretaker plays like a cautious player: it makes room for builds, takes what lies
open, backs its attacks, does not bang on one door a third time, and retreats its units
together. One behaviour a test, on records written by hand; the same records always give
the same orders."""

import json

from caretaker.policy import plan
from tests.caretaker.records import move, record

ENGLISH_HOMES = ["EDI", "LON", "LVP"]


def test_it_leaves_a_home_centre_so_that_a_build_can_be_made():
    # England owns Norway too: one build is owed, but every home centre is full.
    mine = record(
        "ENGLAND",
        {"ENGLAND": ["F EDI", "F LON", "A LVP"]},
        {"ENGLAND": [*ENGLISH_HOMES, "NWY"]},
    )
    orders = plan(mine, "F1903M").orders
    left = [o.split()[1] for o in orders if " - " in o and o.split()[1] in ENGLISH_HOMES]
    assert left, orders
    entered = {o.split()[-1][:3] for o in orders if " - " in o}
    assert not entered & set(ENGLISH_HOMES), "it steps out of its homes, not from one to another"


def test_it_takes_an_undefended_centre_next_to_a_centre_one_known_unit_threatens():
    mine = record(
        "AUSTRIA",
        {"AUSTRIA": ["A BUD"], "RUSSIA": ["A GAL"]},
        {"AUSTRIA": ["BUD", "TRI", "VIE"]},
    )
    assert plan(mine, "S1903M").orders == ["A BUD - RUM"]
    assert plan(mine, "F1903M").orders == ["A BUD H"], "in the Fall it guards Budapest"


def test_it_keeps_a_unit_on_a_centre_it_is_taking_until_the_fall_ends():
    mine = record("GERMANY", {"GERMANY": ["A HOL"]}, {"GERMANY": ["BER", "KIE", "MUN"]})
    assert plan(mine, "F1903M").orders == ["A HOL H"]
    assert plan(mine, "S1904M").orders == ["A HOL - BEL"]


def test_it_attacks_a_foreign_unit_on_a_centre_with_support():
    mine = record(
        "ITALY",
        {"ITALY": ["A VEN", "A TYR", "F ADR"], "AUSTRIA": ["A TRI", "A VIE"], "GERMANY": ["A MUN"]},
        {"ITALY": ["NAP", "ROM", "VEN"], "AUSTRIA": ["BUD", "TRI", "VIE"]},
    )
    orders = plan(mine, "S1903M").orders
    assert "F ADR - TRI" in orders
    assert "A TYR S F ADR - TRI" in orders
    assert "A VEN H" in orders


def test_it_backs_a_move_into_a_centre_a_known_unit_could_also_enter():
    mine = record(
        "AUSTRIA",
        {"AUSTRIA": ["A BUD", "A TRI"], "TURKEY": ["A BUL"]},
        {"AUSTRIA": ["BUD", "RUM", "TRI", "VIE"]},
    )
    orders = plan(mine, "S1903M").orders
    assert "A BUD - SER" in orders
    assert "A TRI S A BUD - SER" in orders


def _bounced_in_rumania(*results: str) -> tuple[dict, list[dict]]:
    """Austria's record after movement phases whose move A Bud - Rum went as told."""
    phases = ["F1902M", "S1903M", "F1903M", "S1904M"][-len(results) :]
    records = [
        record(
            "AUSTRIA",
            {"AUSTRIA": ["A BUD"], "RUSSIA": ["F SEV"]},
            {"AUSTRIA": ["BUD", "TRI", "VIE", "SER"]},
            phase,
            orders=[move("AUSTRIA", "A BUD", "RUM", result)],
        )
        for phase, result in zip(phases, results, strict=True)
    ]
    return records[-1], records[:-1]


def test_it_does_not_bounce_a_third_time_on_the_same_target():
    current, earlier = _bounced_in_rumania("fail", "fail")
    orders = plan(current, "F1904M", earlier=earlier).orders
    assert not [o for o in orders if o.endswith("- RUM")], orders


def test_after_one_bounce_it_goes_back_only_with_support():
    current, earlier = _bounced_in_rumania("success", "fail")
    assert plan(current, "F1904M", earlier=earlier).orders != ["A BUD - RUM"]
    backed = record(
        "AUSTRIA",
        {"AUSTRIA": ["A BUD", "A GAL"], "RUSSIA": ["F SEV"]},
        {"AUSTRIA": ["BUD", "TRI", "VIE", "SER"]},
        "S1904M",
        orders=[move("AUSTRIA", "A BUD", "RUM", "fail")],
    )
    orders = plan(backed, "F1904M", earlier=earlier).orders
    assert "A BUD - RUM" in orders and "A GAL S A BUD - RUM" in orders


def test_a_bounce_before_its_last_two_movement_phases_is_forgotten():
    current, earlier = _bounced_in_rumania("fail", "success", "success")
    assert plan(current, "F1904M", earlier=earlier).orders == ["A BUD - RUM"]


def test_two_dislodged_units_with_one_shared_place_both_retreat():
    # Bohemia would go to Munich, the place nearest home, if it chose alone;
    # Tyrolia has nowhere else, so Bohemia takes Silesia and both survive.
    dislodged = [
        {"power": "GERMANY", "unit": "A BOH", "retreat_options": ["MUN", "SIL"]},
        {"power": "GERMANY", "unit": "A TYR", "retreat_options": ["MUN"]},
    ]
    mine = record(
        "GERMANY", {"GERMANY": []}, {"GERMANY": ["BER", "KIE", "MUN"]}, "S1903M", dislodged
    )
    assert plan(mine, "S1903R").orders == ["A BOH R SIL", "A TYR R MUN"]


def test_the_same_records_always_give_the_same_orders():
    current, earlier = _bounced_in_rumania("fail", "success")
    shuffled = json.loads(json.dumps(current, sort_keys=True))
    first = plan(current, "F1904M", earlier=earlier)
    for _ in range(5):
        assert plan(shuffled, "F1904M", earlier=earlier) == first
        assert plan(current, "F1904M", earlier=[dict(r) for r in earlier]) == first


def test_it_drives_a_foreign_unit_out_of_an_own_centre_with_support():
    mine = record(
        "TURKEY",
        {"TURKEY": ["A CON", "A ARM"], "RUSSIA": ["F ANK"]},
        {"TURKEY": ["ANK", "CON", "SMY"]},
    )
    orders = plan(mine, "F1903M").orders
    assert "A ARM - ANK" in orders and "A CON S A ARM - ANK" in orders
