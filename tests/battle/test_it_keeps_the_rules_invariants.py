"""Property tests: random battles and random orders never break the rules' invariants."""

from __future__ import annotations

import json

from hypothesis import given, settings
from hypothesis import strategies as st

from adjudication.battle.actions import Action, Kind, Power
from adjudication.battle.activation import activate
from adjudication.battle.cli import battle_line
from adjudication.battle.model import Battle, Grid, Options, Powers, Terrain, Token
from adjudication.battle.replay import Turn, play
from adjudication.battle.squares import Square

SIZE = 6
IDS = ["R1", "R2", "R3", "B1", "B2", "B3"]
squares = st.builds(Square, st.integers(0, SIZE - 1), st.integers(0, SIZE - 1))
stat = st.integers(0, 5)


@st.composite
def battles(draw) -> Battle:
    places = draw(st.lists(squares, min_size=len(IDS), max_size=len(IDS), unique=True))
    tokens = []
    for token_id, at in zip(IDS, places, strict=True):
        max_hp = draw(st.integers(1, 6))
        tokens.append(
            Token(
                token_id,
                "red" if token_id.startswith("R") else "blue",
                at,
                att=draw(stat),
                defence=draw(stat),
                spd=draw(stat),
                hp=draw(st.integers(1, max_hp)),
                max_hp=max_hp,
                powers=Powers(range=draw(st.integers(0, 4)), heal=draw(st.booleans())),
            )
        )
    terrain = draw(st.dictionaries(squares, st.sampled_from(list(Terrain)), max_size=12))
    options = Options(flanking=draw(st.booleans()))
    return Battle(Grid(SIZE, SIZE, terrain), tuple(tokens), options)


actions = st.builds(
    Action,
    token=st.sampled_from(IDS),
    kind=st.sampled_from(list(Kind)),
    path=st.lists(squares, max_size=4).map(tuple),
    target=st.sampled_from(IDS),
    power=st.sampled_from(list(Power)),
)
dice = st.lists(st.integers(1, 6), min_size=24, max_size=24)


def healed(done, token_id: str) -> bool:
    return any(
        r.ok and r.action.power is Power.HEAL and r.action.target == token_id for r in done.results
    )


@settings(max_examples=60, deadline=None)
@given(battles(), st.sampled_from(["red", "blue"]), st.lists(actions, max_size=10), dice)
def test_it_keeps_hp_within_bounds_and_raises_it_only_by_healing(start, side, orders, rolls):
    done = activate(start, side, orders, rolls)
    for before, after in zip(start.tokens, done.battle.tokens, strict=True):
        assert 0 <= after.hp <= after.max_hp
        assert after.hp <= before.hp or healed(done, after.id)
        assert after.fallen == (after.hp == 0) or before.fallen


@settings(max_examples=60, deadline=None)
@given(battles(), st.sampled_from(["red", "blue"]), st.lists(actions, max_size=10), dice)
def test_it_never_lets_a_fallen_token_act(start, side, orders, rolls):
    done = activate(start, side, orders, rolls)
    fallen: set[str] = {t.id for t in start.tokens if t.fallen}
    for result in done.results:
        assert not (result.ok and result.action.token in fallen)
        if result.combat and result.combat.fell:
            fallen.add(result.combat.defender)


@settings(max_examples=60, deadline=None)
@given(battles(), st.sampled_from(["red", "blue"]), st.lists(actions, max_size=10), dice)
def test_it_keeps_one_standing_token_a_square_on_the_grid(start, side, orders, rolls):
    done = activate(start, side, orders, rolls)
    places = [t.at for t in done.battle.standing()]
    assert len(places) == len(set(places))
    assert all(done.battle.grid.contains(at) for at in places)
    assert done.dice_used == 2 * sum(1 for r in done.results if r.combat)


@settings(max_examples=60, deadline=None)
@given(
    battles(),
    st.lists(st.lists(actions, max_size=6), max_size=4),
    st.binary(min_size=32, max_size=32),
)
def test_it_plays_the_same_battle_from_the_same_seed(start, orders, seed_bytes):
    turns = [Turn(("red", "blue")[i % 2], tuple(o)) for i, o in enumerate(orders)]
    seed = seed_bytes.hex()
    assert play(start, seed, turns) == play(start, seed, turns)


def line_json(start: Battle, side: str, orders: list[Action], rolls: list[int]) -> str:
    return json.dumps(
        {
            "grid": {"width": SIZE, "height": SIZE,
                     "terrain": {sq.name: kind.value for sq, kind in start.grid.terrain.items()}},
            "options": {"flanking": start.options.flanking},
            "tokens": [
                {"id": t.id, "side": t.side, "at": t.at.name, "att": t.att, "def": t.defence,
                 "spd": t.spd, "hp": t.hp, "max_hp": t.max_hp,
                 "powers": {"range": t.powers.range, "heal": t.powers.heal}}
                for t in start.tokens
            ],
            "side": side,
            "actions": [
                {"token": a.token, "do": a.kind.value, "path": [s.name for s in a.path],
                 "target": a.target, "power": a.power.value if a.power else None}
                for a in orders
            ],
            "dice": rolls,
        }
    )  # fmt: skip


@settings(max_examples=50, deadline=None)
@given(battles(), st.sampled_from(["red", "blue"]), st.lists(actions, max_size=8), dice)
def test_it_answers_the_same_line_the_same_way(start, side, orders, rolls):
    line = line_json(start, side, orders, rolls)
    first = battle_line(line)
    assert first == battle_line(line)
    assert "error" not in first or first["error"].startswith("not enough dice")
