"""A far-away enemy token changes nothing in a side's record, byte for byte."""

from __future__ import annotations

import json

from hypothesis import given, settings
from hypothesis import strategies as st

from adjudication.battle.fog import Fog
from adjudication.battle.knowledge import side_record
from adjudication.battle.knowledge_json import record_json
from tests.battle.helpers import act, battle, move, token

FOG = Fog(sight=2)
SIZE = 20
# Red stands in a1..c3 and sees at most 3 squares (2, plus 1 from a hill): up to f6.
near = st.sampled_from([f"{c}{r}" for c in "abc" for r in (1, 2, 3)])
far_cols = "mnopqrst"
far = st.sampled_from([f"{c}{r}" for c in far_cols for r in range(13, 21)])
terrain = st.dictionaries(
    st.sampled_from([f"{c}{r}" for c in "abcdefgh" for r in range(1, 9)]),
    st.sampled_from(["trees", "hill", "water", "mountain"]),
    max_size=10,
)


@st.composite
def far_token(draw):
    """The hidden token: where it starts, its stats, and where it walks (far away)."""
    start = draw(far)
    col, row = far_cols.index(start[0]), int(start[1:])
    steps = []
    for _ in range(draw(st.integers(0, 3))):
        col = min(max(col + draw(st.integers(-1, 1)), 0), len(far_cols) - 1)
        row = min(max(row + draw(st.integers(-1, 1)), 13), 20)
        steps.append(f"{far_cols[col]}{row}")
    hp = draw(st.integers(1, 9))
    return token("B9", "blue", start, att=draw(st.integers(0, 6)), hp=hp, spd=9), steps


def red_record(reds, hidden, ground):
    hider, steps = hidden
    start = battle(*reds, token("B1", "blue", "e5"), hider, terrain=ground, width=SIZE, height=SIZE)
    first = side_record("red", start, None, FOG, turn=1)
    orders = [move("B1", "e4")] + ([move("B9", *steps)] if steps else [])
    done = act(start, "blue", *orders)
    record = side_record("red", start, done, FOG, turn=2, previous=first)
    return json.dumps(record_json(record), sort_keys=True)


@settings(max_examples=40, deadline=None)
@given(st.lists(near, min_size=1, max_size=3, unique=True), terrain, far_token(), far_token())
def test_it_leaks_nothing_of_a_far_away_token(places, ground, one, other):
    reds = [token(f"R{i}", "red", at) for i, at in enumerate(places)]
    assert red_record(reds, one, ground) == red_record(reds, other, ground)


def test_it_would_notice_a_near_token():
    reds = [token("R1", "red", "a1")]
    hidden = token("B9", "blue", "c3"), []
    moved = token("B9", "blue", "c2"), []
    assert red_record(reds, hidden, {}) != red_record(reds, moved, {})
