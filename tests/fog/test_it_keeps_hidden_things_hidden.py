"""The leak test: changing what a power may not know changes none of its bytes.

Random boards are made of the watched power's units, other units close to
them (within two borders), and one far unit (five borders or more from
anything the power has) whose orders stay far.  Nothing the far unit does
can touch the near units, so under every fog preset the watched power's
report and knowledge record must be byte-identical whether the far unit is
there or not, whatever it is ordered, and whoever owns it.
"""

import json
import os
from functools import cache

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from adjudication.fog import FOG_PRESETS, get_preset, initial_records, play_phase
from adjudication.fog.cli import report_line
from adjudication.mapgraph import load_map
from adjudication.serialisation import position_from_step

GRAPH = load_map()
POWERS = list(GRAPH.powers)


@cache
def places():
    """Every (type, location) a unit can stand on."""
    found = []
    for code, province in sorted(GRAPH.provinces.items()):
        if province.kind in ("land", "coast"):
            found.append(("A", code))
        if province.kind in ("sea", "coast"):
            found += [("F", loc) for loc in province.locations() if loc in GRAPH.fleet_adjacent]
    return found


def distances(sources):
    found = dict.fromkeys(sources, 0)
    frontier = list(sources)
    while frontier:
        nxt = []
        for place in frontier:
            for other in sorted(GRAPH.neighbours.get(place, ())):
                if other not in found:
                    found[other] = found[place] + 1
                    nxt.append(other)
        frontier = nxt
    return found


def reach(kind, location):
    if kind == "A":
        return sorted(GRAPH.army_adjacent.get(location, ()))
    return sorted(GRAPH.fleet_adjacent.get(location, ()))


@st.composite
def orders_for(draw, kind, location, others):
    """A random order for the unit: hold, move, support or convoy of a nearby unit."""
    targets = reach(kind, location)
    choice = draw(st.sampled_from(["H", "-", "S", "SM", "C"]))
    unit = f"{kind} {location}"
    neighbours = [o for o in others if o[1][:3] in GRAPH.neighbours.get(location[:3], ())]
    if choice == "-" and targets:
        return f"{unit} - {draw(st.sampled_from(targets))}"
    if choice == "S" and neighbours:
        other = draw(st.sampled_from(neighbours))
        return f"{unit} S {other[0]} {other[1]}"
    if choice == "SM" and others and targets:
        other = draw(st.sampled_from(others))
        return f"{unit} S {other[0]} {other[1]} - {draw(st.sampled_from(targets))[:3]}"
    if choice == "C" and kind == "F" and GRAPH.is_sea(location[:3]) and others:
        army = draw(st.sampled_from(others))
        end = draw(st.sampled_from(sorted(GRAPH.neighbours[location[:3]])))
        return f"{unit} C A {army[1][:3]} - {end}"
    return f"{unit} H"


@st.composite
def boards(draw):
    power = draw(st.sampled_from(POWERS))
    own = draw(
        st.lists(st.sampled_from(places()), min_size=1, max_size=3, unique_by=lambda p: p[1][:3])
    )
    home = {loc[:3] for _, loc in own}
    centres = sorted(p for p in home if p in GRAPH.supply_centres)
    near = distances(home)
    close = [p for p in places() if near.get(p[1][:3], 99) <= 2 and p[1][:3] not in home]
    others = (
        draw(st.lists(st.sampled_from(close), max_size=5, unique_by=lambda p: p[1][:3]))
        if close
        else []
    )
    owners = [draw(st.sampled_from([p for p in POWERS if p != power])) for _ in others]
    far = [p for p in places() if near.get(p[1][:3], 99) >= 5]
    assume(far)
    lone = draw(st.sampled_from(far))
    lone_owner = draw(st.sampled_from([p for p in POWERS if p != power]))
    units = [(power, k, loc) for k, loc in own] + [
        (o, k, loc) for o, (k, loc) in zip(owners, others, strict=True)
    ]
    units = [u for u in units if u[2][:3] != lone[1][:3]]
    everyone = [(k, loc) for _, k, loc in units]
    orders = {}
    for owner, kind, loc in units:
        orders.setdefault(owner, []).append(draw(orders_for(kind, loc, everyone)))
    far_targets = [t for t in reach(*lone) if near.get(t[:3], 99) >= 4]
    lone_orders = ["H"] + [f"- {t}" for t in far_targets]
    first, second = draw(st.sampled_from(lone_orders)), draw(st.sampled_from(lone_orders))
    phase = draw(st.sampled_from(["S1901M", "F1901M", "W1901A"]))
    return power, phase, units, orders, centres, lone, lone_owner, first, second


def step_of(power, phase, units, orders, centres, extra_unit=None, extra_order=None):
    by_power = {}
    for owner, kind, loc in units:
        by_power.setdefault(owner, []).append(f"{kind} {loc}")
    all_orders = {k: list(v) for k, v in orders.items()}
    if extra_unit is not None:
        owner, kind, loc = extra_unit
        by_power.setdefault(owner, []).append(f"{kind} {loc}")
        all_orders.setdefault(owner, []).append(f"{kind} {loc} {extra_order}")
    return {"phase": phase, "units": by_power, "orders": all_orders, "centers": {power: centres}}


def what_power_gets(preset_name, power, step):
    preset = get_preset(preset_name)
    answer = report_line(preset, json.dumps(step))
    assert "error" not in answer, answer
    position = position_from_step(step, preset.graph)
    records, _ = initial_records(preset, position)
    played = play_phase(preset, position, step["orders"], records)
    report = json.dumps(answer["reports"][power], sort_keys=True)
    record = json.dumps(played.records[power], sort_keys=True)
    return report, record, json.dumps(records[power], sort_keys=True)


