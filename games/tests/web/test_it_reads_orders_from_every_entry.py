"""Order entry (games/order_entry): menus, typed lines, 1989 lists, Saari's
pick and an email body all become one order sheet with per-line errors, read
from the power's own record and the map alone."""

from __future__ import annotations

import pytest

from adjudication.record import parse_record, record_to_json
from games.gateway import board
from games.order_entry import (
    PlayerInput,
    input_from_text,
    order_rows,
    read_orders,
    read_setup_pick,
)

STANDARD = board("standard")  # the board these orders are read on
FRANCE = parse_record(
    {
        "power": "FRANCE",
        "phase": "S1901M",
        "sees": ["BUR", "MAR", "PAR"],
        "units": {"FRANCE": ["A MAR", "A PAR", "F BRE"], "GERMANY": ["A MUN"]},
        "centers": {"FRANCE": ["BRE", "MAR", "PAR"]},
    }
)


def test_an_email_body_gives_its_order_lines_without_quotes_or_signature():
    body = (
        "A Par - Bur\n\n> A Mar H (quoted from the last email)\nF Bre - Mao\n-- \nJean\nA Mar H\n"
    )
    assert input_from_text(body).lines == ("A Par - Bur", "", "F Bre - Mao")


def test_an_email_body_and_typed_lines_give_the_same_sheet():
    typed = read_orders(STANDARD, ["A Par - Bur", "F Bre - Mao"], FRANCE, "FRANCE", "M")
    emailed = read_orders(
        STANDARD, input_from_text("A Par - Bur\nF Bre - Mao\n"), FRANCE, "FRANCE", "M"
    )
    assert emailed == typed
    assert typed.ok and typed.orders == ("A PAR - BUR", "F BRE - MAO")


def test_each_line_carries_its_own_error():
    draft = read_orders(
        STANDARD, ["A Par - Bur", "A Mun - Bur", "A Par - Xyz"], FRANCE, "FRANCE", "M"
    )
    assert not draft.ok
    errors = {line.text: line.error for line in draft.checked}
    assert errors["A Par - Bur"] == ""
    assert "you have no unit there" in errors["A Mun - Bur"]
    assert "Xyz" in errors["A Par - Xyz"]


def test_a_1989_list_error_names_the_unit_and_the_word():
    given = PlayerInput(lines=("A Par H",), retreat_lists={"A PAR": "Bur, Narnia"})
    draft = read_orders(STANDARD, given, FRANCE, "FRANCE", "M")
    assert [line.text for line in draft.problems] == ["A PAR retreats: Bur, Narnia"]
    assert "Narnia" in draft.problems[0].error


def test_the_menus_offer_only_own_units_and_moves_by_the_map():
    labels = [label for label, _, _ in order_rows(STANDARD, FRANCE, "FRANCE", "M", [])]
    assert labels == ["Army in Marseilles", "Army in Paris", "Fleet in Brest"]
    without_germany = parse_record(
        {**record_to_json(FRANCE), "units": {"FRANCE": ["A MAR", "A PAR", "F BRE"]}}
    )
    assert order_rows(STANDARD, without_germany, "FRANCE", "M", []) == order_rows(
        STANDARD, FRANCE, "FRANCE", "M", []
    )


def test_the_menus_start_at_the_order_already_given():
    rows = order_rows(STANDARD, FRANCE, "FRANCE", "M", ["A PAR - BUR"])
    assert [initial for _, initial, _ in rows] == ["", "A PAR - BUR", ""]


@pytest.mark.parametrize(("typed", "pick"), [("a", "A"), (" f  stp/nc ", "F STP/NC")])
def test_saaris_pick_is_read_in_the_rules_notation(typed, pick):
    assert read_setup_pick(STANDARD, typed) == pick


def test_an_unknown_pick_is_named():
    with pytest.raises(ValueError, match='"B" is not a unit choice'):
        read_setup_pick(STANDARD, "B")
