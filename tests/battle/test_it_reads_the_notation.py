"""The text notation: one action a line, an error per line naming the word."""

from __future__ import annotations

import pytest

from adjudication.battle.actions import Kind, Power
from adjudication.battle.notation import format_action, parse_activation
from adjudication.battle.squares import parse_square

MINE = ["Knight-1", "Archers-1", "Cleric"]


def test_it_reads_every_action():
    parsed = parse_activation(
        "Knight-1 charge c3 d3 Orc-2\nArchers-1 shoot Orc-3\nCleric heal Knight-1\n"
        "Knight-1 move c3 D4\nKnight-1 attack Orc-2\nArchers-1 RANGE Orc-1"
    )
    assert parsed.errors == ()
    kinds = [(a.kind, a.power) for a in parsed.actions]
    assert kinds == [
        (Kind.CHARGE, None),
        (Kind.POWER, Power.RANGE),
        (Kind.POWER, Power.HEAL),
        (Kind.MOVE, None),
        (Kind.ATTACK, None),
        (Kind.POWER, Power.RANGE),
    ]
    charge = parsed.actions[0]
    assert charge.path == (parse_square("c3"), parse_square("d3")) and charge.target == "Orc-2"
    assert parsed.actions[3].path == (parse_square("c3"), parse_square("d4"))


def test_it_skips_blank_lines_comments_and_holds():
    parsed = parse_activation("\n# my plan\nCleric hold\n  \nKnight-1 wait\n")
    assert parsed.actions == () and parsed.errors == ()


@pytest.mark.parametrize(
    ("line", "word"),
    [
        ("Knight-1 chrage c3 Orc-2", "chrage"),
        ("Knight-1 move c3 q", "q"),
        ("Knight-1", "Knight-1"),
        ("Knight-1 charge Orc-2", "charge"),
        ("Archers-1 shoot", "shoot"),
        ("Archers-1 shoot c3 Orc-3", "c3"),
        ("Cleric hold now", "now"),
        ("Knigt-1 move c3", "Knigt-1"),
    ],
)
def test_it_names_the_word_it_cannot_read(line, word):
    parsed = parse_activation(line, MINE)
    [error] = parsed.errors
    assert error.line == 1 and error.word == word
    assert repr(word) in str(error) or word in str(error)


def test_it_reads_the_other_lines_around_an_error():
    parsed = parse_activation("Knight-1 move c3\nCleric hael Knight-1\nArchers-1 shoot Orc-3", MINE)
    assert [e.line for e in parsed.errors] == [2]
    assert [a.token for a in parsed.actions] == ["Knight-1", "Archers-1"]


def test_it_matches_token_names_in_any_case():
    parsed = parse_activation("knight-1 move c3", MINE)
    assert parsed.actions[0].token == "Knight-1"


@pytest.mark.parametrize(
    "line", ["Knight-1 charge c3 d3 Orc-2", "Archers-1 shoot Orc-3", "Cleric heal Knight-1"]
)
def test_it_writes_actions_back_in_the_notation(line):
    [action] = parse_activation(line).actions
    assert format_action(action) == line
