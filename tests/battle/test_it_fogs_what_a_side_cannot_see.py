"""Fog: sight, trees, hills, the side's own record and last-seen ghosts (rulings F1-F5)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from adjudication.battle.fog import Fog, side_sees, token_sees
from adjudication.battle.knowledge import game_master_record, side_record
from adjudication.battle.knowledge_json import record_from_json, record_json
from adjudication.battle.reading import FieldError, read_options
from adjudication.battle.squares import parse_square
from tests.battle.helpers import act, attack, battle, move, shoot, token

FOG = Fog(sight=2)


def names(squares):
    return {square.name for square in squares}


def test_it_sees_squares_within_sight():  # F1
    start = battle(token("R1", "red", "d4"))
    seen = token_sees(start.grid, start.tokens[0], FOG)
    assert "d4" in names(seen) and "f6" in names(seen) and "b2" in names(seen)
    assert "g4" not in names(seen) and len(seen) == 25


def test_it_sees_one_square_further_from_a_hill():  # F1
    start = battle(token("R1", "red", "d4"), terrain={"d4": "hill"})
    assert "g4" in names(token_sees(start.grid, start.tokens[0], FOG))


def test_it_sees_the_trees_but_not_behind_them():  # F2
    start = battle(token("R1", "red", "b2"), terrain={"c2": "trees"})
    seen = names(token_sees(start.grid, start.tokens[0], FOG))
    assert "c2" in seen and "d2" not in seen
    assert "c3" in seen and "b4" in seen


def test_it_sees_what_all_the_sides_tokens_see():  # F3
    start = battle(token("R1", "red", "a1"), token("R2", "red", "h8"), token("B1", "blue", "d4"))
    seen = names(side_sees(start, "red", FOG))
    assert {"a1", "c3", "h8", "f6"} <= seen and "d4" not in seen
    assert len(side_sees(start, "red", None)) == 64


def test_it_records_only_enemies_in_sight():  # F3
    start = battle(token("R1", "red", "a1"), token("B1", "blue", "c3"), token("B2", "blue", "g7"))
    record = side_record("red", start, None, FOG, turn=0)
    assert [t.id for t in record.tokens] == ["R1", "B1"]


def test_it_leaves_a_ghost_where_an_enemy_was_last_seen():  # F4
    start = battle(token("R1", "red", "a1", spd=9), token("B1", "blue", "c3"))
    first = side_record("red", start, None, FOG, turn=1)
    done = act(start, "red", move("R1", "b1", "c1", "d1", "e1", "f1", "g1", "h1"))
    second = side_record("red", start, done, FOG, turn=2, previous=first)
    assert [t.id for t in second.tokens] == ["R1"]
    assert [(g.token.id, g.token.at.name, g.turn) for g in second.ghosts] == [("B1", "c3", 1)]
    third = side_record("red", done.battle, None, FOG, turn=3, previous=second)
    assert third.ghosts == second.ghosts


def test_it_drops_a_ghost_whose_square_it_sees_empty():  # F4
    start = battle(token("R1", "red", "a1"), token("B1", "blue", "c3"))
    first = side_record("red", start, None, FOG, turn=1)
    gone = start.with_token(replace(start.tokens[1], at=parse_square("h8")))
    second = side_record("red", gone, None, FOG, turn=2, previous=first)
    assert second.ghosts == ()


def test_it_shows_the_part_of_a_move_it_sees():  # F5
    start = battle(token("R1", "red", "a1"), token("B1", "blue", "c3", spd=4))
    done = act(start, "blue", move("B1", "d4", "e5", "f6"))
    [event] = side_record("red", start, done, FOG, turn=2).events
    assert event.token == "B1" and [sq.name for sq in event.path] == ["c3"]


def test_it_hides_a_move_it_never_sees():  # F5
    start = battle(token("R1", "red", "a1"), token("B1", "blue", "h8"))
    done = act(start, "blue", move("B1", "g7", "f6"))
    assert side_record("red", start, done, FOG, turn=2).events == ()


def test_it_shows_an_attack_on_its_token_without_the_unseen_archer():  # F5
    start = battle(
        token("R1", "red", "a1", hp=9), token("B1", "blue", "a4", range=4), terrain={"a3": "trees"}
    )
    done = act(start, "blue", shoot("B1", "R1"), dice=(4, 1))
    [event] = side_record("red", start, done, FOG, turn=1).events
    assert event.token is None and event.path == ()
    assert event.target == "R1" and event.dice == (4, 1) and event.damage == 3


def test_it_shows_the_game_master_everything():
    start = battle(token("R1", "red", "a1"), token("B1", "blue", "h8"), token("B2", "blue", "b1"))
    done = act(start, "blue", move("B1", "g8"), attack("B2", "R1"), dice=(1, 1))
    record = game_master_record(done.battle, 1, done)
    assert record.side is None and len(record.sees) == 64
    assert [e.token for e in record.events] == ["B1", "B2"]


def test_it_writes_the_record_as_json_and_reads_it_back():
    start = battle(token("R1", "red", "a1"), token("B1", "blue", "c3"), terrain={"b2": "hill"})
    first = side_record("red", start, None, FOG, turn=1)
    done = act(start, "blue", move("B1", "d4", "e5"), dice=())
    record = side_record("red", start, done, FOG, turn=2, previous=first)
    assert record_from_json(record_json(record)) == record


def test_it_refuses_to_shoot_a_token_out_of_sight_saying_nothing_more():  # F6
    start = battle(token("R1", "red", "a1", range=9), token("B1", "blue", "h8"), sight=2)
    done = act(start, "red", shoot("R1", "B1"), dice=(6, 1))
    assert [r.error for r in done.results] == ["B1 is not in sight"]
    assert done.dice_used == 0


def test_it_shoots_a_token_in_sight_under_fog():  # F6
    start = battle(token("R1", "red", "a1", range=9), token("B1", "blue", "c3"), sight=2)
    assert act(start, "red", shoot("R1", "B1"), dice=(6, 1)).results[0].ok


def test_it_reads_the_fog_switch_on_the_command_line():
    assert read_options({"fog": True}).sight == 3
    assert read_options({"fog": 5}).sight == 5
    assert read_options({"fog": False}).sight is None
    with pytest.raises(FieldError, match=r"^options\.fog"):
        read_options({"fog": 0})
