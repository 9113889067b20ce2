"""In whole games under every rule set, the engine finds no caretaker order illegal.

Every power is played by the caretaker from its own records, from the start
to 1905, in a game per rule set; every order it sends is adjudicated and
none comes back illegal. Under the 1989 rules the season's retreats and
builds are not orders it gives but entries of lists sent ahead, in order of
preference; the rules pass over an entry the season made impossible (a build
in a centre taken that Fall) and take the next, so those are not counted.
"""

import pytest

from adjudication.fog import get_preset
from adjudication.fog.play import initial_records, play_phase
from adjudication.outcome import ILLEGAL
from caretaker.policy import plan

RULE_SETS = ["standard", "dc2005", "reynolds1989", "diplomyopia", "saari1898"]


@pytest.mark.parametrize("name", RULE_SETS)
def test_it_never_orders_illegally(name):
    preset = get_preset(name)
    position = preset.start()
    records, _ = initial_records(preset, position)
    state = preset.initial_state(position)
    phases = 0
    earlier = {power: [] for power in preset.graph.powers}
    while position.phase.year < 1905:
        orders, advance = {}, {"retreat_lists": {}, "adjustment_lists": {}}
        for power in preset.graph.powers:
            chosen = plan(records[power], str(position.phase), earlier=earlier[power][-4:])
            orders[power] = chosen.orders
            advance["retreat_lists"][power] = chosen.retreat_lists
            advance["adjustment_lists"][power] = chosen.adjustment_lists
        played = play_phase(preset, position, orders, records, state, advance)
        given = played.outcomes[:1] if preset.rules.orders_in_advance else played.outcomes
        illegal = [
            (r.power, r.text, r.reason)
            for outcome in given
            for r in outcome.orders
            if r.result == ILLEGAL
        ]
        assert illegal == [], f"{position.phase}: {illegal}"
        for power in preset.graph.powers:
            earlier[power].append(records[power])
        position, records, state = played.position, played.records, played.state
        phases += 1
    assert phases >= 4
