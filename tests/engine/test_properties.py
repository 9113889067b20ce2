"""Properties of adjudication on random legal positions and orders."""

import json
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from adjudication.destinations import move_destinations
from adjudication.engine import adjudicate
from adjudication.mapgraph import COAST, LAND, SEA, load_map
from adjudication.serialisation import outcome_to_json, position_from_step, position_to_step
from adjudication.types import Phase, Position, Unit, UnitType

GRAPH = load_map()
PLAYABLE = [p for p in sorted(GRAPH.provinces) if GRAPH.kind(p) in (LAND, SEA, COAST)]


def random_position(rng, count):
    units = []
    for province in rng.sample(PLAYABLE, count):
        power = rng.choice(GRAPH.powers)
        kind = GRAPH.kind(province)
        if kind == SEA or (kind == COAST and rng.random() < 0.5):
            units.append(Unit(power, UnitType.FLEET, rng.choice(GRAPH.fleet_locations(province))))
        else:
            units.append(Unit(power, UnitType.ARMY, province))
    return Position(Phase.parse("F1901M"), tuple(units))


def random_order(rng, position, unit):
    options = move_destinations(GRAPH, unit)
    neighbours = [n for n in (position.unit_in(o) for o in options) if n]
    roll = rng.random()
    if roll < 0.2 or not options:
        return f"{unit} H"
    if roll < 0.4 and neighbours:
        other = rng.choice(neighbours)
        targets = [o[:3] for o in move_destinations(GRAPH, other) if o[:3] != unit.province]
        reachable = {o[:3] for o in options} & set(targets)
        if reachable:
            return f"{unit} S {other} - {rng.choice(sorted(reachable))}"
        return f"{unit} S {other}"
    if roll < 0.5 and unit.kind is UnitType.FLEET and GRAPH.is_sea(unit.province):
        coasts = sorted(p for p in GRAPH.neighbours[unit.province] if GRAPH.kind(p) == COAST)
        armies = [a for a in map(position.unit_in, coasts) if a and a.kind is UnitType.ARMY]
        if armies:
            convoyed = rng.choice(armies)
            return f"{unit} C {convoyed} - {rng.choice(coasts)}"
    return f"{unit} - {rng.choice(options)}"


def random_phase(seed, count):
    rng = random.Random(seed)
    position = random_position(rng, count)
    orders = {}
    for unit in position.units:
        orders.setdefault(unit.power, []).append(random_order(rng, position, unit))
    return position, orders


boards = st.tuples(st.integers(0, 2**32), st.integers(2, 34))


@settings(max_examples=150, deadline=None)
@given(boards)
def test_units_neither_appear_nor_vanish_and_never_share_a_province(board):
    position, orders = random_phase(*board)
    outcome = adjudicate(position, orders)
    after = outcome.next_position.units
    assert len(after) + len(outcome.dislodged) == len(position.units)
    assert len({u.province for u in after}) == len(after)
    assert {u.power for u in after} <= {u.power for u in position.units}


@settings(max_examples=150, deadline=None)
@given(boards)
def test_a_unit_nobody_attacks_is_never_dislodged(board):
    position, orders = random_phase(*board)
    outcome = adjudicate(position, orders)
    attacked = {
        entry.order.target[:3]
        for entry in outcome.orders
        if entry.result.value != "illegal" and type(entry.order).__name__ == "Move"
    }
    assert all(d.unit.province in attacked for d in outcome.dislodged)


@settings(max_examples=100, deadline=None)
@given(boards)
def test_adjudicating_twice_gives_the_same_bytes(board):
    position, orders = random_phase(*board)
    first = json.dumps(outcome_to_json(adjudicate(position, orders)), sort_keys=True)
    second = json.dumps(outcome_to_json(adjudicate(position, orders)), sort_keys=True)
    assert first == second


@settings(max_examples=100, deadline=None)
@given(boards, st.randoms(use_true_random=False))
def test_retreats_leave_one_unit_per_province(board, rng):
    position, orders = random_phase(*board)
    retreat = adjudicate(position, orders).next_position
    choices = {}
    for entry in retreat.dislodged:
        options = [*entry.retreat_options, None]
        target = rng.choice(options)
        text = f"{entry.unit} R {target}" if target else f"{entry.unit} D"
        choices.setdefault(entry.unit.power, []).append(text)
    outcome = adjudicate(retreat, choices)
    after = outcome.next_position.units
    assert len({u.province for u in after}) == len(after)
    assert len(after) + len(outcome.removed) == len(retreat.units) + len(retreat.dislodged)


@settings(max_examples=100, deadline=None)
@given(boards)
def test_positions_survive_a_round_trip_through_json(board):
    position, orders = random_phase(*board)
    retreat = adjudicate(position, orders).next_position
    step = json.loads(json.dumps(position_to_step(retreat)))
    assert position_from_step(step) == retreat


@settings(max_examples=100, deadline=None)
@given(boards, st.randoms(use_true_random=False))
def test_the_order_of_orders_does_not_matter(board, rng):
    position, orders = random_phase(*board)
    shuffled = {power: rng.sample(lines, len(lines)) for power, lines in orders.items()}
    first, second = adjudicate(position, orders), adjudicate(position, shuffled)

    def by_text(outcome):
        return {(r.power, r.text): r.result for r in outcome.orders}

    assert by_text(first) == by_text(second)
    assert first.next_position == second.next_position
