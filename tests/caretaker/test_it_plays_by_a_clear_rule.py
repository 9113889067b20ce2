"""The caretaker's rule, one behaviour at a time, on records written by hand."""

from caretaker.policy import plan
from tests.caretaker.records import record

GERMAN_HOMES = {"GERMANY": ["BER", "KIE", "MUN"]}
# Germany's home centres and every province next to them: a record that sees all of them.
AROUND_GERMANY = ["BAL", "BER", "BOH", "BUR", "DEN", "HEL", "HOL", "KIE", "MUN", "PRU", "RUH"]
AROUND_GERMANY += ["SIL", "TYR"]


def test_it_guards_a_centre_two_known_units_could_attack_and_supports_the_guard():
    mine = record(
        "GERMANY",
        {"GERMANY": ["A MUN", "A BER"], "FRANCE": ["A BUR"], "ITALY": ["A TYR"]},
        GERMAN_HOMES,
    )
    assert plan(mine, "S1903M").orders == ["A MUN H", "A BER S A MUN"]


def test_in_the_fall_it_guards_a_centre_one_known_unit_could_enter():
    mine = record(
        "GERMANY",
        {"GERMANY": ["A MUN", "A BER"], "FRANCE": ["A BUR"]},
        GERMAN_HOMES,
    )
    assert plan(mine, "F1903M").orders[0] == "A MUN H"


def test_in_the_fall_it_covers_an_empty_threatened_centre_before_growing():
    mine = record(
        "GERMANY",
        {"GERMANY": ["A RUH"], "FRANCE": ["A BUR"]},
        GERMAN_HOMES,
    )
    assert plan(mine, "F1903M").orders == ["A RUH - MUN"]
    assert plan(mine, "S1903M").orders == ["A RUH - BEL"], "in Spring a centre is not lost yet"


def test_it_retakes_a_lost_home_centre_with_support():
    mine = record(
        "GERMANY",
        {"GERMANY": ["A RUH", "A TYR"], "FRANCE": ["A MUN"]},
        {"GERMANY": ["BER", "KIE"], "FRANCE": ["MUN"]},
    )
    orders = plan(mine, "S1903M").orders
    assert "A RUH - MUN" in orders
    assert "A TYR S A RUH - MUN" in orders


def test_it_takes_an_empty_centre_it_does_not_own():
    mine = record("GERMANY", {"GERMANY": ["F KIE"]}, GERMAN_HOMES)
    assert plan(mine, "S1903M").orders == ["F KIE - DEN"]


def test_it_retreats_toward_home_and_never_two_to_one_place():
    dislodged = [
        {"power": "GERMANY", "unit": "A BOH", "retreat_options": ["GAL", "MUN", "SIL"]},
        {"power": "GERMANY", "unit": "A TYR", "retreat_options": ["MUN", "PIE", "VEN"]},
    ]
    mine = record("GERMANY", {"GERMANY": []}, GERMAN_HOMES, "S1903M", dislodged)
    assert plan(mine, "S1903R").orders == ["A BOH R MUN", "A TYR R VEN"]


def test_it_disbands_with_nowhere_to_go():
    dislodged = [{"power": "GERMANY", "unit": "A BOH", "retreat_options": []}]
    mine = record("GERMANY", {"GERMANY": []}, GERMAN_HOMES, "S1903M", dislodged)
    assert plan(mine, "S1903R").orders == ["A BOH D"]


def test_it_builds_in_free_home_centres_only():
    mine = record(
        "GERMANY",
        {"GERMANY": ["A MUN"]},
        {"GERMANY": ["BER", "KIE", "MUN", "DEN"]},
        "F1903M",
    )
    builds = plan(mine, "W1903A").orders
    assert [order.split()[1] for order in builds] == ["BER", "KIE"]


def test_it_builds_a_fleet_where_armies_outnumber_fleets():
    mine = record(
        "GERMANY",
        {"GERMANY": ["A MUN", "A RUH", "A BUR"]},
        {"GERMANY": ["BER", "KIE", "MUN", "HOL"]},
        "F1903M",
    )
    assert plan(mine, "W1903A").orders == ["F BER B"]


def test_it_removes_the_units_farthest_from_home():
    mine = record(
        "GERMANY",
        {"GERMANY": ["A MUN", "F NAO", "A SPA"]},
        {"GERMANY": ["MUN", "BER"]},
        "F1903M",
    )
    assert plan(mine, "W1903A").orders == ["F NAO D"]


def test_it_sends_retreat_and_build_lists_ahead_under_the_1989_rules():
    mine = record(
        "GERMANY",
        {"GERMANY": ["A MUN"]},
        {"GERMANY": ["BER", "KIE", "MUN", "DEN"]},
        "S1903M",
        preset="reynolds1989",
        sees=AROUND_GERMANY,
    )
    chosen = plan(mine, "F1903M")
    assert set(chosen.retreat_lists) == {"A MUN"}
    [leaving] = chosen.orders
    assert leaving.startswith("A MUN - ")
    # Munich last: the army may fail to leave it, and the rules then pass the entry over.
    assert chosen.adjustment_lists == ["A BER B", "A KIE B", "A MUN B"]


def test_it_lists_last_a_build_ahead_where_a_known_foreign_unit_could_take_the_centre():
    mine = record(
        "GERMANY",
        {"GERMANY": ["F NAO"], "RUSSIA": ["A PRU"]},
        {"GERMANY": ["BER", "KIE", "MUN", "DEN"]},
        "S1903M",
        preset="reynolds1989",
        sees=AROUND_GERMANY,
    )
    assert plan(mine, "F1903M").adjustment_lists == ["A KIE B", "A MUN B", "A BER B"]


def test_it_lists_last_a_build_ahead_in_a_home_centre_next_to_a_place_it_cannot_see():
    mine = record(
        "GERMANY",
        {"GERMANY": ["F NAO"]},
        {"GERMANY": ["BER", "KIE", "MUN", "DEN"]},
        "S1903M",
        preset="reynolds1989",
        sees=[p for p in AROUND_GERMANY if p != "SIL"],
    )
    assert plan(mine, "F1903M").adjustment_lists == ["A KIE B", "A BER B", "A MUN B"]


def test_it_lists_no_build_ahead_where_a_foreign_unit_stands():
    mine = record(
        "GERMANY",
        {"GERMANY": ["F NAO"], "RUSSIA": ["A BER"]},
        {"GERMANY": ["BER", "KIE", "MUN", "DEN"]},
        "S1903M",
        preset="reynolds1989",
        sees=AROUND_GERMANY,
    )
    assert plan(mine, "F1903M").adjustment_lists == ["A KIE B", "A MUN B"]


def test_it_refuses_the_game_masters_record():
    full = record("GERMANY", {"GERMANY": ["A MUN"]}, GERMAN_HOMES)
    full["power"] = None
    try:
        plan(full, "S1903M")
    except ValueError as error:
        assert "game master" in str(error)
    else:
        raise AssertionError("a record with no power was played")
