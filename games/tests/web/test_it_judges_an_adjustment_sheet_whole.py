"""A winter's sheet is judged whole, as the adjudication will judge it: the
number of builds or removals due, a second build in one centre, a removal
when builds are due, a unit removed twice. Before, each line was judged
alone, and Italy saved `A Rom B`, `F Rom B`, `F Nap B` to read `F Rom B (fails)`
after the deadline."""

from __future__ import annotations

import random

import pytest

from adjudication.adjustments import adjudicate_adjustments
from adjudication.mapgraph import load_map
from adjudication.outcome import Result
from adjudication.phases import Rules
from adjudication.record import Knowledge
from adjudication.types import Phase, Position, Unit
from games.order_entry import read_orders

BOARD = load_map()
ITALY_HOMES = ("NAP", "ROM", "VEN")


def italy(units: tuple[str, ...], centres: tuple[str, ...]) -> Knowledge:
    return Knowledge("ITALY", "F1901A", (), {"ITALY": units}, {"ITALY": centres})


def errors(record: Knowledge, lines: list[str]) -> list[str]:
    return [line.error for line in read_orders(BOARD, lines, record, "ITALY", "A").checked]


TWO_BUILDS = italy(("A VEN",), ("NAP", "ROM", "VEN"))
ONE_REMOVAL = italy(("A VEN", "F NAP", "A ROM"), ("NAP", "VEN"))


def test_two_builds_in_one_centre_refuse_the_second():
    assert errors(TWO_BUILDS, ["A Rom B", "F Rom B"]) == [
        "",
        "Rome is built in already, by an earlier line",
    ]


def test_a_build_past_the_count_due_is_refused():
    assert errors(TWO_BUILDS, ["A Rom B", "F Nap B", "waive"]) == [
        "",
        "",
        "only 2 builds due: this line is one too many, and the rules would ignore it",
    ]


def test_the_saved_sheet_leaves_out_what_the_rules_would_pass_over():
    draft = read_orders(BOARD, ["A Rom B", "F Rom B", "F Nap B"], TWO_BUILDS, "ITALY", "A")
    assert not draft.ok
    assert draft.orders == ("A ROM B", "F NAP B")


def test_a_removal_when_builds_are_due_is_refused():
    assert errors(TWO_BUILDS, ["A Ven D"]) == ["no removals are due this winter (2 builds due)"]


def test_a_build_when_removals_are_due_is_refused():
    assert errors(ONE_REMOVAL, ["waive"]) == ["no builds are due this winter (1 removal due)"]


def test_one_removal_due_refuses_a_second_and_a_repeat():
    assert errors(ONE_REMOVAL, ["A Ven D", "F Nap D"]) == [
        "",
        "only 1 removal due: this line is one too many, and the rules would ignore it",
    ]
    two_due = italy(("A VEN", "F NAP", "A ROM"), ("VEN",))
    assert errors(two_due, ["A Ven D", "A Ven D"]) == [
        "",
        "the unit in Venice is removed already, by an earlier line",
    ]


def test_nothing_due_says_so():
    level = italy(("A VEN", "F NAP", "A ROM"), ITALY_HOMES)
    assert errors(level, ["waive"]) == ["no builds are due this winter"]


LINES = [
    "A Rom B",
    "F Rom B",
    "A Nap B",
    "F Nap B",
    "A Ven B",
    "waive",
    "A Ven D",
    "F Nap D",
    "A Rom D",
    "A Apu D",
]


@pytest.mark.parametrize("seed", range(40))
def test_what_it_accepts_the_adjudication_carries_out(seed: int) -> None:
    """For random sheets, a line is accepted exactly when the adjudication,
    given the same sheet, carries it out: the checker and the rules agree."""
    rng = random.Random(seed)
    places = rng.sample(["VEN", "NAP", "ROM", "APU", "TUS"], rng.randint(0, 4))
    units = tuple(f"{'F' if p == 'NAP' else 'A'} {p}" for p in places)
    centres = tuple(rng.sample(ITALY_HOMES, rng.randint(0, 3)))
    record = italy(units, centres)
    lines = rng.sample(LINES, rng.randint(1, 5))
    checked = read_orders(BOARD, lines, record, "ITALY", "A").checked
    position = Position(
        phase=Phase.parse("F1901A"),
        units=tuple(Unit.parse("ITALY", text) for text in units),
        centres=dict.fromkeys(centres, "ITALY"),
    )
    outcome = adjudicate_adjustments(position, {"ITALY": lines}, Rules(), BOARD)
    carried_out = [order.result is Result.SUCCESS for order in outcome.orders]
    assert [line.ok for line in checked] == carried_out, (units, centres, lines)