# Quick by default; FOG_EXAMPLES=500 pytest tests/fog digs deeper.
EXAMPLES = int(os.environ.get("FOG_EXAMPLES", "25"))
SETTINGS = settings(
    max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)


def check_variations(preset_name, board):
    power, phase, units, orders, centres, lone, lone_owner, first, second = board
    base = step_of(power, phase, units, orders, centres)
    seen = what_power_gets(preset_name, power, base)
    unit = (lone_owner, *lone)
    other_owner = POWERS[(POWERS.index(lone_owner) + 1) % len(POWERS)]
    if other_owner == power:
        other_owner = POWERS[(POWERS.index(other_owner) + 1) % len(POWERS)]
    for variant in [
        step_of(power, phase, units, orders, centres, unit, first),
        step_of(power, phase, units, orders, centres, unit, second),
        step_of(power, phase, units, orders, centres, (other_owner, *lone), first),
    ]:
        assert what_power_gets(preset_name, power, variant) == seen


@SETTINGS
@given(boards())
def test_it_hides_far_units_under_dc2005(board):
    check_variations("dc2005", board)


@SETTINGS
@given(boards())
def test_it_hides_far_units_under_reynolds1989(board):
    check_variations("reynolds1989", board)


@SETTINGS
@given(boards())
def test_it_hides_far_units_under_diplomyopia(board):
    check_variations("diplomyopia", board)


@SETTINGS
@given(boards())
def test_it_hides_far_units_under_saari1898(board):
    check_variations("saari1898", board)


@st.composite
def crowded_boards(draw):
    """A busy board and one holding unit that no order names, anywhere."""
    spots = draw(
        st.lists(st.sampled_from(places()), min_size=6, max_size=16, unique_by=lambda p: p[1][:3])
    )
    owners = [draw(st.sampled_from(POWERS)) for _ in spots]
    units = [(o, k, loc) for o, (k, loc) in zip(owners, spots, strict=True)]
    hidden_index = draw(st.integers(0, len(units) - 1))
    hidden = units.pop(hidden_index)
    everyone = [(k, loc) for _, k, loc in units]
    orders = {}
    for owner, kind, loc in units:
        orders.setdefault(owner, []).append(draw(orders_for(kind, loc, everyone)))
    named = {
        word.split("/")[0] for lines in orders.values() for line in lines for word in line.split()
    }
    assume(hidden[2][:3] not in named)
    power = draw(st.sampled_from([p for p in POWERS if p != hidden[0]]))
    centres = sorted(draw(st.sets(st.sampled_from(sorted(GRAPH.supply_centres)), max_size=3)))
    # A unit standing in one of the power's garrisons takes it (Diplomyopia): not hidden.
    assume(hidden[2][:3] not in centres)
    phase = draw(st.sampled_from(["S1901M", "F1901M"]))
    return power, phase, units, orders, centres, hidden


def check_unseen_holder(preset_name, board):
    power, phase, units, orders, centres, hidden = board
    without = step_of(power, phase, units, orders, centres)
    owner, kind, loc = hidden
    with_it = step_of(power, phase, units, orders, centres, hidden, "H")
    seen_without = report_line(get_preset(preset_name), json.dumps(without))["reports"][power]
    seen_with = report_line(get_preset(preset_name), json.dumps(with_it))["reports"][power]
    assume(loc[:3] not in seen_with["sees"] and loc[:3] not in seen_without["sees"])
    assume(f"{kind} {loc}" not in seen_with["units"].get(owner, []))
    got_with = what_power_gets(preset_name, power, with_it)
    before = json.loads(got_with[2])  # not seen before the phase either
    assume(loc[:3] not in before["sees"] and f"{kind} {loc}" not in before["units"].get(owner, []))
    assert got_with == what_power_gets(preset_name, power, without)


@SETTINGS
@given(crowded_boards(), st.sampled_from(FOG_PRESETS))
def test_it_hides_an_unseen_unit_that_nobody_names(board, preset_name):
    check_unseen_holder(preset_name, board)


@st.composite
def far_retreats(draw):
    """A retreat phase with the power's units and one far dislodged unit."""
    power, _, units, _, centres, lone, lone_owner, _, _ = draw(boards())
    near = distances({loc[:3] for owner, _, loc in units if owner == power})
    spots = [t for t in reach(*lone) if near.get(t[:3], 99) >= 4]
    assume(spots)
    return power, units, centres, lone, lone_owner, draw(st.sampled_from(spots))


@SETTINGS
@given(far_retreats(), st.sampled_from(FOG_PRESETS))
def test_it_hides_a_far_retreat(board, preset_name):
    power, units, centres, lone, lone_owner, spot = board
    unit = f"{lone[0]} {lone[1]}"
    answers = []
    for order in (f"{unit} R {spot}", f"{unit} D", None):
        step = step_of(power, "F1901R", units, {}, centres)
        if order is not None:
            step["dislodged"] = [{"power": lone_owner, "unit": unit, "retreat_options": [spot]}]
            step["orders"] = {lone_owner: [order]}
        answer = report_line(get_preset(preset_name), json.dumps(step))
        assert "error" not in answer, answer
        answers.append(json.dumps(answer["reports"][power], sort_keys=True))
    assert answers[0] == answers[1] == answers[2]
