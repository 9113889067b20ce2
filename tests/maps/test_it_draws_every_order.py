"""Every order kind draws, masked ends included, on split coasts too."""

from maps.render import render_map
from tests.maps.helpers import TITLE, pixel, record


def _order(kind, **fields):
    return {"power": "RUSSIA", "unit": "F", "kind": kind, "result": "success", "text": "", **fields}


ORDERS = [
    _order("move", **{"from": "STP", "to": "BOT"}),
    _order("move", **{"from": None, "to": "SWE"}),
    _order("move", **{"from": "SEV", "to": None}, result="fail"),
    _order("move", **{"from": None, "to": None}),
    _order("support", **{"from": "WAR", "target_from": "PRU", "target_to": "BER"}),
    _order("support", **{"from": "UKR", "target_from": "GAL"}),
    _order("support", **{"from": None, "target_from": None, "target_to": "RUM"}),
    _order("convoy", **{"from": "BLA", "target_from": "SEV", "target_to": "BUL/EC"}),
    _order("hold", **{"from": "MOS"}, result="fail"),
    _order("retreat", **{"from": "LVN", "to": "STP/SC"}, result="illegal"),
    _order("build", **{"from": "STP/NC"}),
    _order("remove", **{"from": "FIN"}),
    _order("disband", **{"from": "NWY"}),
    _order("waive"),
]


def test_all_orders_draw_on_the_game_masters_map():
    board = record("game_master_s1901m")
    plain = render_map({**board, "orders": []}, TITLE)
    drawn = render_map({**board, "orders": ORDERS}, TITLE)
    assert plain.tobytes() != drawn.tobytes()


def test_a_fleet_on_a_split_coast_stands_on_that_coast():
    from maps.geometry import load_geometry

    stp = load_geometry().provinces["STP"]
    board = record("game_master_s1901m")
    north = render_map({**board, "units": {"RUSSIA": ["F STP/NC"]}, "orders": []}, TITLE)
    south = render_map({**board, "units": {"RUSSIA": ["F STP/SC"]}, "orders": []}, TITLE)
    north_coast, south_coast = dict(stp.coasts)["NC"], dict(stp.coasts)["SC"]
    assert pixel(north, north_coast) != pixel(south, north_coast)
    assert pixel(north, south_coast) != pixel(south, south_coast)
