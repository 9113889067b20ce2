"""GET .../options: every order each of my units may be given, from my own record."""

from adjudication.record import parse_record
from api.options import adjustment_options, unit_options
from api.tests.conftest import api_for
from games import gateway


def record(units: dict, centres: dict, dislodged: list | None = None, phase: str = "F1901M"):
    return parse_record(
        {
            "preset": "standard",
            "power": "GERMANY",
            "phase": phase,
            "sees": [],
            "units": units,
            "centers": centres,
            "ghosts": {"units": [], "centers": []},
            "dislodged": dislodged or [],
            "orders": [],
            "lines": [],
            "messages": [],
        }
    )


def test_it_lists_each_units_moves_and_supports_in_movement(people, fog_game):
    answer = api_for(people.player, scope="read").get(f"/games/{fog_game.pk}/options")
    assert answer.status_code == 200, answer.content
    options = answer.json()
    assert (options["phase"], options["kind"], options["adjustments"]) == ("S1901M", "M", [])
    by_unit = {unit["unit"]: [o["order"] for o in unit["orders"]] for unit in options["units"]}
    assert sorted(by_unit) == ["A MAR", "A PAR", "F BRE"]
    assert {"A PAR H", "A PAR - BUR", "A PAR S A MAR - BUR"} <= set(by_unit["A PAR"])
    assert "A PAR - MUN" not in by_unit["A PAR"]  # not a neighbour
    assert "F BRE - PAR" not in by_unit["F BRE"]  # a fleet stays off inland provinces


def test_a_dislodged_unit_is_offered_its_retreats_and_a_disband():
    board = gateway.board("standard")
    knowledge = record(
        {"GERMANY": ["A KIE"]},
        {"GERMANY": ["KIE"]},
        [{"power": "GERMANY", "unit": "A MUN", "retreat_options": ["BOH", "SIL"]}],
        phase="S1901M",
    )
    [unit] = unit_options(board, knowledge, "GERMANY", "R")
    assert [o["order"] for o in unit["orders"]] == ["A MUN R BOH", "A MUN R SIL", "A MUN D"]


def test_builds_are_offered_in_free_home_centres_with_a_waive():
    board = gateway.board("standard")
    knowledge = record({"GERMANY": ["A MUN"]}, {"GERMANY": ["BER", "KIE", "MUN", "HOL"]})
    offered = [o["order"] for o in adjustment_options(board, knowledge, "GERMANY", 3)]
    assert offered == ["A BER B", "F BER B", "A KIE B", "F KIE B", "WAIVE"]


def test_removals_are_offered_among_my_units():
    board = gateway.board("standard")
    knowledge = record({"GERMANY": ["A MUN", "F KIE"]}, {"GERMANY": ["MUN"]})
    offered = [o["order"] for o in adjustment_options(board, knowledge, "GERMANY", -1)]
    assert offered == ["A MUN D", "F KIE D"]


def test_only_a_player_has_options(people, fog_game):
    assert api_for(people.gm).get(f"/games/{fog_game.pk}/options").status_code == 403
